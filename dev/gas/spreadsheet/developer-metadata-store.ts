/**
 * The developer metadata a spreadsheet file keeps (SpreadsheetModel.developerMetadata), with Google's
 * limits: at most 30,000 characters (keys plus values) at the spreadsheet and on each sheet (the Sheets API
 * guide "Read & write developer metadata", https://developers.google.com/sheets/api/guides/metadata).
 * The script-facing objects are in developer-metadata.ts.
 */
import { GasException } from '../execution/execution.js';

export type MetadataVisibility = 'DOCUMENT' | 'PROJECT';
export type MetadataLocationType = 'SPREADSHEET' | 'SHEET';

export const DEVELOPER_METADATA_LIMITS = Object.freeze({
  /** Characters (keys plus values) at the spreadsheet, and on each sheet. */
  maxCharsPerLocation: 30_000,
});

/** Google's wording is not documented for these: dev/gas's own, in Apps Script's style. */
export const DEVELOPER_METADATA_MESSAGES = Object.freeze({
  tooLarge: (where: string) =>
    `The developer metadata of ${where} would exceed the limit of ${DEVELOPER_METADATA_LIMITS.maxCharsPerLocation} characters.`,
  emptyKey: 'Invalid argument: key',
  removed: 'This developer metadata has been removed.',
});

/** One piece of metadata as the spreadsheet holds it. */
export interface DeveloperMetadataRecord {
  id: number;
  key: string;
  value: string | null;
  visibility: MetadataVisibility;
  /** The sheet it is attached to, or null for the spreadsheet itself. */
  sheetId: number | null;
  /** The script project that created it (what PROJECT visibility is relative to). */
  projectId: string;
}

/** What a test may add (`model.developerMetadata.add(...)`). */
export interface MetadataSpec {
  key: string;
  value?: string | null;
  visibility?: MetadataVisibility;
  /** A sheet id; default: the spreadsheet itself. */
  sheetId?: number | null;
  /** Default: the runtime's script id ('dev-gas-script'). */
  projectId?: string;
}

const chars = (r: Pick<DeveloperMetadataRecord, 'key' | 'value'>): number => r.key.length + (r.value?.length ?? 0);

/** The metadata of one spreadsheet. */
export class DeveloperMetadataStore {
  /** Every piece, in creation order (the live list: inspect it in tests). */
  readonly list: DeveloperMetadataRecord[] = [];
  #next = 1;

  /** Ids as Google gives them: positive, unique in the spreadsheet, unrelated to the order. */
  #newId(): number {
    const n = this.#next++;
    return ((Math.imul(n, 0x2545f491) >>> 1) % 2_000_000_000) + 1;
  }

  /** Characters (keys plus values) stored at a location. */
  charsAt(sheetId: number | null): number {
    return this.list.filter((r) => r.sheetId === sheetId).reduce((n, r) => n + chars(r), 0);
  }

  /** Throws Google's limit error unless `next` (replacing `current`, if any) fits at its location. */
  checkFits(next: Pick<DeveloperMetadataRecord, 'key' | 'value' | 'sheetId'>, where: string, current?: DeveloperMetadataRecord): void {
    if (next.key === '') throw new GasException(DEVELOPER_METADATA_MESSAGES.emptyKey);
    const total = this.charsAt(next.sheetId) - (current ? chars(current) : 0) + chars(next);
    if (total > DEVELOPER_METADATA_LIMITS.maxCharsPerLocation) throw new GasException(DEVELOPER_METADATA_MESSAGES.tooLarge(where));
  }

  /** Adds a piece (limits checked, with Google's messages as GasException). */
  add(spec: MetadataSpec, where = 'this spreadsheet'): DeveloperMetadataRecord {
    const record: DeveloperMetadataRecord = {
      id: this.#newId(),
      key: spec.key,
      value: spec.value ?? null,
      visibility: spec.visibility ?? 'DOCUMENT',
      sheetId: spec.sheetId ?? null,
      projectId: spec.projectId ?? 'dev-gas-script',
    };
    this.checkFits(record, where);
    this.list.push(record);
    return record;
  }

  find(id: number): DeveloperMetadataRecord | undefined {
    return this.list.find((r) => r.id === id);
  }

  remove(id: number): boolean {
    const i = this.list.findIndex((r) => r.id === id);
    if (i < 0) return false;
    this.list.splice(i, 1);
    return true;
  }

  /** Drops a deleted sheet's metadata ("If the associated object is deleted its metadata is deleted too"). */
  removeSheet(sheetId: number): void {
    for (let i = this.list.length - 1; i >= 0; i--) if (this.list[i]?.sheetId === sheetId) this.list.splice(i, 1);
  }

  /** The pieces a project can see: DOCUMENT ones and its own PROJECT ones. */
  visibleTo(projectId: string): DeveloperMetadataRecord[] {
    return this.list.filter((r) => r.visibility === 'DOCUMENT' || r.projectId === projectId);
  }
}
