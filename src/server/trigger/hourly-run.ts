/**
 * The scheduled run: the handler of the user's one hourly trigger. It finds the spreadsheets from what the
 * user stored and refreshes the ranking tables that are due and the user's tracking lists, within one
 * 6-minute budget. The Marketplace add-on's trigger has no document, so it opens each due spreadsheet by
 * id; a self-install's trigger is bound to its spreadsheet and sees it, so it never opens by id (its
 * manifest asks for this spreadsheet only). A spreadsheet it cannot open (deleted, or no longer shared
 * with the user) is reported to the user's sidebar and dropped; one where nothing is the user's any more
 * (schedule off or set by someone else, no list of theirs) is dropped quietly. A run that meets what stops
 * every run (a permission, the key, the allowance, the service: execution/run-stop.ts) stops there, records why
 * (run-outcome.ts) and ends quietly: the spreadsheets not reached stay due.
 */
import { alertAfterRun, watchRun } from '../alerts/after-run';
import { createBudget, type Budget } from '../execution/time-budget';
import { SELF_INSTALL } from '../settings/constants';
import type { AddonError } from '../errors/errors';
import { missingPermissions } from '../execution/permissions';
import { runStopOf, type RunStop } from '../execution/run-stop';
import { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { refreshTables } from '../tables/table-refresh';
import { runTracking } from '../tracking/tracking-run';
import { listTracked } from '../tracking/tracking-records';
import { isDue } from './due';
import { addNote, readTriggerRecord, scheduledSpreadsheets, updateScheduled, userId, writeTriggerRecord } from './registry';
import { recordRunOutcome } from './run-outcome';
import { nextDueHere, tableSchedule } from './sync';
import { deleteTriggerById } from './user-trigger';
import { settleScheduledRun } from '../log-sheet/log-flush';

/** A trigger's run has 6 minutes. */
const TRIGGER_LIMIT_MS = 360_000;
/** Opening a spreadsheet and refreshing one table may take this long before anything was measured. */
const FIRST_SPREADSHEET_ESTIMATE_MS = 30_000;

/**
 * Runs the user's schedule. What is due comes from the user's index (registry.ts), so an hour with
 * nothing due reads a few properties, writes only the record that it ran and opens no spreadsheet (the
 * counts: docs/use/scheduled-runs.md, "What a run costs");
 * each due spreadsheet is opened once, oldest due first, and its next due time written back.
 * @param triggerUid the running trigger's id (from its event)
 */
export function runSchedule(triggerUid: string): void {
  const record = readTriggerRecord();
  if (record && record.uid !== triggerUid) {
    // A trigger the user replaced (it had stopped running for a while): one trigger per user.
    deleteTriggerById(triggerUid);
    return;
  }
  const nowIso = new Date().toISOString();
  writeTriggerRecord({ uid: triggerUid, documentId: record?.documentId ?? '', createdAt: record?.createdAt ?? nowIso, seenAt: nowIso });
  const scheduled = scheduledSpreadsheets();
  const now = Date.now();
  const due = Object.entries(scheduled)
    .filter(([, entry]) => entry.due <= now)
    .sort(([, a], [, b]) => a.due - b.due);
  const changes: Record<string, { name: string; due: number } | null> = {};
  // Without the permission to read the spreadsheets nothing can be opened (nor dropped for it): all stay due.
  const unreadable = due.length ? missingPermissions(['spreadsheet']) : [];
  if (unreadable.length) {
    recordRunOutcome({ kind: 'permission', missing: [...missingPermissions(['service']), ...unreadable] });
  } else if (due.length) {
    const budget = createBudget(TRIGGER_LIMIT_MS);
    const me = userId();
    let slowestMs = 0;
    let stop: RunStop | null = null;
    let where: { id: string; name: string } | null = null;
    for (const [id, { name }] of due) {
      // The rest are due next hour: out of time, or stopped by what would stop them too.
      if (stop || !budget.allows(Math.max(FIRST_SPREADSHEET_ESTIMATE_MS, slowestMs * 1.5))) break;
      const began = Date.now();
      const ran = runOne(id, name, me, budget);
      changes[id] = ran.next === null ? null : { name, due: ran.next };
      stop = ran.stop;
      if (stop) where = { id, name };
      slowestMs = Math.max(slowestMs, Date.now() - began);
    }
    updateScheduled(changes);
    recordRunOutcome(stop, where);
  }
  const left = Object.keys(scheduled).filter((id) => changes[id] !== null).length;
  if (!left) {
    // Nothing left to serve (turned off, taken over by someone else, or dropped): no idle trigger stays.
    deleteTriggerById(triggerUid);
    writeTriggerRecord(null);
  }
}

/**
 * Opens one due spreadsheet, runs what is due there: its next due time (null when it is dropped), and what
 * stopped the run there, if anything did.
 */
function runOne(id: string, name: string, me: string, budget: Budget): { next: number | null; stop: RunStop | null } {
  const spreadsheet = openScheduled(id);
  if (!spreadsheet) {
    addNote(`"${name}" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.`);
    return { next: null, stop: null };
  }
  const store = new SpreadsheetStore(spreadsheet);
  const tables = tableSchedule(store);
  const lists = listTracked(store).filter((list) => list.by === me);
  if (tables?.record.by !== me && !lists.length) return { next: null, stop: null };
  const met: AddonError[] = [];
  const stopped = (error: AddonError) => met.push(error);
  // What the run finds and records, for the alerts once it has ended (alerts/after-run.ts).
  const watch = watchRun();
  try {
    if (tables?.record.by === me && isDue(tables.record.schedule, tables.from, Date.now())) {
      watch.tables(refreshTables(store, { trigger: 'schedule', force: false, budget, stopped, found: watch.table }));
    }
    // The user's tracking lists, in the same 6 minutes: each asks only for what its period still lacks; none
    // after what stopped the tables, which would refuse them too (they stay due).
    if (lists.length && !met.length) runTracking(store, lists, { budget, scheduled: true, stopped, ran: watch.list });
  } finally {
    // What it spent here counts against this spreadsheet's cap, and goes into its request log.
    settleScheduledRun(store);
  }
  const first = met[0];
  const stop = first ? runStopOf(first) : null;
  alertAfterRun(store, watch, stop);
  return { next: nextDueHere(store, me), stop };
}

/**
 * A scheduled spreadsheet: a self-install's own (the one its trigger is bound to: never opened by id, its
 * manifest asks for this spreadsheet only), else opened by id. Null when it cannot be reached.
 * @param id the spreadsheet's id
 */
function openScheduled(id: string): GoogleAppsScript.Spreadsheet.Spreadsheet | null {
  if (SELF_INSTALL) {
    const own = SpreadsheetApp.getActiveSpreadsheet();
    return own?.getId() === id ? own : null;
  }
  try {
    return SpreadsheetApp.openById(id);
  } catch {
    return null;
  }
}
