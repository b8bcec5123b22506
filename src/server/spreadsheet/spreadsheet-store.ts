/**
 * Settings kept in the spreadsheet itself, as developer metadata visible to this project only.
 *
 * Why not document properties: a scheduled run has no document (Google attaches add-on time-driven
 * triggers to the script), so `getDocumentProperties()` is null there. A spreadsheet opened by id still
 * has its developer metadata, so the sidebar and the scheduled run read the same records in one place.
 */

import { errors } from '../errors/errors';

/** Google's limit on the metadata of one spreadsheet, in characters (keys and values). */
export const METADATA_LIMIT_CHARS = 30_000;

/** What a user is told when a record would not fit: before Google refuses it, with what to remove. */
export const METADATA_FULL_MESSAGE =
  'This spreadsheet holds as many ranking tables and tracking lists as Google lets an add-on record (30,000 characters of settings per spreadsheet): forget a table or a tracking list first, then try again. Nothing was changed.';

/** A new id for a record (a ranking table, a tracking list) that sorts by creation time. */
export function newTableId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Key-value records in one spreadsheet's developer metadata. Reads the list once, then keeps it current. */
export class SpreadsheetStore {
  readonly #spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  #entries: Map<string, GoogleAppsScript.Spreadsheet.DeveloperMetadata> | undefined;
  /** Characters of all the spreadsheet's metadata this script can see (others' records count too). */
  #chars = 0;

  /** @param spreadsheet the active spreadsheet, or one opened by id */
  constructor(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet) {
    this.#spreadsheet = spreadsheet;
  }

  /** The spreadsheet the records belong to. */
  get spreadsheet(): GoogleAppsScript.Spreadsheet.Spreadsheet {
    return this.#spreadsheet;
  }

  /**
   * A record's value, or null.
   * @param key the record's key
   */
  get(key: string): string | null {
    return this.#all().get(key)?.getValue() ?? null;
  }

  /**
   * Every record under a prefix read as JSON, in key order; an unreadable one is skipped, not fatal.
   * @param prefix such as `sdm.table.`
   */
  records<T>(prefix: string): T[] {
    const out: T[] = [];
    const keys = [...this.#all().keys()].filter((key) => key.startsWith(prefix)).sort();
    for (const key of keys) {
      try {
        out.push(JSON.parse(this.#all().get(key)?.getValue() ?? '') as T);
      } catch {
        // skipped: one damaged record must not hide the others
      }
    }
    return out;
  }

  /**
   * Creates or replaces a record.
   * @param key the record's key
   * @param value its value
   */
  set(key: string, value: string): void {
    const existing = this.#all().get(key);
    const before = existing ? key.length + (existing.getValue() ?? '').length : 0;
    // Refused before Google's limit is reached, so the user reads what to remove, not a generic failure.
    if (this.#chars - before + key.length + value.length > METADATA_LIMIT_CHARS) throw errors.input(METADATA_FULL_MESSAGE);
    this.#chars += key.length + value.length - before;
    if (existing) {
      existing.setValue(value);
      return;
    }
    this.#spreadsheet.addDeveloperMetadata(key, value, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
    // The new entry's handle is found on the next read; until then the value is known.
    this.#entries = undefined;
  }

  /**
   * Removes a record (nothing if absent).
   * @param key the record's key
   */
  remove(key: string): void {
    const existing = this.#all().get(key);
    if (!existing) return;
    this.#chars -= key.length + (existing.getValue() ?? '').length;
    existing.remove();
    this.#entries?.delete(key);
  }

  #all(): Map<string, GoogleAppsScript.Spreadsheet.DeveloperMetadata> {
    if (!this.#entries) {
      this.#entries = new Map();
      this.#chars = 0;
      for (const meta of this.#spreadsheet.getDeveloperMetadata()) {
        const key = meta.getKey();
        this.#chars += key.length + (meta.getValue() ?? '').length;
        // Only this add-on's records; a duplicate key (two writers at once) keeps the first.
        if (key.startsWith('sdm.') && !this.#entries.has(key)) this.#entries.set(key, meta);
      }
    }
    return this.#entries;
  }
}

/** The open spreadsheet's records: the sidebar and the menu run in the open spreadsheet (a scheduled run opens each by id). */
export function openStore(): SpreadsheetStore {
  return new SpreadsheetStore(SpreadsheetApp.getActiveSpreadsheet());
}
