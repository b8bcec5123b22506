/**
 * Kept answers: the last answer of each query this document's formulas use, kept where it outlives the
 * cache's 6 hours, so that a formula Sheets runs again by itself on a day its answer cannot be fetched
 * (a daily limit) shows that answer, dated, instead of a limit message (docs/use/functions.md, "Daily
 * limits"). Google's rules shape it:
 *
 * - A formula may read properties but, by our stricter reading, not write them (dev/gas/RULES.md): so
 *   the add-on keeps answers where it may write (Refresh all formulas, the sidebar counting a refresh),
 *   from what the cache holds then, and a formula only reads them, on its limit path alone (no round
 *   trip on a hit or an ordinary miss).
 * - The document's properties hold at most 500 KB, 9 KB a value: the answers are split over SHARDS
 *   values of at most SHARD_BYTES each (gzipped when large, cache/codec.ts), the oldest dropped first
 *   when one is full. An answer only a score function reads is kept as its score alone.
 * - Kept answers belong to the service they came from (a hash of its base URL): another service's are
 *   never shown.
 *
 * Stored shape, per shard (`SDM_KEPT_<i>`, encoded by codec.ts): `{ u, e }`, the base URL's hash and
 * each query's `[fetched at (minutes since 1970), score only (1) or whole (0), the answer]` by its
 * cache key.
 */
import { PROPERTY_VALUE_LIMIT_BYTES, propertyWriteProblem, utf8Bytes } from '../settings/property-limits';
import type { Json } from '../shape/shape';
import { decode, encode } from './codec';
import { stampOf } from './keys';

/** The properties holding kept answers: SDM_KEPT_0 … SDM_KEPT_<SHARDS - 1>. */
export const KEPT_PREFIX = 'SDM_KEPT_';
/** How many values the answers are split over: at most SHARDS × SHARD_BYTES of the store's 500 KB. */
export const SHARDS = 20;
/** One value's most bytes (UTF-8, as Google counts): under Google's 9 KB. */
export const SHARD_BYTES = PROPERTY_VALUE_LIMIT_BYTES - 200;

/** One kept answer. */
export interface KeptAnswer {
  /** The answer, whole or (scoreOnly) only the field its score is in. */
  data: Json;
  /** When it was fetched, or at the latest when it was kept (ms). */
  fetchedAt: number;
  /** Only its score: good for SEARCH_SCORE and BRAND_SCORE alone. */
  scoreOnly: boolean;
  /**
   * When it was fetched at the earliest, when only a span is known (a cached answer: up to 6 hours before
   * it was kept): a kept answer of that span is the same one, and keeps its date.
   */
  earliest?: number;
}

type Record_ = [number, 0 | 1, Json];
interface Shard {
  u: string;
  e: Record<string, Record_>;
}

/** Which shard a query's cache key falls in. */
function shardOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) % 1_000_003;
  return h % SHARDS;
}

/** The service's hash kept with its answers (the cache stamp's base URL part). */
function serviceOf(baseUrl: string): string {
  return stampOf('', baseUrl).slice(1);
}

function readShard(text: string | undefined, service: string): Shard {
  try {
    const shard = JSON.parse(decode(text ?? '') ?? '') as Shard;
    if (shard && shard.u === service && shard.e && typeof shard.e === 'object') return shard;
  } catch {
    // unreadable: nothing kept
  }
  return { u: service, e: {} };
}

/**
 * The kept answers of some queries (one read of the document's properties; none for a query not kept).
 * Never throws: a store that cannot be read keeps nothing.
 * @param keys the queries' cache keys
 * @param baseUrl the service the answers must come from
 */
export function readKept(keys: string[], baseUrl: string): Map<string, KeptAnswer> {
  const found = new Map<string, KeptAnswer>();
  if (!keys.length) return found;
  let all: Record<string, string>;
  try {
    all = PropertiesService.getDocumentProperties()?.getProperties() ?? {};
  } catch {
    return found;
  }
  const service = serviceOf(baseUrl);
  const shards = new Map<number, Shard>();
  for (const key of keys) {
    const i = shardOf(key);
    if (!shards.has(i)) shards.set(i, readShard(all[`${KEPT_PREFIX}${i}`], service));
    const record = shards.get(i)?.e[key];
    if (record) found.set(key, { fetchedAt: record[0] * 60_000, scoreOnly: record[1] === 1, data: record[2] });
  }
  return found;
}

/**
 * Keeps answers (a newer one replaces an older one of the same query; a whole answer is not replaced
 * by a score of the same age), each shard within its size, the oldest dropped first; writes only the
 * shards that change, in one call. Runs where the add-on may write (the menu, the sidebar); a store
 * that is full or cannot be written keeps what it held: keeping is only a saving.
 * @param answers the answers by cache key
 * @param baseUrl the service they came from
 * @returns how many answers are kept now among those given
 */
export function keepAnswers(answers: Map<string, KeptAnswer>, baseUrl: string): number {
  if (!answers.size) return 0;
  try {
    const store = PropertiesService.getDocumentProperties();
    const all = store.getProperties();
    const service = serviceOf(baseUrl);
    const changed = new Map<number, Shard>();
    for (const [key, kept] of answers) {
      const i = shardOf(key);
      const shard = changed.get(i) ?? readShard(all[`${KEPT_PREFIX}${i}`], service);
      const minutes = Math.floor(kept.fetchedAt / 60_000);
      const old = shard.e[key];
      const same = !!old && kept.earliest !== undefined && old[0] * 60_000 >= kept.earliest;
      const newer = !old || (old[0] < minutes && !same) || (old[0] <= minutes && old[1] === 1 && !kept.scoreOnly);
      if (!newer) continue;
      shard.e[key] = [same && old ? old[0] : minutes, kept.scoreOnly ? 1 : 0, kept.data];
      changed.set(i, shard);
    }
    const writes: Record<string, string> = {};
    for (const [i, shard] of changed) writes[`${KEPT_PREFIX}${i}`] = fitted(shard);
    if (!Object.keys(writes).length) return countKept(answers, changed, all, service);
    if (propertyWriteProblem(all, writes)) return 0; // the store is full: keep what it held
    store.setProperties(writes);
    return countKept(answers, changed, all, service);
  } catch {
    return 0;
  }
}

/** How many of the given answers the shards hold (after a write). */
function countKept(answers: Map<string, KeptAnswer>, changed: Map<number, Shard>, all: Record<string, string>, service: string): number {
  let n = 0;
  for (const key of answers.keys()) {
    const i = shardOf(key);
    const shard = changed.get(i) ?? readShard(all[`${KEPT_PREFIX}${i}`], service);
    if (shard.e[key]) n++;
  }
  return n;
}

/** A shard's text within SHARD_BYTES: the oldest answers dropped until it fits. */
function fitted(shard: Shard): string {
  let text = encode(JSON.stringify(shard));
  if (utf8Bytes(text) <= SHARD_BYTES) return text;
  const byAge = Object.entries(shard.e).sort((a, b) => b[1][0] - a[1][0]);
  // Halve the answers kept until it fits, then grow back a step at a time: a few encodes, not one per answer.
  let keep = byAge.length;
  while (keep > 0 && utf8Bytes(text) > SHARD_BYTES) {
    keep = Math.floor(keep / 2);
    text = encode(JSON.stringify({ u: shard.u, e: Object.fromEntries(byAge.slice(0, keep)) }));
  }
  const step = Math.max(1, Math.ceil(keep / 8));
  for (let more = keep + step; more <= byAge.length; more += step) {
    const next = encode(JSON.stringify({ u: shard.u, e: Object.fromEntries(byAge.slice(0, more)) }));
    if (utf8Bytes(next) > SHARD_BYTES) break;
    text = next;
  }
  return text;
}
