/**
 * The answer cache: the document cache (else the user's), never the script cache, which every user of
 * the add-on shares. Reads and writes are batched; any entry may vanish at any time, and a missing part
 * of a split value is a miss. Cache failures never fail a formula: the cache is only a saving.
 */
import type { Json } from '../shape';
import { MAX_VALUE_CHARS, decode, encode, split } from './codec';

/** What a cache entry holds: an answer, or a recent "not found" (kept briefly). */
export type Cached = { kind: 'data'; data: Json } | { kind: 'not-found' };

/**
 * Another execution announced it is fetching this key. Sheets runs many cells at once, and without
 * this mark two cells with the same keyword would both miss the cache and both spend a credit.
 */
export const PENDING_TTL_S = 30;
const pendingKey = (key: string) => `${key}~`;

/** An entry to write. */
export interface CacheWrite {
  key: string;
  value: Cached;
  ttlSeconds: number;
}

/** The document cache, else the user cache (never the script cache); null when neither is available. */
export function openCache(): GoogleAppsScript.Cache.Cache | null {
  try {
    return CacheService.getDocumentCache() ?? CacheService.getUserCache();
  } catch {
    return null;
  }
}

/**
 * Reads many keys at once (two round trips at most: heads, then parts of split values).
 * @param keys cache keys
 * @param pending also report keys another execution is fetching (in the same first round trip)
 * @returns the answers found, and the missing keys that are marked pending
 */
export function readCached(keys: string[], pending = false): { found: Map<string, Cached>; pending: Set<string> } {
  const found = new Map<string, Cached>();
  const marked = new Set<string>();
  const cache = openCache();
  if (!cache || !keys.length) return { found, pending: marked };
  try {
    const heads = cache.getAll(pending ? [...keys, ...keys.map(pendingKey)] : keys);
    for (const key of keys) if (pending && heads[key] === undefined && heads[pendingKey(key)] !== undefined) marked.add(key);
    const split: { key: string; count: number; id: string }[] = [];
    for (const key of keys) {
      const head = heads[key];
      if (head === undefined) continue;
      const parts = /^p(\d+)\|(\w+)$/.exec(head);
      if (parts) split.push({ key, count: Number(parts[1]), id: parts[2] ?? '' });
      else addDecoded(found, key, head);
    }
    if (split.length) {
      const partKeys = split.flatMap(({ key, count }) => Array.from({ length: count }, (_, i) => `${key}.${i}`));
      const parts = cache.getAll(partKeys);
      for (const { key, count, id } of split) {
        const pieces: string[] = [];
        for (let i = 0; i < count; i++) {
          const part = parts[`${key}.${i}`];
          if (part === undefined || !part.startsWith(`${id}|`)) break;
          pieces.push(part.slice(id.length + 1));
        }
        if (pieces.length === count) addDecoded(found, key, pieces.join(''));
      }
    }
  } catch {
    // an unreadable cache is an empty cache
  }
  return { found, pending: marked };
}

function addDecoded(found: Map<string, Cached>, key: string, stored: string): void {
  if (stored === 'n') {
    found.set(key, { kind: 'not-found' });
    return;
  }
  const json = decode(stored);
  if (json === undefined) return;
  try {
    found.set(key, { kind: 'data', data: JSON.parse(json) as Json });
  } catch {
    // a corrupt entry is a miss
  }
}

/**
 * Writes entries, grouped by lifetime into as few putAll calls as possible.
 * @param writes what to store
 */
export function writeCached(writes: CacheWrite[]): void {
  const cache = openCache();
  if (!cache || !writes.length) return;
  const byTtl = new Map<number, Record<string, string>>();
  for (const { key, value, ttlSeconds } of writes) {
    const batch = byTtl.get(ttlSeconds) ?? {};
    byTtl.set(ttlSeconds, batch);
    if (value.kind === 'not-found') {
      batch[key] = 'n';
      continue;
    }
    const encoded = encode(JSON.stringify(value.data));
    if (encoded.length <= MAX_VALUE_CHARS) {
      batch[key] = encoded;
      continue;
    }
    const id = Math.random().toString(36).slice(2, 10);
    const parts = split(encoded, id);
    parts.forEach((part, i) => (batch[`${key}.${i}`] = part));
    batch[key] = `p${parts.length}|${id}`;
  }
  for (const [ttl, values] of byTtl) {
    try {
      cache.putAll(values, ttl);
    } catch {
      // Too large or over quota: the answer is still shown, just not saved.
    }
  }
}

/**
 * Marks keys as being fetched by this execution (or clears the marks once their answers are stored).
 * @param keys cache keys
 * @param on true to mark, false to clear
 */
export function markPending(keys: string[], on: boolean): void {
  const cache = openCache();
  if (!cache || !keys.length) return;
  try {
    if (on) cache.putAll(Object.fromEntries(keys.map((key) => [pendingKey(key), '1'])), PENDING_TTL_S);
    else cache.removeAll(keys.map(pendingKey));
  } catch {
    // without marks, concurrent cells may fetch twice: a cost, not a failure
  }
}

/**
 * Removes entries (e.g. after a forced refresh).
 * @param keys cache keys
 */
export function removeCached(keys: string[]): void {
  try {
    openCache()?.removeAll(keys);
  } catch {
    // nothing to do
  }
}
