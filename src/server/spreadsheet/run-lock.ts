/**
 * One run at a time per spreadsheet, for each kind of run (ranking tables, tracking lists). The document
 * lock where there is a document (else the user's lock: a scheduled run has no document), plus a marker
 * in the spreadsheet itself, which is what a run in another context (the sidebar vs. a scheduled run) sees.
 */
import type { SpreadsheetStore } from './spreadsheet-store';

/** A run marker older than this is left over from a run that died (runs stop within 6 minutes). */
const STALE_RUN_MS = 7 * 60_000;

/**
 * Takes the right to run, or null if another run of this kind has it.
 * @param store the spreadsheet's records
 * @param marker the record that marks a run of this kind, such as `sdm.running`
 * @returns the function that gives the right back
 */
export function acquireRun(store: SpreadsheetStore, marker: string): (() => void) | null {
  const lock = documentOrUserLock();
  if (lock && !lock.tryLock(1_000)) return null;
  try {
    const since = Date.parse(store.get(marker) ?? '');
    if (Number.isFinite(since) && Date.now() - since < STALE_RUN_MS) {
      lock?.releaseLock();
      return null;
    }
    store.set(marker, new Date().toISOString());
  } catch (error) {
    lock?.releaseLock();
    throw error;
  }
  return () => {
    try {
      store.remove(marker);
    } finally {
      lock?.releaseLock();
    }
  };
}

function documentOrUserLock(): GoogleAppsScript.Lock.Lock | null {
  try {
    return LockService.getDocumentLock() ?? LockService.getUserLock();
  } catch {
    return null;
  }
}
