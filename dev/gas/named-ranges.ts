/**
 * Named ranges. Google's naming rules (Sheets help, "Name a range", https://support.google.com/docs/answer/63175):
 * a name "can contain only letters, numbers, and underscores", "can't start with a number, or the words
 * 'true' or 'false'", "can't contain any spaces or punctuation", "must be 1–250 characters" and "can't be
 * in either A1 or R1C1 syntax". Names are case-insensitive here (the strict case: "Total" and "total" are
 * one name). Setting an existing name moves it to the new range. Deleting a sheet removes its named
 * ranges; inserting or deleting rows and columns does NOT move them (a known gap).
 */
import { parseA1 } from './a1.js';
import { GasException } from './execution.js';
import { GasObject, signatureError, unwrap } from './service.js';
import type { GridRect, SheetModel } from './sheet-model.js';
import { RangeFake, checkWrite, type DocumentContext } from './sheets.js';

/** One named range as the spreadsheet holds it. */
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

/** The range a Range argument stands for (Spreadsheet.setNamedRange, NamedRange.setRange). */
function rangeArg(ctx: DocumentContext, value: unknown, method: string, args: readonly unknown[]): { sheet: SheetModel; rect: GridRect } {
  const range = unwrap(value);
  if (!(range instanceof RangeFake)) throw signatureError(method, args);
  const where = RangeFake.locationOf(range);
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
export function rangeByName(ctx: DocumentContext, args: readonly unknown[]): RangeFake | null {
  const [name] = args;
  if (args.length !== 1 || typeof name !== 'string') throw signatureError('SpreadsheetApp.Spreadsheet.getRangeByName', args);
  const record = ctx.book.namedRanges.get(name);
  return record && !record.sheet.deleted ? new RangeFake(ctx, record.sheet, record.rect) : null;
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

  getRange(): RangeFake {
    const r = this.#live;
    return new RangeFake(this.#ctx, r.sheet, r.rect);
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
