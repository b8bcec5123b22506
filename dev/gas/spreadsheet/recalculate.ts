/**
 * A minimal formula evaluator for integration tests: every formula cell that is one call of a custom
 * function of Code.js (formula-call.ts) is evaluated through the runtime (remembered results included)
 * and its result written back as Sheets shows it: the value in the formula cell, a 2-D result spilled
 * right and down. Limits, said plainly:
 *   - one pass, sheet by sheet, row by row: a formula reading a cell that a later formula fills sees the
 *     value that cell held before (Sheets orders by dependency; dev/gas does not);
 *   - any other formula (built-in functions, operators, nested calls) is reported unsupported and left
 *     as it is, never guessed;
 *   - a formula reading its own cell is a circular dependency (#REF!); cycles through other cells are
 *     not detected.
 * Arguments are passed as Sheets passes them: one cell as its value ("" when blank), a range as rows
 * (a 1×1 range as its value), an empty argument as "" (Google is silent: the strict case, since code must
 * already handle an omitted trailing argument as undefined). An open-ended range (A2:A, A:A) runs to the
 * sheet's last row (getMaxRows(), blank rows included), as Sheets passes it.
 */
import { a1Notation, parseA1 } from './a1.js';
import type { CellValue } from './cell-values.js';
import { parseCustomCall, type ArgExpr } from './formula-call.js';
import type { CellValue as ResultValue } from '../execution/result.js';
import { resolveRef, type Cell, type GridRect, type SheetModel, type SpreadsheetModel } from './sheet-model.js';

/** What a formula cell shows for a script error, and for a spill that cannot happen (what getValue() reads). */
export const FORMULA_ERRORS = Object.freeze({ error: '#ERROR!', ref: '#REF!', name: '#NAME?' });

/** Sheets' messages on a formula cell (hover text). */
export const FORMULA_MESSAGES = Object.freeze({
  unsupported: 'dev/gas: unsupported formula',
  overwrite: (a1: string) => `Array result was not expanded because it would overwrite data in ${a1}.`,
  moreRows: (n: number) => `Result was not automatically expanded, please insert more rows (${n}).`,
  moreColumns: (n: number) => `Result was not automatically expanded, please insert more columns (${n}).`,
  unknownSheet: (name: string) => `Unresolved sheet name '${name}'.`,
  unknownRange: (name: string) => `Unknown range name: '${name}'.`,
  badRange: 'Range not found',
  circular: 'Circular dependency detected. To resolve with iterative calculation, see File > Settings.',
  unknownFunction: (name: string) => `Unknown function: '${name}'.`,
});

/** One evaluated formula cell. */
export interface RecalcEntry {
  /** "Sheet1!B2". */
  cell: string;
  /** The Code.js function called ("" when the formula is not a custom-function call). */
  fn: string;
  /** The arguments passed (as Sheets passes them). */
  args: unknown[];
  /** The result came from what Sheets remembered: no execution ran. */
  remembered: boolean;
  ok: boolean;
  error?: string;
}

/** What the evaluator needs from the runtime. */
export interface RecalcDeps {
  book: SpreadsheetModel;
  /** Only these sheets (by name), when given. */
  sheets?: readonly string[];
  /** The Code.js function a formula name calls (case-insensitive), or undefined. */
  resolveFunction: (name: string) => string | undefined;
  /**
   * Whether Sheets knows the project's functions in this spreadsheet (false: an add-on never used here,
   * so each of its formulas shows #NAME?, Unknown function, and nothing runs). Default true.
   */
  functionsKnown?: boolean;
  /** Evaluates one call, as runtime.evaluateCustomFunction does, with the cell active. */
  evaluate: (
    fn: string,
    args: unknown[],
    sheet: SheetModel,
    row: number,
    column: number,
  ) => {
    remembered: boolean;
    result: { ok: boolean; value?: unknown; error?: string };
  };
}

class FormulaError extends Error {
  constructor(
    readonly shown: string,
    message: string,
  ) {
    super(message);
  }
}

/** The values of a rectangle: rows of cell values, "" for blanks (Dates copied). */
function valuesOf(sheet: SheetModel, rect: GridRect): CellValue[][] {
  const out: CellValue[][] = [];
  for (let r = 0; r < rect.numRows; r++) {
    const line: CellValue[] = [];
    for (let c = 0; c < rect.numColumns; c++) {
      const v = sheet.peek(rect.row + r, rect.column + c)?.value ?? '';
      line.push(v instanceof Date ? new Date(v.getTime()) : v);
    }
    out.push(line);
  }
  return out;
}

/** Where the formula being evaluated sits. */
interface Site {
  sheet: SheetModel;
  row: number;
  column: number;
}

/** The cells an argument reads, or null for a literal. */
function cellsOf(book: SpreadsheetModel, site: Site, arg: ArgExpr): { sheet: SheetModel; rect: GridRect } | null {
  switch (arg.kind) {
    case 'value':
    case 'empty':
      return null;
    case 'name': {
      const named = book.namedRanges.get(arg.name);
      if (!named || named.sheet.deleted) throw new FormulaError(FORMULA_ERRORS.name, FORMULA_MESSAGES.unknownRange(arg.name));
      return { sheet: named.sheet, rect: named.rect };
    }
    case 'ref': {
      const sheet = arg.sheetName === undefined ? site.sheet : book.findSheet(arg.sheetName);
      if (!sheet) throw new FormulaError(FORMULA_ERRORS.ref, FORMULA_MESSAGES.unknownSheet(arg.sheetName ?? ''));
      const ref = parseA1(arg.cells);
      const rect = ref && resolveRef(ref, sheet);
      if (!rect) throw new FormulaError(FORMULA_ERRORS.ref, FORMULA_MESSAGES.badRange);
      return { sheet, rect };
    }
  }
}

/** An argument's value; a range holding the formula's own cell is a circular reference (only that one is detected). */
function argValue(book: SpreadsheetModel, site: Site, arg: ArgExpr): unknown {
  if (arg.kind === 'value') return arg.value;
  const cells = cellsOf(book, site, arg);
  if (!cells) return '';
  const { sheet, rect } = cells;
  const inside =
    site.row >= rect.row && site.row < rect.row + rect.numRows && site.column >= rect.column && site.column < rect.column + rect.numColumns;
  if (sheet === site.sheet && inside) throw new FormulaError(FORMULA_ERRORS.ref, FORMULA_MESSAGES.circular);
  return shape(valuesOf(sheet, rect));
}

/** A 1×1 range is passed as its value, anything larger as rows. */
function shape(rows: CellValue[][]): unknown {
  return rows.length === 1 && rows[0]?.length === 1 ? rows[0][0] : rows;
}

function isBlank(cell: Cell | undefined): boolean {
  return cell === undefined || (cell.value === '' && cell.formula === undefined);
}

function setValue(sheet: SheetModel, row: number, column: number, value: CellValue): void {
  sheet.update(row, column, (cell) => {
    cell.value = value;
  });
}

/** Writes a result into the formula cell and spills the rest, as Sheets does; throws #REF! when it cannot. */
function writeResult(sheet: SheetModel, row: number, column: number, value: unknown): void {
  if (!Array.isArray(value)) {
    setValue(sheet, row, column, (value as ResultValue) ?? '');
    return;
  }
  const rows = value as ResultValue[][];
  const numRows = rows.length;
  const numColumns = rows[0]?.length ?? 1;
  const overRows = row + numRows - 1 - sheet.maxRows;
  if (overRows > 0) throw new FormulaError(FORMULA_ERRORS.ref, FORMULA_MESSAGES.moreRows(overRows));
  const overColumns = column + numColumns - 1 - sheet.maxColumns;
  if (overColumns > 0) throw new FormulaError(FORMULA_ERRORS.ref, FORMULA_MESSAGES.moreColumns(overColumns));
  for (let r = 0; r < numRows; r++) {
    for (let c = 0; c < numColumns; c++) {
      if (r === 0 && c === 0) continue;
      if (!isBlank(sheet.peek(row + r, column + c))) {
        throw new FormulaError(FORMULA_ERRORS.ref, FORMULA_MESSAGES.overwrite(a1Notation(row + r, column + c, 1, 1)));
      }
    }
  }
  rows.forEach((line, r) => line.forEach((v, c) => setValue(sheet, row + r, column + c, v ?? '')));
  sheet.recordSpill(row, column, { row, column, numRows, numColumns });
}

/** Formula cells of a sheet, row by row. */
function formulaCells(sheet: SheetModel): Array<[number, number, string]> {
  const all: Array<[number, number, string]> = [];
  for (const [r, c, cell] of sheet.cellsIn({ row: 1, column: 1, numRows: sheet.maxRows, numColumns: sheet.maxColumns })) {
    if (cell.formula !== undefined) all.push([r, c, cell.formula]);
  }
  return all;
}

/** Evaluates one formula cell and writes what it shows. */
function evaluateCell(
  deps: RecalcDeps,
  sheet: SheetModel,
  row: number,
  column: number,
  cell: string,
  fn: string,
  exprs: ArgExpr[],
): RecalcEntry {
  let args: unknown[] = [];
  let remembered = false;
  try {
    args = exprs.map((a) => argValue(deps.book, { sheet, row, column }, a));
    const evaluation = deps.evaluate(fn, args, sheet, row, column);
    remembered = evaluation.remembered;
    const { result } = evaluation;
    if (!result.ok) {
      setValue(sheet, row, column, FORMULA_ERRORS.error);
      return { cell, fn, args, remembered, ok: false, error: result.error ?? '' };
    }
    writeResult(sheet, row, column, result.value);
    return { cell, fn, args, remembered, ok: true };
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    setValue(sheet, row, column, error.shown);
    return { cell, fn, args, remembered, ok: false, error: error.message };
  }
}

/** Evaluates every custom-function formula of the spreadsheet once, in row-major order; see the header. */
export function recalculate(deps: RecalcDeps): RecalcEntry[] {
  const report: RecalcEntry[] = [];
  for (const sheet of [...deps.book.sheets]) {
    if (deps.sheets && !deps.sheets.includes(sheet.name)) continue;
    for (const [row, column, formula] of formulaCells(sheet)) {
      const cell = `${sheet.name}!${a1Notation(row, column, 1, 1)}`;
      const call = parseCustomCall(formula);
      const fn = call ? deps.resolveFunction(call.fn) : undefined;
      if (!call || fn === undefined) {
        report.push({ cell, fn: '', args: [], remembered: false, ok: false, error: FORMULA_MESSAGES.unsupported });
        continue;
      }
      sheet.clearSpill(row, column);
      if (deps.functionsKnown === false) {
        setValue(sheet, row, column, FORMULA_ERRORS.name);
        report.push({ cell, fn, args: [], remembered: false, ok: false, error: FORMULA_MESSAGES.unknownFunction(call.fn) });
        continue;
      }
      report.push(evaluateCell(deps, sheet, row, column, cell, fn, call.args));
    }
  }
  return report;
}
