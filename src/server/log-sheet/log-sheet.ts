/**
 * The request log's sheet, "Search Demand log": found by the mark it carries (developer metadata on the
 * sheet, visible to this project only) and the id the spreadsheet's record keeps, so a rename does not
 * lose it; made again when the user deleted it, never written over a sheet of theirs (a number is added
 * to the name when one has it). Rows are merged in time order, kept LOG_DAYS days and LOG_MAX_ROWS rows.
 */
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { findSheet, uniqueSheetName } from '../spreadsheet/sheet-areas';
import type { Cell } from '../shape/shape';
import { keptRows, LOG_COLUMNS, LOG_SHEET_NAME, logHeader } from './log-rows';
import { columnTexts, wantedWidth, widenColumns } from '../spreadsheet/column-widths';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The spreadsheet's record of the log: its sheet's id, and up to when formulas' batches were written (ms). */
const RECORD = 'sdm.requestLog';
/** The mark on the log's sheet. */
const MARK = 'sdm.requestLog';
/** How a row's time and counts show. */
const WHEN_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const COUNT_FORMAT = '#,##0';
/** Each column's number format, for what its width must fit. */
const ROW_FORMATS = [WHEN_FORMAT, null, COUNT_FORMAT, COUNT_FORMAT, COUNT_FORMAT, COUNT_FORMAT, null];

/** What the record keeps. */
export interface LogRecord {
  sheetId: number | null;
  /** Formulas' batches at or before this time were written (ms). */
  upTo: number;
  /** What the add-on sized the sheet's columns for (spreadsheet/column-widths.ts); absent: nothing known. */
  fitted?: number[];
}

/**
 * The record (nothing written yet: no sheet, nothing up to).
 * @param store the spreadsheet's records
 */
export function readLogRecord(store: SpreadsheetStore): LogRecord {
  try {
    const { sheetId, upTo, fitted } = JSON.parse(store.get(RECORD) ?? '') as Partial<LogRecord>;
    return {
      sheetId: typeof sheetId === 'number' ? sheetId : null,
      upTo: typeof upTo === 'number' ? upTo : 0,
      ...(Array.isArray(fitted) && fitted.every((w) => typeof w === 'number') ? { fitted } : {}),
    };
  } catch {
    return { sheetId: null, upTo: 0 };
  }
}

/**
 * The log's sheet if it is there (by its recorded id, then by its mark), else null.
 * @param store the spreadsheet's records
 * @param record the record
 */
export function findLogSheet(store: SpreadsheetStore, record: LogRecord): Sheet | null {
  const spreadsheet = store.spreadsheet;
  const byId = record.sheetId === null ? null : findSheet(spreadsheet, record.sheetId);
  if (byId && isMarked(byId)) return byId;
  return spreadsheet.getSheets().find(isMarked) ?? null;
}

/**
 * Writes rows into the log (made again if it is gone), merged with those it holds, and the record.
 * @param store the spreadsheet's records
 * @param rows the new rows
 * @param upTo up to when formulas' batches are now written (ms)
 */
export function writeLogRows(store: SpreadsheetStore, rows: Cell[][], upTo: number): void {
  const record = readLogRecord(store);
  const sheet = openLogSheet(store, record);
  let fitted = record.fitted;
  if (rows.length) {
    const held = sheet.getLastRow() > 1 ? (sheet.getRange(2, 1, sheet.getLastRow() - 1, LOG_COLUMNS).getValues() as Cell[][]) : [];
    const kept = keptRows([...held, ...rows], Date.now());
    const header = logHeader(store.spreadsheet.getSpreadsheetTimeZone());
    sheet.getRange(1, 1, 1, LOG_COLUMNS).setValues([header]);
    if (kept.length) {
      sheet.getRange(2, 1, kept.length, LOG_COLUMNS).setValues(kept);
      sheet.getRange(2, 1, kept.length, 1).setNumberFormat(WHEN_FORMAT);
      sheet.getRange(2, 3, kept.length, 4).setNumberFormat(COUNT_FORMAT);
    }
    if (held.length > kept.length) sheet.getRange(2 + kept.length, 1, held.length - kept.length, LOG_COLUMNS).clearContent();
    // Widened for the header and the new rows (those held were sized for when written); the user's widths stay.
    const known = record.sheetId === sheet.getSheetId() ? (record.fitted ?? []) : [];
    fitted = widenColumns(sheet, 1, columnTexts(header, rows, ROW_FORMATS).map(wantedWidth), known);
  }
  if (upTo > record.upTo || String(fitted) !== String(record.fitted)) {
    store.set(RECORD, JSON.stringify({ sheetId: sheet.getSheetId(), upTo: Math.max(upTo, record.upTo), fitted }));
  }
}

/**
 * The log's sheet: found, or made (again) and recorded.
 * @param store the spreadsheet's records
 * @param record the record as read
 */
export function openLogSheet(store: SpreadsheetStore, record: LogRecord = readLogRecord(store)): Sheet {
  const found = findLogSheet(store, record);
  const sheet = found ?? makeLogSheet(store.spreadsheet);
  // Another sheet: what the old one's columns were sized for is not this one's.
  if (sheet.getSheetId() !== record.sheetId) store.set(RECORD, JSON.stringify({ sheetId: sheet.getSheetId(), upTo: record.upTo }));
  return sheet;
}

/** A new log sheet at the end, marked, its header in words and frozen; the sheet the user was on stays active. */
function makeLogSheet(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Sheet {
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(uniqueSheetName(spreadsheet, LOG_SHEET_NAME, LOG_SHEET_NAME), spreadsheet.getNumSheets());
  active?.activate();
  sheet.addDeveloperMetadata(MARK, '1', SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
  sheet
    .getRange(1, 1, 1, LOG_COLUMNS)
    .setValues([logHeader(spreadsheet.getSpreadsheetTimeZone())])
    .setFontWeight('bold');
  sheet.setFrozenRows(1);
  return sheet;
}

function isMarked(sheet: Sheet): boolean {
  return sheet.getDeveloperMetadata().some((meta) => meta.getKey() === MARK);
}
