/**
 * What this document's formulas spent today, counted in the document cache (custom functions cannot
 * write properties). Counters are spread over a few shards so parallel cells rarely overwrite each
 * other; a lost update undercounts slightly. Entries live 6 hours after the last update (Google's
 * maximum), so an idle day's early counts can expire: the sidebar says "as far as it can be counted".
 */
import type { DocumentSpend } from '../../shared/sidebar-api';
import { openCache } from './store';

const SHARDS = 8;
const TTL_S = 21_600;

/** Counts of one lookup to add. */
export interface Spend {
  requests: number;
  freshCredits: number;
  cacheHits: number;
}

const today = () => new Date().toISOString().slice(0, 10);
const shardKey = (day: string, shard: number) => `sdm-spend|${day}|${shard}`;

/**
 * Adds a lookup's counts to today's total.
 * @param spend what one execution spent
 */
export function recordSpend(spend: Spend): void {
  if (!spend.requests && !spend.cacheHits) return;
  const cache = openCache();
  if (!cache) return;
  try {
    const key = shardKey(today(), Math.floor(Math.random() * SHARDS));
    const old = parse(cache.get(key));
    const next = {
      r: old.r + spend.requests,
      f: old.f + spend.freshCredits,
      h: old.h + spend.cacheHits,
    };
    cache.put(key, JSON.stringify(next), TTL_S);
  } catch {
    // counting is best effort
  }
}

/** Today's totals over all shards. */
export function readSpend(): DocumentSpend {
  const day = today();
  const total: DocumentSpend = { day, requests: 0, freshCredits: 0, cacheHits: 0 };
  const cache = openCache();
  if (!cache) return total;
  try {
    const values = cache.getAll(Array.from({ length: SHARDS }, (_, i) => shardKey(day, i)));
    for (const value of Object.values(values)) {
      const shard = parse(value);
      total.requests += shard.r;
      total.freshCredits += shard.f;
      total.cacheHits += shard.h;
    }
  } catch {
    // unreadable counters count as zero
  }
  return total;
}

function parse(value: string | null | undefined): { r: number; f: number; h: number } {
  try {
    const v = JSON.parse(value ?? '') as { r?: unknown; f?: unknown; h?: unknown };
    const n = (x: unknown) => (typeof x === 'number' && isFinite(x) ? x : 0);
    return { r: n(v.r), f: n(v.f), h: n(v.h) };
  } catch {
    return { r: 0, f: 0, h: 0 };
  }
}
