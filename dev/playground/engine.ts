/**
 * The playground's formula engine: HyperFormula (GPLv3, a dev dependency) evaluating every sheet, with the
 * add-on's ten custom functions registered as HyperFormula functions whose body is one evaluation as
 * Sheets makes it: the result remembered for the same call, or one execution of the built dist/Code.js in
 * dev/gas. The spreadsheet's named ranges (SDM_REFRESH) are its named expressions (setNames).
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
 *  5. A result that would reach past the sheet's last row or column is, as in Sheets, #REF! ("Result was
 *     not automatically expanded, please insert more columns (2).") and spills nothing.
 *
 * Every evaluation goes through `EngineOptions.evaluate` (evaluate.ts), with its arguments made by
 * arguments.ts; formulas reach HyperFormula through formula-text.ts, while the cell keeps the user's text.
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
import { CUSTOM_FUNCTION_NAMES } from '../../src/server/spreadsheet/addon-formulas.js';
import { serialNumber, SPREADSHEET_LIMITS, stringOf, type ExecutionResult } from '../gas/index.js';
import { NOT_READY, toSheetsArgument } from './arguments.js';
import { SparklineFunction, withSparklines } from './sparkline.js';
import type { Evaluation } from './evaluate.js';
import { toEngineFormula, type SheetSize } from './formula-text.js';
import type { SparklineView } from './state.js';

/** The add-on's custom functions, as the add-on itself lists them. */
export const CUSTOM_FUNCTIONS = CUSTOM_FUNCTION_NAMES;

/** A value in one cell of an add-on result, in HyperFormula's terms. */
type Scalar = number | string | boolean | typeof EmptyValue | CellError;

/** What one evaluation produced: rows of cells, or the cell's error (#ERROR! unless said). */
/**
 * A custom function's result as cells. A Date is Sheets' serial number (days since 1899-12-30 in the
 * spreadsheet's time zone) shown with a date format, as Sheets shows a date a custom function returns:
 * `formats` holds that format where a cell is one.
 */
type Outcome = { ok: true; rows: Scalar[][]; formats?: (string | undefined)[][] } | { ok: false; error: string; type?: ErrorType };

/** The parts of HyperFormula's call AST and interpreter state the plugin reads (they are not exported). */
interface CallAst {
  procedureName: string;
  args: { type: string }[];
}
interface CallState {
  formulaAddress: SimpleCellAddress;
  formulaVertex?: { formula?: unknown; width?: number; height?: number };
}

/** What the engine tells its owner after each evaluation. */
export interface EvaluationEvent {
  fn: string;
  /** Where the formula is, e.g. "B2". */
  cell: string;
  /** Whether the result was a remembered one (no execution ran). */
  remembered: boolean;
  result: ExecutionResult;
}

export interface EngineOptions {
  /** Evaluates one custom function for a cell: evaluate.ts's evaluateCustomFunction. */
  evaluate(fn: string, args: unknown[]): Evaluation;
  /** Called after each evaluation (for counters). */
  onEvaluation?(event: EvaluationEvent): void;
  /** The first sheet's name in formulas; default Sheet1 (addSheet adds the others). */
  sheetName?: string;
  /**
   * A sheet's rows and columns (results stop at its edges, open-ended ranges end there); default 1000 × 26.
   * @param sheet the sheet's name
   */
  size?(sheet: string): SheetSize;
  /** The spreadsheet's time zone, in which date arguments are wall-clock times; default Etc/UTC. */
  timeZone?(): string;
  /** Told what went wrong inside the playground (never shown to a user as is). */
  onInternalError?(error: unknown): void;
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
  /** What a SPARKLINE in the formula draws in the cell (the cell holds no value, as in Sheets). */
  sparkline?: SparklineView;
}

/** One change to make: what a user types (`=…` formula, text, number) or null to clear. */
export interface CellChange {
  /** The engine's sheet id; default the first sheet. */
  sheet?: number;
  row: number;
  col: number;
  content: RawCellContent;
}

// HyperFormula instantiates plugins itself, so the engine running an operation is reached through this
// variable, set for the duration of each (synchronous) operation.
let current: FormulaEngine | undefined;

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
    if (engine.batching) {
      // Cells set later in the same batch are not in yet: guess one cell; the evaluation re-sizes it.
      engine.intend(state.formulaAddress, 1, 1);
      return ArraySize.scalar();
    }
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
    // A re-size (settle) finds the outcome the evaluation kept: no second execution.
    const ran = engine.peek(state.formulaAddress, ast.procedureName, args) ?? engine.execute(ast.procedureName, args, state.formulaAddress);
    const outcome = engine.fitSheet(state.formulaAddress, ran);
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
    } catch {
      return new CellError(ErrorType.ERROR, 'An argument could not be computed.');
    }
    if (args instanceof CellError) return args;
    const outcome =
      engine.take(state.formulaAddress, ast.procedureName, args) ?? engine.execute(ast.procedureName, args, state.formulaAddress);
    engine.recordFormats(state.formulaAddress, outcome);
    const full = outcome.ok ? outcome.rows : [[new CellError(outcome.type ?? ErrorType.ERROR, outcome.error)]];
    const vertex = state.formulaVertex;
    // Nested in another expression (=SUM(SEARCH_SCORE(A2:A5))): give the whole result to it.
    if (!vertex || vertex.formula !== ast)
      return full.length === 1 && full[0]!.length === 1 ? full[0]![0]! : SimpleRangeValue.onlyValues(full);
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
    const timeZone = current?.timeZone ?? 'Etc/UTC';
    for (const arg of ast.args) {
      if (arg.type === 'EMPTY') {
        out.push(undefined); // a skipped argument: =RANKING_LIST("sector:fintech", , "noHeaders")
        continue;
      }
      const value = toSheetsArgument(this.evaluateAst(arg as never, state as never), timeZone);
      if (value === NOT_READY) throw new Error('argument not computed yet');
      if (value instanceof CellError) return value;
      out.push(value);
    }
    return out;
  }
}

/** A custom function's result as HyperFormula cells. */
function toOutcome(result: ExecutionResult, timeZone: string): Outcome {
  if (!result.ok) return { ok: false, error: result.error ?? 'Unknown error' };
  const value = result.value;
  const rows = Array.isArray(value) ? (value as unknown[][]) : [[value]];
  let formats: (string | undefined)[][] | undefined;
  const cells = rows.map((row, r) =>
    row.map((v, c) => {
      if (!isDate(v)) return toCell(v);
      const serial = serialNumber(v, timeZone);
      formats ??= rows.map(() => []);
      (formats[r] as (string | undefined)[])[c] = Number.isInteger(serial) ? DATE_FORMAT : DATE_TIME_FORMAT;
      return serial;
    }),
  );
  return formats ? { ok: true, rows: cells, formats } : { ok: true, rows: cells };
}

/** A Date from the script's own realm too (dev/gas rebuilds results there). */
const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';
/** Sheets' formats for a date a custom function returns: the date alone at midnight, else date and time. */
const DATE_FORMAT = 'M/d/yyyy';
const DATE_TIME_FORMAT = 'M/d/yyyy H:mm:ss';

function toCell(value: unknown): Scalar {
  if (value === undefined || value === '') return EmptyValue;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return stringOf(value);
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
  HyperFormula.registerFunctionPlugin(SparklineFunction, { enGB: { SPARKLINE: 'SPARKLINE' } });
}

/** A new Sheets sheet: 1,000 rows, A–Z. */
const DEFAULT_SIZE: SheetSize = { rows: 1000, columns: 26 };
/** The most rows and columns any one sheet can have in Sheets (10 million cells; 18,278 columns). */
const SHEETS_LIMIT: SheetSize = { rows: SPREADSHEET_LIMITS.maxCells, columns: SPREADSHEET_LIMITS.maxColumns };

const addressKey = (a: SimpleCellAddress) => `${a.sheet}:${a.row}:${a.col}`;
const callKey = (a: SimpleCellAddress, fn: string, args: unknown[]) =>
  `${addressKey(a)}|${fn}|${JSON.stringify(args, (_k, v: unknown) => (v === undefined ? null : v))}`;

/** The spreadsheet's sheets evaluated by HyperFormula, whose add-on functions run in dev/gas. */
export class FormulaEngine {
  readonly hf: HyperFormula;
  readonly sheetId: number;
  readonly #options: EngineOptions;
  /** Outcomes run by size() for the evaluation that follows. */
  readonly #pending = new Map<string, Outcome>();
  /** Cells whose result size changed: set their formula again. */
  readonly #resize = new Map<string, SimpleCellAddress>();
  /** The size each add-on formula asked for (its whole range, even when blocked). */
  readonly #intended = new Map<string, { address: SimpleCellAddress; width: number; height: number }>();
  /** Formulas HyperFormula holds rewritten (formula-text.ts): the user's text, and HyperFormula's. */
  readonly #typed = new Map<string, { formula: string; engine: string }>();
  /** What each SPARKLINE cell drew at its last evaluation, by cell. */
  readonly #sparklines = new Map<string, SparklineView>();
  /** Date formats of cells a custom function filled with dates (recordFormats), by cell. */
  readonly #formats = new Map<string, string>();
  /** Which cells each formula gave a date format, by its own cell. */
  readonly #formatsBy = new Map<string, string[]>();
  /** The named expressions set by setNames, by lower-case name (Sheets' names are case-insensitive). */
  readonly #names = new Map<string, { name: string; expression: RawCellContent }>();
  /** The most HyperFormula holds in one sheet: Sheets' own limits, as a script may grow any sheet. */
  readonly #limit: SheetSize = SHEETS_LIMIT;
  /** Inside a batch of changes: arguments may still change before anything is evaluated. */
  batching = false;

  constructor(options: EngineOptions) {
    registerOnce();
    this.#options = options;
    this.hf = HyperFormula.buildEmpty({
      licenseKey: 'gpl-v3',
      dateFormats: ['MM/DD/YYYY', 'YYYY-MM-DD'],
      timeFormats: ['hh:mm', 'hh:mm:ss'],
      // Each sheet's own size is applied by the engine (sizeOf): results stop at its edges (fitSheet,
      // overflow), open-ended ranges end there. HyperFormula only has to hold the largest sheet.
      maxRows: this.#limit.rows,
      maxColumns: this.#limit.columns,
      // The workbook keeps the user's undo history itself. HyperFormula's own would only cost time: every
      // cell set in a batch walks the whole batch's undo entry (a 2,000-row table took seconds).
      undoLimit: 0,
    });
    const name = this.hf.addSheet(options.sheetName ?? 'Sheet1');
    this.sheetId = this.hf.getSheetId(name)!;
  }

  /** The first sheet's rows and columns (a sheet a script grew is evaluated up to its size at the start). */
  get size(): SheetSize {
    return this.sizeOf(this.sheetId);
  }

  /** A sheet's rows and columns, within what the engine was built to hold. */
  sizeOf(sheet: number): SheetSize {
    const { rows, columns } = this.#options.size?.(this.hf.getSheetName(sheet) ?? '') ?? DEFAULT_SIZE;
    return { rows: Math.min(rows, this.#limit.rows), columns: Math.min(columns, this.#limit.columns) };
  }

  /**
   * Adds a sheet (a script inserted it), or finds it by name; its id.
   * @param name the sheet's name
   */
  addSheet(name: string): number {
    const known = this.hf.getSheetId(name);
    if (known !== undefined) return known;
    let id = -1;
    this.#operate(() => {
      id = this.hf.getSheetId(this.hf.addSheet(name))!;
    });
    return id;
  }

  /** Renames a sheet (formulas referring to it follow, as in Sheets). */
  renameSheet(sheet: number, name: string): void {
    if (this.hf.getSheetName(sheet) === name) return;
    this.#operate(() => this.hf.renameSheet(sheet, name));
  }

  /** Removes a sheet a script deleted (formulas referring to it show #REF!, as in Sheets). */
  removeSheet(sheet: number): void {
    for (const [key, want] of this.#intended) if (want.address.sheet === sheet) this.#intended.delete(key);
    this.#operate(() => this.hf.removeSheet(sheet));
  }

  /** The ids of the engine's sheets. */
  sheetIds(): number[] {
    return this.hf.getSheetNames().map((name) => this.hf.getSheetId(name)!);
  }

  /** The spreadsheet's time zone. */
  get timeZone(): string {
    return this.#options.timeZone?.() ?? 'Etc/UTC';
  }

  // ---- called by the plugins ---------------------------------------------------------------------

  /** The date formats of a formula's result, by the cells it fills (those of its last result dropped). */
  recordFormats(address: SimpleCellAddress, outcome: Outcome): void {
    const key = addressKey(address);
    for (const cell of this.#formatsBy.get(key) ?? []) this.#formats.delete(cell);
    this.#formatsBy.delete(key);
    if (!outcome.ok || !outcome.formats) return;
    const cells: string[] = [];
    outcome.formats.forEach((row, r) =>
      row.forEach((format, c) => {
        if (!format) return;
        const cell = addressKey({ sheet: address.sheet, row: address.row + r, col: address.col + c });
        this.#formats.set(cell, format);
        cells.push(cell);
      }),
    );
    this.#formatsBy.set(key, cells);
  }

  /** What a SPARKLINE evaluated in this cell draws (sparkline.ts). */
  recordSparkline(address: SimpleCellAddress, sparkline: SparklineView): void {
    this.#sparklines.set(addressKey(address), sparkline);
  }

  /** Evaluates `fn` for the cell at `address` (one execution, or a remembered result). */
  execute(fn: string, args: unknown[], address: SimpleCellAddress): Outcome {
    let evaluation: Evaluation;
    try {
      evaluation = this.#options.evaluate(fn, args);
    } catch (error) {
      // A playground bug (dev/gas refused the arguments): the details are for the terminal, not the cell.
      this.#options.onInternalError?.(error);
      return { ok: false, error: 'The playground could not run this formula (details in the terminal running npm start).' };
    }
    this.#options.onEvaluation?.({ fn, cell: this.#a1(address), remembered: evaluation.remembered, result: evaluation.result });
    return toOutcome(evaluation.result, this.timeZone);
  }

  /** The outcome as the formula's cell can hold it: #REF! when it reaches past the sheet's edge, as in Sheets. */
  fitSheet(address: SimpleCellAddress, outcome: Outcome): Outcome {
    const [width, height] = outcomeSize(outcome);
    const { rows, columns } = this.sizeOf(address.sheet);
    const moreColumns = address.col + width - columns;
    const moreRows = address.row + height - rows;
    if (moreColumns <= 0 && moreRows <= 0) return outcome;
    return { ok: false, type: ErrorType.REF, error: overflowMessage({ rows: moreRows, columns: moreColumns }) };
  }

  keep(address: SimpleCellAddress, fn: string, args: unknown[], outcome: Outcome): void {
    this.#pending.set(callKey(address, fn, args), outcome);
  }

  peek(address: SimpleCellAddress, fn: string, args: unknown[]): Outcome | undefined {
    return this.#pending.get(callKey(address, fn, args));
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
    this.#resize.set(addressKey(address), address);
  }

  // ---- the engine's API --------------------------------------------------------------------------

  /**
   * Sets cells as a user types or pastes them, then settles sizes and spills. Several changes are one
   * operation, as a paste is in Sheets: a formula reading them is evaluated once, after all of them.
   */
  set(changes: readonly CellChange[]): void {
    this.#operate(() => {
      const apply = () => {
        for (const { sheet, row, col, content } of changes) this.#setCell(this.#address(row, col, sheet), content);
      };
      if (changes.length <= 1) return apply();
      // One evaluation after every change (hf.batch would also gather an undo entry, unused here).
      this.batching = true;
      this.hf.suspendEvaluation();
      try {
        apply();
      } finally {
        try {
          this.hf.resumeEvaluation();
        } finally {
          this.batching = false;
        }
      }
    });
  }

  /** Evaluates the formulas in these cells again (as Sheets does when a formula is rewritten). */
  recalculate(cells: readonly { sheet?: number; row: number; col: number }[]): void {
    this.#operate(() => {
      for (const { sheet, row, col } of cells) {
        const address = this.#address(row, col, sheet);
        const formula = this.hf.getCellFormula(address);
        if (formula !== undefined) this.hf.setCellContents(address, formula);
      }
    });
  }

  /**
   * Makes the spreadsheet's named ranges HyperFormula named expressions: new names are added, changed
   * ones changed (the formulas reading them are evaluated again, as in Sheets), names gone removed.
   * @param names by name: what the name stands for, as cell content (`'text`, a number, `=Sheet1!$A$1`)
   */
  setNames(names: ReadonlyMap<string, RawCellContent>): void {
    this.#operate(() => {
      const wanted = new Set([...names.keys()].map((name) => name.toLowerCase()));
      for (const [key, had] of this.#names) {
        if (wanted.has(key)) continue;
        this.hf.removeNamedExpression(had.name);
        this.#names.delete(key);
      }
      for (const [name, expression] of names) {
        const key = name.toLowerCase();
        const had = this.#names.get(key);
        if (had?.expression === expression) continue;
        if (had) this.hf.changeNamedExpression(had.name, expression);
        else if (this.hf.isItPossibleToAddNamedExpression(name, expression)) this.hf.addNamedExpression(name, expression);
        else continue; // a name HyperFormula cannot hold: formulas using it show #NAME?, as for an unknown name
        this.#names.set(key, { name: had?.name ?? name, expression });
      }
    });
  }

  /** The formula of a cell as the user typed it, if it holds one. */
  formula(row: number, col: number, sheet = this.sheetId): string | undefined {
    const address = this.#address(row, col, sheet);
    const engine = this.hf.getCellFormula(address);
    if (engine === undefined) return undefined;
    const typed = this.#typed.get(addressKey(address));
    return typed && typed.engine === engine ? typed.formula : engine;
  }

  /** What typing into a cell would give it its content again ('' for an empty or spilled cell). */
  input(row: number, col: number, sheet = this.sheetId): string {
    const formula = this.formula(row, col, sheet);
    if (formula !== undefined) return formula;
    const address = this.#address(row, col, sheet);
    if (this.hf.isCellPartOfArray(address)) return ''; // a spilled value belongs to its formula
    const raw = this.hf.getCellSerialized(address);
    return raw === null || raw === undefined ? '' : String(raw);
  }

  /** One cell (0-based). */
  cell(row: number, col: number, sheet = this.sheetId): EngineCell {
    const address = this.#address(row, col, sheet);
    const formula = this.formula(row, col, sheet);
    const value = this.hf.getCellValue(address);
    const spilled = formula === undefined && this.hf.isCellPartOfArray(address);
    const overflow = spilled || formula !== undefined ? this.#overflow(address) : undefined;
    if (overflow && formula === undefined) return { value: '', spilled: false }; // Sheets spills nothing
    const out: EngineCell = { value: plain(value), spilled };
    if (formula !== undefined) out.formula = formula;
    if (overflow) return { ...out, value: '#REF!', error: overflowMessage(overflow) };
    // A SPARKLINE's cell holds nothing (HyperFormula's empty value, not the "" of IF's other branch).
    const sparkline = value === null && formula !== undefined ? this.#sparklines.get(addressKey(address)) : undefined;
    if (sparkline) out.sparkline = sparkline;
    if (value instanceof DetailedCellError) {
      const shown = sheetsError(value, value.type === ErrorType.SPILL ? this.#blocker(address) : undefined);
      out.value = shown.code;
      out.error = shown.message;
    }
    if (typeof value === 'number') {
      const format = this.#formats.get(addressKey(address)) ?? NUMBER_FORMATS[this.hf.getCellValueDetailedType(address)];
      if (format) out.numberFormat = format;
    }
    return out;
  }

  /**
   * The rows and columns a formula's result fills, its own cell included (1 × 1 for a single value or
   * a blocked result), or undefined for a cell without a formula. dev/gas keeps this as the sheet's
   * spill record, so a script writing over the formula empties what it spilled, as in Sheets.
   */
  spillArea(row: number, col: number, sheet = this.sheetId): { numRows: number; numColumns: number } | undefined {
    const address = this.#address(row, col, sheet);
    if (this.hf.getCellFormula(address) === undefined) return undefined;
    // HyperFormula does not export its array vertex: read the size it holds, when the result spilled.
    const vertex = this.hf.dependencyGraph.getCell(address) as
      { getRangeOrUndef?: () => unknown; width?: number; height?: number } | undefined;
    const value = this.hf.getCellValue(address);
    const blocked = value instanceof DetailedCellError && value.type === ErrorType.SPILL;
    if (blocked || typeof vertex?.getRangeOrUndef !== 'function' || vertex.getRangeOrUndef() === undefined)
      return { numRows: 1, numColumns: 1 };
    return { numRows: vertex.height ?? 1, numColumns: vertex.width ?? 1 };
  }

  /**
   * How far the array result covering a cell reaches past its sheet's last row or column, or undefined.
   * The add-on's results are fitted before they spill (fitSheet); this catches HyperFormula's own
   * (=SEQUENCE(2000) on a 1,000-row sheet), which HyperFormula spills up to its own, larger limit.
   */
  #overflow(address: SimpleCellAddress): { rows: number; columns: number } | undefined {
    const vertex = this.hf.dependencyGraph.getCell(address) as
      { getRangeOrUndef?: () => { start: SimpleCellAddress; width(): number; height(): number } | undefined } | undefined;
    const range = typeof vertex?.getRangeOrUndef === 'function' ? vertex.getRangeOrUndef() : undefined;
    if (!range) return undefined;
    const { rows, columns } = this.sizeOf(range.start.sheet);
    const more = { rows: range.start.row + range.height() - rows, columns: range.start.col + range.width() - columns };
    return more.rows > 0 || more.columns > 0 ? more : undefined;
  }

  /** The used size of the first sheet, spills included. */
  get dimensions(): { width: number; height: number } {
    return this.dimensionsOf(this.sheetId);
  }

  /** The used size of a sheet, spills included. */
  dimensionsOf(sheet: number): { width: number; height: number } {
    return this.hf.getSheetDimensions(sheet);
  }

  destroy(): void {
    this.hf.destroy();
  }

  /** Sets one cell, keeping the user's formula text where HyperFormula needs it rewritten. */
  #setCell(address: SimpleCellAddress, content: RawCellContent): void {
    const key = addressKey(address);
    this.#typed.delete(key);
    this.#sparklines.delete(key);
    if (typeof content !== 'string' || !content.startsWith('=')) {
      this.hf.setCellContents(address, content);
      return;
    }
    const engine = toEngineFormula(content, this.sizeOf(address.sheet));
    this.hf.setCellContents(address, engine);
    if (engine !== content) this.#typed.set(key, { formula: content, engine: this.hf.getCellFormula(address) ?? engine });
  }

  /** Runs an operation with this engine reachable from the plugin, then settles. Never throws. */
  #operate(operation: () => void): void {
    const previous = current;
    // Not an alias for a closure: the HyperFormula plugin, which has no other way to reach this engine,
    // reads the module's `current` while the operation runs.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    current = this;
    try {
      withSparklines(this, () => {
        operation();
        this.#settle();
      });
    } catch (error) {
      // One formula's failure must not stop the others or the page: report it, keep what was set.
      this.#options.onInternalError?.(error);
    } finally {
      this.#pending.clear();
      current = previous;
    }
  }

  /** Re-sizes results that changed size, and re-spills blocked formulas whose range is free again. */
  #settle(): void {
    for (let round = 0; round < 10; round++) {
      const again = new Map(this.#resize);
      this.#resize.clear();
      for (const [key, want] of this.#intended) {
        const formula = this.hf.getCellFormula(want.address);
        if (formula === undefined) {
          this.#intended.delete(key);
          continue;
        }
        const value = this.hf.getCellValue(want.address);
        if (value instanceof DetailedCellError && value.type === ErrorType.SPILL && this.#rangeIsFree(want)) again.set(key, want.address);
      }
      if (again.size === 0) return;
      for (const address of again.values()) {
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
        const address = { sheet: want.address.sheet, row: want.address.row + r, col: want.address.col + c };
        const content = this.hf.getCellSerialized(address);
        if ((content !== null && content !== undefined && content !== '') || this.hf.isCellPartOfArray(address)) return address;
      }
    }
    return undefined;
  }

  /** Where a blocked formula is blocked, e.g. "B4". */
  #blocker(address: SimpleCellAddress): string | undefined {
    const want = this.#intended.get(addressKey(address));
    const taken = want && this.#firstTaken(want);
    return taken && this.#a1(taken);
  }

  #address(row: number, col: number, sheet = this.sheetId): SimpleCellAddress {
    return { sheet, row, col };
  }

  #a1(address: SimpleCellAddress): string {
    return this.hf.simpleCellAddressToString(address, { includeSheetName: false }) ?? `R${address.row + 1}C${address.col + 1}`;
  }
}

/**
 * The error code and message Sheets shows for one of HyperFormula's errors: a blocked or circular
 * formula is #REF! in Sheets (#SPILL! and #CYCLE! are Excel's and HyperFormula's).
 */
function sheetsError(error: DetailedCellError, blocker: string | undefined): { code: string; message: string } {
  const message = error.message;
  switch (error.type) {
    case ErrorType.SPILL:
      return { code: '#REF!', message: `Array result was not expanded because it would overwrite data${blocker ? ` in ${blocker}` : ''}.` };
    case ErrorType.CYCLE:
      return { code: '#REF!', message: 'Circular dependency detected. To resolve with iterative calculation, see File > Settings.' };
    case ErrorType.NAME: {
      const fn = /^Function name (.+) not recognized/.exec(message);
      if (fn) return { code: '#NAME?', message: `Unknown function: '${fn[1]}'.` };
      const name = /^Named expression (.+) not recognized/.exec(message);
      if (name) return { code: '#NAME?', message: `Unknown range name: '${name[1]}'.` };
      break;
    }
    case ErrorType.ERROR:
      if (message.startsWith('Parsing error')) return { code: '#ERROR!', message: 'Formula parse error.' };
      break;
    default:
      break;
  }
  return { code: error.value, message: message || errorMeaning(error.value) };
}

/**
 * Sheets' message for a result reaching past the sheet's last row or column, and what the playground adds.
 * @param more how many rows and columns it lacks
 */
function overflowMessage(more: { rows: number; columns: number }): string {
  const what = more.columns > 0 ? `columns (${more.columns})` : `rows (${more.rows})`;
  return `Result was not automatically expanded, please insert more ${what}. The playground's sheet cannot grow: move the formula ${more.columns > 0 ? 'left' : 'up'}.`;
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
    '#REF!': 'A reference is not valid.',
    '#DIV/0!': 'Division by zero.',
    '#VALUE!': 'An argument has the wrong type.',
    '#N/A': 'No value available.',
  };
  return known[code] ?? code;
}
