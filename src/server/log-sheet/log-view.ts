/**
 * What the sidebar's usage section shows of this spreadsheet's own spending: its cap, what it spent today
 * (spending/day-spend.ts) and the request log's switch with the sheet it writes.
 */
import type { SpreadsheetSpending } from '../../shared/sidebar-api';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { readDaySpend } from '../spending/day-spend';
import { capResetsAt } from '../spending/spend-cap';
import { readSpendSettings } from '../spending/spend-settings';
import { findLogSheet, readLogRecord } from './log-sheet';

/**
 * This spreadsheet's cap, what it spent today and its request log.
 * @param store the open spreadsheet's records
 */
export function spreadsheetSpending(store: SpreadsheetStore): SpreadsheetSpending {
  const now = Date.now();
  const { cap, log } = readSpendSettings(store);
  const today = readDaySpend(store, now);
  const sheet = log ? findLogSheet(store, readLogRecord(store)) : null;
  return {
    cap,
    today: { requests: today.requests, freshSearches: today.freshSearches },
    resetsAt: new Date(capResetsAt(now)).toISOString(),
    log: { on: log, sheet: sheet?.getName() ?? null },
  };
}
