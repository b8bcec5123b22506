/**
 * Whether a spreadsheet is in the current user's schedule follows from what of theirs runs there: the
 * ranking tables' schedule they set, or a tracking list they added. Their one trigger follows too.
 */
import type { SpreadsheetStore } from '../spreadsheet-store';
import { readSchedule } from '../tables/store';
import { listTracked } from '../tracking/store';
import { setScheduled, userId } from './registry';
import { syncTrigger } from './trigger';

/**
 * Whether anything in this spreadsheet is run by the user with this id.
 * @param store the spreadsheet's records
 * @param me the user's private id
 */
export function runsHere(store: SpreadsheetStore, me: string): boolean {
  return readSchedule(store)?.by === me || listTracked(store).some((list) => list.by === me);
}

/**
 * Lists or unlists the open spreadsheet in the current user's schedule, then syncs their trigger.
 * @param store the open spreadsheet's records
 */
export function syncSchedule(store: SpreadsheetStore): void {
  const spreadsheet = store.spreadsheet;
  setScheduled(spreadsheet.getId(), runsHere(store, userId()) ? spreadsheet.getName() : null);
  syncTrigger(spreadsheet);
}
