/**
 * The in-memory spreadsheet a runtime is bound to: ordered sheets of cells (a value, an optional
 * formula, a note, recorded formats), with Google's limits. It outlives executions (the runtime holds
 * it) and is what tests set up and inspect (`runtime.spreadsheet`). Formulas are not evaluated: a
 * formula cell keeps the value last stored (by a test, or by `evaluateFormula` if set).
 *
 * Script-facing objects (Spreadsheet, Sheet, Range) are in sheets.ts, SpreadsheetApp and the Ui in
 * spreadsheet.ts; they check arguments and auth modes and then call this model, which enforces the
 * sheet's bounds and limits.
 */
import { MAX_COLUMNS, a1Notation, parseA1, splitSheetName, type A1Ref } from './a1.js';
import { CELL_TOO_LONG_MESSAGE, TEXT_FORMAT, parseEntered, type CellValue } from './cell-values.js';
import { GasException } from '../execution/execution.js';
import { isDate, stringOf } from '../execution/realm.js';
import { MAX_CELL_TEXT } from '../execution/result.js';
import { DeveloperMetadataStore } from './developer-metadata-store.js';
import { ColumnWidths } from './column-widths.js';

export const SPREADSHEET_LIMITS = Object.freeze({
  /** Cells (rows × columns of every sheet, empty or not) in one spreadsheet. */
  maxCells: 10_000_000,
  maxColumns: MAX_COLUMNS,
  maxSheetNameLength: 100,
  maxCellChars: MAX_CELL_TEXT,
  defaultRows: 1000,
  defaultColumns: 26,
});

/** Google's messages (and dev/gas's own, marked so, where Google's wording is not known). */
export const SPREADSHEET_MESSAGES = Object.freeze({
  cellTooLong: CELL_TOO_LONG_MESSAGE,
  tooManyCells: `This action would increase the number of cells in the workbook above the limit of ${SPREADSHEET_LIMITS.maxCells} cells.`,
  tooManyColumns: `This action would increase the number of columns in the sheet above the limit of ${SPREADSHEET_LIMITS.maxColumns}.`,
  rangeNotFound: 'Range not found',
  outOfBounds: 'The coordinates of the range are outside the dimensions of the sheet.',
  startRowTooSmall: 'The starting row of the range is too small.',
  startColumnTooSmall: 'The starting column of the range is too small.',
  numRowsTooSmall: 'The number of rows in the range must be at least 1.',
  numColumnsTooSmall: 'The number of columns in the range must be at least 1.',
  lastSheet: "You can't remove all the sheets in a document.",
  /** The Sheets API's wording for hiding the last visible sheet (the Apps Script reference does not quote it). */
  lastVisibleSheet: "You can't hide all the sheets in a document.",
  sheetDeleted: 'The sheet has been deleted.',
  sheetNameTooLong: `The sheet name cannot be longer than ${SPREADSHEET_LIMITS.maxSheetNameLength} characters.`,
  sheetNameEmpty: 'The sheet name cannot be empty.',
  duplicateSheet: (name: string) => `A sheet with the name "${name}" already exists. Please enter another name.`,
  rowsMismatch: (data: number, range: number) =>
    `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`,
  columnsMismatch: (data: number, range: number) =>
    `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`,
});

/** Formats the script set (recorded, shown back by the getters; only numberFormat changes behaviour). */
export interface CellFormat {
  numberFormat?: string;
  background?: string;
  fontWeight?: string;
  fontStyle?: string;
  fontColor?: string;
  horizontalAlignment?: string;
}

/** One cell. An empty cell has value '' and nothing else (and is not stored). */
export interface Cell {
  value: CellValue;
  /** Starts with "="; the value is whatever was last stored for it. */
  formula?: string;
  note?: string;
  format?: CellFormat;
}

/** What a test may put in a cell: a value, or a cell with a formula (its value optional). */
export type CellInput = CellValue | null | undefined | { value?: CellValue; formula?: string; note?: string; format?: CellFormat };

/** Where a formula sits, for `evaluateFormula`. */
export interface FormulaSite {
  sheet: string;
  row: number;
  column: number;
}

/** A rectangle on one sheet, 1-based. */
export interface GridRect {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

/** A chart as the sheet keeps it (charts.ts; tests and the playground read these). */
export interface ChartModel {
  id: number;
  type: string;
  /** Its data, on its own sheet, in the order added. */
  ranges: GridRect[];
  /** setOption values, as given (title, width, height, legend…). */
  options: Record<string, unknown>;
  /** Anchor cell (1-based) and pixel offsets. */
  position: { row: number; column: number; offsetX: number; offsetY: number };
}

/** One conditional format rule as a sheet keeps it (conditional-formats.ts). */
export interface ConditionalFormatModel {
  condition: { type: 'NUMBER_GREATER_THAN' | 'NUMBER_LESS_THAN'; value: number };
  background: string | null;
  fontColor: string | null;
  ranges: GridRect[];
}

function isEmpty(cell: Cell): boolean {
  return cell.value === '' && cell.formula === undefined && cell.note === undefined && cell.format === undefined;
}

function copyValue(v: CellValue): CellValue {
  return v instanceof Date ? new Date(v.getTime()) : v;
}

function copyCell(c: Cell): Cell {
  const out: Cell = { value: copyValue(c.value) };
  if (c.formula !== undefined) out.formula = c.formula;
  if (c.note !== undefined) out.note = c.note;
  if (c.format !== undefined) out.format = { ...c.format };
  return out;
}

/** A value as a test hands it in: checked, Dates copied, null/undefined as ''. */
function testValue(v: unknown, where: string): CellValue {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isDate(v) && !Number.isNaN(v.getTime())) return new Date(v.getTime());
  throw new TypeError(`dev/gas: ${where} is not a cell value (string, finite number, boolean, valid Date or ''): ${stringOf(v)}`);
}

/** One sheet: a sparse grid of cells within maxRows × maxColumns. */
export class SheetModel {
  readonly id: number;
  name: string;
  maxRows: number;
  maxColumns: number;
  /** Set by deleteSheet; every later use of the sheet throws. */
  deleted = false;
  /** Hidden from the tab bar (Sheet.hideSheet); a test may set it directly. */
  hidden = false;
  frozenRows = 0;
  frozenColumns = 0;
  /** Each column's width in pixels (column-widths.ts); a test sets one as a user dragging its edge would. */
  readonly columnWidths = new ColumnWidths();
  /** Sheets' own charts on this sheet (charts.ts), in the order inserted; they go with the sheet. */
  readonly charts: ChartModel[] = [];
  /** Conditional format rules (conditional-formats.ts), as the last setConditionalFormatRules left them. */
  readonly conditionalFormats: ConditionalFormatModel[] = [];
  readonly #rows = new Map<number, Map<number, Cell>>();
  /** Where each formula cell's last result spilled (recalculate.ts records it), by "row,column". */
  readonly #spills = new Map<string, GridRect>();
  readonly #book: SpreadsheetModel;

  constructor(book: SpreadsheetModel, id: number, name: string, maxRows: number, maxColumns: number) {
    this.#book = book;
    this.id = id;
    this.name = name;
    this.maxRows = maxRows;
    this.maxColumns = maxColumns;
  }

  /** The spreadsheet holding the sheet. */
  get spreadsheet(): SpreadsheetModel {
    return this.#book;
  }

  /** 1-based position among the spreadsheet's sheets. */
  get index(): number {
    return this.#book.sheets.indexOf(this) + 1;
  }

  // ---- cells -----------------------------------------------------------------------------------

  /** The cell at (row, column), or undefined when empty. The object is the stored one: do not mutate. */
  peek(row: number, column: number): Cell | undefined {
    return this.#rows.get(row)?.get(column);
  }

  /** A copy of the cell (an empty cell is `{ value: '' }`). */
  cell(rowOrA1: number | string, column?: number): Cell {
    const [r, c] = this.#position(rowOrA1, column);
    const got = this.peek(r, c);
    return got ? copyCell(got) : { value: '' };
  }

  /**
   * Stores a cell as given (an empty one removes it). No limits: the model's callers check. A formula
   * removed (a value written over it, its content cleared) takes what it spilled with it, as in Sheets.
   */
  put(row: number, column: number, cell: Cell): void {
    if (cell.formula === undefined && this.peek(row, column)?.formula !== undefined) this.clearSpill(row, column);
    let line = this.#rows.get(row);
    if (isEmpty(cell)) {
      line?.delete(column);
      if (line && line.size === 0) this.#rows.delete(row);
      return;
    }
    if (!line) {
      line = new Map();
      this.#rows.set(row, line);
    }
    line.set(column, cell);
  }

  /** Changes a cell through `change` (given a copy, or `{ value: '' }`). */
  update(row: number, column: number, change: (cell: Cell) => void): void {
    const current = this.peek(row, column);
    const next: Cell = current ? { ...current } : { value: '' };
    change(next);
    this.put(row, column, next);
  }

  /**
   * Records where the formula at (row, column) spilled its result (the area includes its own cell).
   * @param area the rows and columns its result fills
   */
  recordSpill(row: number, column: number, area: GridRect): void {
    this.#spills.set(`${row},${column}`, { ...area });
  }

  /** Empties what the formula at (row, column) spilled last time (cells holding a formula stay) and forgets it. */
  clearSpill(row: number, column: number): void {
    const area = this.#spills.get(`${row},${column}`);
    if (!area) return;
    this.#spills.delete(`${row},${column}`);
    for (let r = area.row; r < area.row + area.numRows; r++) {
      for (let c = area.column; c < area.column + area.numColumns; c++) {
        if ((r === row && c === column) || this.peek(r, c)?.formula !== undefined) continue;
        this.update(r, c, (cell) => {
          cell.value = '';
        });
      }
    }
  }

  /** Cells with content in the rectangle, with their positions. */
  *cellsIn(rect: GridRect): Generator<[number, number, Cell]> {
    const lastRow = rect.row + rect.numRows - 1;
    const lastColumn = rect.column + rect.numColumns - 1;
    const rows = [...this.#rows.keys()].filter((r) => r >= rect.row && r <= lastRow).sort((a, b) => a - b);
    for (const r of rows) {
      const line = this.#rows.get(r) as Map<number, Cell>;
      const cols = [...line.keys()].filter((c) => c >= rect.column && c <= lastColumn).sort((a, b) => a - b);
      for (const c of cols) yield [r, c, line.get(c) as Cell];
    }
  }

  /** Last row holding a value or formula; 0 when there is none. */
  get lastRow(): number {
    let last = 0;
    for (const [r, line] of this.#rows) {
      if (r <= last) continue;
      for (const cell of line.values()) {
        if (cell.value !== '' || cell.formula !== undefined) {
          last = r;
          break;
        }
      }
    }
    return last;
  }

  /** Last column holding a value or formula; 0 when there is none. */
  get lastColumn(): number {
    let last = 0;
    for (const line of this.#rows.values()) {
      for (const [c, cell] of line) if (c > last && (cell.value !== '' || cell.formula !== undefined)) last = c;
    }
    return last;
  }

  // ---- structure -------------------------------------------------------------------------------

  /** Inserts `count` empty rows before row `before` (1-based; maxRows + 1 appends). */
  insertRows(before: number, count: number): void {
    this.#book.checkGrowth(count * this.maxColumns);
    this.#shiftRows(before, count);
    this.maxRows += count;
  }

  /** Inserts `count` empty columns before column `before`. */
  insertColumns(before: number, count: number): void {
    if (this.maxColumns + count > SPREADSHEET_LIMITS.maxColumns) throw new GasException(SPREADSHEET_MESSAGES.tooManyColumns);
    this.#book.checkGrowth(count * this.maxRows);
    this.#shiftColumns(before, count);
    this.columnWidths.shift(before, count);
    this.maxColumns += count;
  }

  /** Deletes rows [start, start + count). */
  deleteRows(start: number, count: number): void {
    for (let r = start; r < start + count; r++) this.#rows.delete(r);
    this.#shiftRows(start + count, -count);
    this.maxRows -= count;
  }

  /** Deletes columns [start, start + count). */
  deleteColumns(start: number, count: number): void {
    for (const line of this.#rows.values()) for (let c = start; c < start + count; c++) line.delete(c);
    this.#shiftColumns(start + count, -count);
    this.columnWidths.shift(start + count, -count);
    this.maxColumns -= count;
  }

  #shiftRows(from: number, by: number): void {
    const moved = [...this.#rows.entries()].filter(([r]) => r >= from).sort((a, b) => (by > 0 ? b[0] - a[0] : a[0] - b[0]));
    for (const [r, line] of moved) {
      this.#rows.delete(r);
      this.#rows.set(r + by, line);
    }
  }

  #shiftColumns(from: number, by: number): void {
    for (const line of this.#rows.values()) {
      const moved = [...line.entries()].filter(([c]) => c >= from).sort((a, b) => (by > 0 ? b[0] - a[0] : a[0] - b[0]));
      for (const [c, cell] of moved) {
        line.delete(c);
        line.set(c + by, cell);
      }
    }
  }

  /** Clears parts of every cell of the sheet. */
  clearAll(what: { contents?: boolean; formats?: boolean; notes?: boolean }): void {
    if (what.contents && what.formats && what.notes) {
      this.#rows.clear();
      this.#spills.clear();
      return;
    }
    this.clearRect({ row: 1, column: 1, numRows: this.maxRows, numColumns: this.maxColumns }, what);
  }

  /** Clears parts of the cells in `rect`. */
  clearRect(rect: GridRect, what: { contents?: boolean; formats?: boolean; notes?: boolean }): void {
    for (const [r, c] of [...this.cellsIn(rect)]) {
      this.update(r, c, (cell) => {
        if (what.contents) {
          cell.value = '';
          delete cell.formula;
        }
        if (what.formats) delete cell.format;
        if (what.notes) delete cell.note;
      });
    }
  }

  // ---- test helpers ----------------------------------------------------------------------------

  #position(rowOrA1: number | string, column?: number): [number, number] {
    if (typeof rowOrA1 === 'string') {
      const rect = this.rect(rowOrA1);
      return [rect.row, rect.column];
    }
    if (column === undefined) throw new TypeError('dev/gas: cell(row, column) needs a column');
    this.#checkInside({ row: rowOrA1, column, numRows: 1, numColumns: 1 });
    return [rowOrA1, column];
  }

  #checkInside(rect: GridRect): void {
    if (
      rect.row < 1 ||
      rect.column < 1 ||
      rect.row + rect.numRows - 1 > this.maxRows ||
      rect.column + rect.numColumns - 1 > this.maxColumns
    ) {
      throw new RangeError(
        `dev/gas: ${a1Notation(rect.row, rect.column, rect.numRows, rect.numColumns)} is outside sheet "${this.name}" (${this.maxRows}×${this.maxColumns})`,
      );
    }
  }

  /** The rectangle of an A1 reference on this sheet (no sheet name), for tests. */
  rect(a1: string): GridRect {
    const ref = parseA1(a1);
    if (!ref || ref.sheetName !== undefined) throw new RangeError(`dev/gas: "${a1}" is not an A1 reference on one sheet`);
    const rect = resolveRef(ref, this);
    if (!rect) throw new RangeError(`dev/gas: ${a1} is outside sheet "${this.name}" (${this.maxRows}×${this.maxColumns})`);
    return rect;
  }

  /** Values from A1 to the last row and column with content ([] when empty), as the test sees them. */
  get values(): CellValue[][] {
    return this.getValues();
  }

  /** Every cell from A1 to the last row and column with content, as copies. */
  get cells(): Cell[][] {
    // lastRow and lastColumn each scan every cell: read them once, not in the loop conditions.
    const data = this.#dataRect();
    return data ? this.#grid(data, (c) => (c ? copyCell(c) : { value: '' })) : [];
  }

  /** Values of an A1 range (default: the data range; [] when the sheet is empty). */
  getValues(a1?: string): CellValue[][] {
    const rect = a1 === undefined ? this.#dataRect() : this.rect(a1);
    return rect ? this.#grid(rect, (c) => copyValue(c?.value ?? '')) : [];
  }

  /** Formulas of an A1 range (default: the data range; [] when the sheet is empty). */
  getFormulas(a1?: string): string[][] {
    const rect = a1 === undefined ? this.#dataRect() : this.rect(a1);
    return rect ? this.#grid(rect, (c) => c?.formula ?? '') : [];
  }

  /** A1 to the last row and column with content; undefined when the sheet has none. */
  #dataRect(): GridRect | undefined {
    const numRows = this.lastRow;
    return numRows === 0 ? undefined : { row: 1, column: 1, numRows, numColumns: this.lastColumn };
  }

  #grid<T>(rect: GridRect, pick: (cell: Cell | undefined) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < rect.numRows; r++) {
      const line: T[] = [];
      for (let c = 0; c < rect.numColumns; c++) line.push(pick(this.peek(rect.row + r, rect.column + c)));
      out.push(line);
    }
    return out;
  }

  /**
   * Stores cells from `topLeft` (default "A1") as given: strings stay strings (no "typed" conversion,
   * no size limits), `{ formula, value }` sets a formula cell. Grows the sheet if the rows don't fit.
   */
  setValues(topLeftOrRows: string | readonly (readonly CellInput[])[], maybeRows?: readonly (readonly CellInput[])[]): this {
    const [topLeft, rows] = typeof topLeftOrRows === 'string' ? [topLeftOrRows, maybeRows ?? []] : ['A1', topLeftOrRows];
    const start = this.rect(topLeft);
    const width = Math.max(0, ...rows.map((r) => r.length));
    if (start.row + rows.length - 1 > this.maxRows) this.maxRows = start.row + rows.length - 1;
    if (start.column + width - 1 > this.maxColumns) this.maxColumns = start.column + width - 1;
    rows.forEach((line, i) =>
      line.forEach((input, j) => {
        const where = `${this.name}!${a1Notation(start.row + i, start.column + j, 1, 1)}`;
        this.put(start.row + i, start.column + j, cellFromInput(input, where, this.peek(start.row + i, start.column + j)));
      }),
    );
    return this;
  }

  /** Sets one cell's formula (and the value it shows; default: keeps the stored value). */
  setFormula(a1: string, formula: string, value?: CellValue): this {
    if (!formula.startsWith('=')) throw new TypeError(`dev/gas: a formula starts with "=": ${formula}`);
    const { row, column } = this.rect(a1);
    this.update(row, column, (cell) => {
      cell.formula = formula;
      if (value !== undefined) cell.value = testValue(value, a1);
    });
    return this;
  }

  /** Sets the value a formula cell shows (what a formula engine would compute), keeping the formula. */
  setComputedValue(a1: string, value: CellValue): this {
    const { row, column } = this.rect(a1);
    this.update(row, column, (cell) => {
      cell.value = testValue(value, a1);
    });
    return this;
  }

  /** Sets a note ('' removes it). */
  setNote(a1: string, note: string): this {
    const { row, column } = this.rect(a1);
    this.update(row, column, (cell) => {
      if (note === '') delete cell.note;
      else cell.note = note;
    });
    return this;
  }
}

function cellFromInput(input: CellInput, where: string, existing: Cell | undefined): Cell {
  const keep: Cell = existing ? copyCell(existing) : { value: '' };
  if (input !== null && typeof input === 'object' && !isDate(input)) {
    const out: Cell = { value: testValue(input.value, where) };
    if (input.formula !== undefined) {
      if (!input.formula.startsWith('=')) throw new TypeError(`dev/gas: the formula at ${where} does not start with "="`);
      out.formula = input.formula;
    }
    if (input.note !== undefined) out.note = input.note;
    const format = input.format ?? keep.format;
    if (format !== undefined) out.format = { ...format };
    return out;
  }
  const out: Cell = { value: testValue(input, where) };
  if (keep.note !== undefined) out.note = keep.note;
  if (keep.format !== undefined) out.format = keep.format;
  return out;
}

/** The rectangle an A1 reference covers on `sheet`, or null when it is outside the sheet. */
export function resolveRef(ref: A1Ref, sheet: SheetModel): GridRect | null {
  const row = ref.startRow ?? 1;
  const column = ref.startColumn ?? 1;
  const endRow = ref.endRow ?? sheet.maxRows;
  const endColumn = ref.endColumn ?? sheet.maxColumns;
  if (endRow > sheet.maxRows || endColumn > sheet.maxColumns || row > endRow || column > endColumn) return null;
  return { row, column, numRows: endRow - row + 1, numColumns: endColumn - column + 1 };
}

export interface SpreadsheetModelOptions {
  id: string;
  name: string;
  /** The owner's email, or null for a file in a shared drive (no single owner). */
  owner?: string | null;
  /** Emails with edit access besides the owner. */
  editors?: readonly string[];
  timeZone: string;
  locale?: string;
  /** The runtime's clock (dates typed without a year use the current one). */
  now?: () => number;
}

/** A toast the script showed. */
export interface ToastRecord {
  message: string;
  title: string;
  timeoutSeconds: number;
  executionId: number;
  user: string;
  /** The spreadsheet it was shown on (an opened one's toast is recorded too, though no user sees it). */
  documentId: string;
}

/** The active sheet and the active (current) range, as the user left them. */
export interface ActiveSelection {
  sheet: SheetModel;
  rect: GridRect;
}

/** One named range as the spreadsheet holds it (the script-facing objects are in named-ranges.ts). */
export interface NamedRangeRecord {
  name: string;
  sheet: SheetModel;
  rect: GridRect;
}

/** Google's wording for these is not documented: dev/gas's own, in Apps Script's style. */
export const NAMED_RANGE_MESSAGES = Object.freeze({
  invalidName: (name: string) =>
    `The name "${name}" is not a valid range name: use 1–250 letters, numbers and underscores, not starting with a number, not TRUE or FALSE, and not a cell reference (A1, R1C1).`,
  notFound: (name: string) => `No named range "${name}" exists.`,
  removed: 'This named range has been removed.',
});

/** Why `name` breaks Google's rules, or null when it is a valid range name. */
export function namedRangeProblem(name: string): string | null {
  const invalid = NAMED_RANGE_MESSAGES.invalidName(name);
  if (name.length < 1 || name.length > 250) return invalid;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return invalid;
  if (/^(true|false)$/i.test(name)) return invalid;
  if (parseA1(name) !== null) return invalid; // A1, AB12, ...
  if (/^R\d*C\d*$/i.test(name)) return invalid; // R1C1, R2C, RC3, RC
  return null;
}

/** The named ranges of one spreadsheet (SpreadsheetModel.namedRanges). */
export class NamedRangeStore {
  readonly #byKey = new Map<string, NamedRangeRecord>();

  /** Every named range, in creation order. */
  get list(): NamedRangeRecord[] {
    return [...this.#byKey.values()];
  }

  get(name: string): NamedRangeRecord | undefined {
    return this.#byKey.get(name.toLowerCase());
  }

  /** Names `rect` on `sheet` (an existing name moves); Google's name rules apply. */
  set(name: string, sheet: SheetModel, rect: GridRect): NamedRangeRecord {
    const problem = namedRangeProblem(name);
    if (problem) throw new GasException(problem);
    const existing = this.get(name);
    if (existing) {
      existing.sheet = sheet;
      existing.rect = { ...rect };
      return existing;
    }
    const record = { name, sheet, rect: { ...rect } };
    this.#byKey.set(name.toLowerCase(), record);
    return record;
  }

  remove(name: string): boolean {
    return this.#byKey.delete(name.toLowerCase());
  }

  /** Renames (Google's rules; the new name must be free). */
  rename(record: NamedRangeRecord, to: string): void {
    const problem = namedRangeProblem(to);
    if (problem) throw new GasException(problem);
    const clash = this.get(to);
    if (clash && clash !== record) throw new GasException(NAMED_RANGE_MESSAGES.invalidName(to));
    this.#byKey.delete(record.name.toLowerCase());
    record.name = to;
    this.#byKey.set(to.toLowerCase(), record);
  }

  /** Drops the named ranges of a deleted sheet. */
  removeSheet(sheet: SheetModel): void {
    for (const [key, r] of this.#byKey) if (r.sheet === sheet) this.#byKey.delete(key);
  }
}

/** The spreadsheet: ordered sheets, the active selection, limits, and helpers for tests. */
export class SpreadsheetModel {
  readonly id: string;
  name: string;
  timeZone: string;
  locale: string;
  /** The owner's email, or null for a file in a shared drive (Spreadsheet.getOwner() is then null). */
  owner: string | null;
  /** Who may edit it besides the owner (runtime.shareSpreadsheet / unshareSpreadsheet change it). */
  readonly editors: string[];
  /** Set when the file is trashed or deleted (runtime.deleteSpreadsheet): it can no longer be opened. */
  deleted = false;
  readonly sheets: SheetModel[] = [];
  /** Key/value metadata at the spreadsheet and its sheets (developer-metadata.ts); tests may inspect `.list` and `add()`. */
  readonly developerMetadata = new DeveloperMetadataStore();
  /** Named ranges (named-ranges.ts). */
  readonly namedRanges = new NamedRangeStore();
  /**
   * Called when a script writes a formula; what it returns becomes the cell's value (undefined keeps
   * the stored one). Unset: formulas are not evaluated. For a later formula engine or a test stub.
   */
  evaluateFormula: ((formula: string, site: FormulaSite) => CellValue | undefined) | undefined;
  /** Spreadsheet service calls made by scripts (reads and writes), e.g. to spot cell-by-cell loops. */
  readonly stats = { reads: 0, writes: 0, flushes: 0 };
  readonly now: () => number;
  #active: ActiveSelection;
  #nextSheetId = 0;
  #nextChartId = 0;

  constructor(options: SpreadsheetModelOptions) {
    this.id = options.id;
    this.name = options.name;
    this.owner = options.owner === undefined ? null : options.owner;
    this.editors = [...(options.editors ?? [])];
    this.timeZone = options.timeZone;
    this.locale = options.locale ?? 'en_US';
    this.now = options.now ?? Date.now;
    const first = this.#create('Sheet1', SPREADSHEET_LIMITS.defaultRows, SPREADSHEET_LIMITS.defaultColumns, 0);
    this.#active = { sheet: first, rect: { row: 1, column: 1, numRows: 1, numColumns: 1 } };
  }

  /** Sheet ids as Google makes them: 0 for the first sheet, then large numbers unrelated to the position. */
  #newSheetId(): number {
    const n = this.#nextSheetId++;
    if (n === 0) return 0;
    return (Math.imul(n, 0x9e3779b1) >>> 1) % 2_000_000_000 || n;
  }

  /** A chart id as Google gives them: a large number, unique in the spreadsheet. */
  newChartId(): number {
    const n = ++this.#nextChartId;
    return (Math.imul(n, 0x2545f491) >>> 1) % 2_000_000_000 || n;
  }

  #create(name: string, rows: number, columns: number, index: number): SheetModel {
    const sheet = new SheetModel(this, this.#newSheetId(), name, rows, columns);
    this.sheets.splice(index, 0, sheet);
    return sheet;
  }

  /** Cells of every sheet (rows × columns). */
  get totalCells(): number {
    return this.sheets.reduce((n, s) => n + s.maxRows * s.maxColumns, 0);
  }

  /** Throws Google's error if `extra` cells would pass the 10,000,000-cell limit. */
  checkGrowth(extra: number): void {
    if (this.totalCells + extra > SPREADSHEET_LIMITS.maxCells) throw new GasException(SPREADSHEET_MESSAGES.tooManyCells);
  }

  /** Google's rules for a new sheet name (`except`: the sheet being renamed). */
  checkSheetName(name: string, except?: SheetModel): void {
    if (name === '') throw new GasException(SPREADSHEET_MESSAGES.sheetNameEmpty);
    if (name.length > SPREADSHEET_LIMITS.maxSheetNameLength) throw new GasException(SPREADSHEET_MESSAGES.sheetNameTooLong);
    const clash = this.sheets.find((s) => s !== except && s.name.toLowerCase() === name.toLowerCase());
    if (clash) throw new GasException(SPREADSHEET_MESSAGES.duplicateSheet(name));
  }

  /** The sheet named `name` (case-insensitive, as Sheets), or undefined. */
  findSheet(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name) ?? this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  /** A name for insertSheet() without one: "Sheet2", "Sheet3"... the first free. */
  nextSheetName(): string {
    for (let n = this.sheets.length + 1; ; n++) if (!this.findSheet(`Sheet${n}`)) return `Sheet${n}`;
  }

  /** Inserts a sheet as the script does (limits and name rules checked; 0-based index). */
  insertSheet(name: string | undefined, index?: number, size?: { rows?: number; columns?: number }): SheetModel {
    const sheetName = name ?? this.nextSheetName();
    this.checkSheetName(sheetName);
    const rows = size?.rows ?? SPREADSHEET_LIMITS.defaultRows;
    const columns = size?.columns ?? SPREADSHEET_LIMITS.defaultColumns;
    if (columns > SPREADSHEET_LIMITS.maxColumns) throw new GasException(SPREADSHEET_MESSAGES.tooManyColumns);
    this.checkGrowth(rows * columns);
    return this.#create(sheetName, rows, columns, index ?? this.sheets.length);
  }

  /** Removes a sheet (not the last one). */
  removeSheet(sheet: SheetModel): void {
    const i = this.sheets.indexOf(sheet);
    if (i < 0) throw new GasException(SPREADSHEET_MESSAGES.sheetDeleted);
    if (this.sheets.length === 1) throw new GasException(SPREADSHEET_MESSAGES.lastSheet);
    this.sheets.splice(i, 1);
    sheet.deleted = true;
    this.developerMetadata.removeSheet(sheet.id);
    this.namedRanges.removeSheet(sheet);
    if (this.#active.sheet === sheet) {
      this.#active = { sheet: this.firstVisibleSheet(), rect: { row: 1, column: 1, numRows: 1, numColumns: 1 } };
    }
  }

  /** The first sheet not hidden (the first sheet if all are, which Google never allows). */
  firstVisibleSheet(): SheetModel {
    return this.sheets.find((s) => !s.hidden) ?? (this.sheets[0] as SheetModel);
  }

  /** Hides a sheet as Sheet.hideSheet() does: never the last visible one; the active sheet moves on. */
  hideSheet(sheet: SheetModel): void {
    if (sheet.hidden) return;
    if (!this.sheets.some((s) => s !== sheet && !s.hidden)) throw new GasException(SPREADSHEET_MESSAGES.lastVisibleSheet);
    sheet.hidden = true;
    if (this.#active.sheet === sheet) this.activateSheet(this.firstVisibleSheet());
  }

  /** Whether `email` may open and edit it (owner or editor). */
  hasAccess(email: string): boolean {
    return this.owner === email || this.editors.includes(email);
  }

  /** The active sheet and range. */
  get active(): ActiveSelection {
    return this.#active;
  }

  /** Makes a sheet active (its selection: A1), as Sheet.activate() does. */
  activateSheet(sheet: SheetModel): void {
    if (this.#active.sheet !== sheet) this.#active = { sheet, rect: { row: 1, column: 1, numRows: 1, numColumns: 1 } };
  }

  /** Selects a range (Range.activate()). */
  activateRange(sheet: SheetModel, rect: GridRect): void {
    this.#active = { sheet, rect: { ...rect } };
  }

  /**
   * Where parsing and formula evaluation go when the script writes `text` as a value (a typed entry).
   * Returns the cell to store (formats and notes kept).
   */
  enteredCell(existing: Cell | undefined, input: CellValue, site: FormulaSite): Cell {
    const cell: Cell = existing ? { ...existing } : { value: '' };
    delete cell.formula;
    if (typeof input === 'string') {
      const plainText = cell.format?.numberFormat === TEXT_FORMAT;
      const entered = parseEntered(input, { timeZone: this.timeZone, now: this.now(), plainText });
      if (entered.formula !== undefined) return this.formulaCell(existing, entered.formula, site);
      cell.value = entered.value;
      if (entered.format && cell.format?.numberFormat === undefined) cell.format = { ...cell.format, numberFormat: entered.format };
      return cell;
    }
    cell.value = input;
    if (input instanceof Date && cell.format?.numberFormat === undefined) {
      cell.format = { ...cell.format, numberFormat: 'M/d/yyyy H:mm:ss' };
    }
    return cell;
  }

  /** The cell after the script writes `formula` ('' clears the content). */
  formulaCell(existing: Cell | undefined, formula: string, site: FormulaSite): Cell {
    const cell: Cell = existing ? { ...existing } : { value: '' };
    if (formula === '') {
      cell.value = '';
      delete cell.formula;
      return cell;
    }
    cell.formula = formula;
    const computed = this.evaluateFormula?.(formula, site);
    if (computed !== undefined) cell.value = computed;
    return cell;
  }

  // ---- test helpers ----------------------------------------------------------------------------

  /**
   * Adds a sheet (at the end, or at 0-based `index`). `rows` are stored as given (see
   * SheetModel.setValues); the sheet is 1000×26 or larger if the rows need it.
   */
  addSheet(
    name: string,
    rows: readonly (readonly CellInput[])[] = [],
    opts: { maxRows?: number; maxColumns?: number; index?: number } = {},
  ): SheetModel {
    try {
      this.checkSheetName(name);
    } catch (e) {
      throw new Error(`dev/gas: addSheet: ${(e as Error).message}`, { cause: e });
    }
    const width = Math.max(0, ...rows.map((r) => r.length));
    const sheet = this.#create(
      name,
      Math.max(opts.maxRows ?? SPREADSHEET_LIMITS.defaultRows, rows.length),
      Math.max(opts.maxColumns ?? SPREADSHEET_LIMITS.defaultColumns, width),
      opts.index ?? this.sheets.length,
    );
    if (rows.length) sheet.setValues('A1', rows);
    return sheet;
  }

  /** The sheet named `name`; throws (a test error) when there is none. */
  sheet(name: string): SheetModel {
    const found = this.findSheet(name);
    if (!found) throw new Error(`dev/gas: no sheet named "${name}" (sheets: ${this.sheets.map((s) => s.name).join(', ')})`);
    return found;
  }

  /** Removes a sheet by name (test setup; the last sheet cannot go). */
  deleteSheet(name: string): void {
    this.removeSheet(this.sheet(name));
  }

  /** Renames a sheet (test setup; Google's name rules apply). */
  renameSheet(name: string, to: string): void {
    const sheet = this.sheet(name);
    this.checkSheetName(to, sheet);
    sheet.name = to;
  }

  /** Sets what the user has selected: getActiveSheet(), getActiveRange(), getCurrentCell() (and a custom function's own cell). */
  setActive(sheetName: string, a1 = 'A1'): void {
    const sheet = this.sheet(sheetName);
    this.activateRange(sheet, sheet.rect(a1));
  }

  #locate(ref: string): { sheet: SheetModel; a1: string } {
    const split = parseA1(ref) && splitSheetName(ref.trim());
    if (!split) throw new RangeError(`dev/gas: "${ref}" is not an A1 reference`);
    const sheet = split.sheetName !== undefined ? this.sheet(split.sheetName) : this.#active.sheet;
    return { sheet, a1: split.cells };
  }

  /** Values of "Sheet!A1:B2" (or of the active sheet without a name). */
  getValues(ref: string): CellValue[][] {
    const { sheet, a1 } = this.#locate(ref);
    return sheet.getValues(a1);
  }

  /** Formulas of "Sheet!A1:B2". */
  getFormulas(ref: string): string[][] {
    const { sheet, a1 } = this.#locate(ref);
    return sheet.getFormulas(a1);
  }

  /** Stores `rows` from the top-left cell of "Sheet!A1", as given (see SheetModel.setValues). */
  setValues(ref: string, rows: readonly (readonly CellInput[])[]): void {
    const { sheet, a1 } = this.#locate(ref);
    sheet.setValues(a1, rows);
  }

  /** Puts a formula in "Sheet!A1" (and the value it shows). */
  setFormula(ref: string, formula: string, value?: CellValue): void {
    const { sheet, a1 } = this.#locate(ref);
    sheet.setFormula(a1, formula, value);
  }

  /** One cell of "Sheet!A1", as a copy. */
  cell(ref: string): Cell {
    const { sheet, a1 } = this.#locate(ref);
    return sheet.cell(a1);
  }
}
