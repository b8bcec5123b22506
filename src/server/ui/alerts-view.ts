/** The alerts panel as the sidebar shows it: what is set, who sends, why mail cannot go, the last mail, a preview. */
import type { AlertsView } from '../../shared/sidebar-api';
import { previewDigest } from '../alerts/alert-preview';
import { alertsOn, readAlertSettings, type AlertSettings } from '../alerts/alert-settings';
import { readAlertState, type AlertState } from '../alerts/alert-state';
import { GRANT_MENU_ITEM, missingPermissions, permissionLabel } from '../core/permissions';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { readSchedule } from '../tables/table-records';
import { listTracked } from '../tracking/tracking-records';
import { userId } from '../trigger/registry';

/** Google's quotas page: "Email recipients per day" 100 on a consumer account, 1,500 on Workspace. */
const QUOTA_WORDS = 'Google allows 100 recipients a day on a personal account, 1,500 on Workspace';
const GRANT = `grant it with Extensions › Search Demand › ${GRANT_MENU_ITEM} and tick “${permissionLabel('mail')}”`;

/**
 * The panel of the open spreadsheet. Reads the spreadsheet, and the viewer's mail permission and (when
 * the viewer's runs send the mail) what is left of their day's mail quota: no request, no mail.
 * @param store the open spreadsheet's records
 */
export function alertsView(store: SpreadsheetStore): AlertsView {
  const settings = readAlertSettings(store);
  const state = readAlertState(store);
  const me = userId();
  const owners = new Map<string, string>();
  const schedule = readSchedule(store);
  if (schedule) owners.set(schedule.by, schedule.byEmail);
  for (const list of listTracked(store)) if (!owners.has(list.by)) owners.set(list.by, list.byEmail);
  const senders = [...owners].map(([by, email]) => ({ email, you: by === me }));
  const today = Utilities.formatDate(new Date(), store.spreadsheet.getSpreadsheetTimeZone(), 'yyyy-MM-dd');
  return {
    settings,
    senders,
    nothingScheduled: owners.size === 0,
    blocked: alertsOn(settings)
      ? blockedWhy(
          settings,
          state,
          senders.some((s) => s.you),
        )
      : null,
    lastMail: state.lastMail,
    digestSentAt: state.digestDay === today ? state.digestAt : null,
    waiting: state.waiting.length,
    stopped: state.failure?.stopped && state.failure.since ? { since: state.failure.since, message: state.failure.message } : null,
    preview: previewDigest(store, settings),
  };
}

/**
 * Why mail cannot go, in words: the viewer's own permission or mail quota when their runs send it,
 * else what the last scheduled run met; null when nothing stands in the way.
 */
function blockedWhy(settings: AlertSettings, state: AlertState, viewerSends: boolean): string | null {
  const why = state.blocked?.why;
  if (viewerSends) {
    // The viewer's own grant and quota, as they are now (what the last run met may be mended since).
    if (missingPermissions(['mail']).length)
      return `Mail cannot be sent: you have not allowed Search Demand to send email as you; ${GRANT}.`;
    if (MailApp.getRemainingDailyQuota() < 1 + settings.recipients.length) {
      return `Mail waits for tomorrow: Google's daily mail quota of your account is used up (${QUOTA_WORDS}). What is found meanwhile goes in the next mail.`;
    }
    if (why === 'permission' || why === 'quota') return null;
  }
  const who = state.blocked?.owner || 'the schedule’s owner';
  switch (why) {
    case 'permission':
      return `The last mail could not be sent: ${who} has not allowed Search Demand to send email as them; ${GRANT}.`;
    case 'quota':
      return `The last mail waits for tomorrow: Google's daily mail quota of ${who} was used up (${QUOTA_WORDS}).`;
    case 'no-address':
      return 'The last mail could not be sent: Google gave the add-on no address to send it to. List a recipient, or allow it to see your email address.';
    case 'refused':
      return 'Google refused the last mail; the next scheduled run tries again.';
    default:
      return null;
  }
}
