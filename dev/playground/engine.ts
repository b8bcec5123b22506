/**
 * The playground's formula engine: HyperFormula (GPLv3, a dev dependency) evaluating one sheet, with the
 * add-on's ten custom functions registered as HyperFormula functions whose body is one execution of the
 * built dist/Code.js in dev/gas, exactly as Sheets runs a custom function for each cell evaluation.
 *
 * Spilling. HyperFormula sizes an array formula when the formula is SET (parse time), before evaluating
 * it, while the add-on's result size is only known after running it. So:
 *  1. The size method evaluates the call's arguments (HyperFormula can, at parse time, for cells already
 *     computed), runs the execution, keeps the outcome in `pending` (keyed by cell, function and
 *     arguments) and returns its size.
 *  2. The evaluation that follows takes that outcome from `pending`: one execution per evaluation.
 *  3. A later evaluation without a size call (an argument cell changed) runs afresh. HyperFormula keeps the
 *     old size then, and would throw on a larger array, so the result is fitted to the size it has (padded
 *     with blanks, or cut) and the cell is queued; `settle()` then sets the same formula again, whose size
 *     method takes the stored outcome, so the cell is re-sized without another execution.
 *  4. HyperFormula never re-spills a formula whose range was blocked (#SPILL!) once it is free again, as
 *     Sheets does: `settle()` re-sets such formulas when every cell of the range they want is empty.
 */
import {
  ArraySize,
  CellError,
  DetailedCellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  HyperFormula,
  SimpleRangeValue,
  type CellValue as HfCellValue,
  type ImplementedFunctions,
  type RawCellContent,
  type SimpleCellAddress,
} from 'hyperformula';
import { CUSTOM_FUNCTION_NAMES } from '../../src/server/formulas.js';
import type { ExecutionResult } from '../gas/index.js';

/** The add-on's custom functions, as the add-on itself lists them. */
export const CUSTOM_FUNCTIONS = CUSTOM_FUNCTION_NAMES;

/** A value in one cell of an add-on result, in HyperFormula's terms. */
type Scalar = number | string | boolean | typeof EmptyValue | CellError;

/** What one execution produced: rows of cells, or the cell's error message. */
type Outcome = { ok: true; rows: Scalar[][] } | { ok: false; error: string };

/** The parts of HyperFormula's call AST and interpreter state the plugin reads (they are not exported). */
interface CallAst {
  procedureName: string;
  args: { type: string }[];
}
interface CallState {
  formulaAddress: SimpleCellAddress;
  formulaVertex?: { formula?: unknown; width?: number; height?: number };
}

/** What the engine tells its owner after each execution. */
export interface EvaluationEvent {
  fn: string;
  /** Where the formula is, e.g. "B2". */
  cell: string;
  result: ExecutionResult;
}

export interface EngineOptions {
  /** Runs one custom-function execution: runtime.run(fn, args, { mode: 'custom-function' }). */
  run(fn: string, args: unknown[]): ExecutionResult;
  /** Called after each execution (for counters). */
  onEvaluation?(event: EvaluationEvent): void;
  /** The sheet's name in formulas; default Sheet1. */
  sheetName?: string;
}

/** One cell as the engine holds it (row and column 0-based). */
export interface EngineCell {
  /** The formula as entered, for a formula's own cell. */
  formula?: string;
  /** The computed value ('' when empty); an error is its code, e.g. "#ERROR!". */
  value: number | string | boolean;
  /** The error's message, for an error value. */
  error?: string;
  /** Part of another cell's spilled result. */
  spilled: boolean;
  /** A display pattern for numbers typed as dates, times or percentages ("1/2/2026", "50%"). */
  numberFormat?: string;
}

/** One change to make: what a user types (`=…` formula, text, number) or null to clear. */
export interface CellChange {
  row: number;
  col: number;
  content: RawCellContent;
}

// HyperFormula instantiates plugins itself, so the engine running an operation is reached through this
// variable, set for the duration of each (synchronous) operation.
let current: FormulaEngine | undefined;

const NOT_READY = Symbol('not ready');

/** The add-on's functions as a HyperFormula plugin. */
class AddonFunctions extends FunctionPlugin {
  static override implementedFunctions: ImplementedFunctions = Object.fromEntries(
    CUSTOM_FUNCTIONS.map((name) => [
      name,
      {
        method: 'evaluate',
        sizeOfResultArrayMethod: 'size',
        parameters: [{ argumentType: FunctionArgumentType.ANY, optionalArg: true }],
        repeatLastArgs: 1,
        vectorizationForbidden: true,
      },
    ]),
  );

  /** Parse time: run the call now and size the array by its outcome (kept for the evaluation). */
  size(ast: CallAst, state: CallState): ArraySize {
    const engine = current;
    if (!engine) return ArraySize.scalar();
    let args: unknown[] | CellError;
    try {
      args = this.#arguments(ast, state);
    } catch {
      // An argument is not computed yet: guess one cell; the evaluation re-sizes it (see settle()).
      engine.intend(state.formulaAddress, 1, 1);
      return ArraySize.scalar();
    }
    if (args instanceof CellError) {
      engine.intend(state.formulaAddress, 1, 1);
      return ArraySize.scalar();
    }
    const outcome = engine.execute(ast.procedureName, args, state.formulaAddress);
    engine.keep(state.formulaAddress, ast.procedureName, args, outcome);
    const [width, height] = outcomeSize(outcome);
    engine.intend(state.formulaAddress, width, height);
    return width === 1 && height === 1 ? ArraySize.scalar() : new ArraySize(width, height);
  }

  /** Evaluation: the outcome kept by size(), or one new execution. */
  evaluate(ast: CallAst, state: CallState): Scalar | SimpleRangeValue {
    const engine = current;
    if (!engine) return new CellError(ErrorType.ERROR, 'The playground engine is not running.');
    let args: unknown[] | CellError;
    try {
      args = this.#arguments(ast, state);
    } catch (error) {
      return new CellError(ErrorType.ERROR, (error as Error).message);
    }
    if (args instanceof CellError) return args;
    const outcome = engine.take(state.formulaAddress, ast.procedureName, args) ?? engine.execute(ast.procedureName, args, state.formulaAddress);
    const full = outcome.ok ? outcome.rows : [[new CellError(ErrorType.ERROR, outcome.error)]];
    const vertex = state.formulaVertex;
    // Nested in another expression (=SUM(SEARCH_SCORE(A2:A5))): give the whole result to it.
    if (!vertex || vertex.formula !== ast) return full.length === 1 && full[0]!.length === 1 ? full[0]![0]! : SimpleRangeValue.onlyValues(full);
    // The formula's own result: fit the size HyperFormula reserved, and re-size later if it differs.
    const width = vertex.width ?? 1;
    const height = vertex.height ?? 1;
    const [w, h] = outcomeSize(outcome);
    if (w !== width || h !== height) engine.resizeLater(state.formulaAddress, ast.procedureName, args, outcome);
    if (width === 1 && height === 1) return full[0]![0]!;
    const fitted = Array.from({ length: height }, (_, r) => Array.from({ length: width }, (_, c) => full[r]?.[c] ?? EmptyValue));
    return SimpleRangeValue.onlyValues(fitted);
  }

  /** The call's arguments as Sheets passes them; the first error among them stops the call, as in Sheets. */
  #arguments(ast: CallAst, state: CallState): unknown[] | CellError {
    const out: unknown[] = [];
    for (const arg of ast.args) {
      if (arg.type === 'EMPTY') {
        out.push(undefined); // a skipped argument: =RANKING_LIST("sector:fintech", , "noHeaders")
        continue;
      }
      const value = toSheetsArgument(this.evaluateAst(arg as never, state as never));
      if (value === NOT_READY) throw new Error('argument not computed yet');
      if (value instanceof CellError) return value;
      out.push(value);
    }
    return out;
  }
}

/** An interpreter value as Sheets gives it to a custom function: a value, or rows with '' for blanks. */
function toSheetsArgument(value: unknown): unknown {
  if (value instanceof SimpleRangeValue) {
    const rows = value.rawData().map((row) => row.map(toSheetsScalar));
    for (const row of rows) for (const cell of row) if (cell instanceof CellError || cell === NOT_READY) return cell;
    // A one-cell range arrives as its value.
    return rows.length === 1 && rows[0]!.length === 1 ? rows[0]![0] : rows;
  }
  return toSheetsScalar(value);
}

function toSheetsScalar(value: unknown): unknown {
  if (value === EmptyValue || value === undefined || value === null) return '';
  if (value instanceof CellError) return value;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'object' && 'val' in value && typeof value.val === 'number') return value.val; // a date or percent number
  return NOT_READY;
}

/** A custom function's result as HyperFormula cells. */
function toOutcome(result: ExecutionResult): Outcome {
  if (!result.ok) return { ok: false, error: result.error ?? 'Unknown error' };
  const value = result.value;
  const rows = Array.isArray(value) ? (value as unknown[][]) : [[value]];
  return { ok: true, rows: rows.map((row) => row.map(toCell)) };
}

function toCell(value: unknown): Scalar {
  if (value === undefined || value === '') return EmptyValue;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** [width, height] of an outcome (an error is one cell). */
function outcomeSize(outcome: Outcome): [number, number] {
  if (!outcome.ok) return [1, 1];
  return [Math.max(1, ...outcome.rows.map((r) => r.length)), Math.max(1, outcome.rows.length)];
}

function registerOnce(): void {
  if (HyperFormula.getRegisteredFunctionNames('enGB').includes(CUSTOM_FUNCTIONS[0])) return;
  const names = Object.fromEntries(CUSTOM_FUNCTIONS.map((n) => [n, n]));
  HyperFormula.registerFunctionPlugin(AddonFunctions, { enGB: names });
}

const addressKey = (a: SimpleCellAddress) => `${a.row}:${a.col}`;
const callKey = (a: SimpleCellAddress, fn: string, args: unknown[]) =>
  `${addressKey(a)}|${fn}|${JSON.stringify(args, (_k, v: unknown) => (v === undefined ? null : v))}`;

/** One sheet evaluated by HyperFormula, whose add-on functions run in dev/gas. */
export class FormulaEngine {
  readonly hf: HyperFormula;
  readonly sheetId: number;
  readonly #options: EngineOptions;
  /** Outcomes run by size() for the evaluation that follows. */
  readonly #pending = new Map<string, Outcome>();
  /** Cells whose result size changed: set their formula again. */
  readonly #resize = new Set<string>();
  /** The size each add-on formula asked for (its whole range, even when blocked). */
  readonly #intended = new Map<string, { address: SimpleCellAddress; width: number; height: number }>();

  constructor(options: EngineOptions) {
    registerOnce();
    this.#options = options;
    this.hf = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3', dateFormats: ['MM/DD/YYYY', 'YYYY-MM-DD'], timeFormats: ['hh:mm', 'hh:mm:ss'] });
    const name = this.hf.addSheet(options.sheetName ?? 'Sheet1');
    this.sheetId = this.hf.getSheetId(name)!;
  }

  // ---- called by the plugin ----------------------------------------------------------------------

  /** Runs one execution of `fn` for the cell at `address`. */
  execute(fn: string, args: unknown[], address: SimpleCellAddress): Outcome {
    let result: ExecutionResult;
    try {
      result = this.#options.run(fn, args);
    } catch (error) {
      return { ok: false, error: `playground: ${(error as Error).message}` };
    }
    this.#options.onEvaluation?.({ fn, cell: this.#a1(address), result });
    return toOutcome(result);
  }

  keep(address: SimpleCellAddress, fn: string, args: unknown[], outcome: Outcome): void {
    this.#pending.set(callKey(address, fn, args), outcome);
  }

  take(address: SimpleCellAddress, fn: string, args: unknown[]): Outcome | undefined {
    const key = callKey(address, fn, args);
    const outcome = this.#pending.get(key);
    this.#pending.delete(key);
    return outcome;
  }

  intend(address: SimpleCellAddress, width: number, height: number): void {
    this.#intended.set(addressKey(address), { address, width, height });
  }

  resizeLater(address: SimpleCellAddress, fn: string, args: unknown[], outcome: Outcome): void {
    this.keep(address, fn, args, outcome);
    this.#resize.add(addressKey(address));
  }

  // ---- the engine's API --------------------------------------------------------------------------

  /** Sets cells as a user types them, one after the other, then settles sizes and spills. */
  set(changes: readonly CellChange[]): void {
    this.#operate(() => {
      for (const { row, col, content } of changes) this.hf.setCellContents(this.#address(row, col), content);
    });
  }

  /** Evaluates the formulas in these cells again (as Sheets does when a formula is rewritten). */
  recalculate(cells: readonly { row: number; col: number }[]): void {
    this.#operate(() => {
      for (const { row, col } of cells) {
        const address = this.#address(row, col);
        const formula = this.hf.getCellFormula(address);
        if (formula !== undefined) this.hf.setCellContents(address, formula);
      }
    });
  }

  /** One cell (0-based). */
  cell(row: number, col: number): EngineCell {
    const address = this.#address(row, col);
    const formula = this.hf.getCellFormula(address);
    const value = this.hf.getCellValue(address);
    const spilled = formula === undefined && this.hf.isCellPartOfArray(address);
    const out: EngineCell = { value: plain(value), spilled };
    if (formula !== undefined) out.formula = formula;
    if (value instanceof DetailedCellError) {
      const blocker = value.type === ErrorType.SPILL ? this.#blocker(row, col) : undefined;
      out.error = blocker ? `Array result was not expanded because it would overwrite data in ${blocker}.` : value.message || errorMeaning(value.value);
    }
    if (typeof value === 'number') {
      const format = NUMBER_FORMATS[this.hf.getCellValueDetailedType(address)];
      if (format) out.numberFormat = format;
    }
    return out;
  }

  /** The used size of the sheet, spills included. */
  get dimensions(): { width: number; height: number } {
    return this.hf.getSheetDimensions(this.sheetId);
  }

  destroy(): void {
    this.hf.destroy();
  }

  /** Runs an operation with this engine reachable from the plugin, then settles. */
  #operate(operation: () => void): void {
    const previous = current;
    current = this;
    try {
      operation();
      this.#settle();
    } finally {
      this.#pending.clear();
      current = previous;
    }
  }

  /** Re-sizes results that changed size, and re-spills blocked formulas whose range is free again. */
  #settle(): void {
    for (let round = 0; round < 10; round++) {
      const again = new Set(this.#resize);
      this.#resize.clear();
      for (const [key, want] of this.#intended) {
        const formula = this.hf.getCellFormula(want.address);
        if (formula === undefined) {
          this.#intended.delete(key);
          continue;
        }
        const value = this.hf.getCellValue(want.address);
        if (value instanceof DetailedCellError && value.type === ErrorType.SPILL && this.#rangeIsFree(want)) again.add(key);
      }
      if (again.size === 0) return;
      for (const key of again) {
        const want = this.#intended.get(key);
        const [row, col] = key.split(':').map(Number) as [number, number];
        const address = want?.address ?? this.#address(row, col);
        const formula = this.hf.getCellFormula(address);
        if (formula !== undefined) this.hf.setCellContents(address, formula);
      }
    }
  }

  #rangeIsFree(want: { address: SimpleCellAddress; width: number; height: number }): boolean {
    return this.#firstTaken(want) === undefined;
  }

  /** The first cell holding something in the range a formula wants to spill into (its own cell aside). */
  #firstTaken(want: { address: SimpleCellAddress; width: number; height: number }): SimpleCellAddress | undefined {
    for (let r = 0; r < want.height; r++) {
      for (let c = 0; c < want.width; c++) {
        if (r === 0 && c === 0) continue;
        const address = { sheet: this.sheetId, row: want.address.row + r, col: want.address.col + c };
        const content = this.hf.getCellSerialized(address);
        if ((content !== null && content !== undefined && content !== '') || this.hf.isCellPartOfArray(address)) return address;
      }
    }
    return undefined;
  }

  /** Where a blocked formula at (row, col) is blocked, e.g. "B4". */
  #blocker(row: number, col: number): string | undefined {
    const want = this.#intended.get(`${row}:${col}`);
    const taken = want && this.#firstTaken(want);
    return taken && this.#a1(taken);
  }

  #address(row: number, col: number): SimpleCellAddress {
    return { sheet: this.sheetId, row, col };
  }

  #a1(address: SimpleCellAddress): string {
    return this.hf.simpleCellAddressToString(address, { includeSheetName: false }) ?? `R${address.row + 1}C${address.col + 1}`;
  }
}

/** Display patterns (dev/gas's number formats) for HyperFormula's typed numbers. */
const NUMBER_FORMATS: Partial<Record<string, string>> = {
  NUMBER_DATE: 'M/d/yyyy',
  NUMBER_DATETIME: 'M/d/yyyy H:mm:ss',
  NUMBER_TIME: 'H:mm:ss',
  NUMBER_PERCENT: '0%',
};

/** A HyperFormula value as a plain cell value (errors as their code). */
function plain(value: HfCellValue): number | string | boolean {
  if (value === null || value === undefined) return '';
  if (value instanceof DetailedCellError) return value.value;
  return value;
}

/** What HyperFormula's own errors mean, when it gives no message. */
function errorMeaning(code: string): string {
  const known: Record<string, string> = {
    '#NAME?': 'Unknown function or name.',
    '#SPILL!': 'The result would overwrite data: clear the cells it needs.',
    '#REF!': 'A reference is not valid.',
    '#CYCLE!': 'The formula refers to itself.',
    '#DIV/0!': 'Division by zero.',
    '#VALUE!': 'An argument has the wrong type.',
    '#N/A': 'No value available.',
  };
  return known[code] ?? code;
}
