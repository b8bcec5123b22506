/**
 * A tracking list's life as the sidebar drives it, with its place in the schedule: started (its sheet
 * and record from tracking/, then its runner's schedule and trigger, and a first run at once with
 * backfill), extended, run now, forgotten. Arguments arrive validated (tracking/track-request.ts).
 */
import type { TrackRequest } from '../../shared/sidebar-api';
import { createBudget } from '../execution/time-budget';
import { errors } from '../errors/errors';
import { currentEmail } from '../settings/identity';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { extendList, findList, listColumns, makeList } from '../tracking/list-setup';
import { runTracking } from '../tracking/tracking-run';
import { forgetTracked, type TrackRecord } from '../tracking/tracking-records';
import { assertRoomFor, userId } from './registry';
import { indexSpreadsheet, syncSchedule } from './sync';

/** Sidebar calls have Google's 6 minutes; the run budgets them like a scheduled one. */
const RUN_LIMIT_MS = 360_000;

/**
 * Starts tracking a list in the open spreadsheet: the first answer decides the columns (nothing is
 * stored if none comes), the list gets its own history sheet, its runner's schedule and trigger, and a
 * first run at once.
 * @param store the open spreadsheet's records
 * @param request the sidebar's request, validated
 * @returns the new list
 */
export function startTracking(store: SpreadsheetStore, request: TrackRequest): TrackRecord {
  const budget = createBudget(RUN_LIMIT_MS);
  const columns = listColumns(request, budget);
  assertRoomFor(store.spreadsheet.getId());
  const list = makeList(store, request, columns, { by: userId(), byEmail: currentEmail() });
  syncSchedule(store);
  runTracking(store, [list], { budget, scheduled: false });
  indexSpreadsheet(store); // due again next period (or next hour, with items to retry)
  return list;
}

/**
 * Adds items to a list and runs it: the new items get their backfill and this period's row.
 * @param store the open spreadsheet's records
 * @param list the list
 * @param items the items to add, validated
 */
export function trackMoreItems(store: SpreadsheetStore, list: TrackRecord, items: string[]): void {
  const next = extendList(store, list, items);
  runTracking(store, [next], { budget: createBudget(RUN_LIMIT_MS), scheduled: false });
  indexSpreadsheet(store);
}

/**
 * Asks now for the items of a list that have no row this period, or a failed one.
 * @param store the open spreadsheet's records
 * @param id the sidebar's id of the list
 */
export function runListNow(store: SpreadsheetStore, id: unknown): void {
  if (!runTracking(store, [findList(store, id)], { budget: createBudget(RUN_LIMIT_MS), scheduled: false })) {
    throw errors.input('Another tracking run is going on in this spreadsheet: try again in a minute.');
  }
  indexSpreadsheet(store);
}

/**
 * Stops tracking a list; its history sheet stays as it is.
 * @param store the open spreadsheet's records
 * @param id the sidebar's id of the list
 */
export function stopTracking(store: SpreadsheetStore, id: unknown): void {
  forgetTracked(store, findList(store, id).id);
  syncSchedule(store);
}
