/** Sheet operations for ranking tables and tracking lists: find the sheet, check an area is free, lay out, write, clear. */
import { columnFormats, type Cell } from '../shape/shape';
import { columnLetters } from './column-letters';
import { columnTexts, wantedWidth, widenColumns, type Fitted } from './column-widths';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The sheet with this id (ids survive renames), or null if it was deleted.
 * @param spreadsheet the active spreadsheet
 * @param sheetId the id recorded at insertion
 */
export function findSheet(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, sheetId: number): Sheet | null {
  return spreadsheet.getSheets().find((s) => s.getSheetId() === sheetId) ?? null;
}

/**
 * A sheet name for new content (made unique), without the characters sheet names cannot hold.
 * @param spreadsheet where the sheet goes
 * @param wanted the name wanted, such as the group
 * @param fallback the name when nothing of `wanted` is left
 */
export function uniqueSheetName(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, wanted: string, fallback: string): string {
  const base =
    wanted
      .replace(/[[\]*?/\\']/g, ' ')
      .slice(0, 90)
      .trim() || fallback;
  let name = base;
  for (let i = 2; spreadsheet.getSheetByName(name); i++) name = `${base} (${i})`;
  return name;
}

/**
 * A1 notation of an area, e.g. 'Sheet1'!B2:D9.
 * @param sheetName its sheet's name
 * @param row first row
 * @param column first column
 * @param height rows
 * @param width columns
 */
export function areaA1(sheetName: string, row: number, column: number, height: number, width: number): string {
  return `'${sheetName}'!${columnLetters(column)}${row}:${columnLetters(column + width - 1)}${row + height - 1}`;
}

/**
 * Whether an area holds no values and no formulas (cells beyond the sheet's edge count as empty).
 * @param sheet the sheet
 * @param row first row
 * @param column first column
 * @param height rows
 * @param width columns
 */
export function areaIsEmpty(sheet: Sheet, row: number, column: number, height: number, width: number): boolean {
  const rows = Math.min(height, sheet.getMaxRows() - row + 1);
  const cols = Math.min(width, sheet.getMaxColumns() - column + 1);
  if (rows <= 0 || cols <= 0) return true;
  const range = sheet.getRange(row, column, rows, cols);
  const isBlank = (v: unknown) => v === '' || v === null;
  return range.getValues().every((r) => r.every(isBlank)) && range.getFormulas().every((r) => r.every(isBlank));
}

/**
 * The full block to write: stamp row, header row, rows, and a line under them if given; padded to one width.
 * @param stamp the stamp text
 * @param header column names
 * @param rows values
 * @param footer the line under the rows (a ranking table's moves), if any
 */
export function tableBlock(stamp: string, header: string[], rows: Cell[][], footer?: string): Cell[][] {
  const width = Math.max(1, header.length);
  const pad = (row: Cell[]) => [...row, ...Array<Cell>(Math.max(0, width - row.length)).fill('')].slice(0, width);
  return [pad([stamp]), pad(header), ...rows.map(pad), ...(footer === undefined ? [] : [pad([footer])])];
}

/**
 * Writes a block of values (never formulas: text starting with "=" is kept as text), growing the sheet
 * if needed, with the stamp row in italics, the header bold and the rows' number formats, and widens its
 * columns for the header and the rows (never for the stamp, nor the line under the rows: column-widths.ts).
 * @param sheet the sheet
 * @param row first row
 * @param column first column
 * @param block stamp row, header row, data rows (rectangular), and the line under them when `sizing.footer`
 * @param sizing what its columns were sized for before ('new': a sheet just made), and whether the
 *   block ends with a line under its rows
 * @returns what its columns are sized for now (keep it for the next write)
 */
export function writeBlock(
  sheet: Sheet,
  row: number,
  column: number,
  block: Cell[][],
  sizing: { fitted: Fitted | 'new'; footer: boolean },
): number[] {
  const height = block.length;
  const width = block[0]?.length ?? 1;
  const missingRows = row + height - 1 - sheet.getMaxRows();
  if (missingRows > 0) sheet.insertRowsAfter(sheet.getMaxRows(), missingRows);
  const missingCols = column + width - 1 - sheet.getMaxColumns();
  if (missingCols > 0) sheet.insertColumnsAfter(sheet.getMaxColumns(), missingCols);
  sheet.getRange(row, column, height, width).setValues(asValues(block));
  sheet.getRange(row, column, 1, width).setFontStyle('italic');
  sheet.getRange(row + 1, column, 1, width).setFontWeight('bold');
  // Formatted as people read them from the start (shape/number-formats.ts), each column by its header.
  const header = block[1] ?? [];
  const rows = block.slice(2);
  const formats = columnFormats(header.map(String), rows, sheet.getParent().getSpreadsheetTimeZone());
  if (rows.length) sheet.getRange(row + 2, column, rows.length, width).setNumberFormats(rows.map(() => formats.map((f) => f ?? 'General')));
  const shown = columnTexts(header, sizing.footer ? rows.slice(0, -1) : rows, formats);
  return widenColumns(sheet, column, shown.map(wantedWidth), sizing.fitted);
}

/**
 * Cells as values Sheets keeps as they are: text that Sheets would read as a formula gets the quote prefix.
 * @param rows the cells
 */
export function asValues(rows: Cell[][]): Cell[][] {
  return rows.map((r) => r.map((v) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : v)));
}

/**
 * Clears values in an area (what a shrinking table leaves behind; only ever our own old cells).
 * @param sheet the sheet
 * @param row first row
 * @param column first column
 * @param height rows
 * @param width columns
 */
export function clearArea(sheet: Sheet, row: number, column: number, height: number, width: number): void {
  if (height > 0 && width > 0) sheet.getRange(row, column, height, width).clearContent().setFontWeight('normal').setFontStyle('normal');
}
