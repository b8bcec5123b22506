/** Pure text and checks of the alerts section (no DOM, so it is unit-tested in node). */
import { isMailAddress, splitAddresses, thresholdProblem } from '../shared/alert-rules';
import type { AlertSettingsRequest, AlertsView } from '../shared/sidebar-api';
import { localWhen } from './tables-model';

/** The form's values as typed. */
export interface AlertsForm {
  rankOn: boolean;
  rank: string;
  changeOn: boolean;
  change: string;
  failures: boolean;
  recipients: string;
}

/**
 * The settings the form says, or what is wrong with it (the server checks again, by the same rules).
 * @param form the form's values
 */
export function settingsFromForm(form: AlertsForm): { settings: AlertSettingsRequest } | { error: string } {
  const rankPlaces = form.rankOn ? Number(form.rank) : null;
  const changePercent = form.changeOn ? Number(form.change) : null;
  const problem = thresholdProblem('rankPlaces', rankPlaces) ?? thresholdProblem('changePercent', changePercent);
  if (problem) return { error: problem };
  const recipients = splitAddresses(form.recipients);
  const bad = recipients.find((r) => !isMailAddress(r));
  if (bad !== undefined) return { error: `“${bad}” is not an email address: type one such as name@example.com.` };
  return { settings: { rankPlaces, changePercent, failures: form.failures, recipients } };
}

/**
 * The section's closed line: what is on, or that alerts are off; a warning when mail cannot go or
 * runs stopped.
 * @param view the server's view
 */
export function alertsSummary(view: AlertsView): { text: string; warn: boolean } {
  const { rankPlaces, changePercent, failures } = view.settings;
  const on = [
    rankPlaces !== null && `moves of ${rankPlaces}+`,
    changePercent !== null && `changes of ${changePercent}%+`,
    failures && 'failures',
  ];
  const kinds = on.filter((k): k is string => typeof k === 'string');
  if (!kinds.length) return { text: 'Off', warn: false };
  if (view.blocked) return { text: 'Mail cannot be sent now', warn: true };
  return { text: view.stopped ? 'Scheduled runs stopped' : `On: ${kinds.join(', ')}`, warn: view.stopped !== null };
}

/**
 * Who gets the mails: the schedule's owner(s), and the listed addresses.
 * @param view the server's view
 */
export function recipientsText(view: AlertsView): string {
  if (view.nothingScheduled) return 'Nothing here runs on a schedule yet: alerts come after scheduled runs.';
  const owners = view.senders.map((s) => (s.you ? 'you' : s.email || 'the schedule’s owner'));
  const also = view.settings.recipients.length ? `, and to ${view.settings.recipients.join(', ')}` : '';
  return `Sent from the account that runs the schedule, to ${owners.join(' and ')}${also}.`;
}

/**
 * What the preview is of, and what it says when nothing would go: today's digest, or, once today's went,
 * the next one (a change that digest told is not in it).
 * @param view the server's view
 */
export function previewWords(view: AlertsView): { title: string; empty: string } {
  return view.digestSentAt
    ? {
        title: "Tomorrow's digest would say",
        empty: "Nothing found since today's digest crosses these thresholds: no mail would be sent.",
      }
    : { title: "Today's digest would say", empty: 'Nothing the sheets show now crosses these thresholds: no mail would be sent.' };
}

/**
 * The last mail, today's digest and what waits.
 * @param view the server's view
 * @param now the time (the viewer's clock)
 */
export function lastMailText(view: AlertsView, now: Date = new Date()): string {
  const parts: string[] = [];
  const mail = view.lastMail;
  parts.push(mail ? `Last mail ${localWhen(mail.at, now) ?? ''}: “${mail.subject}”.` : 'No mail sent yet.');
  if (view.digestSentAt) parts.push(`Today's digest went at ${localWhen(view.digestSentAt, now) ?? ''}; the next waits for tomorrow.`);
  if (view.waiting) parts.push(`${view.waiting} ${view.waiting === 1 ? 'part waits' : 'parts wait'} for the next digest.`);
  if (view.stopped) parts.push(`Scheduled runs stopped ${localWhen(view.stopped.since, now) ?? ''}: ${view.stopped.message}`);
  return parts.join(' ');
}
