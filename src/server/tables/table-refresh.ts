/**
 * Refreshing every ranking table of one spreadsheet, safely: one run at a time; fetch first and write
 * only what arrived; a failing table keeps its values and says why in its stamp; a table whose sheet
 * is gone is reported, never recreated; growth never overwrites the user's cells; the time limit is
 * budgeted and what is left waits for the next run (oldest first, so every table gets its turn). Each
 * table shows what moved since the values it held before, read from the sheet (table-moves.ts).
 * The spreadsheet may be the open one (sidebar, menu) or one a scheduled run opened by id.
 */
import type { RunLog } from '../../shared/sidebar-api';
import type { Budget } from '../execution/time-budget';
import { AddonError, messageOf } from '../errors/errors';
import { runBlocker, runStopOf } from '../execution/run-stop';
import { acquireRun } from '../spreadsheet/run-lock';
import { readApiKey } from '../settings/lookup-settings';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import type { Cell } from '../shape/shape';
import { fetchRanking } from './ranking-data';
import { groupName, isOurStamp, rankingBlock, rankingRows, stampText } from './table-layout';
import { RANK_CHANGE_HEADER, type FoundMoves, type PreviousTable } from './table-moves';
import { areaA1, areaIsEmpty, clearArea, findSheet, writeBlock } from '../spreadsheet/sheet-areas';
import { listTables, saveTable, writeLastRun, type TableRecord } from './table-records';

/** Time to keep for one table before anything was measured (fetch of a large list, then writing it). */
const FIRST_TABLE_ESTIMATE_MS = 25_000;

const RUNNING = 'sdm.running';

/** Who started the run, and how. */
export interface RunOptions {
  trigger: RunLog['trigger'];
  force: boolean;
  budget: Budget;
  /** Called before each table, e.g. to show a toast. */
  progress?: (index: number, total: number, name: string) => void;
  /** Told what moved in each table refreshed, when its moves were just counted (a scheduled run's alerts). */
  found?: (table: TableRecord, moves: FoundMoves) => void;
  /**
   * Told what stopped the whole run, if anything did (execution/run-stop.ts: a missing permission, no key, a
   * refused key, a spent allowance, a service down): the tables after it are not asked, each says why.
   */
  stopped?: (error: AddonError) => void;
}

/**
 * Refreshes every tracked table of a spreadsheet within the budget. Skipped (nothing written) while
 * another refresh of it runs.
 * @param store the spreadsheet's records
 * @param options who started it, force, time budget, progress callback
 */
export function refreshTables(store: SpreadsheetStore, options: RunOptions): RunLog {
  const started = new Date();
  const log: RunLog = { startedAt: started.toISOString(), finishedAt: '', trigger: options.trigger, results: [], note: '' };
  const release = acquireRun(store, RUNNING);
  if (!release) {
    // Nothing is written: the running refresh will record its own log.
    return { ...log, finishedAt: new Date().toISOString(), note: 'Another refresh is running: this one was skipped.' };
  }
  try {
    const { budget } = options;
    const tables = listTables(store).sort((a, b) => (a.updatedAt ?? '').localeCompare(b.updatedAt ?? ''));
    // Without a key (or the permission to connect) even cached answers are not rewritten as "updated":
    // the owner must know at once.
    let stop = runBlocker(!!readApiKey('user'));
    if (tables.length && stop) log.note = stop.message;
    let slowestMs = 0;
    tables.forEach((table, i) => {
      // A table may start only if one as slow as the slowest so far (with a margin) still fits.
      if (!budget.allows(Math.max(FIRST_TABLE_ESTIMATE_MS, slowestMs * 1.5))) {
        saveTable(store, { ...table, status: 'waiting', message: 'Not refreshed yet: the run ran out of time; the next run continues.' });
        log.results.push({
          id: table.id,
          group: table.group,
          name: table.name ?? table.group,
          ok: false,
          message: 'waiting for the next run (time limit)',
        });
        return;
      }
      options.progress?.(i + 1, tables.length, table.name ?? table.group);
      const began = Date.now();
      const result = refreshOne(store, table, options, stop);
      if (result instanceof AddonError) stop = result;
      const message = result instanceof AddonError ? result.message : result;
      slowestMs = Math.max(slowestMs, Date.now() - began);
      log.results.push({
        id: table.id,
        group: table.group,
        name: table.name ?? table.group,
        ok: !message,
        message: message || 'refreshed',
      });
    });
    if (stop && tables.length) options.stopped?.(stop);
  } finally {
    log.finishedAt = new Date().toISOString();
    writeLastRun(store, log);
    release();
  }
  return log;
}

/**
 * Refreshes one table; returns '' on success, else why it was not refreshed (also recorded): a failure that
 * stops the whole run comes back as the error itself, so the tables after it are not asked.
 */
function refreshOne(store: SpreadsheetStore, table: TableRecord, options: RunOptions, stop: AddonError | null): string | AddonError {
  const { force, budget } = options;
  const fail = (message: string, sheet?: GoogleAppsScript.Spreadsheet.Sheet): string => {
    saveTable(store, { ...table, status: 'error', message });
    if (sheet && table.updatedAt) {
      // The stamp says the values are older than this attempt, and why.
      sheet
        .getRange(table.row, table.column)
        .setValue(stampText(table.name ?? table.group, new Date(table.updatedAt), { at: new Date(), message }));
    }
    return message;
  };

  const sheet = findSheet(store.spreadsheet, table.sheetId);
  if (!sheet) return fail(`Its sheet "${table.sheetName}" was deleted, so the table is not recreated. Forget it in the sidebar.`);
  const renamed = sheet.getName() !== table.sheetName ? ` (sheet renamed from "${table.sheetName}")` : '';
  table = { ...table, sheetName: sheet.getName() };
  if (!isOurStamp(sheet.getRange(table.row, table.column).getValue(), table.name ?? table.group, table.group)) {
    return fail(
      `Its first cell ${areaA1(sheet.getName(), table.row, table.column, 1, 1)} no longer holds the table's stamp (moved or overwritten), so it was not refreshed.`,
    );
  }

  if (stop) return fail(stop.message, sheet);
  let data;
  try {
    data = fetchRanking(table.group, budget, force);
  } catch (error) {
    const message = fail(error instanceof AddonError ? error.message : messageOf(error), sheet);
    return error instanceof AddonError && runStopOf(error) ? error : message;
  }
  const name = groupName(data, table.group);
  const { header, rows } = rankingRows(data, table.columns, table.limit, { name });
  if (!header.length) return fail('None of its columns exist in the answer any more: insert it again.', sheet);
  const now = new Date();
  let moves: FoundMoves | null = null;
  const block = rankingBlock(stampText(name, now), header, rows, previousValues(sheet, table), (m) => (moves = m));
  const height = block.length;
  const width = block[0]?.length ?? 1;

  // Growth must land on empty cells only: below the old table, and to its right.
  const growth: [number, number, number, number][] = [];
  if (height > table.height) growth.push([table.row + table.height, table.column, height - table.height, Math.max(width, table.width)]);
  if (width > table.width) growth.push([table.row, table.column + table.width, Math.min(height, table.height), width - table.width]);
  for (const area of growth) {
    if (!areaIsEmpty(sheet, ...area))
      return fail(`It would grow into your data at ${areaA1(sheet.getName(), ...area)}, so it was not refreshed.`, sheet);
  }

  // Widened only where the new text is longer than what the columns were sized for: the user's widths stay.
  const fitted = writeBlock(sheet, table.row, table.column, block, { fitted: table.fitted ?? [], footer: true });
  if (table.height > height) clearArea(sheet, table.row + height, table.column, table.height - height, table.width);
  if (table.width > width) clearArea(sheet, table.row, table.column + width, Math.min(height, table.height), table.width - width);
  const saved: TableRecord = {
    ...table,
    name,
    height,
    width,
    updatedAt: now.toISOString(),
    status: 'ok',
    message: renamed.trim(),
    moves: true,
    fitted,
  };
  saveTable(store, saved);
  if (moves) options.found?.(saved, moves);
  return '';
}

/**
 * The table's values as the sheet holds them before this refresh (read in one call): what its moves
 * are counted from, so nothing more is fetched. Null when it has no time of update to count from.
 */
function previousValues(sheet: GoogleAppsScript.Spreadsheet.Sheet, table: TableRecord): PreviousTable | null {
  if (!table.updatedAt || table.height < 2) return null;
  const [header = [], ...rest] = sheet.getRange(table.row + 1, table.column, table.height - 1, table.width).getValues() as Cell[][];
  const rows = table.moves ? rest.slice(0, -1) : rest;
  const changeColumn = table.moves ? header.indexOf(RANK_CHANGE_HEADER) : -1;
  const footer = table.moves ? rest[rest.length - 1]?.[0] : undefined;
  return {
    at: new Date(table.updatedAt),
    header,
    rows,
    changes: changeColumn >= 0 ? rows.map((row) => row[changeColumn] ?? '') : null,
    footer: typeof footer === 'string' ? footer : null,
  };
}
