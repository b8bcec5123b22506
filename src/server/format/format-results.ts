/**
 * "Format results": the add-on's results get Sheets number formats (months as months, counts grouped,
 * shares as percentages, indexes with two decimals, date-times saying their zone), since a custom
 * function cannot format its own cells. It changes formats only, never a value, and sends nothing: each
 * sheet is read once (values, formulas, notes and formats of its data range) and written once (one
 * setNumberFormats over the cells it formats, the others in that rectangle given back their own format).
 * Where: the results the selection touches; with one cell selected outside any result, every result on
 * its sheet; or every sheet.
 */
import type { FormatView } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { cellName, contains, type Area } from '../freeze/freeze-cells';
import type { Block } from '../freeze/spill';
import { blockFormats } from '../shape/number-formats';
import type { Cell } from '../shape/shape';
import { userSheets } from '../spreadsheet/addon-formulas';
import { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { listTables } from '../tables/table-records';
import { listTracked } from '../tracking/tracking-records';
import { formattedText } from './format-words';
import { resultBlocks, type ResultBlock, type Written } from './result-blocks';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Formats the add-on's results in the scope.
 * @param spreadsheet the open spreadsheet
 * @param scope 'selection' (the selected results, or the sheet's when one cell outside them is selected) or 'all'
 * @throws an input error, changing nothing, when the scope holds no result of the add-on
 */
export function formatResults(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, scope: unknown): FormatView {
  if (scope !== 'selection' && scope !== 'all') throw errors.input('Choose the selected cells or every sheet.');
  const selected = scope === 'selection' ? spreadsheet.getActiveRange() : null;
  if (scope === 'selection' && !selected) throw errors.input('Nothing is selected: select the results to format, then try again.');
  const sheets = selected ? [selected.getSheet()] : userSheets(spreadsheet);
  const timeZone = spreadsheet.getSpreadsheetTimeZone();
  const written = writtenBySheet(new SpreadsheetStore(spreadsheet));
  const view: Omit<FormatView, 'message'> = { results: 0, cells: 0, sheets: 0, scope };

  for (const sheet of sheets) {
    const data = sheet.getDataRange();
    const read = { values: data.getValues() as Cell[][], formulas: data.getFormulas(), notes: data.getNotes() };
    const found = resultBlocks(read, written.get(sheet.getSheetId()) ?? { tables: [], tracking: [] });
    let blocks = found;
    if (selected) {
      const area = areaOf(selected);
      const touched = found.filter((block) => overlaps(block, area.block));
      const oneCell = area.block.numRows === 1 && area.block.numColumns === 1;
      if (!touched.length && !(oneCell && found.length)) throw nothingToFormat(area, oneCell);
      if (touched.length) blocks = touched;
      else view.scope = 'sheet';
    }
    if (!blocks.length) continue;
    view.results += blocks.length;
    const changed = writeFormats(sheet, data.getNumberFormats(), read.values, blocks, found, timeZone);
    view.cells += changed;
    if (changed) view.sheets++;
  }
  if (!view.results) throw errors.input('No Search Demand results in this spreadsheet: nothing to format.');
  return { ...view, message: formattedText(view) };
}

/** The areas the add-on's records name, by sheet id: ranking tables, and tracking lists' columns. */
function writtenBySheet(store: SpreadsheetStore): Map<number, Written> {
  const out = new Map<number, Written>();
  const of = (id: number) => out.get(id) ?? out.set(id, { tables: [], tracking: [] }).get(id)!;
  for (const t of listTables(store)) of(t.sheetId).tables.push({ row: t.row, column: t.column, numRows: t.height, numColumns: t.width });
  for (const l of listTracked(store))
    of(l.sheetId).tracking.push({ row: 1, column: 1, numRows: Number.MAX_SAFE_INTEGER, numColumns: l.width });
  return out;
}

/**
 * Gives the blocks' cells their formats in one write over the rectangle they span; the other cells of
 * that rectangle get back the format they had. Returns how many cells changed (none: nothing written).
 */
function writeFormats(sheet: Sheet, before: string[][], values: Cell[][], blocks: ResultBlock[], all: Block[], timeZone: string): number {
  const wanted = new Map<string, string>();
  for (const block of blocks) {
    const grid = values
      .slice(block.row - 1, block.row - 1 + block.numRows)
      .map((row) => row.slice(block.column - 1, block.column - 1 + block.numColumns));
    // A column without a header of its own is named by the words over it and the field its formula asks for.
    const above = wordsAbove(values, block, all).map((words) => `${words} ${block.field}`.trim());
    const formats = blockFormats(grid, { timeZone, hint: block.hint, above });
    formats.forEach((line, i) =>
      line.forEach((format, j) => {
        if (format !== null) wanted.set(`${block.row + i},${block.column + j}`, format);
      }),
    );
  }
  const cells = [...wanted].map(([at, format]) => {
    const [row = 0, column = 0] = at.split(',').map(Number);
    return { row, column, format };
  });
  const changed = cells.filter((c) => before[c.row - 1]?.[c.column - 1] !== c.format);
  if (!changed.length) return 0;
  const top = Math.min(...changed.map((c) => c.row));
  const left = Math.min(...changed.map((c) => c.column));
  const bottom = Math.max(...changed.map((c) => c.row));
  const right = Math.max(...changed.map((c) => c.column));
  const grid = Array.from({ length: bottom - top + 1 }, (_, i) =>
    Array.from(
      { length: right - left + 1 },
      (_, j) => wanted.get(`${top + i},${left + j}`) ?? before[top - 1 + i]?.[left - 1 + j] ?? 'General',
    ),
  );
  sheet.getRange(top, left, grid.length, grid[0]?.length ?? 1).setNumberFormats(grid);
  return changed.length;
}

/** The words over each column of a block (a header typed above a formula's column) that no result holds. */
function wordsAbove(values: Cell[][], block: Block, blocks: Block[]): string[] {
  const row = block.row - 1;
  return Array.from({ length: block.numColumns }, (_, j) => {
    const cell = { row, column: block.column + j };
    const v = row >= 1 ? values[row - 1]?.[cell.column - 1] : '';
    return typeof v === 'string' && !blocks.some((b) => contains(b, cell)) ? v : '';
  });
}

/** The selection as an area; its sheet's name (a read) only when a message needs it. */
function areaOf(range: GoogleAppsScript.Spreadsheet.Range): Area {
  const sheet = range.getSheet();
  return {
    sheet,
    get name() {
      return sheet.getName();
    },
    block: { row: range.getRow(), column: range.getColumn(), numRows: range.getNumRows(), numColumns: range.getNumColumns() },
  };
}

function overlaps(a: Block, b: Block): boolean {
  return a.row < b.row + b.numRows && b.row < a.row + a.numRows && a.column < b.column + b.numColumns && b.column < a.column + a.numColumns;
}

/** What a selection with no result of the add-on is told (nothing is changed). */
function nothingToFormat(area: Area, oneCell: boolean): Error {
  if (oneCell) return errors.input(`No Search Demand results on ${area.name}: nothing to format.`);
  return errors.input(
    `No Search Demand results in the selection (${cellName(area, area.block)}): nothing to format. Select cells of a result, or one empty cell to format the whole sheet.`,
  );
}
