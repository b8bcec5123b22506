/**
 * When the request log is written, and the spreadsheet's day spend brought up to date for its cap
 * (spending/day-spend.ts): at the end of every sidebar call or menu item that sent something, whenever
 * the sidebar opens or a menu item runs (formulas' batches wait in the cache until then), and at the end
 * of each spreadsheet's part of a scheduled run. A scheduled run writes its own batches only: Google gives
 * it no document cache, where formulas keep theirs (docs/use/sidebar.md, "The request log").
 */
import { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { getAll, openDocumentCache } from '../cache/cache-store';
import { batchesAfter, batchKeys, takeNoted, type Batch } from '../spending/request-log';
import { addRunSpend, daySpendKeys, mirrorDaySpend } from '../spending/day-spend';
import { readSpendSettings } from '../spending/spend-settings';
import type { Cell } from '../shape/shape';
import { batchRow, LOST_BATCHES } from './log-rows';
import { readLogRecord, writeLogRows } from './log-sheet';

/**
 * The public functions after which formulas' batches are written even when the call sent nothing: the
 * sidebar opening, and every menu item (the sidebar's usage section writes them before it counts:
 * ui/usage-panel.ts).
 */
const WRITES_FORMULAS_BATCHES = new Set([
  'showSidebar',
  'showRankingTables',
  'showTemplates',
  'showHelp',
  'grantPermissions',
  'refreshRankingTables',
  'refreshFormulasFromMenu',
  'freezeSelectionFromMenu',
  'unfreezeSelectionFromMenu',
]);

/**
 * After a sidebar call or menu item in the open spreadsheet: its own batches and the formulas' waiting
 * ones into the log while it is on, and the day spend's copies up to date under a cap. Never fails the
 * call it follows (a missing permission, a sheet Google refuses): what it could not write waits.
 * @param name the public function that ran (index.ts)
 */
export function settleAfterAction(name: string): void {
  const noted = takeNoted();
  if (noted.length || WRITES_FORMULAS_BATCHES.has(name)) settle(noted);
}

/**
 * Writes now what the request log is waiting for (and brings the day spend's copies up to date), so
 * what the sidebar shows next counts it: the usage section does before it shows what was spent.
 */
export function settleNow(): void {
  settle(takeNoted());
}

/** The open spreadsheet's settling: this execution's batches and the formulas' waiting ones. */
function settle(noted: Batch[]): void {
  try {
    const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
    const cache = openDocumentCache();
    if (!spreadsheet || !cache) return;
    const store = new SpreadsheetStore(spreadsheet);
    const settings = readSpendSettings(store);
    if (settings.cap === null && !settings.log) return;
    const now = Date.now();
    const heads = getAll(cache, [...daySpendKeys(now), ...(settings.log ? batchKeys() : [])]);
    if (settings.cap !== null) mirrorDaySpend(store, heads, now);
    if (!settings.log) return;
    const record = readLogRecord(store);
    const waiting = batchesAfter(heads, record.upTo);
    const upTo = waiting.batches.reduce((latest, batch) => Math.max(latest, batch.at), record.upTo);
    writeBatches(store, [...waiting.batches, ...noted], upTo, waiting.dropped && record.upTo > 0);
  } catch {
    // the log and the copies wait for the next call
  }
}

/**
 * At the end of a scheduled run's part in one spreadsheet (opened by id): what it spent there is added to
 * the spreadsheet's day spend, and its batches go into the log while it is on.
 * @param store the spreadsheet's records
 */
export function settleScheduledRun(store: SpreadsheetStore): void {
  const noted = takeNoted().map((batch): Batch => {
    const what = batch.sender.kind === 'action' ? batch.sender.what : '';
    return { ...batch, sender: { kind: 'action', what: `Scheduled run: ${what || 'ranking tables and tracking lists'}` } };
  });
  try {
    const spent = noted.reduce((sum, b) => ({ requests: sum.requests + b.requests, freshSearches: sum.freshSearches + b.freshSearches }), {
      requests: 0,
      freshSearches: 0,
    });
    addRunSpend(store, spent);
    if (noted.length && readSpendSettings(store).log) writeBatches(store, noted, readLogRecord(store).upTo, false);
  } catch {
    // the next run counts afresh; its batches are lost rather than the run failed
  }
}

/** Writes batches as rows, the sheets' names looked up once; a note first when formulas' batches were lost. */
function writeBatches(store: SpreadsheetStore, batches: Batch[], upTo: number, lost: boolean): void {
  const names = new Map(store.spreadsheet.getSheets().map((sheet) => [sheet.getSheetId(), sheet.getName()] as const));
  const sorted = [...batches].sort((a, b) => a.at - b.at);
  const rows: Cell[][] = sorted.map((batch) => batchRow(batch, names));
  if (lost && sorted[0]) rows.unshift([new Date(sorted[0].at), LOST_BATCHES, '', '', '', '', '']);
  writeLogRows(store, rows, upTo);
}
