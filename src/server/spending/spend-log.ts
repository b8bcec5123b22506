/**
 * What this document's lookups spent today, counted in the cache (custom functions cannot write
 * properties), only when something is spent: a counter shard is read in the lookup's one getAll and
 * written in the putAll that stores the answers, so counting costs no round trip of its own and a
 * cache hit writes nothing. Shards keep parallel cells from overwriting each other; a lost update
 * undercounts slightly, and an idle day's counts expire after 6 hours: the sidebar says so.
 *
 * Each shard also logs, per API key (a fingerprint, never the key), when each lookup spent what, so
 * that the sidebar can add to a usage read exactly what this document spent with that key after it
 * (usage-read.ts). A shard keeps each key's latest LOG_MAX entries; dropping older ones, it notes
 * until when it dropped, so a read older than that is known to be short, never silently so.
 */
import type { DocumentSpend, SpentSince } from '../../shared/allowance-rules';
import type { Json } from '../shape/shape';
import { CACHE_TTL_S, getAll, openCache, putAll } from '../cache/cache-store';
import { DAY_MS } from '../../shared/day';

const SHARDS = 8;
/** Spending lookups logged per key per shard: 800 a day per key in all, a few KB per shard. */
const LOG_MAX = 100;
/** Keys logged per shard (a formula key and a few sidebar users'); past that the least recent is dropped. */
const KEYS_MAX = 6;

/** Counts of one lookup to add. */
export interface Spend {
  /** Requests sent to the service. */
  requests: number;
  /** Searches the service says it ran fresh (not from its 7-day cache): what costs credits. */
  freshSearches: number;
}

/** One key's log in a shard: [time (ms), requests, fresh searches], oldest first. */
interface KeyLog {
  l: [number, number, number][];
  /** Entries at or before this time (ms) were dropped; 0: none. */
  o: number;
}

/** A shard as stored: the day's totals over every key, and each key's log. */
interface Shard {
  r: number;
  f: number;
  k: Record<string, KeyLog>;
  /** A whole key's log was dropped at this time (ms); 0: never. */
  d: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shardKeys = (day: string) => Array.from({ length: SHARDS }, (_, i) => `sdm-spend|${day}|${i}`);

/** The counter shard this execution adds to (read with the answers, written with them). */
export function pickSpendKey(): string {
  return todaysSpendKeys(Date.now())[Math.floor(Math.random() * SHARDS)] as string;
}

/**
 * Today's shards (a lookup's spend is logged under the day it started).
 * @param now the current time (ms)
 */
export function todaysSpendKeys(now: number): string[] {
  return shardKeys(dayOf(now));
}

/**
 * The shard's new text after adding a lookup's spend, or undefined when nothing was spent.
 * @param previous the shard's text as read, if any
 * @param spend what this lookup spent
 * @param fp the fingerprint of the key that paid (limit-guard.ts), so the sidebar can tell whose usage it was
 * @param now the time of the spend (ms)
 */
export function addSpend(previous: string | undefined, spend: Spend, fp?: string, now: number = Date.now()): string | undefined {
  if (!spend.requests) return undefined;
  const shard = parse(previous);
  shard.r += spend.requests;
  shard.f += spend.freshSearches;
  if (fp) {
    // A key new to the shard may have had a log dropped before: its entries before that are unknown.
    const log = shard.k[fp] ?? { l: [], o: shard.d };
    log.l.push([now, spend.requests, spend.freshSearches]);
    for (const [at] of log.l.splice(0, Math.max(0, log.l.length - LOG_MAX))) log.o = Math.max(log.o, at);
    // The key spent last moves to the end, so the least recent one is dropped first.
    delete shard.k[fp];
    shard.k[fp] = log;
    const fps = Object.keys(shard.k);
    for (const old of fps.slice(0, Math.max(0, fps.length - KEYS_MAX))) {
      delete shard.k[old];
      shard.d = now;
    }
  }
  return JSON.stringify(shard);
}

/**
 * Adds a spend made outside a lookup (the sidebar's read of /usage) to a shard: one round trip to read
 * it and one to write.
 * @param spend what was spent
 * @param fp the fingerprint of the key that paid
 * @param at when (ms)
 */
export function addDocumentSpend(spend: Spend, fp: string, at: number): void {
  const key = todaysSpendKeys(at)[Math.floor(Math.random() * SHARDS)] as string;
  const cache = openCache();
  const next = addSpend(getAll(cache, [key])[key], spend, fp, at);
  if (next !== undefined) putAll(cache, { [key]: next });
}

/** Today's totals over all shards and keys. */
export function readSpend(): DocumentSpend {
  return readDocumentSpend(null, null).today;
}

/**
 * Today's totals, and what one key spent in this document after a time: one cache round trip.
 * @param fp the key's fingerprint, or null for the totals alone
 * @param since the time (ms), or null for the totals alone
 * @param now the current time (ms)
 */
export function readDocumentSpend(
  fp: string | null,
  since: number | null,
  now: number = Date.now(),
): { today: DocumentSpend; since: SpentSince | null } {
  const today = dayOf(now);
  // A shard is written under the day its lookup started: the day of `since` may be yesterday.
  const days = since !== null && fp ? [...new Set([dayOf(Math.max(since, now - DAY_MS)), today])] : [today];
  const values = getAll(openCache(), days.flatMap(shardKeys));
  return { today: totals(today, values), since: fp !== null && since !== null ? spentSince(values, fp, since, now) : null };
}

/**
 * How many spending lookups this document logged today after a time, with any key (pure, so it is unit-tested).
 * @param values cache entries as read, today's shards among them (todaysSpendKeys)
 * @param since the time (ms): lookups logged at or before it are not counted
 * @param now the current time (ms)
 */
export function lookupsSince(values: Record<string, string>, since: number, now: number): number {
  let count = 0;
  for (const key of todaysSpendKeys(now))
    for (const log of Object.values(parse(values[key]).k)) for (const [at] of log.l) if (at > since) count++;
  return count;
}

/**
 * When a cached usage read was made (ms), if this document spent nothing since: else NaN (as for an
 * entry that says no time), and it is read again. The read's own lookup is logged a moment after its
 * answer came: one spending lookup from then on is its own. Any key's count, since a hit does not know
 * the formulas' key without a property read. (Were the read's own log entry lost to a parallel write of
 * its shard, one other lookup would go unseen.)
 * @param data the cached /usage answer
 * @param heads the cache entries read, today's spend shards among them (todaysSpendKeys)
 * @param now the current time (ms)
 */
export function currentUsageReadAt(data: Json | undefined, heads: Record<string, string>, now: number): number {
  // An answer lookup/usage-lookup.ts kept holds its ISO read_at (its own wins over a service field of that name); else NaN.
  const readAt = Date.parse((data as { read_at?: unknown } | null | undefined)?.read_at as string);
  return lookupsSince(heads, readAt - 1, now) < 2 ? readAt : NaN;
}

/**
 * The day's totals over its shards.
 * @param day YYYY-MM-DD (UTC)
 * @param values shards as read, by cache key
 */
export function totals(day: string, values: Record<string, string>): DocumentSpend {
  const total: DocumentSpend = { day, requests: 0, freshSearches: 0 };
  for (const key of shardKeys(day)) {
    const shard = parse(values[key]);
    total.requests += shard.r;
    total.freshSearches += shard.f;
  }
  return total;
}

/**
 * What one key spent after a time, over the shards read (pure, so it is unit-tested).
 * @param values shards as read, by cache key
 * @param fp the key's fingerprint
 * @param since the time (ms): spending at or before it is not counted
 * @param now the current time (ms)
 */
export function spentSince(values: Record<string, string>, fp: string, since: number, now: number): SpentSince {
  const out: SpentSince = { requests: 0, freshSearches: 0, complete: since >= now - CACHE_TTL_S * 1000 };
  for (const value of Object.values(values)) {
    const shard = parse(value);
    const log = shard.k[fp];
    if (shard.d > since && !log) out.complete = false;
    if (!log) continue;
    if (log.o > since) out.complete = false;
    for (const [at, requests, fresh] of log.l) {
      if (at <= since) continue;
      out.requests += requests;
      out.freshSearches += fresh;
    }
  }
  return out;
}

function parse(value: string | null | undefined): Shard {
  const n = (x: unknown) => (typeof x === 'number' && isFinite(x) ? x : 0);
  try {
    const v = JSON.parse(value ?? '') as { r?: unknown; f?: unknown; k?: unknown; d?: unknown };
    const k: Record<string, KeyLog> = {};
    if (v.k && typeof v.k === 'object') {
      for (const [fp, log] of Object.entries(v.k as Record<string, { l?: unknown; o?: unknown }>)) {
        const entries = Array.isArray(log?.l) ? (log.l as unknown[]) : [];
        k[fp] = {
          l: entries.flatMap((e) => (Array.isArray(e) ? [[n(e[0]), n(e[1]), n(e[2])] as [number, number, number]] : [])),
          o: n(log?.o),
        };
      }
    }
    return { r: n(v.r), f: n(v.f), k, d: n(v.d) };
  } catch {
    return { r: 0, f: 0, k: {}, d: 0 };
  }
}
