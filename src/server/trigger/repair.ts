/**
 * Noticing a trigger that stopped, and repairing it. An add-on's trigger belongs to the spreadsheet it
 * was made in, and Google stops it when the add-on is disabled there or removed ("Add-on triggers stop
 * firing … if the add-on is disabled in a document", editor add-on triggers guide), silently stopping
 * every schedule and tracking list of its user. Each run records when it ran (registry.ts); when the
 * user opens the sidebar (or uses the menu) in any spreadsheet and that is more than ALIVE_MS ago while
 * something is scheduled, the add-on says so and makes the trigger anew in that spreadsheet.
 */
import type { OverdueNotice } from '../../shared/sidebar-api';
import { readTriggerRecord, scheduledSpreadsheets } from './registry';
import { isAlive, remakeTrigger } from './user-trigger';

/**
 * What to tell the user when their scheduled runs are overdue, or null when they run (or nothing is
 * scheduled). No document is opened: the index and the trigger record are enough.
 */
export function overdueNotice(): OverdueNotice | null {
  const scheduled = scheduledSpreadsheets();
  if (!Object.keys(scheduled).length) return null;
  const record = readTriggerRecord();
  if (record && isAlive(record)) return null;
  const since = record ? (record.seenAt ?? record.createdAt) : null;
  const where = record ? scheduled[record.documentId]?.name : undefined;
  const cause = where
    ? `the add-on was probably turned off or removed in "${where}", where they were set up`
    : 'the add-on was probably turned off or removed in the spreadsheet where they were set up';
  const when = since ? `since ${utcText(since)}` : 'yet';
  return {
    since,
    message: `Scheduled refreshes have not run ${when}: ${cause}, or Google's daily limit on scheduled run time was reached. Run them from this spreadsheet instead: what was missed runs within the hour, once.`,
  };
}

/**
 * Makes the trigger anew in the open spreadsheet when scheduled runs are overdue; true if it did.
 * @param spreadsheet the open spreadsheet
 */
export function repairIfOverdue(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): boolean {
  if (!overdueNotice()) return false;
  remakeTrigger(spreadsheet);
  return true;
}

/** "2026-04-08 07:12 UTC" */
function utcText(iso: string): string {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : iso;
}
