/**
 * The lookup's read side as a dry run: what sending some queries would cost now, worked out with one
 * cache round trip and no request. It reads the cache under the same keys and stamp as the lookup
 * (pipeline.ts), the packs range formulas keep their answers in (packed-lookup.ts), and the daily-limit
 * guard of the key that pays (limit-guard.ts). Every estimate of the add-on counts from it: Refresh all
 * formulas, a template, inserting a ranking table, tracking a list, so they all agree with the lookup.
 */
import { readLookupConfig } from '../cache/config-entry';
import { getAll, openCache } from '../cache/cache-store';
import type { Entry } from '../cache/entry';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import { fingerprint, GUARD_KEY, heldBack, readGuard, type Guard } from './limit-guard';
import { packGroups, readPack, type Pack, type PackGroup } from '../cache/pack';
import { readLookupSettings, type Payer } from '../settings/lookup-settings';
import type { LimitKind } from '../service/classify';
import type { SpendCost } from '../../shared/allowance-rules';
import type { Endpoint } from '../service/endpoints';
import { readState } from '../cache/cache-state';

/** One query: an endpoint and its normalised subject (none for an endpoint that takes none). */
export interface DryQuery {
  endpoint: Endpoint;
  subject?: string;
}

/** What to dry-run. */
export interface DryRunRequest {
  queries: DryQuery[];
  /** Range calls' distinct subjects: their answers are kept in packs as well, which count as cached. */
  ranges?: { endpoint: Endpoint; subjects: string[] }[];
  /** Whose stamp the answers carry: a formula's (the config entry, else the viewer's settings) or the viewer's. */
  payer: Payer;
  /**
   * Whose daily-limit guard holds queries back: the viewer's key's (read with their settings), a key's
   * known here, or none (undefined: nothing is held back).
   */
  guardOf: 'viewer' | { apiKey: string | undefined };
  /** More cache entries to read in the same round trip (the spend log, say), returned in `heads`. */
  alsoRead?: string[];
}

/** Why a query is not sent: the limit that holds it back, and until when (ms). */
export type Hold = { which: LimitKind; until: number };

/** What the cache and the guard say of the queries. */
export interface DryRun {
  /** Each distinct query's cache key, and its endpoint. */
  endpoints: Map<string, Endpoint>;
  /** The queries the cache answers (their own entry, or a range's pack). */
  cached: Set<string>;
  /** The entries found under the queries' own keys. */
  found: Map<string, Entry & { kind: 'data' | 'not-found' }>;
  /** The range calls' packs as read, by pack key (null: absent or outlived). */
  packs: Map<string, Pack | null>;
  /** The queries that would be sent: not cached, not held back. Each is at most one request. */
  toSend: string[];
  /** The queries not cached that the guard holds back. */
  held: Map<string, Hold>;
  /** How many of `toSend` are on a searching endpoint: at most one fresh search each. */
  freshSearches: number;
  /** The paying key's guard, if it holds anything. */
  guard: Guard | null;
  /** What holds back a query by its cache key, if anything. */
  hold: (key: string) => Hold | null;
  /** The entries read, by cache key (with `alsoRead`'s). */
  heads: Record<string, string>;
}

/**
 * The packs a range formula keeps its answers in (its distinct subjects in groups, each with its pack's
 * key), for estimates that follow what a range formula reads and writes (spending/refresh-plan.ts).
 * @param endpoint the endpoint
 * @param distinct the range's distinct normalised subjects, in order
 */
export function rangePacks(endpoint: Endpoint, distinct: string[]): PackGroup[] {
  return packGroups(endpoint.path, distinct);
}

/**
 * A query's cache key, as the lookup keys it.
 * @param query the query
 */
export function queryKey(query: DryQuery): string {
  return answerKey(query.endpoint.path, query.endpoint.param ? (query.subject ?? '') : undefined);
}

/**
 * Dry-runs the lookup of some queries: one cache round trip (two when an answer was split), the property
 * reads the lookup settings need, no request.
 * @param request the queries, whose stamp and key, and what else to read
 */
export function dryRun(request: DryRunRequest): DryRun {
  const endpoints = new Map(request.queries.map((q) => [queryKey(q), q.endpoint] as const));
  // The packs range formulas keep their answers in, keyed as they key them.
  const packs = new Map<string, { endpoint: Endpoint; subjects: string[] }>();
  for (const { endpoint, subjects } of request.ranges ?? []) {
    for (const group of packGroups(endpoint.path, subjects)) packs.set(group.key, { endpoint, subjects: group.subjects });
  }
  const formula = request.payer === 'formula';
  const cache = openCache();
  const now = Date.now();
  const heads = getAll(cache, [
    ...(formula ? [CONFIG_KEY] : []),
    GUARD_KEY,
    ...packs.keys(),
    ...endpoints.keys(),
    ...(request.alsoRead ?? []),
  ]);
  const viewer = formula ? null : readLookupSettings('user');
  const known = (formula ? readLookupConfig(heads[CONFIG_KEY]) : null) ?? viewer ?? readLookupSettings('user');
  const ids = new Map([...packs.keys(), ...endpoints.keys()].map((key) => [key, key] as const));
  const state = readState(cache, heads, ids, stampOf(known.generation, known.baseUrl));

  const found = new Map([...state.found].filter(([key]) => endpoints.has(key)));
  const cached = new Set(found.keys());
  const packsRead = new Map<string, Pack | null>();
  for (const [key, { endpoint, subjects }] of packs) {
    const entry = state.found.get(key);
    const pack = entry?.kind === 'data' ? readPack(entry.data, now) : null;
    packsRead.set(key, pack);
    for (const subject of subjects) {
      const own = answerKey(endpoint.path, subject);
      if (endpoints.has(own) && (pack?.answers.has(subject) || pack?.notFound.has(subject))) cached.add(own);
    }
  }

  const apiKey = request.guardOf === 'viewer' ? (viewer ?? readLookupSettings('user')).apiKey : request.guardOf.apiKey;
  const guard = apiKey ? readGuard(heads[GUARD_KEY], fingerprint(apiKey), now) : null;
  // Once the searches are spent and the handful refused, every search is held (limit-guard.ts).
  const hold = (key: string): Hold | null => heldBack(guard, key, endpoints.get(key)?.searches === true);
  const toSend: string[] = [];
  const held = new Map<string, Hold>();
  for (const key of [...state.missing, ...state.pending]) {
    if (!endpoints.has(key) || cached.has(key)) continue;
    const why = hold(key);
    if (why) held.set(key, why);
    else toSend.push(key);
  }
  const freshSearches = toSend.filter((key) => endpoints.get(key)?.searches).length;
  return { endpoints, cached, found, packs: packsRead, toSend, held, freshSearches, guard, hold, heads };
}

/**
 * What the dry run says an action sends: its requests and fresh searches, and what a limit holds back.
 * @param run a dry run
 */
export function spendOf(run: DryRun): SpendCost {
  return { requests: run.toSend.length, freshSearches: run.freshSearches, heldBack: run.held.size };
}
