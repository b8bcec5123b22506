/**
 * What the cache says about a lookup's entries: found, being fetched by another execution (a mark), or
 * missing; and how a mark is taken back.
 */
import { joinParts, readEntry, writeEntry, type Entry } from './entry';
import { getAll } from './cache-store';

type Cache = GoogleAppsScript.Cache.Cache | null;

/** Where the cache stands for a set of entries, each named by an id (a subject, or a pack's). */
export interface CacheState {
  found: Map<string, Entry & { kind: 'data' | 'not-found' }>;
  pending: string[];
  /** Who marked each pending id. */
  markedBy: Map<string, string>;
  missing: string[];
}

/**
 * Sorts the ids by what the cache holds under the stamp: found, being fetched by another execution,
 * or missing. Parts of split answers are read in one more round trip. (The sidebar's spend estimate
 * sorts a spreadsheet's queries with it too, so both agree on what counts as cached.)
 * @param cache the cache the heads were read from
 * @param heads the entries read, by cache key
 * @param keys each id's cache key
 * @param stamp the stamp a valid answer carries
 */
export function readState(cache: Cache, heads: Record<string, string>, keys: Map<string, string>, stamp: string): CacheState {
  const state: CacheState = { found: new Map(), pending: [], markedBy: new Map(), missing: [] };
  const now = Date.now();
  const splits: { id: string; key: string; count: number; writeId: string; at?: number }[] = [];
  for (const [id, key] of keys) {
    const entry = readEntry(heads[key], stamp, now);
    if (!entry) state.missing.push(id);
    else if (entry.kind === 'pending') {
      state.pending.push(id);
      state.markedBy.set(id, entry.by);
    } else if (entry.kind === 'split') splits.push({ id, key, count: entry.count, writeId: entry.id, at: entry.at });
    else state.found.set(id, entry);
  }
  if (splits.length) {
    const partKeys = splits.flatMap(({ key, count }) => Array.from({ length: count }, (_, i) => `${key}.${i}`));
    const parts = getAll(cache, partKeys);
    for (const { id, key, count, writeId, at } of splits) {
      const joined = joinParts(
        Array.from({ length: count }, (_, i) => parts[`${key}.${i}`]),
        writeId,
        at,
      );
      if (joined?.kind === 'data') state.found.set(id, joined);
      else state.missing.push(id);
    }
  }
  return state;
}

/**
 * Entries that read as absent at once: how our marks are taken back without a remove call.
 * @param keys the marks' keys
 */
export function expired(keys: string[]): Record<string, string> {
  const now = Date.now();
  return Object.assign({}, ...keys.map((key) => writeEntry(key, { kind: 'pending', by: '' }, '', now))) as Record<string, string>;
}
