/** The tracking panel as the sidebar shows it: each list, its last run, and what its next run asks for. */
import type { TrackingView, TrackListView } from '../../shared/sidebar-api';
import { userId } from '../trigger/registry';
import { runStopNotice } from '../trigger/run-outcome';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { findSheet } from '../spreadsheet/sheet-areas';
import { dueNow, ENDPOINT_OF } from '../tracking/tracking-run';
import { listTracked, type TrackRecord } from '../tracking/tracking-records';

/**
 * Every list of the open spreadsheet, with the items its next run would ask for (read from its sheet), and
 * why the viewer's scheduled runs stop, while they do.
 * @param store the open spreadsheet's records
 */
export function trackingView(store: SpreadsheetStore): TrackingView {
  const me = userId();
  const timeZone = store.spreadsheet.getSpreadsheetTimeZone();
  return { lists: listTracked(store).map((list) => listView(store, list, me, timeZone)), runStop: runStopNotice() };
}

function listView(store: SpreadsheetStore, list: TrackRecord, me: string, timeZone: string): TrackListView {
  const sheet = findSheet(store.spreadsheet, list.sheetId);
  return {
    id: list.id,
    name: list.name,
    kind: list.kind,
    period: list.period,
    items: list.items.length,
    sheetName: sheet?.getName() ?? list.sheetName,
    status: list.status,
    message: list.message,
    lastRun: list.lastRun,
    due: dueNow(list, sheet, timeZone),
    searches: !!ENDPOINT_OF[list.kind].searches,
    runBy: { you: list.by === me, email: list.byEmail },
  };
}
