/**
 * Developer metadata: key/value pairs attached to the spreadsheet or to one of its sheets, kept in the
 * file (so a run with no open document can read them through openById). Google's rules modelled:
 *   - a key is required; the value is optional (getValue() gives null);
 *   - at most 30,000 characters (keys plus values) at the spreadsheet, and 30,000 on each sheet (the
 *     Sheets API guide "Read & write developer metadata", https://developers.google.com/sheets/api/guides/metadata);
 *   - PROJECT visibility: only the project (script) that created it sees it; DOCUMENT: every project;
 *   - deleting a sheet deletes its metadata.
 * Row, column and range locations are not modelled. The model is SpreadsheetModel.developerMetadata;
 * the script-facing objects are below (Spreadsheet/Sheet methods in sheets.ts call them), the store in
 * developer-metadata-store.ts.
 */
import { GasException } from '../execution/execution.js';
import { GasObject, signatureError } from '../execution/service.js';
import { checkWrite, type DocumentContext } from './document-context.js';
import {
  DEVELOPER_METADATA_MESSAGES,
  type DeveloperMetadataRecord,
  type MetadataLocationType,
  type MetadataVisibility,
} from './developer-metadata-store.js';
import type { SheetModel } from './sheet-model.js';

const VISIBILITIES: readonly string[] = ['DOCUMENT', 'PROJECT'];

/** Where a piece lives, for messages: "this spreadsheet" or 'sheet "Data"'. */
function describeLocation(ctx: DocumentContext, sheetId: number | null): string {
  if (sheetId === null) return 'this spreadsheet';
  const sheet = ctx.book.sheets.find((s) => s.id === sheetId);
  return `sheet "${sheet?.name ?? sheetId}"`;
}

/**
 * addDeveloperMetadata(key), (key, visibility), (key, value), (key, value, visibility) at a location,
 * as Spreadsheet and Sheet offer it.
 */
export function addDeveloperMetadata(
  ctx: DocumentContext,
  sheet: SheetModel | null,
  method: string,
  args: readonly unknown[],
): DeveloperMetadataFake {
  const [key, second, third] = args;
  let value: string | null = null;
  let visibility: unknown = 'DOCUMENT';
  if (typeof key !== 'string' || args.length < 1 || args.length > 3) throw signatureError(method, args);
  if (args.length === 2) {
    if (typeof second !== 'string') throw signatureError(method, args);
    if (VISIBILITIES.includes(second)) visibility = second;
    else value = second;
  } else if (args.length === 3) {
    if (typeof second !== 'string' || typeof third !== 'string' || !VISIBILITIES.includes(third)) throw signatureError(method, args);
    value = second;
    visibility = third;
  }
  checkWrite(ctx, 'addDeveloperMetadata');
  const sheetId = sheet ? sheet.id : null;
  const record = ctx.book.developerMetadata.add(
    { key, value, visibility: visibility as MetadataVisibility, sheetId, projectId: ctx.projectId },
    describeLocation(ctx, sheetId),
  );
  return new DeveloperMetadataFake(ctx, record);
}

/** The metadata attached exactly at a location that the running project can see. */
export function metadataAt(ctx: DocumentContext, sheet: SheetModel | null): DeveloperMetadataFake[] {
  const sheetId = sheet ? sheet.id : null;
  return ctx.book.developerMetadata
    .visibleTo(ctx.projectId)
    .filter((r) => r.sheetId === sheetId)
    .map((r) => new DeveloperMetadataFake(ctx, r));
}

/** A `DeveloperMetadata`. */
export class DeveloperMetadataFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.DeveloperMetadata';
  readonly #ctx: DocumentContext;
  readonly #record: DeveloperMetadataRecord;

  constructor(ctx: DocumentContext, record: DeveloperMetadataRecord) {
    super();
    this.#ctx = ctx;
    this.#record = record;
  }

  /** The live record; a removed piece (by this or another execution) throws. */
  get #live(): DeveloperMetadataRecord {
    if (this.#ctx.book.developerMetadata.find(this.#record.id) !== this.#record)
      throw new GasException(DEVELOPER_METADATA_MESSAGES.removed);
    return this.#record;
  }

  getId(): number {
    return this.#live.id;
  }
  getKey(): string {
    return this.#live.key;
  }
  /** null when the piece has no value. */
  getValue(): string | null {
    return this.#live.value;
  }
  getVisibility(): MetadataVisibility {
    return this.#live.visibility;
  }
  getLocation(): DeveloperMetadataLocationFake {
    return new DeveloperMetadataLocationFake(this.#ctx, this.#live.sheetId);
  }

  setKey(...args: unknown[]): this {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') throw signatureError('SpreadsheetApp.DeveloperMetadata.setKey', args);
    checkWrite(this.#ctx, 'setKey');
    const r = this.#live;
    this.#ctx.book.developerMetadata.checkFits({ ...r, key }, describeLocation(this.#ctx, r.sheetId), r);
    r.key = key;
    return this;
  }

  setValue(...args: unknown[]): this {
    const [value] = args;
    if (args.length !== 1 || typeof value !== 'string') throw signatureError('SpreadsheetApp.DeveloperMetadata.setValue', args);
    checkWrite(this.#ctx, 'setValue');
    const r = this.#live;
    this.#ctx.book.developerMetadata.checkFits({ ...r, value }, describeLocation(this.#ctx, r.sheetId), r);
    r.value = value;
    return this;
  }

  setVisibility(...args: unknown[]): this {
    const [v] = args;
    if (args.length !== 1 || typeof v !== 'string' || !VISIBILITIES.includes(v)) {
      throw signatureError('SpreadsheetApp.DeveloperMetadata.setVisibility', args);
    }
    checkWrite(this.#ctx, 'setVisibility');
    this.#live.visibility = v as MetadataVisibility;
    return this;
  }

  remove(): void {
    checkWrite(this.#ctx, 'remove');
    this.#ctx.book.developerMetadata.remove(this.#live.id);
  }
}

/** A `DeveloperMetadataLocation` (spreadsheet or sheet). */
export class DeveloperMetadataLocationFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.DeveloperMetadataLocation';
  readonly #ctx: DocumentContext;
  readonly #sheetId: number | null;

  constructor(ctx: DocumentContext, sheetId: number | null) {
    super();
    this.#ctx = ctx;
    this.#sheetId = sheetId;
  }

  getLocationType(): MetadataLocationType {
    return this.#sheetId === null ? 'SPREADSHEET' : 'SHEET';
  }
  getSpreadsheet(): GasObject | null {
    return this.#sheetId === null ? this.#ctx.handles.spreadsheet(this.#ctx) : null;
  }
  getSheet(): GasObject | null {
    const sheet = this.#ctx.book.sheets.find((s) => s.id === this.#sheetId);
    return sheet ? this.#ctx.handles.sheet(this.#ctx, sheet) : null;
  }
  getRow(): null {
    return null;
  }
  getColumn(): null {
    return null;
  }
}

/** A `DeveloperMetadataFinder`: filters combine (AND); find() returns what the running project sees. */
export class DeveloperMetadataFinderFake extends GasObject {
  readonly gasType = 'SpreadsheetApp.DeveloperMetadataFinder';
  readonly #ctx: DocumentContext;
  /** Search only this sheet (Sheet.createDeveloperMetadataFinder), else the whole spreadsheet. */
  readonly #sheetId: number | undefined;
  readonly #filters: Array<(r: DeveloperMetadataRecord) => boolean> = [];

  constructor(ctx: DocumentContext, sheetId?: number) {
    super();
    this.#ctx = ctx;
    this.#sheetId = sheetId;
  }

  #with(method: string, args: readonly unknown[], ok: boolean, filter: (r: DeveloperMetadataRecord) => boolean): this {
    if (args.length !== 1 || !ok) throw signatureError(`SpreadsheetApp.DeveloperMetadataFinder.${method}`, args);
    this.#filters.push(filter);
    return this;
  }

  withKey(...args: unknown[]): this {
    return this.#with('withKey', args, typeof args[0] === 'string', (r) => r.key === args[0]);
  }
  withId(...args: unknown[]): this {
    return this.#with('withId', args, typeof args[0] === 'number', (r) => r.id === args[0]);
  }
  withValue(...args: unknown[]): this {
    return this.#with('withValue', args, typeof args[0] === 'string', (r) => r.value === args[0]);
  }
  withVisibility(...args: unknown[]): this {
    return this.#with(
      'withVisibility',
      args,
      typeof args[0] === 'string' && VISIBILITIES.includes(args[0]),
      (r) => r.visibility === args[0],
    );
  }
  withLocationType(...args: unknown[]): this {
    const [t] = args;
    return this.#with(
      'withLocationType',
      args,
      t === 'SPREADSHEET' || t === 'SHEET',
      (r) => (r.sheetId === null ? 'SPREADSHEET' : 'SHEET') === t,
    );
  }

  find(): DeveloperMetadataFake[] {
    return this.#ctx.book.developerMetadata
      .visibleTo(this.#ctx.projectId)
      .filter((r) => this.#sheetId === undefined || r.sheetId === this.#sheetId)
      .filter((r) => this.#filters.every((f) => f(r)))
      .map((r) => new DeveloperMetadataFake(this.#ctx, r));
  }
}
