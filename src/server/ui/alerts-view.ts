/** The alerts panel as the sidebar shows it: what is set, who sends, why mail cannot go, the last mail, a preview. */
import type { AlertsView } from '../../shared/sidebar-api';
import { previewDigest } from '../alerts/alert-preview';
import { alertsOn, readAlertSettings } from '../alerts/alert-settings';
import { readAlertState } from '../alerts/alert-state';
import { mailBlockedWhy } from '../alerts/mail-blocked';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { readSchedule } from '../tables/table-records';
import { listTracked } from '../tracking/tracking-records';
import { userId } from '../trigger/registry';

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
      ? mailBlockedWhy(
          settings,
          state,
          senders.some((s) => s.you),
        )
      : null,
    lastMail: state.lastMail,
    digestSentAt: state.digestDay === today ? state.digestAt : null,
    waiting: state.waiting.length,
    stopped: state.failure?.stopped && state.failure.since ? { since: state.failure.since, message: state.failure.message } : null,
    preview: previewDigest(store, settings, state),
  };
}
