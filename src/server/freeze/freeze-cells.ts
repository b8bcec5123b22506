/** Where Freeze and Unfreeze look, and the cell chores they share (reading blocks, writing typed values). */
import { errors } from '../errors/errors';
import { userSheets } from '../spreadsheet/addon-formulas';
import type { Block, Position } from './spill';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** One sheet's part of the scope. */
export interface Area {
  sheet: Sheet;
  /** The sheet's name (read once: each read is a round trip). */
  name: string;
  /** The cells to look at. */
  block: Block;
}

/**
 * The areas a scope covers: the selection, or every sheet's data (the add-on's hidden sheet never).
 * @param spreadsheet the open spreadsheet
 * @param scope what the user chose ('selection' or 'all'; checked here, as it comes from the sidebar)
 * @param verb "freeze" or "unfreeze", for the message when nothing is selected
 */
export function scopeAreas(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, scope: unknown, verb: string): Area[] {
  if (scope !== 'selection' && scope !== 'all') throw errors.input('Choose the selected cells or every sheet.');
  const areas = scope === 'all' ? userSheets(spreadsheet).map((sheet) => sheet.getDataRange()) : [selection(spreadsheet, verb)];
  const ours = new Set(userSheets(spreadsheet).map((sheet) => sheet.getSheetId()));
  return areas
    .filter((range) => ours.has(range.getSheet().getSheetId()))
    .map((range) => ({
      sheet: range.getSheet(),
      name: range.getSheet().getName(),
      block: { row: range.getRow(), column: range.getColumn(), numRows: range.getNumRows(), numColumns: range.getNumColumns() },
    }));
}

function selection(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, verb: string): GoogleAppsScript.Spreadsheet.Range {
  const range = spreadsheet.getActiveRange();
  if (!range) throw errors.input(`Nothing is selected: select the cells to ${verb}, then try again.`);
  return range;
}

/**
 * The message when the scope holds nothing to act on (nothing is changed).
 * @param scope 'selection' or 'all'
 * @param areas the scope's areas (the selection's names it in the message)
 * @param what what was looked for, e.g. "Search Demand formula"
 * @param verb "freeze" or "unfreeze"
 * @param hint what to select instead
 */
export function nothingFound(scope: unknown, areas: Area[], what: string, verb: string, hint: string): Error {
  const first = areas[0];
  if (scope === 'all') return errors.input(`No ${what} in this spreadsheet: nothing to ${verb}.`);
  return errors.input(`No ${what} in the selection${first ? ` (${cellName(first, first.block)})` : ''}. ${hint}`);
}

/**
 * "Sheet1!B2" or "Sheet1!B2:D9", as a user reads it.
 * @param area the sheet (and its name)
 * @param block the cells
 */
export function cellName(area: Area, block: Block): string {
  return `${area.name}!${area.sheet.getRange(block.row, block.column, block.numRows, block.numColumns).getA1Notation()}`;
}

/**
 * Whether a cell lies in a block.
 * @param block the block
 * @param cell the cell
 */
export function contains(block: Block, cell: Position): boolean {
  return (
    cell.row >= block.row &&
    cell.row < block.row + block.numRows &&
    cell.column >= block.column &&
    cell.column < block.column + block.numColumns
  );
}

/**
 * The part of a grid read from A1 that a block covers ('' past the grid's edge).
 * @param grid rows from A1, as getValues() of the data range gives them
 * @param block the cells
 */
export function cut<T>(grid: readonly (readonly T[])[], block: Block): (T | '')[][] {
  return Array.from({ length: block.numRows }, (_, i) =>
    Array.from({ length: block.numColumns }, (_, j) => grid[block.row - 1 + i]?.[block.column - 1 + j] ?? ''),
  );
}

/**
 * Cells grouped into runs down one column (consecutive rows), so each run is written in one call: a
 * column of formulas filled down becomes one write, not one per cell.
 * @param cells the cells, in any order
 */
export function columnRuns<T extends Position>(cells: readonly T[]): T[][] {
  const sorted = [...cells].sort((a, b) => a.column - b.column || a.row - b.row);
  const runs: T[][] = [];
  for (const cell of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && last.column === cell.column && last.row + 1 === cell.row) run.push(cell);
    else runs.push([cell]);
  }
  return runs;
}

/**
 * A value as setValues must receive it to store it unchanged: Sheets reads text as if typed ("007"
 * becomes 7, "2024-01" a date, "=A1" a formula), and a leading apostrophe keeps it text.
 * @param value a value read with getValues()
 */
export function asTyped(value: unknown): unknown {
  return typeof value === 'string' && value !== '' ? `'${value}` : value;
}
