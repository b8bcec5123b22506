/**
 * Named ranges as the script sees them; the store (SpreadsheetModel.namedRanges, in sheet-model.ts)
 * enforces Google's naming rules (Sheets help, "Name a range", https://support.google.com/docs/answer/63175):
 * a name "can contain only letters, numbers, and underscores", "can't start with a number, or the words
 * 'true' or 'false'", "can't contain any spaces or punctuation", "must be 1–250 characters" and "can't be
 * in either A1 or R1C1 syntax". Names are case-insensitive here (the strict case: "Total" and "total" are
 * one name). Setting an existing name moves it to the new range. Deleting a sheet removes its named
 * ranges; inserting or deleting rows and columns does NOT move them (a known gap).
 */
import { GasException } from '../execution/execution.js';
import { GasObject, signatureError } from '../execution/service.js';
import { checkWrite, type DocumentContext } from './document-context.js';
import { NAMED_RANGE_MESSAGES, type GridRect, type NamedRangeRecord, type SheetModel } from './sheet-model.js';

/** The range a Range argument stands for (Spreadsheet.setNamedRange, NamedRange.setRange). */
function rangeArg(ctx: DocumentContext, value: unknown, method: string, args: readonly unknown[]): { sheet: SheetModel; rect: GridRect } {
  const where = ctx.handles.rangeLocation(value);
  if (!where) throw signatureError(method, args);
  if (where.sheet.spreadsheet !== ctx.book) throw new GasException('dev/gas: a named range must be in the same spreadsheet.');
  return where;
}

/** Spreadsheet.setNamedRange(name, range). */
export function setNamedRange(ctx: DocumentContext, args: readonly unknown[]): void {
  const method = 'SpreadsheetApp.Spreadsheet.setNamedRange';
  const [name, range] = args;
  if (args.length !== 2 || typeof name !== 'string') throw signatureError(method, args);
  const { sheet, rect } = rangeArg(ctx, range, method, args);
  checkWrite(ctx, 'setNamedRange');
  ctx.book.namedRanges.set(name, sheet, rect);
}

/** Spreadsheet.removeNamedRange(name): an unknown name throws (the strict case; Google does not say). */
export function removeNamedRange(ctx: DocumentContext, args: readonly unknown[]): void {
  const [name] = args;
  if (args.length !== 1 || typeof name !== 'string') throw signatureError('SpreadsheetApp.Spreadsheet.removeNamedRange', args);
  checkWrite(ctx, 'removeNamedRange');
  if (!ctx.book.namedRanges.remove(name)) throw new GasException(NAMED_RANGE_MESSAGES.notFound(name));
}

/** Spreadsheet.getRangeByName(name): the Range, or null when there is no such name. */
export function rangeByName(ctx: DocumentContext, args: readonly unknown[]): GasObject | null {
  const [name] = args;
  if (args.length !== 1 || typeof name !== 'string') throw signatureError('SpreadsheetApp.Spreadsheet.getRangeByName', args);
  const record = ctx.book.namedRanges.get(name);
  return record && !record.sheet.deleted ? ctx.handles.range(ctx, record.sheet, record.rect) : null;
}

/** A `NamedRange`. */
export class NamedRangeFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.NamedRange';
  readonly #ctx: DocumentContext;
  readonly #record: NamedRangeRecord;

  constructor(ctx: DocumentContext, record: NamedRangeRecord) {
    super();
    this.#ctx = ctx;
    this.#record = record;
  }

  get #live(): NamedRangeRecord {
    if (this.#ctx.book.namedRanges.get(this.#record.name) !== this.#record) throw new GasException(NAMED_RANGE_MESSAGES.removed);
    return this.#record;
  }

  getName(): string {
    return this.#live.name;
  }

  getRange(): GasObject {
    const r = this.#live;
    return this.#ctx.handles.range(this.#ctx, r.sheet, r.rect);
  }

  setName(...args: unknown[]): this {
    const [name] = args;
    if (args.length !== 1 || typeof name !== 'string') throw signatureError('SpreadsheetApp.NamedRange.setName', args);
    checkWrite(this.#ctx, 'setName');
    this.#ctx.book.namedRanges.rename(this.#live, name);
    return this;
  }

  setRange(...args: unknown[]): this {
    const method = 'SpreadsheetApp.NamedRange.setRange';
    if (args.length !== 1) throw signatureError(method, args);
    const { sheet, rect } = rangeArg(this.#ctx, args[0], method, args);
    checkWrite(this.#ctx, 'setRange');
    const r = this.#live;
    r.sheet = sheet;
    r.rect = { ...rect };
    return this;
  }

  remove(): void {
    checkWrite(this.#ctx, 'remove');
    this.#ctx.book.namedRanges.remove(this.#live.name);
  }
}
