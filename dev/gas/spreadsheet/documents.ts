/**
 * The spreadsheets a runtime knows: each a SpreadsheetModel (sheets, cells, owner, editors, developer
 * metadata, named ranges) with the stores the script keeps per document: document properties, the
 * document cache and remembered custom-function results (the document lock is keyed by the id, lock.ts).
 * An execution has at most one active document (none in a time-driven trigger) and may open others by
 * id (SpreadsheetApp.openById), which gives the file only, never its document stores.
 */
import { CacheStore, MemoryCacheBackend, type EarlyRemoval } from '../services/cache.js';
import type { RuntimeClock } from '../execution/clock.js';
import { GasException } from '../execution/execution.js';
import { MemoryPropertiesBackend, PropertyStore } from '../services/properties.js';
import { RememberedResults } from './remembered-results.js';
import { SpreadsheetModel } from './sheet-model.js';

/** A spreadsheet to add to a runtime (`runtime.addSpreadsheet`). */
export interface SpreadsheetSpec {
  id: string;
  /** Default "Untitled spreadsheet". */
  name?: string;
  /** The owner's email, or null for a file in a shared drive. */
  owner: string | null;
  /** Emails with edit access besides the owner. */
  editors?: readonly string[];
  /** Default: the runtime's spreadsheet time zone. */
  timeZone?: string;
  /**
   * Whether an add-on was used in it already (default false: a new spreadsheet, where the add-on is not
   * enabled and Sheets does not know its custom functions until someone uses it there).
   */
  addonUsed?: boolean;
}

/** A remembered custom-function result (see remembered-results.ts). */
export interface RememberedResult {
  ok: boolean;
  value?: unknown;
  error?: string;
  timedOut: boolean;
  executionId: number;
}

/** One spreadsheet with its per-document stores. */
export interface DocumentRecord {
  model: SpreadsheetModel;
  properties: PropertyStore;
  cache: CacheStore;
  remembered: RememberedResults<RememberedResult>;
  /** An add-on was used here (a menu item or its sidebar ran), so it is enabled here (runtime.ts). */
  addonUsed: boolean;
}

/**
 * Google's messages when a file cannot be opened. Neither is quoted in the reference; both are the
 * texts developers report: the first for a file the user cannot access, the second for an id that
 * names no (or a trashed) file.
 */
export const DOCUMENT_MESSAGES = Object.freeze({
  noAccess: 'You do not have permission to access the requested document.',
  missing: (method: string) => `Unexpected error while getting the method or property ${method} on object SpreadsheetApp.`,
});

/** The runtime's spreadsheets, by id. */
export class DocumentRegistry {
  /** Live spreadsheets (not deleted), in the order they were added. */
  readonly models: SpreadsheetModel[] = [];
  readonly #byId = new Map<string, DocumentRecord>();
  readonly #clock: RuntimeClock;
  readonly #earlyRemoval: Partial<EarlyRemoval>;

  /**
   * @param clock the runtime's clock
   * @param earlyRemoval which items of each spreadsheet's document cache go early (cache.ts)
   */
  constructor(clock: RuntimeClock, earlyRemoval: Partial<EarlyRemoval> = {}) {
    this.#clock = clock;
    this.#earlyRemoval = earlyRemoval;
  }

  /** Adds a spreadsheet; its stores are new in-memory ones unless given (the default document's may be shared). */
  add(model: SpreadsheetModel, stores?: { properties: PropertyStore; cache: CacheStore }, addonUsed = false): DocumentRecord {
    if (this.#byId.has(model.id)) throw new Error(`dev/gas: a spreadsheet with id "${model.id}" already exists`);
    const record: DocumentRecord = {
      model,
      properties: stores?.properties ?? new PropertyStore('document', new MemoryPropertiesBackend()),
      cache: stores?.cache ?? new CacheStore('document', new MemoryCacheBackend(), this.#clock, this.#earlyRemoval),
      remembered: new RememberedResults(),
      addonUsed,
    };
    this.#byId.set(model.id, record);
    this.models.push(model);
    return record;
  }

  /** The record of a live spreadsheet; a test error when there is none. */
  record(id: string): DocumentRecord {
    const record = this.#byId.get(id);
    if (!record || record.model.deleted) throw new Error(`dev/gas: no spreadsheet with id "${id}"${record ? ' (deleted)' : ''}`);
    return record;
  }

  /** Trashes a spreadsheet: later opens fail as for a missing file. */
  delete(id: string): void {
    const { model } = this.record(id);
    model.deleted = true;
    this.models.splice(this.models.indexOf(model), 1);
  }

  /**
   * The spreadsheet `email` opens by id, as SpreadsheetApp.openById does: Google's error when it does
   * not exist (or is trashed) or the user has no access.
   */
  open(id: string, email: string, method: string): SpreadsheetModel {
    const record = this.#byId.get(id);
    if (!record || record.model.deleted) throw new GasException(DOCUMENT_MESSAGES.missing(method));
    if (!record.model.hasAccess(email)) throw new GasException(DOCUMENT_MESSAGES.noAccess);
    return record.model;
  }
}
