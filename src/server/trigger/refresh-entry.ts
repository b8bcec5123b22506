/**
 * Where a refresh of ranking tables enters: the hourly trigger (every spreadsheet its user scheduled),
 * the menu and the sidebar (the open spreadsheet, with progress toasts).
 */
import type { RunLog } from '../../shared/sidebar-api';
import { createBudget } from '../core/time-budget';
import { openStore, type SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { refreshTables } from '../tables/table-refresh';
import { listTables } from '../tables/table-records';
import { runSchedule } from './hourly-run';
import { repairIfOverdue } from './repair';
import { indexSpreadsheet } from './sync';

/** Menus and the sidebar have 6 minutes; keep a margin for writing the log. */
const LONG_LIMIT_MS = 360_000;

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
  refreshOpenSpreadsheet(store, 'menu', false);
}

/**
 * Refreshes the open spreadsheet's tables now, with progress toasts, and counts its next scheduled run
 * from here (a slot later).
 * @param store the open spreadsheet's records
 * @param trigger who asked: the menu or the sidebar
 * @param force skip the cache
 * @returns this run's log (a skipped run, or a note when there are no tables, which is not recorded)
 */
export function refreshOpenSpreadsheet(store: SpreadsheetStore, trigger: 'menu' | 'sidebar', force: boolean): RunLog {
  const run = runWithToasts(store, trigger, force);
  indexSpreadsheet(store);
  return run;
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
