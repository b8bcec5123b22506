/** The ranking tables panel and the refresh entry points (sidebar, menu, trigger). */
import type { RankingGroup, RefreshTablesView, RunLog, TablePreview, TablesView } from '../../shared/sidebar-api';
import { createBudget } from '../core/budget';
import { remakeTrigger } from '../trigger/user-trigger';
import { repairIfOverdue } from '../trigger/repair';
import { runSchedule } from '../trigger/hourly-run';
import { indexSpreadsheet } from '../trigger/sync';
import { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { fetchRanking, rankingGroups, readGroup } from '../tables/ranking-data';
import { rankingRows } from '../tables/table-layout';
import { refreshTables } from '../tables/table-refresh';
import { insertCost } from '../tables/table-cost';
import { applySchedule, readScheduleRequest } from './refresh-schedule';
import { forgetTableRecord, listTables } from '../tables/table-records';
import { tablesView } from './tables-view';

/** Menus and the sidebar have 6 minutes; keep a margin for writing the log. */
const LONG_LIMIT_MS = 360_000;

/** The open spreadsheet's records (sidebar and menu run in the open spreadsheet). */
export function openStore(): SpreadsheetStore {
  return new SpreadsheetStore(SpreadsheetApp.getActiveSpreadsheet());
}

/** The groups the overview offers. */
export function getRankingGroups(): RankingGroup[] {
  return rankingGroups(createBudget(60_000));
}

/**
 * The columns and size of a group's table, before inserting it, and what inserting it then sends.
 * @param group the group
 */
export function previewRankingTable(group: unknown): TablePreview {
  const valid = readGroup(group);
  const data = fetchRanking(valid, createBudget(60_000), false);
  const { paths, header, rows } = rankingRows(data, null, null);
  return { headers: paths, labels: header, rows: rows.length, insertCost: insertCost(valid) };
}

/**
 * Stops tracking a table; its cells stay.
 * @param id the table's id
 */
export function forgetTable(id: unknown): TablesView {
  const store = openStore();
  if (typeof id === 'string') forgetTableRecord(store, id);
  return tablesView(store);
}

/**
 * Sets this spreadsheet's schedule (run by the setter's one trigger).
 * @param schedule the sidebar's choice
 */
export function setRefreshSchedule(schedule: unknown): TablesView {
  const store = openStore();
  applySchedule(store, readScheduleRequest(schedule));
  return tablesView(store);
}

/**
 * Makes the viewer's trigger anew in this spreadsheet (their scheduled runs had stopped), so every
 * schedule and tracking list of theirs runs again, from here.
 */
export function repairScheduledRuns(): TablesView {
  const store = openStore();
  remakeTrigger(store.spreadsheet);
  return tablesView(store);
}

/** The tables panel of the open spreadsheet. */
export function getTables(): TablesView {
  return tablesView(openStore());
}

/**
 * Refreshes now from the sidebar, with progress toasts in the spreadsheet. `run` is this call's log
 * (a skipped run or no tables included); `lastRun` stays the recorded one.
 * @param force skip the cache
 */
export function refreshTablesNow(force: unknown): RefreshTablesView {
  const store = openStore();
  const run = runWithToasts(store, 'sidebar', force === true);
  indexSpreadsheet(store); // the next scheduled run comes a slot later
  return { ...tablesView(store), run };
}

/**
 * The trigger's and the menu's refresh. A time-driven trigger passes an event with `triggerUid`, and
 * runs with no open spreadsheet: it serves every spreadsheet its owner scheduled.
 * @param event the trigger event, or nothing from the menu
 */
export function refreshFromTriggerOrMenu(event: unknown): void {
  const uid = event && typeof event === 'object' && 'triggerUid' in event ? String(event.triggerUid) : '';
  if (uid) {
    runSchedule(uid);
    return;
  }
  const store = openStore();
  // The menu runs in FULL here, in a spreadsheet where the add-on is on: a safe place to repair.
  if (repairIfOverdue(store.spreadsheet)) {
    store.spreadsheet.toast('Your scheduled refreshes had stopped: they run from this spreadsheet again.', 'Search Demand', 10);
  }
  runWithToasts(store, 'menu', false);
  indexSpreadsheet(store);
}

/** Runs a refresh with toasts and returns its log; with no tables, a log with only a note (not recorded). */
function runWithToasts(store: SpreadsheetStore, trigger: 'menu' | 'sidebar', force: boolean): RunLog {
  const spreadsheet = store.spreadsheet;
  const toast = (text: string) => spreadsheet.toast(text, 'Search Demand', 5);
  if (!listTables(store).length) {
    const note = 'No ranking tables in this spreadsheet yet: insert one from the sidebar.';
    toast(note);
    const now = new Date().toISOString();
    return { startedAt: now, finishedAt: now, trigger, results: [], note };
  }
  const log = refreshTables(store, {
    trigger,
    force,
    budget: createBudget(LONG_LIMIT_MS),
    progress: (i, n, group) => toast(`Refreshing ${i} of ${n}: ${group}`),
  });
  const failed = log.results.filter((r) => !r.ok).length;
  toast(
    log.note ||
      (failed
        ? `Refreshed ${log.results.length - failed} of ${log.results.length}; see the sidebar for the rest.`
        : `Refreshed ${log.results.length} table${log.results.length === 1 ? '' : 's'}.`),
  );
  return log;
}

export { insertRankingTable } from './table-insert';
