/**
 * What this document's formulas spent today, counted in the cache (custom functions cannot write
 * properties), only when something is spent: a counter shard is read in the lookup's one getAll and
 * written in the putAll that stores the answers, so counting costs no round trip of its own and a
 * cache hit writes nothing. Shards keep parallel cells from overwriting each other; a lost update
 * undercounts slightly, and an idle day's counts expire after 6 hours: the sidebar says so.
 */
import type { DocumentSpend } from '../../shared/sidebar-api';
import { getAll, openCache } from './cache-store';

const SHARDS = 8;

/** Counts of one lookup to add. */
export interface Spend {
  /** Requests sent to the service. */
  requests: number;
  /** Searches the service says it ran fresh (not from its 7-day cache): what costs credits. */
  freshSearches: number;
}

const today = () => new Date().toISOString().slice(0, 10);
const shardKey = (day: string, shard: number) => `sdm-spend|${day}|${shard}`;

/** The counter shard this execution adds to (read with the answers, written with them). */
export function pickSpendKey(): string {
  return shardKey(today(), Math.floor(Math.random() * SHARDS));
}

/**
 * The shard's new text after adding a lookup's spend, or undefined when nothing was spent.
 * @param previous the shard's text as read, if any
 * @param spend what this lookup spent
 */
export function addSpend(previous: string | undefined, spend: Spend): string | undefined {
  if (!spend.requests) return undefined;
  const old = parse(previous);
  return JSON.stringify({ r: old.r + spend.requests, f: old.f + spend.freshSearches });
}

/** Today's totals over all shards. */
export function readSpend(): DocumentSpend {
  const day = today();
  const total: DocumentSpend = { day, requests: 0, freshSearches: 0 };
  const values = getAll(
    openCache(),
    Array.from({ length: SHARDS }, (_, i) => shardKey(day, i)),
  );
  for (const value of Object.values(values)) {
    const shard = parse(value);
    total.requests += shard.r;
    total.freshSearches += shard.f;
  }
  return total;
}

function parse(value: string | null | undefined): { r: number; f: number } {
  try {
    const v = JSON.parse(value ?? '') as { r?: unknown; f?: unknown };
    const n = (x: unknown) => (typeof x === 'number' && isFinite(x) ? x : 0);
    return { r: n(v.r), f: n(v.f) };
  } catch {
    return { r: 0, f: 0 };
  }
}
