/**
 * What the stand-in service holds between requests: its knobs, keys, per-key daily usage, the shared
 * query cache, pending faults, the clock's offset and the stats the control API reports.
 */
import type { World } from './data.js';
import type { Schema } from './schemas.js';

/** Knobs that can be changed at runtime via POST /__control/config. */
export interface ServiceConfig {
  schema: Schema;
  /** Which data it serves: '' the default world (its hand-picked brands), any other text a world of its own (data.ts, World). */
  world: World;
  latencyFreshMs: number;
  latencyCachedMs: number;
  freshPerDay: number;
  callsPerDay: number;
  /** Cuts every ranking list to this many members (0 = the full list): lets tests make a list grow or shrink. */
  rankingListLimit: number;
  /**
   * Leaves out this many members from the top of every ranking list before the limit (0 = none): the
   * others move up that many places, and with a limit as many new ones enter at the bottom, so a test
   * can make ranks change between two answers.
   */
  rankingListSkip: number;
}

/** A fault injected through POST /__control/faults (faults.ts answers with it). */
export type Fault =
  | { kind: '5xx'; count: number; status?: number; path?: string }
  | { kind: 'malformed'; count: number; path?: string }
  | { kind: 'hang'; count: number; ms: number; destroy?: boolean; path?: string }
  | { kind: '429'; count: number; retryAfter?: number; path?: string }
  | { kind: 'reset'; count: number; path?: string };

export interface LogEntry {
  path: string;
  /** Normalised query, e.g. "keyword=coffee beans" ("" for endpoints without parameters). */
  query: string;
  /** HTTP status; 0 when the connection was destroyed without a response. */
  status: number;
  cache: 'HIT' | 'MISS' | null;
  ms: number;
  /** What the service held it on purpose (ms): its latency knob, a `hang` fault. A test counts this, not `ms`. */
  heldMs: number;
  /** The last four characters of the request's key ("" without one): which account paid, never the key. */
  keyTail: string;
}

export interface Stats {
  requests: number;
  apiCalls: number;
  freshCredits: number;
  cacheHits: number;
  byEndpoint: Record<string, number>;
  byQuery: Record<string, number>;
  statusCounts: Record<string, number>;
  /** The most /api/v1 requests being answered at once (from arrival to answer) since the stats were reset. */
  peakInFlight: number;
  log: LogEntry[];
}

export interface Usage {
  day: string;
  fresh: number;
  calls: number;
}

export interface ServiceState {
  config: ServiceConfig;
  keys: Set<string>;
  revoked: Set<string>;
  /** Per key, for the current UTC day of the service clock. */
  usage: Map<string, Usage>;
  /** Normalised query → service time of the fresh answer. */
  cache: Map<string, number>;
  /** Pending faults; `count` is decremented as requests are affected. */
  faults: Fault[];
  clockOffsetMs: number;
  /** /api/v1 requests arrived and not yet answered. */
  inFlight: number;
  stats: Stats;
}

export const DEFAULT_KEYS = ['dev-key-1', 'dev-key-2'];
export const DEFAULT_CONFIG: ServiceConfig = {
  schema: 'a',
  world: '',
  latencyFreshMs: 0,
  latencyCachedMs: 0,
  freshPerDay: 250,
  callsPerDay: 2000,
  rankingListLimit: 0,
  rankingListSkip: 0,
};
/** A world's name is a seed: short text. */
export const MAX_WORLD = 64;

/** Whether a value can name a world ('' for the default one). */
export function isWorld(value: unknown): value is World {
  return typeof value === 'string' && value.length <= MAX_WORLD;
}

/** Stats as they read before any request. */
export function emptyStats(): Stats {
  return {
    requests: 0,
    apiCalls: 0,
    freshCredits: 0,
    cacheHits: 0,
    byEndpoint: {},
    byQuery: {},
    statusCounts: {},
    peakInFlight: 0,
    log: [],
  };
}

/** A fresh state: the given config and keys, nothing used, cached, pending or counted. */
export function freshState(config: ServiceConfig, keys: readonly string[], clockOffsetMs: number): ServiceState {
  return {
    config: { ...config },
    keys: new Set(keys),
    revoked: new Set(),
    usage: new Map(),
    cache: new Map(),
    faults: [],
    clockOffsetMs,
    inFlight: 0,
    stats: emptyStats(),
  };
}

/** A key's usage on the UTC day of service time `t`; a new day starts at zero. */
export function usageOf(state: ServiceState, key: string, t: number): Usage {
  const day = utcDay(t);
  let u = state.usage.get(key);
  if (!u || u.day !== day) state.usage.set(key, (u = { day, fresh: 0, calls: 0 }));
  return u;
}

/** Adds one to a counter of a stats table. */
export function inc(o: Record<string, number>, k: string): void {
  o[k] = (o[k] ?? 0) + 1;
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The next UTC midnight after an instant: when the daily limits reset. */
export function nextUtcMidnight(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}
