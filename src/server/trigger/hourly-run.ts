/**
 * The scheduled run: the handler of the user's one hourly trigger. Google gives it no document, so it
 * finds the spreadsheets from what the user stored, opens each that is due by id, and refreshes the ranking tables
 * that are due and the user's tracking lists, within one 6-minute budget. A spreadsheet it cannot open
 * (deleted, or no longer shared with the user) is reported to the user's sidebar and dropped; one where
 * nothing is the user's any more (schedule off or set by someone else, no list of theirs) is dropped
 * quietly.
 */
import { createBudget, type Budget } from '../core/time-budget';
import { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { refreshTables } from '../tables/table-refresh';
import { runTracking } from '../tracking/tracking-run';
import { listTracked } from '../tracking/tracking-records';
import { isDue } from './due';
import { addNote, readTriggerRecord, scheduledSpreadsheets, updateScheduled, userId, writeTriggerRecord } from './registry';
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
  if (due.length) {
    const budget = createBudget(TRIGGER_LIMIT_MS);
    const me = userId();
    let slowestMs = 0;
    for (const [id, { name }] of due) {
      if (!budget.allows(Math.max(FIRST_SPREADSHEET_ESTIMATE_MS, slowestMs * 1.5))) break; // the rest are due next hour
      const began = Date.now();
      const next = runOne(id, name, me, budget);
      changes[id] = next === null ? null : { name, due: next };
      slowestMs = Math.max(slowestMs, Date.now() - began);
    }
    updateScheduled(changes);
  }
  const left = Object.keys(scheduled).filter((id) => changes[id] !== null).length;
  if (!left) {
    // Nothing left to serve (turned off, taken over by someone else, or dropped): no idle trigger stays.
    deleteTriggerById(triggerUid);
    writeTriggerRecord(null);
  }
}

/** Opens one due spreadsheet, runs what is due there; its next due time, or null when it is dropped. */
function runOne(id: string, name: string, me: string, budget: Budget): number | null {
  let spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  try {
    spreadsheet = SpreadsheetApp.openById(id);
  } catch {
    addNote(`"${name}" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.`);
    return null;
  }
  const store = new SpreadsheetStore(spreadsheet);
  const tables = tableSchedule(store);
  const lists = listTracked(store).filter((list) => list.by === me);
  if (tables?.record.by !== me && !lists.length) return null;
  try {
    if (tables?.record.by === me && isDue(tables.record.schedule, tables.from, Date.now())) {
      refreshTables(store, { trigger: 'schedule', force: false, budget });
    }
    // The user's tracking lists, in the same 6 minutes: each asks only for what its period still lacks.
    if (lists.length) runTracking(store, lists, { budget, scheduled: true });
  } finally {
    // What it spent here counts against this spreadsheet's cap, and goes into its request log.
    settleScheduledRun(store);
  }
  return nextDueHere(store, me);
}
