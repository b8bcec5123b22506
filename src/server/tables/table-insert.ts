/**
 * Inserting a ranking table: the sidebar's request read (readInsertRequest: it crosses a trust
 * boundary), then fetch first, check the place is free, write values, track.
 */
import { isRowLimit, MAX_TABLE_ROWS } from '../../shared/rules';
import type { InsertTableRequest } from '../../shared/sidebar-api';
import { createBudget } from '../execution/time-budget';
import { errors } from '../errors/errors';
import { listForMessage } from '../shape/shape';
import { fetchRanking, readGroup } from './ranking-data';
import { groupName, rankingBlock, rankingRows, stampText } from './table-layout';
import { areaA1, areaIsEmpty, uniqueSheetName, writeBlock } from '../spreadsheet/sheet-areas';
import { newTableId, SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { saveTable } from './table-records';

/** Interactive: the user is waiting in the sidebar. */
const INSERT_LIMIT_MS = 60_000;

/**
 * The sidebar's request to insert a table, checked: a group, where it goes, its columns (null: all), a
 * row limit (null: all). Bad input is a clear message.
 * @param raw the request as the sidebar sent it
 */
export function readInsertRequest(raw: unknown): InsertTableRequest {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof InsertTableRequest, unknown>>;
  const group = readGroup(r.group);
  const placement = r.placement === 'selection' ? 'selection' : r.placement === 'new-sheet' ? 'new-sheet' : null;
  if (!placement) throw errors.input('Choose where the table goes: a new sheet or the selected cell.');
  let columns: string[] | null = null;
  if (Array.isArray(r.columns) && r.columns.length) {
    columns = r.columns.filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length < 200).slice(0, 200);
  }
  let limit: number | null = null;
  if (r.limit !== null && r.limit !== undefined && r.limit !== '') {
    const n = Number(r.limit);
    if (!isRowLimit(n)) throw errors.input(`Row limit must be a whole number from 1 to ${MAX_TABLE_ROWS}, or empty for all.`);
    limit = n;
  }
  return { group, placement, columns, limit };
}

/**
 * The columns and size of a group's table, before inserting it.
 * @param group the group, validated
 */
export function previewTable(group: string): { name: string; headers: string[]; labels: string[]; rows: number } {
  const data = fetchRanking(group, createBudget(INSERT_LIMIT_MS), false);
  const { paths, header, rows } = rankingRows(data, null, null);
  return { name: groupName(data, group), headers: paths, labels: header, rows: rows.length };
}

/**
 * Inserts a ranking table in the open spreadsheet and starts tracking it.
 * @param request the sidebar's request, validated
 * @returns the open spreadsheet's records, the table's among them
 */
export function insertTable(request: InsertTableRequest): SpreadsheetStore {
  const data = fetchRanking(request.group, createBudget(INSERT_LIMIT_MS), false);
  const name = groupName(data, request.group);
  const { header, rows } = rankingRows(data, request.columns, request.limit, { name });
  if (!header.length) {
    const all = rankingRows(data, null, 1).paths;
    throw errors.input(`None of those columns exist in ${request.group}: available are ${listForMessage(all)}.`);
  }
  const now = new Date();
  const block = rankingBlock(stampText(name, now), header, rows, null);

  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  let sheet: GoogleAppsScript.Spreadsheet.Sheet;
  let row = 1;
  let column = 1;
  if (request.placement === 'new-sheet') {
    // Named in words, as the stamp names the group: "Ranking: Fintech", never the group's code.
    sheet = spreadsheet.insertSheet(uniqueSheetName(spreadsheet, `Ranking: ${name}`, 'Ranking'));
  } else {
    const cell = spreadsheet.getActiveRange() ?? spreadsheet.getCurrentCell();
    if (!cell) throw errors.input('Select the cell where the table should start, then insert again.');
    sheet = cell.getSheet();
    row = cell.getRow();
    column = cell.getColumn();
    const width = block[0]?.length ?? 1;
    if (!areaIsEmpty(sheet, row, column, block.length, width)) {
      throw errors.input(
        `${areaA1(sheet.getName(), row, column, block.length, width)} is not empty: pick an empty spot or a new sheet, so nothing of yours is overwritten.`,
      );
    }
  }
  // On a sheet of the user's, a column they made wider stays so (a new sheet's are Sheets' default).
  const fitted = writeBlock(sheet, row, column, block, { fitted: request.placement === 'new-sheet' ? 'new' : [], footer: true });
  const store = new SpreadsheetStore(spreadsheet);
  const record = {
    id: newTableId(),
    group: request.group,
    name,
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    row,
    column,
    height: block.length,
    width: block[0]?.length ?? 1,
    columns: request.columns,
    limit: request.limit,
    updatedAt: now.toISOString(),
    status: 'ok' as const,
    message: '',
    moves: true,
    fitted,
  };
  try {
    saveTable(store, record);
  } catch (error) {
    // The record did not fit (Google's METADATA_LIMIT_CHARS of settings): take the table back out.
    if (request.placement === 'new-sheet') spreadsheet.deleteSheet(sheet);
    else sheet.getRange(row, column, block.length, block[0]?.length ?? 1).clearContent();
    throw error;
  }
  return store;
}
