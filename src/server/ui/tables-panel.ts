/** The ranking tables panel: each sidebar call checked and done by tables/ or trigger/, shown by tables-view. */
import type { RankingGroup, RefreshTablesView, TablePreview, TablesView } from '../../shared/sidebar-api';
import { remakeTrigger } from '../trigger/user-trigger';
import { refreshOpenSpreadsheet } from '../trigger/refresh-entry';
import { applySchedule, readScheduleRequest } from '../trigger/refresh-schedule';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { rankingGroups, readGroup } from '../tables/ranking-data';
import { insertTable, previewTable, readInsertRequest } from '../tables/table-insert';
import { insertCost } from '../spending/table-cost';
import { forgetTableRecord } from '../tables/table-records';
import { tablesView } from './tables-view';

/** The groups the overview offers. */
export function getRankingGroups(): RankingGroup[] {
  return rankingGroups();
}

/**
 * The columns and size of a group's table, before inserting it, and what inserting it then sends.
 * @param group the group
 */
export function previewRankingTable(group: unknown): TablePreview {
  const valid = readGroup(group);
  return { ...previewTable(valid), insertCost: insertCost(valid) };
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
  const run = refreshOpenSpreadsheet(store, 'sidebar', force === true);
  return { ...tablesView(store), run };
}

/**
 * Inserts a ranking table and starts tracking it.
 * @param raw the sidebar's request (checked by tables/: it crosses a trust boundary)
 */
export function insertRankingTable(raw: unknown): TablesView {
  return tablesView(insertTable(readInsertRequest(raw)));
}
