/**
 * The alerts' mails in words: a plain-text digest of what moved (each table and list by how the sheet
 * names it, each entry by its name), and the two failure mails. Short, with the spreadsheet's link and
 * the time of the run in the spreadsheet's time zone; never a key, a field path or Google's own text.
 */
import type { AlertSettings } from './alert-settings';
import { MAX_LINES, changeCount, percentOf, type DigestPart } from './digest';

/** A mail to send. */
export interface Mail {
  subject: string;
  body: string;
}

/** The spreadsheet a mail is about, and when its run was. */
export interface MailContext {
  name: string;
  url: string;
  /** The run's time as the spreadsheet's people read it: `30 Nov 2026 06:10 (Europe/Paris)`. */
  when: string;
}

/** Where a person changes or turns off the alerts. */
const WHERE = 'Extensions › Search Demand › Settings, Alerts';

/**
 * A time in a time zone, as the mails say it: `30 Nov 2026 06:10 (Europe/Paris)`.
 * @param at the time
 * @param timeZone the spreadsheet's
 */
export function mailTime(at: Date, timeZone: string): string {
  return `${Utilities.formatDate(at, timeZone, 'd MMM yyyy HH:mm')} (${timeZone})`;
}

/** 12345.6 → "12,345.6": whole numbers with thousands separators, others to two decimals at most. */
export function numberText(n: number): string {
  const [whole = '0', fraction] = String(Math.round(Math.abs(n) * 100) / 100).split('.');
  return `${n < 0 ? '−' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One table's or list's lines. */
function partLines(part: DigestPart): string[] {
  const lines: string[] = [];
  if (part.kind === 'table') {
    for (const m of part.moves.moved) {
      const places = Math.abs(m.from - m.to);
      lines.push(`${m.name}: ${m.from > m.to ? 'up' : 'down'} ${plural(places, 'place')}, ${m.from} → ${m.to}`);
    }
    for (const e of part.moves.entered) lines.push(`${e.name}: new, at ${e.rank}`);
    for (const d of part.moves.dropped) lines.push(`${d.name}: dropped out (was ${d.was})`);
  } else {
    for (const c of part.changes) {
      const percent = percentOf(c);
      const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
      const said = Number.isFinite(percent) ? `${sign}${numberText(Math.round(Math.abs(percent) * 10) / 10)}%` : 'from 0';
      lines.push(`${c.item}: ${numberText(c.from)} → ${numberText(c.to)} (${said})`);
    }
  }
  const shown = lines.slice(0, MAX_LINES).map((l) => `  • ${l}`);
  if (lines.length > MAX_LINES) shown.push(`  • … and ${lines.length - MAX_LINES} more: see the sheet`);
  return [part.title, ...shown];
}

/** The thresholds in words, for the mail's last line. */
function thresholds(settings: AlertSettings): string {
  const kinds = [
    settings.rankPlaces !== null && `ranking moves of ${plural(settings.rankPlaces, 'place')} or more`,
    settings.changePercent !== null && `tracked changes of ${numberText(settings.changePercent)}% or more`,
  ].filter(Boolean);
  return kinds.join(' and ');
}

/**
 * The digest: what crossed the thresholds in each table and list, since the last digest.
 * @param parts the parts (past the thresholds, not empty)
 * @param settings the thresholds
 * @param about the spreadsheet and the run
 */
export function digestMail(parts: DigestPart[], settings: AlertSettings, about: MailContext): Mail {
  const count = parts.reduce((n, p) => n + changeCount(p), 0);
  const body = [
    `What moved in “${about.name}”, found by its scheduled refresh of ${about.when}:`,
    '',
    ...parts.flatMap((p) => [...partLines(p), '']),
    `Open the spreadsheet: ${about.url}`,
    '',
    `You get this mail for ${thresholds(settings)}, one a day at most. Change or turn off alerts in ${WHERE}.`,
  ];
  return { subject: `Search Demand: ${plural(count, 'change')} in “${about.name}”`, body: body.join('\n') };
}

/**
 * The mail when scheduled runs stop, and the one when they work again.
 * @param kind which
 * @param reason why they stopped, in the add-on's words (the run's message)
 * @param since when they stopped (words), for the second mail
 * @param about the spreadsheet and the run
 */
export function failureMail(kind: 'stopped' | 'working', reason: string, since: string, about: MailContext): Mail {
  const link = `Open the spreadsheet: ${about.url}`;
  const off = `Turn these mails off in ${WHERE}.`;
  if (kind === 'stopped') {
    return {
      subject: `Search Demand: scheduled refreshes of “${about.name}” stopped`,
      body: [
        `The scheduled refresh of “${about.name}” at ${about.when} could not run: ${reason.trim().slice(0, 300)}`,
        '',
        'It tries again at each scheduled time; you get one more mail when it works again, and none in between.',
        '',
        link,
        '',
        off,
      ].join('\n'),
    };
  }
  return {
    subject: `Search Demand: scheduled refreshes of “${about.name}” work again`,
    body: [
      `The scheduled refresh of “${about.name}” at ${about.when} worked again (it had stopped since ${since}).`,
      '',
      link,
      '',
      off,
    ].join('\n'),
  };
}
