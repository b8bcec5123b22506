/**
 * The document objects the script handles: Spreadsheet, Sheet and Range, backed by the runtime's
 * SpreadsheetModel (sheet-model.ts). They check arguments like Apps Script (signature errors, range
 * bounds, data dimensions, the 50,000-character cell limit), refuse writes in custom functions
 * ("You do not have permission to call setValues"), and store written text as Sheets would if it were
 * typed ("007" becomes 7; see cell-values.ts). Each call makes new objects, as Google does.
 */
import { columnLetters, a1Notation, parseA1 } from './a1.js';
import { CELL_TOO_LONG_MESSAGE, displayValue, type CellValue } from './cell-values.js';
import { MAX_CELL_TEXT } from '../execution/result.js';
import { GasException } from '../execution/execution.js';
import { describeValue, isDate } from '../execution/realm.js';
import { GasObject, signatureError, unwrap } from '../execution/service.js';
import { UserFake } from '../services/session.js';
import { checkWrite, type DocumentContext, type DocumentHandles } from './document-context.js';
import { DeveloperMetadataFake, DeveloperMetadataFinderFake, addDeveloperMetadata, metadataAt } from './developer-metadata.js';
import { ConditionalFormatRuleFake, getConditionalFormatRules, setConditionalFormatRules } from './conditional-formats.js';
import { EmbeddedChartBuilderFake, EmbeddedChartFake, getCharts, insertChart, newChart, removeChart, updateChart } from './charts.js';
import { NamedRangeFake, rangeByName, removeNamedRange, setNamedRange } from './named-ranges.js';
import { fittedWidth } from './column-widths.js';
import {
  SPREADSHEET_MESSAGES as MSG,
  resolveRef,
  type Cell,
  type CellFormat,
  type GridRect,
  type SheetModel,
  type SpreadsheetModel,
} from './sheet-model.js';

/** Google's messages for row/column insertions and deletions out of the sheet. */
export const STRUCTURE_MESSAGES = Object.freeze({
  rowsOutOfBounds: 'Those rows are out of bounds.',
  columnsOutOfBounds: 'Those columns are out of bounds.',
  deleteAllRows: "You can't delete all the rows on the sheet.",
  deleteAllColumns: "You can't delete all the columns on the sheet.",
  cellOutOfRange: 'Cell reference out of range',
});

/** A spreadsheet's URL as Google gives it. */
export function spreadsheetUrl(id: string): string {
  return `https://docs.google.com/spreadsheets/d/${id}/edit`;
}

function countRead(ctx: DocumentContext): void {
  ctx.book.stats.reads++;
}

function live(sheet: SheetModel): SheetModel {
  if (sheet.deleted) throw new GasException(MSG.sheetDeleted);
  return sheet;
}

/** Numbers Apps Script takes as Integer: a non-integer is refused here (Google truncates it silently). */
function integers(method: string, args: readonly unknown[], from: number, count: number): void {
  for (let i = from; i < from + count && i < args.length; i++) {
    const v = args[i];
    if (typeof v !== 'number') throw signatureError(method, args);
    if (!Number.isInteger(v)) {
      throw new GasException(
        `dev/gas: ${method} got ${v} where Apps Script takes an integer (Google truncates it silently; round it yourself).`,
      );
    }
  }
}

/** A value the script writes, checked: '' for null/undefined; refuses what Sheets would store as nonsense. */
function cellValueFromScript(v: unknown, method: string, where: string): CellValue {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') {
    if (v.length > MAX_CELL_TEXT) throw new GasException(CELL_TOO_LONG_MESSAGE);
    return v;
  }
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (isDate(v) && !Number.isNaN(v.getTime())) return new Date(v.getTime());
  const what = isDate(v) ? 'an invalid Date' : Array.isArray(v) ? 'a nested array' : describeValue(v);
  throw new GasException(
    `dev/gas: ${method} cannot store ${what}${where}: Sheets would show meaningless text ("NaN", "{a=1}"...). Write a string, number, boolean or Date.`,
  );
}

function checkFormulaText(v: unknown, method: string, args: readonly unknown[]): string {
  if (typeof v !== 'string') throw signatureError(method, args);
  if (v.length > MAX_CELL_TEXT) throw new GasException(CELL_TOO_LONG_MESSAGE);
  return v;
}

/** Checks the data's dimensions against the range's, with Google's messages. */
function checkDimensions(data: unknown, rect: GridRect, method: string, args: readonly unknown[]): unknown[][] {
  if (!Array.isArray(data) || !data.every((row) => Array.isArray(row))) throw signatureError(method, args);
  const rows = data as unknown[][];
  if (rows.length !== rect.numRows) throw new GasException(MSG.rowsMismatch(rows.length, rect.numRows));
  for (const row of rows) {
    if (row.length !== rect.numColumns) throw new GasException(MSG.columnsMismatch(row.length, rect.numColumns));
  }
  return rows;
}

/** A `Spreadsheet`. */
export class SpreadsheetFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.Spreadsheet';
  readonly #ctx: DocumentContext;

  constructor(ctx: DocumentContext) {
    super();
    this.#ctx = ctx;
  }

  get #book(): SpreadsheetModel {
    return this.#ctx.book;
  }

  getId(): string {
    return this.#book.id;
  }
  getName(): string {
    return this.#book.name;
  }
  rename(...args: unknown[]): void {
    if (typeof args[0] !== 'string') throw signatureError('SpreadsheetApp.Spreadsheet.rename', args);
    checkWrite(this.#ctx, 'rename');
    this.#book.name = args[0];
  }
  getUrl(): string {
    return spreadsheetUrl(this.#book.id);
  }
  /** The owner, or null for a spreadsheet in a shared drive (as Google documents). */
  getOwner(): UserFake | null {
    const owner = this.#book.owner;
    return owner === null ? null : new UserFake(this.#ctx.showEmail(owner));
  }
  /**
   * Everyone with edit access: the owner first (Google is silent on whether the owner is listed: a
   * caller must not count on either), then the editors; an email where Google hides it is "".
   */
  getEditors(): UserFake[] {
    const { owner, editors } = this.#book;
    return [...(owner === null ? [] : [owner]), ...editors].map((email) => new UserFake(this.#ctx.showEmail(email)));
  }
  getSpreadsheetTimeZone(): string {
    return this.#book.timeZone;
  }
  setSpreadsheetTimeZone(...args: unknown[]): void {
    const [tz] = args;
    if (typeof tz !== 'string') throw signatureError('SpreadsheetApp.Spreadsheet.setSpreadsheetTimeZone', args);
    checkWrite(this.#ctx, 'setSpreadsheetTimeZone');
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
    } catch {
      throw new GasException('Invalid argument: timeZone');
    }
    this.#book.timeZone = tz;
  }
  getSpreadsheetLocale(): string {
    return this.#book.locale;
  }

  getSheets(): SheetFake[] {
    countRead(this.#ctx);
    return this.#book.sheets.map((s) => new SheetFake(this.#ctx, s));
  }
  getNumSheets(): number {
    return this.#book.sheets.length;
  }

  getSheetByName(...args: unknown[]): SheetFake | null {
    if (typeof args[0] !== 'string') throw signatureError('SpreadsheetApp.Spreadsheet.getSheetByName', args);
    countRead(this.#ctx);
    const sheet = this.#book.findSheet(args[0]);
    return sheet ? new SheetFake(this.#ctx, sheet) : null;
  }

  getSheetById(...args: unknown[]): SheetFake | null {
    if (typeof args[0] !== 'number') throw signatureError('SpreadsheetApp.Spreadsheet.getSheetById', args);
    const sheet = this.#book.sheets.find((s) => s.id === args[0]);
    return sheet ? new SheetFake(this.#ctx, sheet) : null;
  }

  /**
   * insertSheet(), (sheetIndex), (sheetName), (sheetName, sheetIndex); sheetIndex is 0-based. The new
   * sheet becomes the active sheet. Options (templates) are not modelled.
   */
  insertSheet(...args: unknown[]): SheetFake {
    const method = 'SpreadsheetApp.Spreadsheet.insertSheet';
    let name: string | undefined;
    let index: number | undefined;
    const [a, b] = args;
    if (args.length > 2) throw new GasException('dev/gas: insertSheet options (templates) are not modelled.');
    if (typeof a === 'string') {
      name = a;
      if (b !== undefined) {
        if (typeof b !== 'number') throw signatureError(method, args);
        index = b;
      }
    } else if (typeof a === 'number') {
      index = a;
      if (b !== undefined) throw new GasException('dev/gas: insertSheet options (templates) are not modelled.');
    } else if (a !== undefined) {
      throw signatureError(method, args);
    }
    checkWrite(this.#ctx, 'insertSheet');
    if (index !== undefined) {
      integers(method, [index], 0, 1);
      if (index < 0 || index > this.#book.sheets.length) throw new GasException(`Invalid argument: sheetIndex`);
    }
    const sheet = this.#book.insertSheet(name, index);
    this.#book.activateSheet(sheet);
    return new SheetFake(this.#ctx, sheet);
  }

  deleteSheet(...args: unknown[]): void {
    const target = unwrap(args[0]);
    if (!(target instanceof SheetFake)) throw signatureError('SpreadsheetApp.Spreadsheet.deleteSheet', args);
    checkWrite(this.#ctx, 'deleteSheet');
    this.#book.removeSheet(live(SheetFake.modelOf(target)));
  }

  getActiveSheet(): SheetFake {
    return new SheetFake(this.#ctx, this.#book.active.sheet);
  }

  setActiveSheet(...args: unknown[]): SheetFake {
    const target = unwrap(args[0]);
    if (!(target instanceof SheetFake)) throw signatureError('SpreadsheetApp.Spreadsheet.setActiveSheet', args);
    checkWrite(this.#ctx, 'setActiveSheet');
    this.#book.activateSheet(live(SheetFake.modelOf(target)));
    return target;
  }

  getActiveRange(): RangeFake {
    const { sheet, rect } = this.#book.active;
    return new RangeFake(this.#ctx, sheet, rect);
  }

  getCurrentCell(): RangeFake {
    const { sheet, rect } = this.#book.active;
    return new RangeFake(this.#ctx, sheet, { row: rect.row, column: rect.column, numRows: 1, numColumns: 1 });
  }

  /** "Sheet!A1:B2", or "A1:B2" on the active sheet. */
  getRange(...args: unknown[]): RangeFake {
    if (typeof args[0] !== 'string' || args.length !== 1) throw signatureError('SpreadsheetApp.Spreadsheet.getRange', args);
    return rangeFromA1(this.#ctx, args[0], this.#book.active.sheet);
  }

  /** The named range's Range, or null when there is no such name. */
  getRangeByName(...args: unknown[]): GasObject | null {
    return rangeByName(this.#ctx, args);
  }

  /** Names a range (Google's name rules; an existing name moves to the new range). */
  setNamedRange(...args: unknown[]): void {
    setNamedRange(this.#ctx, args);
  }

  getNamedRanges(): NamedRangeFake[] {
    return this.#book.namedRanges.list.filter((r) => !r.sheet.deleted).map((r) => new NamedRangeFake(this.#ctx, r));
  }

  removeNamedRange(...args: unknown[]): void {
    removeNamedRange(this.#ctx, args);
  }

  /** addDeveloperMetadata(key), (key, visibility), (key, value), (key, value, visibility) on the spreadsheet. */
  addDeveloperMetadata(...args: unknown[]): this {
    addDeveloperMetadata(this.#ctx, null, 'SpreadsheetApp.Spreadsheet.addDeveloperMetadata', args);
    return this;
  }

  /** The metadata attached to the spreadsheet itself (not its sheets) that this project can see. */
  getDeveloperMetadata(): DeveloperMetadataFake[] {
    return metadataAt(this.#ctx, null);
  }

  /** Searches the metadata of the spreadsheet and of its sheets. */
  createDeveloperMetadataFinder(): DeveloperMetadataFinderFake {
    return new DeveloperMetadataFinderFake(this.#ctx);
  }

  /** Recorded in `runtime.toasts`. Default timeout 5 s; a negative one stays until closed. */
  toast(...args: unknown[]): void {
    const [message, title, timeout] = args;
    if (
      args.length < 1 ||
      args.length > 3 ||
      typeof message !== 'string' ||
      (title !== undefined && typeof title !== 'string') ||
      (timeout !== undefined && typeof timeout !== 'number')
    ) {
      throw signatureError('SpreadsheetApp.Spreadsheet.toast', args);
    }
    checkWrite(this.#ctx, 'toast');
    this.#ctx.toasts.push({
      message,
      title: title ?? '',
      timeoutSeconds: timeout ?? 5,
      executionId: this.#ctx.exec.id,
      user: this.#ctx.exec.userEmail,
      documentId: this.#book.id,
    });
  }
}

/** A range from A1 notation: a named sheet, else `sheet`. Unknown sheet, bad notation or outside: "Range not found". */
function rangeFromA1(ctx: DocumentContext, a1: string, sheet: SheetModel): RangeFake {
  countRead(ctx);
  const ref = parseA1(a1);
  if (!ref) throw new GasException(MSG.rangeNotFound);
  const target = ref.sheetName !== undefined ? ctx.book.findSheet(ref.sheetName) : live(sheet);
  if (!target) throw new GasException(MSG.rangeNotFound);
  const rect = resolveRef(ref, target);
  if (!rect) throw new GasException(MSG.rangeNotFound);
  return new RangeFake(ctx, target, rect, ref.whole);
}

/** Google's checks for a range given by numbers. */
function checkRect(sheet: SheetModel, rect: GridRect): void {
  if (rect.row < 1) throw new GasException(MSG.startRowTooSmall);
  if (rect.column < 1) throw new GasException(MSG.startColumnTooSmall);
  if (rect.numRows < 1) throw new GasException(MSG.numRowsTooSmall);
  if (rect.numColumns < 1) throw new GasException(MSG.numColumnsTooSmall);
  if (rect.row + rect.numRows - 1 > sheet.maxRows || rect.column + rect.numColumns - 1 > sheet.maxColumns) {
    throw new GasException(MSG.outOfBounds);
  }
}

/** A `Sheet`. */
export class SheetFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.Sheet';
  readonly #ctx: DocumentContext;
  readonly #model: SheetModel;

  constructor(ctx: DocumentContext, model: SheetModel) {
    super();
    this.#ctx = ctx;
    this.#model = model;
  }

  static modelOf(sheet: SheetFake): SheetModel {
    return sheet.#model;
  }

  get #sheet(): SheetModel {
    return live(this.#model);
  }

  getName(): string {
    return this.#sheet.name;
  }

  setName(...args: unknown[]): this {
    const [name] = args;
    if (typeof name !== 'string') throw signatureError('SpreadsheetApp.Sheet.setName', args);
    checkWrite(this.#ctx, 'setName');
    const sheet = this.#sheet;
    this.#ctx.book.checkSheetName(name, sheet);
    sheet.name = name;
    return this;
  }

  getSheetId(): number {
    return this.#sheet.id;
  }
  getSheetName(): string {
    return this.#sheet.name;
  }
  getIndex(): number {
    return this.#sheet.index;
  }
  getParent(): SpreadsheetFake {
    return new SpreadsheetFake(this.#ctx);
  }
  getMaxRows(): number {
    return this.#sheet.maxRows;
  }
  getMaxColumns(): number {
    return this.#sheet.maxColumns;
  }
  getLastRow(): number {
    countRead(this.#ctx);
    return this.#sheet.lastRow;
  }
  getLastColumn(): number {
    countRead(this.#ctx);
    return this.#sheet.lastColumn;
  }
  isSheetHidden(): boolean {
    return this.#sheet.hidden;
  }

  /** Hides the sheet; the last visible sheet cannot be hidden (Google's message). */
  hideSheet(): this {
    checkWrite(this.#ctx, 'hideSheet');
    this.#ctx.book.hideSheet(this.#sheet);
    return this;
  }

  showSheet(): this {
    checkWrite(this.#ctx, 'showSheet');
    this.#sheet.hidden = false;
    return this;
  }

  /** addDeveloperMetadata(key), (key, visibility), (key, value), (key, value, visibility) on this sheet. */
  addDeveloperMetadata(...args: unknown[]): this {
    addDeveloperMetadata(this.#ctx, this.#sheet, 'SpreadsheetApp.Sheet.addDeveloperMetadata', args);
    return this;
  }

  getDeveloperMetadata(): DeveloperMetadataFake[] {
    return metadataAt(this.#ctx, this.#sheet);
  }

  createDeveloperMetadataFinder(): DeveloperMetadataFinderFake {
    return new DeveloperMetadataFinderFake(this.#ctx, this.#sheet.id);
  }

  /** A builder for a chart on this sheet (charts.ts); nothing changes until insertChart. */
  newChart(): EmbeddedChartBuilderFake {
    return newChart(this.#ctx, this.#sheet);
  }

  /** Puts a built chart on this sheet; its ranges must be on this sheet. */
  insertChart(...args: unknown[]): void {
    insertChart(this.#ctx, this.#sheet, args);
  }

  /** Replaces this sheet's conditional format rules (conditional-formats.ts). */
  setConditionalFormatRules(...args: unknown[]): void {
    setConditionalFormatRules(this.#ctx, this.#sheet, args);
  }

  getConditionalFormatRules(): ConditionalFormatRuleFake[] {
    return getConditionalFormatRules(this.#ctx, this.#sheet);
  }

  /** Copies of this sheet's charts, each with its id. */
  getCharts(): EmbeddedChartFake[] {
    return getCharts(this.#ctx, this.#sheet);
  }

  /** Saves a chart rebuilt with modify() over the chart of the same id. */
  updateChart(...args: unknown[]): void {
    updateChart(this.#ctx, this.#sheet, args);
  }

  removeChart(...args: unknown[]): void {
    removeChart(this.#ctx, this.#sheet, args);
  }

  /** A1 to the last row and column with content; A1 alone when the sheet is empty. */
  getDataRange(): RangeFake {
    countRead(this.#ctx);
    const sheet = this.#sheet;
    return new RangeFake(this.#ctx, sheet, {
      row: 1,
      column: 1,
      numRows: Math.max(1, sheet.lastRow),
      numColumns: Math.max(1, sheet.lastColumn),
    });
  }

  /** getRange(a1) or getRange(row, column, numRows?, numColumns?). */
  getRange(...args: unknown[]): RangeFake {
    const method = 'SpreadsheetApp.Sheet.getRange';
    if (typeof args[0] === 'string') {
      if (args.length !== 1) throw signatureError(method, args);
      return rangeFromA1(this.#ctx, args[0], this.#sheet);
    }
    if (args.length < 2 || args.length > 4) throw signatureError(method, args);
    integers(method, args, 0, args.length);
    const [row, column, numRows = 1, numColumns = 1] = args as number[];
    const rect = { row: row as number, column: column as number, numRows, numColumns };
    const sheet = this.#sheet;
    checkRect(sheet, rect);
    countRead(this.#ctx);
    return new RangeFake(this.#ctx, sheet, rect);
  }

  getSheetValues(...args: unknown[]): CellValue[][] {
    const range = this.getRange(...args);
    return range.getValues();
  }

  #checkPositions(method: string, args: readonly unknown[], columns: boolean, insert: boolean): [number, number] {
    const [pos, count = 1] = args;
    if (typeof pos !== 'number' || typeof count !== 'number' || args.length > 2)
      throw signatureError(`SpreadsheetApp.Sheet.${method}`, args);
    integers(`SpreadsheetApp.Sheet.${method}`, args, 0, args.length);
    const max = columns ? this.#sheet.maxColumns : this.#sheet.maxRows;
    const out = columns ? STRUCTURE_MESSAGES.columnsOutOfBounds : STRUCTURE_MESSAGES.rowsOutOfBounds;
    if (pos < 1 || pos > max || count < 1) throw new GasException(out);
    if (!insert && pos + count - 1 > max) throw new GasException(out);
    checkWrite(this.#ctx, method);
    return [pos, count];
  }

  insertRowsAfter(...args: unknown[]): this {
    if (args.length !== 2) throw signatureError('SpreadsheetApp.Sheet.insertRowsAfter', args);
    const [after, count] = this.#checkPositions('insertRowsAfter', args, false, true);
    this.#sheet.insertRows(after + 1, count);
    return this;
  }
  insertRowsBefore(...args: unknown[]): this {
    if (args.length !== 2) throw signatureError('SpreadsheetApp.Sheet.insertRowsBefore', args);
    const [before, count] = this.#checkPositions('insertRowsBefore', args, false, true);
    this.#sheet.insertRows(before, count);
    return this;
  }
  insertRowAfter(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.insertRowAfter', args);
    const [after] = this.#checkPositions('insertRowAfter', args, false, true);
    this.#sheet.insertRows(after + 1, 1);
    return this;
  }
  insertRowBefore(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.insertRowBefore', args);
    const [before] = this.#checkPositions('insertRowBefore', args, false, true);
    this.#sheet.insertRows(before, 1);
    return this;
  }
  insertColumnsAfter(...args: unknown[]): this {
    if (args.length !== 2) throw signatureError('SpreadsheetApp.Sheet.insertColumnsAfter', args);
    const [after, count] = this.#checkPositions('insertColumnsAfter', args, true, true);
    this.#sheet.insertColumns(after + 1, count);
    return this;
  }
  insertColumnsBefore(...args: unknown[]): this {
    if (args.length !== 2) throw signatureError('SpreadsheetApp.Sheet.insertColumnsBefore', args);
    const [before, count] = this.#checkPositions('insertColumnsBefore', args, true, true);
    this.#sheet.insertColumns(before, count);
    return this;
  }
  insertColumnAfter(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.insertColumnAfter', args);
    const [after] = this.#checkPositions('insertColumnAfter', args, true, true);
    this.#sheet.insertColumns(after + 1, 1);
    return this;
  }
  insertColumnBefore(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.insertColumnBefore', args);
    const [before] = this.#checkPositions('insertColumnBefore', args, true, true);
    this.#sheet.insertColumns(before, 1);
    return this;
  }

  deleteRows(...args: unknown[]): void {
    if (args.length !== 2) throw signatureError('SpreadsheetApp.Sheet.deleteRows', args);
    const [start, count] = this.#checkPositions('deleteRows', args, false, false);
    if (count >= this.#sheet.maxRows) throw new GasException(STRUCTURE_MESSAGES.deleteAllRows);
    this.#sheet.deleteRows(start, count);
  }
  deleteRow(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.deleteRow', args);
    const [start] = this.#checkPositions('deleteRow', args, false, false);
    if (this.#sheet.maxRows === 1) throw new GasException(STRUCTURE_MESSAGES.deleteAllRows);
    this.#sheet.deleteRows(start, 1);
    return this;
  }
  deleteColumns(...args: unknown[]): void {
    if (args.length !== 2) throw signatureError('SpreadsheetApp.Sheet.deleteColumns', args);
    const [start, count] = this.#checkPositions('deleteColumns', args, true, false);
    if (count >= this.#sheet.maxColumns) throw new GasException(STRUCTURE_MESSAGES.deleteAllColumns);
    this.#sheet.deleteColumns(start, count);
  }
  deleteColumn(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.deleteColumn', args);
    const [start] = this.#checkPositions('deleteColumn', args, true, false);
    if (this.#sheet.maxColumns === 1) throw new GasException(STRUCTURE_MESSAGES.deleteAllColumns);
    this.#sheet.deleteColumns(start, 1);
    return this;
  }

  /** Writes a row after the last row with content (as typed), adding a row to the sheet if it is full. */
  appendRow(...args: unknown[]): this {
    const [values] = args;
    if (!Array.isArray(values) || args.length !== 1) throw signatureError('SpreadsheetApp.Sheet.appendRow', args);
    const checked = values.map((v, i) => cellValueFromScript(v, 'appendRow', ` (column ${i + 1})`));
    checkWrite(this.#ctx, 'appendRow');
    const sheet = this.#sheet;
    const row = sheet.lastRow + 1;
    if (checked.length > sheet.maxColumns) sheet.insertColumns(sheet.maxColumns + 1, checked.length - sheet.maxColumns);
    if (row > sheet.maxRows) sheet.insertRows(sheet.maxRows + 1, 1);
    checked.forEach((v, i) => writeEntered(this.#ctx, sheet, row, i + 1, v));
    return this;
  }

  clear(...args: unknown[]): this {
    const [options] = args;
    checkWrite(this.#ctx, 'clear');
    this.#sheet.clearAll(clearOptions(options, 'SpreadsheetApp.Sheet.clear', args));
    return this;
  }
  clearContents(): this {
    checkWrite(this.#ctx, 'clearContents');
    this.#sheet.clearAll({ contents: true });
    return this;
  }
  clearFormats(): this {
    checkWrite(this.#ctx, 'clearFormats');
    this.#sheet.clearAll({ formats: true });
    return this;
  }
  clearNotes(): this {
    checkWrite(this.#ctx, 'clearNotes');
    this.#sheet.clearAll({ notes: true });
    return this;
  }

  activate(): this {
    checkWrite(this.#ctx, 'activate');
    this.#ctx.book.activateSheet(this.#sheet);
    return this;
  }

  getFrozenRows(): number {
    return this.#sheet.frozenRows;
  }
  setFrozenRows(...args: unknown[]): void {
    integers('SpreadsheetApp.Sheet.setFrozenRows', args, 0, 1);
    checkWrite(this.#ctx, 'setFrozenRows');
    this.#sheet.frozenRows = args[0] as number;
  }
  getFrozenColumns(): number {
    return this.#sheet.frozenColumns;
  }
  setFrozenColumns(...args: unknown[]): void {
    integers('SpreadsheetApp.Sheet.setFrozenColumns', args, 0, 1);
    checkWrite(this.#ctx, 'setFrozenColumns');
    this.#sheet.frozenColumns = args[0] as number;
  }

  /**
   * A width method's arguments, checked as Google does: integers, a position from 1 and a count from 1
   * within the sheet's columns ("Those columns are out of bounds."), a width of at least 1 pixel (our
   * stricter reading: Google does not say what a smaller one does), then the auth mode of a write.
   */
  #widthArgs(method: string, args: readonly unknown[], counted: boolean, sized: boolean): { start: number; count: number; width: number } {
    const name = `SpreadsheetApp.Sheet.${method}`;
    const arity = (counted ? 2 : 1) + (sized ? 1 : 0);
    if (args.length !== arity || args.some((a) => typeof a !== 'number')) throw signatureError(name, args);
    integers(name, args, 0, arity);
    const [start = 0, count = 1] = (counted ? args : args.slice(0, 1)) as number[];
    if (start < 1 || count < 1 || start + count - 1 > this.#sheet.maxColumns) throw new GasException(STRUCTURE_MESSAGES.columnsOutOfBounds);
    const width = sized ? (args[arity - 1] as number) : 0;
    if (sized && width < 1) {
      throw new GasException(
        `dev/gas: ${method} got a width of ${width} pixels: a column is at least 1 pixel wide here (Google does not say what a smaller width does).`,
      );
    }
    if (method !== 'getColumnWidth') checkWrite(this.#ctx, method);
    return { start, count, width };
  }

  getColumnWidth(...args: unknown[]): number {
    const { start } = this.#widthArgs('getColumnWidth', args, false, false);
    countRead(this.#ctx);
    return this.#sheet.columnWidths.get(start);
  }
  setColumnWidth(...args: unknown[]): this {
    const { start, width } = this.#widthArgs('setColumnWidth', args, false, true);
    this.#sheet.columnWidths.set(start, 1, width);
    return this;
  }
  setColumnWidths(...args: unknown[]): this {
    const { start, count, width } = this.#widthArgs('setColumnWidths', args, true, true);
    this.#sheet.columnWidths.set(start, count, width);
    return this;
  }

  /** "Sets the width of all columns starting at the given column position to fit their contents" (column-widths.ts). */
  autoResizeColumns(...args: unknown[]): this {
    const { start, count } = this.#widthArgs('autoResizeColumns', args, true, false);
    for (let c = start; c < start + count; c++) this.#fitColumn(c);
    return this;
  }
  autoResizeColumn(...args: unknown[]): this {
    const { start } = this.#widthArgs('autoResizeColumn', args, false, false);
    this.#fitColumn(start);
    return this;
  }

  /** Fits one column to the text its cells show, each through its number format (fittedWidth). */
  #fitColumn(column: number): void {
    const sheet = this.#sheet;
    const tz = this.#ctx.book.timeZone;
    const texts = [...sheet.cellsIn({ row: 1, column, numRows: sheet.maxRows, numColumns: 1 })].map(([, , cell]) => ({
      text: displayValue(cell.value, cell.format?.numberFormat, tz),
      bold: cell.format?.fontWeight === 'bold',
    }));
    const width = fittedWidth(texts);
    if (width !== null) sheet.columnWidths.set(column, 1, width);
  }
}

/** Range.clear(options) / Sheet.clear(options): no options clears contents and formats (notes stay). */
function clearOptions(
  options: unknown,
  method: string,
  args: readonly unknown[],
): { contents?: boolean; formats?: boolean; notes?: boolean } {
  if (options === undefined) return { contents: true, formats: true };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw signatureError(method, args);
  const o = options as Record<string, unknown>;
  const contents = o.contentsOnly === true;
  const formats = o.formatOnly === true;
  const notes = o.commentsOnly === true;
  if (!contents && !formats && !notes) return { contents: true, formats: true };
  return { contents, formats, notes };
}

/** Stores `value` in one cell as if typed (text parsed, formula detected); formats and notes kept. */
function writeEntered(ctx: DocumentContext, sheet: SheetModel, row: number, column: number, value: CellValue): void {
  const site = { sheet: sheet.name, row, column };
  sheet.put(row, column, ctx.book.enteredCell(sheet.peek(row, column), value, site));
}

function writeFormula(ctx: DocumentContext, sheet: SheetModel, row: number, column: number, formula: string): void {
  if (formula !== '' && !formula.startsWith('=')) {
    // Google stores text that is not a formula as a typed value.
    writeEntered(ctx, sheet, row, column, formula);
    return;
  }
  const site = { sheet: sheet.name, row, column };
  sheet.put(row, column, ctx.book.formulaCell(sheet.peek(row, column), formula, site));
}

const FONT_WEIGHTS = new Set(['bold', 'normal']);
const FONT_STYLES = new Set(['italic', 'normal']);
const ALIGNMENTS = new Set(['left', 'center', 'right', 'normal']);

/** A `Range`. */
export class RangeFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.Range';
  readonly #ctx: DocumentContext;
  readonly #model: SheetModel;
  readonly #rect: GridRect;
  readonly #whole: 'columns' | 'rows' | null;

  constructor(ctx: DocumentContext, sheet: SheetModel, rect: GridRect, whole: 'columns' | 'rows' | null = null) {
    super();
    this.#ctx = ctx;
    this.#model = sheet;
    this.#rect = { ...rect };
    this.#whole = whole;
  }

  /** The sheet and cells a Range stands for (node side: named ranges take them). */
  static locationOf(range: RangeFake): { sheet: SheetModel; rect: GridRect } {
    return { sheet: live(range.#model), rect: { ...range.#rect } };
  }

  get #sheet(): SheetModel {
    const sheet = live(this.#model);
    // Rows or columns deleted since: the range may now reach past the sheet.
    const r = this.#rect;
    if (r.row + r.numRows - 1 > sheet.maxRows || r.column + r.numColumns - 1 > sheet.maxColumns) {
      throw new GasException(MSG.outOfBounds);
    }
    return sheet;
  }

  /** Every cell position of the range, row by row. */
  #grid<T>(pick: (cell: Cell | undefined, row: number, column: number) => T): T[][] {
    const sheet = this.#sheet;
    countRead(this.#ctx);
    const out: T[][] = [];
    for (let i = 0; i < this.#rect.numRows; i++) {
      const line: T[] = [];
      for (let j = 0; j < this.#rect.numColumns; j++) {
        const r = this.#rect.row + i;
        const c = this.#rect.column + j;
        line.push(pick(sheet.peek(r, c), r, c));
      }
      out.push(line);
    }
    return out;
  }

  #topLeft(): Cell | undefined {
    countRead(this.#ctx);
    return this.#sheet.peek(this.#rect.row, this.#rect.column);
  }

  #eachCell(fn: (sheet: SheetModel, row: number, column: number, i: number, j: number) => void): void {
    const sheet = this.#sheet;
    for (let i = 0; i < this.#rect.numRows; i++) {
      for (let j = 0; j < this.#rect.numColumns; j++) fn(sheet, this.#rect.row + i, this.#rect.column + j, i, j);
    }
  }

  #setFormat(method: string, key: keyof CellFormat, value: string | undefined): this {
    checkWrite(this.#ctx, method);
    this.#eachCell((sheet, r, c) =>
      sheet.update(r, c, (cell) => {
        const format: CellFormat = { ...cell.format };
        if (value === undefined) delete format[key];
        else format[key] = value;
        if (Object.keys(format).length) cell.format = format;
        else delete cell.format;
      }),
    );
    return this;
  }

  // ---- position --------------------------------------------------------------------------------

  getRow(): number {
    return this.#rect.row;
  }
  getRowIndex(): number {
    return this.#rect.row;
  }
  getColumn(): number {
    return this.#rect.column;
  }
  getNumRows(): number {
    return this.#rect.numRows;
  }
  getNumColumns(): number {
    return this.#rect.numColumns;
  }
  getHeight(): number {
    return this.#rect.numRows;
  }
  getWidth(): number {
    return this.#rect.numColumns;
  }
  getLastRow(): number {
    return this.#rect.row + this.#rect.numRows - 1;
  }
  getLastColumn(): number {
    return this.#rect.column + this.#rect.numColumns - 1;
  }
  getGridId(): number {
    return live(this.#model).id;
  }
  getSheet(): SheetFake {
    return new SheetFake(this.#ctx, live(this.#model));
  }

  getA1Notation(): string {
    const r = this.#rect;
    if (this.#whole === 'columns') return `${columnLetters(r.column)}:${columnLetters(r.column + r.numColumns - 1)}`;
    if (this.#whole === 'rows') return `${r.row}:${r.row + r.numRows - 1}`;
    return a1Notation(r.row, r.column, r.numRows, r.numColumns);
  }

  /** A range moved by (rows, columns), optionally resized; Google's checks apply. */
  offset(...args: unknown[]): RangeFake {
    const method = 'SpreadsheetApp.Range.offset';
    if (args.length !== 2 && args.length !== 4) throw signatureError(method, args);
    integers(method, args, 0, args.length);
    const [dr, dc, numRows = this.#rect.numRows, numColumns = this.#rect.numColumns] = args as number[];
    const rect = { row: this.#rect.row + (dr as number), column: this.#rect.column + (dc as number), numRows, numColumns };
    const sheet = live(this.#model);
    checkRect(sheet, rect);
    return new RangeFake(this.#ctx, sheet, rect);
  }

  /** One cell of the range (1-based, relative to the range). */
  getCell(...args: unknown[]): RangeFake {
    const method = 'SpreadsheetApp.Range.getCell';
    if (args.length !== 2) throw signatureError(method, args);
    integers(method, args, 0, 2);
    const [row, column] = args as [number, number];
    if (row < 1 || column < 1 || row > this.#rect.numRows || column > this.#rect.numColumns) {
      throw new GasException(STRUCTURE_MESSAGES.cellOutOfRange);
    }
    return new RangeFake(this.#ctx, live(this.#model), {
      row: this.#rect.row + row - 1,
      column: this.#rect.column + column - 1,
      numRows: 1,
      numColumns: 1,
    });
  }

  activate(): this {
    checkWrite(this.#ctx, 'activate');
    this.#ctx.book.activateRange(this.#sheet, this.#rect);
    return this;
  }

  isBlank(): boolean {
    return this.#grid((c) => c === undefined || (c.value === '' && c.formula === undefined)).every((row) => row.every(Boolean));
  }

  // ---- values ----------------------------------------------------------------------------------

  getValues(): CellValue[][] {
    return this.#grid((c) => (c ? (c.value instanceof Date ? new Date(c.value.getTime()) : c.value) : ''));
  }

  getValue(): CellValue {
    const c = this.#topLeft();
    if (!c) return '';
    return c.value instanceof Date ? new Date(c.value.getTime()) : c.value;
  }

  getDisplayValues(): string[][] {
    const tz = this.#ctx.book.timeZone;
    return this.#grid((c) => (c ? displayValue(c.value, c.format?.numberFormat, tz) : ''));
  }

  getDisplayValue(): string {
    const c = this.#topLeft();
    return c ? displayValue(c.value, c.format?.numberFormat, this.#ctx.book.timeZone) : '';
  }

  /** Checked whole before anything is written. Text is stored as typed ("=…" is a formula, "007" is 7). */
  setValues(...args: unknown[]): this {
    const method = 'SpreadsheetApp.Range.setValues';
    if (args.length !== 1) throw signatureError(method, args);
    const rows = checkDimensions(args[0], this.#rect, method, args);
    const values = rows.map((row, i) => row.map((v, j) => cellValueFromScript(v, 'setValues', ` at row ${i + 1}, column ${j + 1}`)));
    checkWrite(this.#ctx, 'setValues');
    this.#eachCell((sheet, r, c, i, j) => writeEntered(this.#ctx, sheet, r, c, (values[i] as CellValue[])[j] as CellValue));
    return this;
  }

  /** Sets every cell of the range. */
  setValue(...args: unknown[]): this {
    if (args.length !== 1) throw signatureError('SpreadsheetApp.Range.setValue', args);
    const value = cellValueFromScript(args[0], 'setValue', '');
    checkWrite(this.#ctx, 'setValue');
    this.#eachCell((sheet, r, c) => writeEntered(this.#ctx, sheet, r, c, value));
    return this;
  }

  getFormulas(): string[][] {
    return this.#grid((c) => c?.formula ?? '');
  }

  getFormula(): string {
    return this.#topLeft()?.formula ?? '';
  }

  /** Sets the same formula in every cell ('' clears the content). References are not shifted per cell here. */
  setFormula(...args: unknown[]): this {
    const method = 'SpreadsheetApp.Range.setFormula';
    if (args.length !== 1) throw signatureError(method, args);
    const formula = checkFormulaText(args[0], method, args);
    checkWrite(this.#ctx, 'setFormula');
    this.#eachCell((sheet, r, c) => writeFormula(this.#ctx, sheet, r, c, formula));
    return this;
  }

  setFormulas(...args: unknown[]): this {
    const method = 'SpreadsheetApp.Range.setFormulas';
    if (args.length !== 1) throw signatureError(method, args);
    const rows = checkDimensions(args[0], this.#rect, method, args);
    const formulas = rows.map((row) => row.map((f) => checkFormulaText(f, method, args)));
    checkWrite(this.#ctx, 'setFormulas');
    this.#eachCell((sheet, r, c, i, j) => writeFormula(this.#ctx, sheet, r, c, (formulas[i] as string[])[j] as string));
    return this;
  }

  clearContent(): this {
    checkWrite(this.#ctx, 'clearContent');
    this.#sheet.clearRect(this.#rect, { contents: true });
    return this;
  }

  clear(...args: unknown[]): this {
    const what = clearOptions(args[0], 'SpreadsheetApp.Range.clear', args);
    checkWrite(this.#ctx, 'clear');
    this.#sheet.clearRect(this.#rect, what);
    return this;
  }

  clearFormat(): this {
    checkWrite(this.#ctx, 'clearFormat');
    this.#sheet.clearRect(this.#rect, { formats: true });
    return this;
  }

  clearNote(): this {
    checkWrite(this.#ctx, 'clearNote');
    this.#sheet.clearRect(this.#rect, { notes: true });
    return this;
  }

  // ---- notes -----------------------------------------------------------------------------------

  getNote(): string {
    return this.#topLeft()?.note ?? '';
  }

  getNotes(): string[][] {
    return this.#grid((c) => c?.note ?? '');
  }

  /** Sets the note of every cell; '' or null removes it. */
  setNote(...args: unknown[]): this {
    const [note] = args;
    if (args.length !== 1 || (note !== null && typeof note !== 'string')) throw signatureError('SpreadsheetApp.Range.setNote', args);
    if (typeof note === 'string' && note.length > MAX_CELL_TEXT) throw new GasException(CELL_TOO_LONG_MESSAGE);
    checkWrite(this.#ctx, 'setNote');
    this.#eachCell((sheet, r, c) =>
      sheet.update(r, c, (cell) => {
        if (note === null || note === '') delete cell.note;
        else cell.note = note;
      }),
    );
    return this;
  }

  setNotes(...args: unknown[]): this {
    const method = 'SpreadsheetApp.Range.setNotes';
    if (args.length !== 1) throw signatureError(method, args);
    const rows = checkDimensions(args[0], this.#rect, method, args);
    for (const row of rows) for (const n of row) if (n !== null && typeof n !== 'string') throw signatureError(method, args);
    checkWrite(this.#ctx, 'setNotes');
    this.#eachCell((sheet, r, c, i, j) =>
      sheet.update(r, c, (cell) => {
        const note = (rows[i] as unknown[])[j] as string | null;
        if (note === null || note === '') delete cell.note;
        else cell.note = note;
      }),
    );
    return this;
  }

  // ---- formats (recorded) ----------------------------------------------------------------------

  getNumberFormat(): string {
    return this.#topLeft()?.format?.numberFormat ?? 'General';
  }
  getNumberFormats(): string[][] {
    return this.#grid((c) => c?.format?.numberFormat ?? 'General');
  }
  /**
   * "@" (plain text) also makes later text writes stay text; other formats change getDisplayValues.
   * "General", what getNumberFormat gives for a cell without a format, is Sheets' automatic one: setting
   * it takes the cell's own format away.
   */
  setNumberFormat(...args: unknown[]): this {
    if (args.length !== 1 || typeof args[0] !== 'string') throw signatureError('SpreadsheetApp.Range.setNumberFormat', args);
    return this.#setFormat('setNumberFormat', 'numberFormat', automatic(args[0]));
  }
  /** One pattern per cell, as getNumberFormats gives them: the grid must match the range (checked whole before anything is set). */
  setNumberFormats(...args: unknown[]): this {
    const method = 'SpreadsheetApp.Range.setNumberFormats';
    if (args.length !== 1) throw signatureError(method, args);
    const rows = checkDimensions(args[0], this.#rect, method, args);
    if (!rows.every((row) => row.every((f) => typeof f === 'string'))) throw signatureError(method, args);
    checkWrite(this.#ctx, 'setNumberFormats');
    this.#eachCell((sheet, r, c, i, j) =>
      sheet.update(r, c, (cell) => {
        const { numberFormat: _old, ...rest } = cell.format ?? {};
        const numberFormat = automatic((rows[i] as string[])[j] as string);
        if (numberFormat !== undefined) cell.format = { ...rest, numberFormat };
        else if (Object.keys(rest).length) cell.format = rest;
        else delete cell.format;
      }),
    );
    return this;
  }

  getBackground(): string {
    return this.#topLeft()?.format?.background ?? '#ffffff';
  }
  getBackgrounds(): string[][] {
    return this.#grid((c) => c?.format?.background ?? '#ffffff');
  }
  /** A CSS color; null resets to white. */
  setBackground(...args: unknown[]): this {
    const [color] = args;
    if (args.length !== 1 || (color !== null && typeof color !== 'string'))
      throw signatureError('SpreadsheetApp.Range.setBackground', args);
    return this.#setFormat('setBackground', 'background', color === null ? undefined : color);
  }

  getFontWeight(): string {
    return this.#topLeft()?.format?.fontWeight ?? 'normal';
  }
  getFontWeights(): string[][] {
    return this.#grid((c) => c?.format?.fontWeight ?? 'normal');
  }
  /** "bold" or "normal"; null resets. */
  setFontWeight(...args: unknown[]): this {
    const [w] = args;
    if (args.length !== 1 || (w !== null && typeof w !== 'string')) throw signatureError('SpreadsheetApp.Range.setFontWeight', args);
    if (typeof w === 'string' && !FONT_WEIGHTS.has(w)) throw new GasException('Invalid argument: fontWeight');
    return this.#setFormat('setFontWeight', 'fontWeight', w === null || w === 'normal' ? undefined : w);
  }

  getFontStyle(): string {
    return this.#topLeft()?.format?.fontStyle ?? 'normal';
  }
  /** "italic" or "normal"; null resets. */
  setFontStyle(...args: unknown[]): this {
    const [s] = args;
    if (args.length !== 1 || (s !== null && typeof s !== 'string')) throw signatureError('SpreadsheetApp.Range.setFontStyle', args);
    if (typeof s === 'string' && !FONT_STYLES.has(s)) throw new GasException('Invalid argument: fontStyle');
    return this.#setFormat('setFontStyle', 'fontStyle', s === null || s === 'normal' ? undefined : s);
  }

  getFontColor(): string {
    return this.#topLeft()?.format?.fontColor ?? '#000000';
  }
  setFontColor(...args: unknown[]): this {
    const [color] = args;
    if (args.length !== 1 || (color !== null && typeof color !== 'string')) throw signatureError('SpreadsheetApp.Range.setFontColor', args);
    return this.#setFormat('setFontColor', 'fontColor', color === null ? undefined : color);
  }

  getHorizontalAlignment(): string {
    return this.#topLeft()?.format?.horizontalAlignment ?? 'general';
  }
  setHorizontalAlignment(...args: unknown[]): this {
    const [a] = args;
    if (args.length !== 1 || (a !== null && typeof a !== 'string'))
      throw signatureError('SpreadsheetApp.Range.setHorizontalAlignment', args);
    if (typeof a === 'string' && !ALIGNMENTS.has(a)) throw new GasException('Invalid argument: alignment');
    return this.#setFormat('setHorizontalAlignment', 'horizontalAlignment', a === null || a === 'normal' ? undefined : a);
  }
}

/** A number format as stored: "General" (Sheets' automatic format) is none of the cell's own. */
function automatic(format: string): string | undefined {
  return format === 'General' ? undefined : format;
}

/** The handles this file makes, for the parts that hand them out again (document-context.ts). */
export const DOCUMENT_HANDLES: DocumentHandles = Object.freeze({
  spreadsheet: (ctx: DocumentContext) => new SpreadsheetFake(ctx),
  sheet: (ctx: DocumentContext, sheet: SheetModel) => new SheetFake(ctx, sheet),
  range: (ctx: DocumentContext, sheet: SheetModel, rect: GridRect) => new RangeFake(ctx, sheet, rect),
  rangeLocation: (value: unknown) => {
    const range = unwrap(value);
    return range instanceof RangeFake ? RangeFake.locationOf(range) : undefined;
  },
});
