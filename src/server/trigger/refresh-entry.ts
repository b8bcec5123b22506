/**
 * Where a refresh of ranking tables enters: the hourly trigger (every spreadsheet its user scheduled,
 * never throwing), the menu and the sidebar (the open spreadsheet, with progress toasts).
 */
import type { RunLog } from '../../shared/sidebar-api';
import { createBudget } from '../execution/time-budget';
import { AddonError } from '../errors/errors';
import { quotaError } from '../errors/google-quota';
import { missingPermissions, permissionErrorOf, SCHEDULED_RUN_NEEDS } from '../execution/permissions';
import { runStopOf } from '../execution/run-stop';
import { openStore, type SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { refreshTables } from '../tables/table-refresh';
import { listTables } from '../tables/table-records';
import { runSchedule } from './hourly-run';
import { repairIfOverdue } from './repair';
import { recordRunOutcome } from './run-outcome';
import { indexSpreadsheet } from './sync';

/** Menus and the sidebar have 6 minutes; keep a margin for writing the log. */
const LONG_LIMIT_MS = 360_000;

/**
 * The id of the trigger that fired, from a time-driven trigger's event; '' from the menu (no event).
 * @param event the handler's argument
 */
export function triggerUidOf(event: unknown): string {
  return event && typeof event === 'object' && 'triggerUid' in event ? String(event.triggerUid) : '';
}

/**
 * The scheduled run, which never throws: a thrown error in a pasted script's trigger mails its owner
 * Google's "Summary of failures" every time ("When an installable trigger fires but the function throws an
 * exception … Apps Script sends an email", Google's installable-triggers guide), and tells them nothing
 * they can act on. What stops a run is recorded for the sidebar (run-outcome.ts); anything unexpected is
 * logged (its type and message, as execution/error-guard.ts does) and recorded as such.
 * @param triggerUid the running trigger's id
 */
export function scheduledRun(triggerUid: string): void {
  try {
    runSchedule(triggerUid);
  } catch (error) {
    console.error(`refreshRankingTables: unexpected ${error instanceof Error ? `${error.name}: ${error.message}` : typeof error}`);
    const known = error instanceof AddonError ? error : (permissionErrorOf(error) ?? quotaError(error));
    try {
      recordRunOutcome((known && runStopOf(known)) ?? { kind: 'unexpected' });
    } catch {
      // Even the record failed (Google's property quota): the run still ends quietly.
    }
  }
}

/** The menu's refresh: the open spreadsheet's tables, after repairing stopped scheduled runs. */
export function refreshFromMenu(): void {
  const store = openStore();
  // The menu runs in FULL here, in a spreadsheet where the add-on is on: a safe place to repair, if the
  // user granted triggers (the check is the schedule's own: a repair makes a trigger).
  if (!missingPermissions(SCHEDULED_RUN_NEEDS).length && repairIfOverdue(store.spreadsheet)) {
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
    progress: (i, n, name) => toast(`Refreshing ${i} of ${n}: ${name}`),
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
