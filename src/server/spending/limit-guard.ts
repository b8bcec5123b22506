/**
 * The limit guard: after the service refused a request for a daily limit, nothing that the same limit
 * would refuse is sent again until it resets (each refused request would still cost one of the day's
 * API calls). For the API-call limit that is every request; for fresh searches, each query that was
 * refused (it is not in the service's 7-day cache; others may be, and cost no credit), and, once the
 * fresh searches are known spent and a handful of requests have been refused past that, every search.
 * It also keeps what a usage read said was left (less what lookups here spent since), so that formulas
 * calculated soon after need not read it again. One cache entry per document holds it, so it works
 * across executions and users; it belongs to the key that was refused (a short hash of it, never the
 * key), so a newly saved key is not held back, and it expires at the reset. Google keeps a cache entry
 * 6 hours at most, and may drop it sooner: a later reset is learnt again from one refusal.
 *
 * Its stored shape (JSON under GUARD_KEY): `{ fp, callsUntil, refused, freshUntil?, past?, left? }`,
 * the fields of Guard below (the last three optional: an entry written before them still reads).
 */
import { USAGE_TTL_S } from '../settings/constants';
import type { LimitKind } from '../service/classify';
import { getAll, openCache, putAll } from '../cache/cache-store';

/** The guard's cache entry. */
export const GUARD_KEY = 'sdm-guard';

/**
 * Refused queries kept per guard: plenty, since a formula sends at most a handful past a limit, and
 * under a cache value's 100 KB (about 64 characters each: 3,000 made the entry 190 KB, too large to
 * write, and the putAll holding it failed with the answers of its lookup).
 */
const MAX_REFUSED = 1_000;
/** When the service does not say when a limit resets, hold back for an hour, then let one request find out. */
export const UNKNOWN_RESET_MS = 3_600_000;
/**
 * "A handful": the most requests this document sends past the fresh-search limit until it resets, to
 * find what the service still answers from its 7-day cache (free) once the searches are spent.
 */
export const PAST_LIMIT_HANDFUL = 3;
/** How long what a usage read said is left stays good enough to pace by: as long as the add-on caches a /usage answer. */
export const LEFT_TRUSTED_MS = USAGE_TTL_S * 1000;

/** What a usage read said was left, less what lookups in this document spent since. */
export interface Left {
  /** Fresh searches left (null: the answer did not say). */
  fresh: number | null;
  /** API calls left (null: the answer did not say). */
  calls: number | null;
  /** When it was read (ms). */
  at: number;
  /** When the allowance resets (ms), if the answer said. */
  resetAt: number | null;
}

/** What the guard holds back for one key. */
export interface Guard {
  /** The key's fingerprint. */
  fp: string;
  /** Until when no request is sent at all (the API-call limit), if armed. */
  callsUntil: number | null;
  /** Refused queries (cache keys) and until when each is held back. */
  refused: Record<string, number>;
  /** Until when the fresh searches are known spent (a refusal, a usage read or the count since), if they are. */
  freshUntil: number | null;
  /** Requests refused for fresh searches since they were known spent: past the handful, no search is sent. */
  past: number;
  /** The last usage read, counted down, if any. */
  left: Left | null;
}

/** A refusal to remember. */
export interface Refusal {
  key: string;
  which: LimitKind;
  resetAt: number | null;
}

/**
 * A short fingerprint of an API key: enough to tell keys apart, nothing to recover one from.
 * @param apiKey the key
 */
export function fingerprint(apiKey: string): string {
  const digest = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, `sdm-guard\n${apiKey}`, Utilities.Charset.UTF_8);
  return Utilities.base64EncodeWebSafe(digest).slice(0, 12);
}

/**
 * The guard for this key as read from the cache, without what has expired; null when it holds nothing.
 * @param text the entry as read
 * @param fp the key's fingerprint
 * @param now the time (ms)
 */
export function readGuard(text: string | undefined, fp: string, now: number): Guard | null {
  try {
    const parsed = JSON.parse(text ?? '') as Partial<Guard>;
    if (parsed.fp !== fp) return null;
    const until = (value: unknown) => (typeof value === 'number' && value > now ? value : null);
    const callsUntil = until(parsed.callsUntil);
    const refused: Record<string, number> = {};
    for (const [key, at] of Object.entries(parsed.refused ?? {})) if (until(at) !== null) refused[key] = at;
    const freshUntil = until(parsed.freshUntil);
    const past = freshUntil !== null && typeof parsed.past === 'number' ? parsed.past : 0;
    const left = readLeft(parsed.left, now);
    return callsUntil !== null || freshUntil !== null || left || Object.keys(refused).length
      ? { fp, callsUntil, refused, freshUntil, past, left }
      : null;
  } catch {
    return null;
  }
}

/** A usage read as stored, while it is recent enough to pace by (a spent allowance is kept as freshUntil or callsUntil). */
function readLeft(value: unknown, now: number): Left | null {
  if (!value || typeof value !== 'object') return null;
  const { fresh, calls, at, resetAt } = value as Partial<Left>;
  const count = (n: unknown) => (typeof n === 'number' && n >= 0 ? n : null);
  if (typeof at !== 'number' || at > now || now - at > LEFT_TRUSTED_MS) return null;
  if (typeof resetAt === 'number' && resetAt <= now) return null; // a new day: nothing it said holds
  return { fresh: count(fresh), calls: count(calls), at, resetAt: typeof resetAt === 'number' ? resetAt : null };
}

/**
 * What holds back a query, if anything: which limit and until when.
 * @param guard the guard, if any
 * @param key the query's cache key
 * @param searches whether the query is a search (a fresh answer costs a fresh search): once the
 *   searches are known spent and a handful of requests were refused past that, every search is held
 */
export function heldBack(guard: Guard | null, key: string, searches = false): { which: LimitKind; until: number } | null {
  if (!guard) return null;
  if (guard.callsUntil !== null) return { which: 'API calls', until: guard.callsUntil };
  const until = guard.refused[key];
  if (until !== undefined) return { which: 'fresh searches', until };
  if (searches && guard.freshUntil !== null && guard.past >= PAST_LIMIT_HANDFUL)
    return { which: 'fresh searches', until: guard.freshUntil };
  return null;
}

/**
 * The guard with new refusals: each refused query held back until the reset, and every request once the
 * API calls are refused.
 * @param guard the guard as read (null: none)
 * @param fp the refused key's fingerprint
 * @param refusals what the service refused
 * @param now the time (ms)
 */
export function withRefusals(guard: Guard | null, fp: string, refusals: Refusal[], now: number): Guard {
  const next: Guard = guard ? { ...guard, refused: { ...guard.refused } } : emptyGuard(fp);
  for (const { key, which, resetAt } of refusals) {
    const until = resetAt !== null && resetAt > now ? resetAt : now + UNKNOWN_RESET_MS;
    // A limit the answer does not name is treated as the query's own: the narrower hold.
    if (which === 'API calls') next.callsUntil = Math.max(next.callsUntil ?? 0, until);
    else next.refused[key] = until;
  }
  const keys = Object.keys(next.refused);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_REFUSED))) delete next.refused[key];
  return next;
}

/**
 * A guard that holds nothing yet.
 * @param fp the key's fingerprint
 */
export function emptyGuard(fp: string): Guard {
  return { fp, callsUntil: null, refused: {}, freshUntil: null, past: 0, left: null };
}

/**
 * The guard entry to write. Expired holds are dropped on reading (readGuard), so it needs no expiry of its own.
 * @param guard the guard
 */
export function guardEntry(guard: Guard): Record<string, string> {
  return { [GUARD_KEY]: JSON.stringify(guard) };
}

/**
 * The guard entry after new refusals, or undefined when nothing changes.
 * @param guard the guard as read (null: none)
 * @param fp the refused key's fingerprint
 * @param refusals what the service refused in this lookup
 * @param now the time (ms)
 */
export function armGuard(guard: Guard | null, fp: string, refusals: Refusal[], now: number): Record<string, string> | undefined {
  return refusals.length ? guardEntry(withRefusals(guard, fp, refusals, now)) : undefined;
}

/**
 * Whether the entry holds something live for another key than `fp`: this document's formulas may pay with
 * that key, so a write for `fp` must not drop its holds.
 * @param text the entry as read
 * @param fp the fingerprint of the key about to be written
 * @param now the time (ms)
 */
function heldForAnotherKey(text: string | undefined, fp: string, now: number): boolean {
  try {
    const other = (JSON.parse(text ?? '') as Partial<Guard>).fp;
    return typeof other === 'string' && other !== fp && readGuard(text, other, now) !== null;
  } catch {
    return false;
  }
}

/**
 * Rewrites a key's guard with what `change` makes of it (from an empty one when there is none), as a
 * /usage answer read outside a formula (the sidebar) tells; nothing when the entry is another key's.
 * @param apiKey the key the answer was read with
 * @param change the guard as it should be now
 */
export function updateGuardOf(apiKey: string, change: (guard: Guard) => Guard): void {
  const cache = openCache();
  const fp = fingerprint(apiKey);
  const now = Date.now();
  const text = getAll(cache, [GUARD_KEY])[GUARD_KEY];
  if (heldForAnotherKey(text, fp, now)) return;
  putAll(cache, guardEntry(change(readGuard(text, fp, now) ?? emptyGuard(fp))));
}
