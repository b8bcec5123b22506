/**
 * The playground's document: the runtime's in-memory spreadsheet (what the add-on's scripts read and
 * write) kept in step with the formula engine that evaluates every one of its sheets.
 *
 *  - A user's edit goes to the engine, then every cell is written back to the runtime's sheets as
 *    Sheets would hold it: a formula cell with its value, spilled cells as values, each formula's spill
 *    recorded (so a script writing over the formula empties what it spilled, as in Sheets).
 *  - After a script ran (sidebar, menu, trigger), what it wrote to any sheet goes to the engine:
 *    new formulas, values, cleared cells; a formula written again unchanged is evaluated again (which, as
 *    in Sheets, gives its remembered result). The model's `evaluateFormula` hook only records where
 *    scripts wrote formulas: evaluating inside the hook would start an execution inside the running one.
 *  - The spreadsheet's named ranges are the engine's named expressions, so "Refresh all formulas" works
 *    as in Sheets: it adds `SDM_REFRESH` to the add-on's formulas and changes the named cell (on a hidden
 *    sheet), and every formula reading it runs again with the new argument.
 *  - Sheets scripts insert (ranking tables, tracking lists) are the engine's too: formulas work on them
 *    and refer across sheets ('Ranking: Fintech'!C3:C7). A hidden sheet has no tab.
 *  - The user's edits (typing, pasting, deleting a range, clearing the sheet, deleting a chart) are kept
 *    in an undo history, as in Sheets; what scripts write is not (Sheets' undo does not reach it either).
 */
import {
  CELL_TOO_LONG_MESSAGE,
  MAX_CELL_TEXT,
  columnLetters,
  displayValue,
  parseA1,
  serialNumber,
  type FormulaSite,
  type GasRuntime,
  type SheetCellValue,
  type SheetModel,
} from '../gas/index.js';
import { isDateFormat } from 'numfmt';
import { serialToDate } from './arguments.js';
import { FormulaEngine, type CellChange, type EngineCell, type EngineOptions } from './engine.js';
import { modelChartViews } from './model-charts.js';
import type { CellView, ChartView, SheetView } from './state.js';

/** Sheets keeps this many undo steps and more; the playground keeps the last 100. */
const HISTORY_LIMIT = 100;

/** One cell a user sets (0-based), with what they typed ('' clears). */
export interface CellEdit {
  /** The engine's sheet id (Workbook.sheetId); default the first sheet. */
  sheet?: number;
  row: number;
  col: number;
  input: string;
}

/** An edit a user cannot make, with the message Sheets gives. */
export class EditRefused extends Error {
  override name = 'EditRefused';
}

/** One undoable step: cells set (with what they held before), or a chart deleted. */
type Step = { kind: 'cells'; before: CellEdit[]; after: CellEdit[] } | { kind: 'chart'; anchor: string; deleted: boolean };

/** A line chart over a table the formula sheet computes, found by its header names. */
export interface ChartSpec {
  /** Top-left cell it floats over, and its size in cells. */
  anchor: string;
  columns: number;
  rows: number;
  /** The table's top-left cell (its header row). */
  source: string;
  /** Header names to look for, first found wins (the two service schemas name them differently). */
  labels: string[];
  values: string[];
  /** The label (among the single values above the table) whose value names the series, e.g. the keyword. */
  series: string[];
}

export class Workbook {
  readonly engine: FormulaEngine;
  readonly runtime: GasRuntime;
  /** The runtime's first sheet (Sheet1): the demo's, and where its chart floats. */
  readonly formulaSheet: SheetModel;
  /** Each of the runtime's sheets with its engine sheet id. */
  readonly #ids = new Map<SheetModel, number>();
  /** Where scripts wrote formulas since the last sync. */
  #sites: FormulaSite[] = [];
  readonly #undo: Step[] = [];
  readonly #redo: Step[] = [];
  /** The spill areas recorded in the model at the last push (1-based), by sheet, then "row,column". */
  #spills = new Map<SheetModel, Map<string, { row: number; column: number; numRows: number; numColumns: number }>>();
  /** The sheets as the page shows them, until the next change (sheetViews). */
  #views: SheetView[] | undefined;
  /** Charts the user deleted, by anchor. */
  readonly #deletedCharts = new Set<string>();
  readonly #onInternalError: (error: unknown) => void;

  constructor(runtime: GasRuntime, options: Omit<EngineOptions, 'sheetName' | 'size' | 'timeZone'>) {
    this.runtime = runtime;
    this.formulaSheet = runtime.spreadsheet.sheets[0]!;
    this.#onInternalError = options.onInternalError ?? (() => {});
    this.engine = new FormulaEngine({
      ...options,
      sheetName: this.formulaSheet.name,
      size: (name) => {
        const sheet = runtime.spreadsheet.findSheet(name) ?? this.formulaSheet;
        return { rows: sheet.maxRows, columns: sheet.maxColumns };
      },
      timeZone: () => runtime.spreadsheet.timeZone,
    });
    this.#ids.set(this.formulaSheet, this.engine.sheetId);
    this.#syncSheets();
    runtime.spreadsheet.evaluateFormula = (_formula, site) => {
      this.#sites.push(site);
      return undefined;
    };
  }

  /** The engine's id of the sheet named `name` (any sheet can be typed into, as in Sheets), or undefined. */
  sheetId(name: string): number | undefined {
    for (const [sheet, id] of this.#ids) if (!sheet.deleted && sheet.name.toLowerCase() === name.toLowerCase()) return id;
    return undefined;
  }

  /** Adds to the engine the sheets scripts inserted, renames those renamed, removes those deleted. */
  #syncSheets(): void {
    const sheets = this.runtime.spreadsheet.sheets;
    for (const [sheet, id] of [...this.#ids]) {
      if (sheet !== this.formulaSheet && (sheet.deleted || !sheets.includes(sheet))) {
        this.engine.removeSheet(id);
        this.#ids.delete(sheet);
        this.#spills.delete(sheet);
      }
    }
    for (const sheet of sheets) {
      if (sheet.deleted) continue;
      const id = this.#ids.get(sheet);
      if (id === undefined) this.#ids.set(sheet, this.engine.addSheet(sheet.name));
      else this.engine.renameSheet(id, sheet.name);
    }
  }

  /**
   * Enters cells as a user types them, outside the undo history (the demo workbook).
   * @param cells [A1, what is typed] pairs; '' clears
   */
  type(cells: readonly (readonly [string, string])[]): void {
    this.engine.set(cells.map(([a1, input]) => change(a1, input)));
    this.#push();
  }

  /**
   * A user's edit: one cell typed, or many at once (a paste, Delete over a range), as one undo step.
   * @throws EditRefused for text Sheets refuses (over 50,000 characters), with nothing changed
   */
  edit(cells: readonly CellEdit[]): void {
    for (const cell of cells) {
      const { rows, columns } = this.engine.sizeOf(cell.sheet ?? this.engine.sheetId);
      if (cell.input.length > MAX_CELL_TEXT) throw new EditRefused(CELL_TOO_LONG_MESSAGE);
      if (cell.row >= rows || cell.col >= columns)
        throw new EditRefused(`${columnLetters(cell.col + 1)}${cell.row + 1} is outside the sheet (A1:${columnLetters(columns)}${rows}).`);
    }
    const after = cells.filter((c) => this.engine.input(c.row, c.col, c.sheet) !== c.input);
    if (after.length === 0) return;
    const before = after.map((c) => ({ sheet: c.sheet, row: c.row, col: c.col, input: this.engine.input(c.row, c.col, c.sheet) }));
    this.#apply(after);
    this.#remember({ kind: 'cells', before, after });
  }

  /** Empties every cell of a sheet (spilled results go with their formulas), as one undo step. */
  clear(sheet = this.engine.sheetId): void {
    const { width, height } = this.engine.dimensionsOf(sheet);
    const cells: CellEdit[] = [];
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) if (this.engine.input(row, col, sheet) !== '') cells.push({ sheet, row, col, input: '' });
    }
    this.edit(cells);
  }

  /** Deletes the chart floating at `anchor`, as one undo step; false if there is none. */
  deleteChart(anchor: string, specs: readonly ChartSpec[]): boolean {
    if (!specs.some((s) => s.anchor === anchor) || this.#deletedCharts.has(anchor)) return false;
    this.#deletedCharts.add(anchor);
    this.#remember({ kind: 'chart', anchor, deleted: true });
    return true;
  }

  /** Whether there is an edit to undo, and one to redo. */
  get history(): { undo: boolean; redo: boolean } {
    return { undo: this.#undo.length > 0, redo: this.#redo.length > 0 };
  }

  /** Undoes the last edit; false if there is none. */
  undo(): boolean {
    const step = this.#undo.pop();
    if (!step) return false;
    this.#play(step, 'back');
    this.#redo.push(step);
    return true;
  }

  /** Does again the last edit undone; false if there is none. */
  redo(): boolean {
    const step = this.#redo.pop();
    if (!step) return false;
    this.#play(step, 'forward');
    this.#undo.push(step);
    return true;
  }

  #remember(step: Step): void {
    this.#undo.push(step);
    if (this.#undo.length > HISTORY_LIMIT) this.#undo.shift();
    this.#redo.length = 0;
  }

  #play(step: Step, direction: 'back' | 'forward'): void {
    if (step.kind === 'cells') this.#apply(direction === 'back' ? step.before : step.after);
    else if (step.deleted === (direction === 'forward')) this.#deletedCharts.add(step.anchor);
    else this.#deletedCharts.delete(step.anchor);
  }

  #apply(cells: readonly CellEdit[]): void {
    this.engine.set(cells.map((c) => ({ sheet: c.sheet, row: c.row, col: c.col, content: c.input === '' ? null : c.input })));
    this.#push();
  }

  /** Brings what a script wrote to any sheet into the engine, then writes the results back. */
  afterScript(): void {
    const sites = this.#sites;
    this.#sites = [];
    this.#syncSheets();
    // Names first: a formula rewritten to read one (SDM_REFRESH) must find it when it is set.
    this.engine.setNames(this.#namedExpressions());
    const changes: CellChange[] = [];
    for (const [sheet, id] of this.#ids) if (!sheet.deleted) changes.push(...this.#scriptChanges(sheet, id));
    const changed = new Set(changes.map((ch) => `${ch.sheet}:${ch.row}:${ch.col}`));
    const rewritten = sites
      .map((s) => ({ sheet: this.sheetId(s.sheet), row: s.row - 1, col: s.column - 1 }))
      .filter(
        (s): s is { sheet: number; row: number; col: number } => s.sheet !== undefined && !changed.has(`${s.sheet}:${s.row}:${s.col}`),
      );
    if (changes.length) this.engine.set(changes);
    if (rewritten.length) this.engine.recalculate(unique(rewritten));
    this.#push();
  }

  /** What a script changed on one sheet, as engine changes. */
  #scriptChanges(sheet: SheetModel, id: number): CellChange[] {
    const { rows, columns } = this.#extent(sheet, id);
    // A formula the script replaced by a value took its spill with it (the model emptied those cells, as
    // Sheets does): what the script wrote there since is its own, such as Freeze's values.
    const freed = new Set<string>();
    for (const area of this.#spills.get(sheet)?.values() ?? []) {
      if (sheet.peek(area.row, area.column)?.formula !== undefined) continue;
      for (let r = area.row; r < area.row + area.numRows; r++)
        for (let c = area.column; c < area.column + area.numColumns; c++) freed.add(`${r},${c}`);
    }
    const changes: CellChange[] = [];
    for (let r = 1; r <= rows; r++) {
      for (let c = 1; c <= columns; c++) {
        const model = sheet.peek(r, c);
        const engine = this.engine.cell(r - 1, c - 1, id);
        const value = model?.value ?? '';
        const content =
          engine.spilled && freed.has(`${r},${c}`) && value !== ''
            ? asContent(value)
            : contentToApply(model?.formula, value, engine, this.runtime.spreadsheet.timeZone);
        if (content !== undefined) changes.push({ sheet: id, row: r - 1, col: c - 1, content });
      }
    }
    return changes;
  }

  /**
   * Every sheet as the page shows it; a hidden sheet has no tab, as in Sheets (the add-on's "Search Demand
   * add-on"). Made again only after something changed (every change ends in a push): the page asks after
   * each action and each change it waits for, and a sheet of a few thousand cells costs time to read.
   */
  sheetViews(): SheetView[] {
    this.#views ??= this.runtime.spreadsheet.sheets
      .filter((sheet) => !sheet.deleted && (!sheet.hidden || sheet === this.formulaSheet))
      .map((sheet) => this.#sheetView(sheet));
    return this.#views;
  }

  /**
   * Charts over the formula sheet's tables (those not deleted), then the charts scripts inserted on any
   * sheet (a tracking list's), with their data read now.
   */
  chartViews(specs: readonly ChartSpec[]): ChartView[] {
    const demo = specs.filter((spec) => !this.#deletedCharts.has(spec.anchor)).map((spec) => this.#chart(spec));
    const timeZone = this.runtime.spreadsheet.timeZone;
    return [...demo, ...this.runtime.spreadsheet.sheets.flatMap((sheet) => modelChartViews(sheet, timeZone))];
  }

  destroy(): void {
    this.runtime.spreadsheet.evaluateFormula = undefined;
    this.engine.destroy();
  }

  /**
   * The spreadsheet's named ranges as the engine's named expressions: references to their cells on any
   * sheet (every sheet is in the engine), so a script changing a named cell (SDM_REFRESH, on the add-on's
   * hidden sheet) re-runs the formulas reading it.
   */
  #namedExpressions(): Map<string, CellChange['content']> {
    const names = new Map<string, CellChange['content']>();
    for (const { name, sheet, rect } of this.runtime.spreadsheet.namedRanges.list) {
      if (sheet.deleted || !this.#ids.has(sheet)) continue;
      const first = `$${columnLetters(rect.column)}$${rect.row}`;
      const last = `$${columnLetters(rect.column + rect.numColumns - 1)}$${rect.row + rect.numRows - 1}`;
      names.set(name, `='${sheet.name.replace(/'/g, "''")}'!${first === last ? first : `${first}:${last}`}`);
    }
    return names;
  }

  /** The rows and columns holding anything, in the engine or the model, within the sheet and the engine. */
  #extent(sheet: SheetModel, id: number): { rows: number; columns: number } {
    const { width, height } = this.engine.dimensionsOf(id);
    const size = this.engine.sizeOf(id);
    return {
      rows: Math.min(Math.max(height, sheet.lastRow), sheet.maxRows, size.rows),
      columns: Math.min(Math.max(width, sheet.lastColumn), sheet.maxColumns, size.columns),
    };
  }

  /** Writes the engine's cells to the runtime's sheets, as Sheets holds them (only what changed). Never throws. */
  #push(): void {
    this.#views = undefined;
    for (const [sheet, id] of this.#ids) if (!sheet.deleted) this.#pushSheet(sheet, id);
  }

  #pushSheet(sheet: SheetModel, id: number): void {
    const { rows, columns } = this.#extent(sheet, id);
    const spills = new Map<string, { row: number; column: number; numRows: number; numColumns: number }>();
    for (let r = 1; r <= rows; r++) {
      for (let c = 1; c <= columns; c++) {
        const want = this.engine.cell(r - 1, c - 1, id);
        const have = sheet.peek(r, c);
        const formula = want.formula;
        if (formula !== undefined) {
          // Sheets knows what each formula spilled: removing the formula empties it (Freeze relies on it).
          const area = { row: r, column: c, ...(this.engine.spillArea(r - 1, c - 1, id) ?? { numRows: 1, numColumns: 1 }) };
          spills.set(`${r},${c}`, area);
          sheet.recordSpill(r, c, area);
        }
        const timeZone = this.runtime.spreadsheet.timeZone;
        if (have?.formula === formula && sameValue(have?.value ?? '', want.value, timeZone)) continue;
        // A number shown as a date is a Date to scripts, as in Sheets (getValues gives a Date).
        const value =
          typeof want.value === 'number' && want.numberFormat && isDateFormat(want.numberFormat)
            ? serialToDate(want.value, timeZone)
            : want.value;
        const a1 = `${columnLetters(c)}${r}`;
        try {
          sheet.setValues(a1, [[formula === undefined ? value : { value, formula }]]);
        } catch (error) {
          this.#onInternalError(error); // one cell the model refuses must not stop the rest
        }
      }
    }
    this.#spills.set(sheet, spills);
  }

  #sheetView(sheet: SheetModel): SheetView {
    const id = this.#ids.get(sheet);
    const widths = Object.fromEntries(sheet.columnWidths.entries());
    if (id === undefined) return { name: sheet.name, editable: false, rows: sheet.maxRows, columns: sheet.maxColumns, widths, cells: {} };
    const { width, height } = this.engine.dimensionsOf(id);
    const size = this.engine.sizeOf(id);
    // The whole sheet, as Sheets shows it (a new sheet is 1000 rows, A–Z).
    const rows = Math.min(sheet.maxRows, size.rows);
    const columns = Math.min(sheet.maxColumns, size.columns);
    const cells: Record<string, CellView> = {};
    for (let r = 1; r <= Math.min(height, rows); r++) {
      for (let c = 1; c <= Math.min(width, columns); c++) {
        const cell = this.engine.cell(r - 1, c - 1, id);
        const model = sheet.peek(r, c);
        const note = model?.note;
        if (cell.value === '' && cell.formula === undefined && !note) continue;
        const format = model?.format;
        // A date a script wrote is the engine's text; the model keeps the Date and its format.
        const value = cell.formula === undefined && !cell.spilled && model?.value instanceof Date ? model.value : cell.value;
        // A format a script set (Format results) wins over the one Sheets picks for a value by itself.
        const view: CellView = {
          t: cell.error ? String(cell.value) : this.#display(value, format?.numberFormat ?? cell.numberFormat),
        };
        if (cell.formula !== undefined) view.f = cell.formula;
        if (cell.error) view.e = cell.error;
        const kind = cell.error ? 'e' : kindOf(value);
        if (kind) view.k = kind;
        if (cell.spilled) view.s = true;
        if (format?.fontWeight === 'bold') view.b = true;
        if (format?.fontStyle === 'italic') view.i = true;
        if (note) view.n = note;
        if (cell.sparkline) view.sp = cell.sparkline;
        cells[`${columnLetters(c)}${r}`] = view;
      }
    }
    // A note on a cell past the engine's used range (notes are not the engine's).
    for (const [r, c, cell] of sheet.cellsIn({ row: 1, column: 1, numRows: rows, numColumns: columns })) {
      const a1 = `${columnLetters(c)}${r}`;
      if (cell.note && !cells[a1]) cells[a1] = { t: '', n: cell.note };
    }
    return { name: sheet.name, editable: true, rows, columns, widths, cells };
  }

  #display(value: SheetCellValue, format: string | undefined): string {
    return displayValue(value, format, this.runtime.spreadsheet.timeZone);
  }

  #chart(spec: ChartSpec): ChartView {
    const values: number[] = [];
    const view: ChartView = {
      id: spec.anchor,
      sheet: this.formulaSheet.name,
      anchor: spec.anchor,
      columns: spec.columns,
      rows: spec.rows,
      title: '',
      labels: [],
      series: [{ name: '', values }],
      deletable: true,
    };
    const source = position(spec.source);
    const formula = this.engine.cell(source.row, source.col).formula ?? '';
    // The readable layout puts the months' table below the single values: its header row is the first
    // (within the spill's first rows) that names both a label and a value column.
    const rowText = (r: number): string[] => {
      const out: string[] = [];
      for (let c = source.col; ; c++) {
        const v = this.engine.cell(r, c).value;
        if (v === '' || v === null || v === undefined) break;
        out.push(String(v).toLowerCase());
      }
      return out;
    };
    let at = source;
    let headers = rowText(source.row);
    const find = (names: string[]) => names.map((n) => headers.indexOf(n.toLowerCase())).find((i) => i >= 0);
    for (let r = source.row; r < source.row + 60; r++) {
      headers = rowText(r);
      if (find(spec.labels) !== undefined && find(spec.values) !== undefined) {
        at = { row: r, col: source.col };
        break;
      }
    }
    const labelColumn = find(spec.labels);
    const valueColumn = find(spec.values);
    if (labelColumn === undefined || valueColumn === undefined) {
      view.title = formula || spec.source;
      view.empty = `No ${spec.values[0]} column at ${spec.source}: put a SEARCH_TREND table there.`;
      return view;
    }
    for (let r = at.row + 1; r < at.row + 1 + 120; r++) {
      const value = this.engine.cell(r, at.col + valueColumn).value;
      if (typeof value !== 'number') break;
      values.push(value);
      // As the cell shows it: a month is a date, not its serial number, under the format a script set
      // (Format results: "Nov 2025") before the one Sheets picks.
      const label = this.engine.cell(r, at.col + labelColumn);
      const format = this.formulaSheet.peek(r + 1, at.col + labelColumn + 1)?.format?.numberFormat ?? label.numberFormat;
      view.labels.push(typeof label.value === 'number' && format ? this.#display(label.value, format) : String(label.value));
    }
    // The series' name: the value beside its label among the single values above (the keyword).
    let series = '';
    for (let r = source.row; r < at.row; r++) {
      const label = String(this.engine.cell(r, source.col).value).toLowerCase();
      if (spec.series.some((n) => n.toLowerCase() === label)) series = String(this.engine.cell(r, source.col + 1).value);
    }
    view.title = series ? `Monthly searches: ${series}` : 'Monthly searches';
    if (!values.length) view.empty = 'No monthly values yet.';
    return view;
  }
}

/** 0-based position of an A1 cell. */
function position(a1: string): { row: number; col: number } {
  const ref = parseA1(a1);
  if (!ref || ref.startRow === null || ref.startColumn === null) throw new Error(`playground: bad cell ${a1}`);
  return { row: ref.startRow - 1, col: ref.startColumn - 1 };
}

/** A typed entry as an engine change. */
function change(a1: string, input: string): CellChange {
  const { row, col } = position(a1);
  return { row, col, content: input === '' ? null : input };
}

/**
 * What to set in the engine so it holds what the script left in the model's cell, or undefined when
 * they agree. A spilled cell the script cleared is left alone: the formula spills into it again.
 */
function contentToApply(
  formula: string | undefined,
  value: SheetCellValue,
  engine: EngineCell,
  timeZone: string,
): CellChange['content'] | undefined {
  if (formula !== undefined) return engine.formula === formula ? undefined : formula;
  if (engine.formula !== undefined) return asContent(value);
  if (engine.spilled) return value === '' || sameValue(value, engine.value, timeZone) ? undefined : asContent(value);
  return sameValue(value, engine.value, timeZone) ? undefined : asContent(value);
}

/** A model value as engine content: text stays text (a leading ' stops it being parsed). */
function asContent(value: SheetCellValue): CellChange['content'] {
  if (value === '') return null;
  if (typeof value === 'string') return `'${value}`;
  if (value instanceof Date) return `'${value.toISOString()}`;
  return value;
}

/**
 * Whether the model's value is what the engine holds: a Date a script wrote is held as its ISO text
 * (asContent); one a formula or a typed date gave is the engine's serial number.
 */
function sameValue(a: SheetCellValue, b: number | string | boolean, timeZone: string): boolean {
  if (a instanceof Date) return typeof b === 'number' ? Math.abs(serialNumber(a, timeZone) - b) < 1e-7 : a.toISOString() === b;
  return a === b;
}

function kindOf(value: SheetCellValue): CellView['k'] | undefined {
  if (typeof value === 'number' || value instanceof Date) return 'n';
  if (typeof value === 'boolean') return 'b';
  return undefined;
}

function unique<T extends { sheet?: number; row: number; col: number }>(cells: T[]): T[] {
  const seen = new Set<string>();
  return cells.filter((c) => {
    const key = `${c.sheet}:${c.row}:${c.col}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
