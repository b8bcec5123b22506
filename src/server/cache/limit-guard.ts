/**
 * The limit guard: after the service refused a request for a daily limit, nothing that the same limit
 * would refuse is sent again until it resets (each refused request would still cost one of the day's
 * API calls). For the API-call limit that is every request; for fresh searches, each query that was
 * refused (it is not in the service's 7-day cache; others may be, and cost no credit). One cache entry
 * per document holds it, so it works across executions and users; it belongs to the key that was
 * refused (a short hash of it, never the key), so a newly saved key is not held back, and it expires at
 * the reset. Google keeps a cache entry 6 hours at most: a later reset is learnt again from one refusal.
 */
import type { LimitKind } from '../service/classify';
import { getAll, openCache, putAll } from './cache-store';

/** The guard's cache entry. */
export const GUARD_KEY = 'sdm-guard';

/** Refused queries kept per guard: plenty for a long column, far under a cache value's 100 KB. */
const MAX_REFUSED = 3_000;
/** When the service does not say when a limit resets, hold back for an hour, then let one request find out. */
const UNKNOWN_RESET_MS = 3_600_000;

/** What the guard holds back for one key. */
export interface Guard {
  /** The key's fingerprint. */
  fp: string;
  /** Until when no request is sent at all (the API-call limit), if armed. */
  callsUntil: number | null;
  /** Refused queries (cache keys) and until when each is held back. */
  refused: Record<string, number>;
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
 * The guard for this key as read from the cache, without what has expired; null when nothing is held back.
 * @param text the entry as read
 * @param fp the key's fingerprint
 * @param now the time (ms)
 */
export function readGuard(text: string | undefined, fp: string, now: number): Guard | null {
  try {
    const parsed = JSON.parse(text ?? '') as Partial<Guard>;
    if (parsed.fp !== fp) return null;
    const callsUntil = typeof parsed.callsUntil === 'number' && parsed.callsUntil > now ? parsed.callsUntil : null;
    const refused: Record<string, number> = {};
    for (const [key, until] of Object.entries(parsed.refused ?? {})) if (typeof until === 'number' && until > now) refused[key] = until;
    return callsUntil !== null || Object.keys(refused).length ? { fp, callsUntil, refused } : null;
  } catch {
    return null;
  }
}

/**
 * What holds back a query, if anything: which limit and until when.
 * @param guard the guard, if any
 * @param key the query's cache key
 */
export function heldBack(guard: Guard | null, key: string): { which: LimitKind; until: number } | null {
  if (!guard) return null;
  if (guard.callsUntil !== null) return { which: 'API calls', until: guard.callsUntil };
  const until = guard.refused[key];
  return until !== undefined ? { which: 'fresh searches', until } : null;
}

/**
 * The guard entry after new refusals, or undefined when nothing changes.
 * @param guard the guard as read (null: none)
 * @param fp the refused key's fingerprint
 * @param refusals what the service refused in this lookup
 * @param now the time (ms)
 */
export function armGuard(guard: Guard | null, fp: string, refusals: Refusal[], now: number): Record<string, string> | undefined {
  if (!refusals.length) return undefined;
  const next: Guard = guard ?? { fp, callsUntil: null, refused: {} };
  for (const { key, which, resetAt } of refusals) {
    const until = resetAt !== null && resetAt > now ? resetAt : now + UNKNOWN_RESET_MS;
    // A limit the answer does not name is treated as the query's own: the narrower hold.
    if (which === 'API calls') next.callsUntil = Math.max(next.callsUntil ?? 0, until);
    else next.refused[key] = until;
  }
  const keys = Object.keys(next.refused);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_REFUSED))) delete next.refused[key];
  // Expired holds are dropped on reading (readGuard), so the entry needs no expiry of its own.
  return { [GUARD_KEY]: JSON.stringify(next) };
}

/**
 * Arms the guard for a key whose API calls are all spent, as a /usage answer read outside a formula
 * (the sidebar) shows: formulas then send nothing until the reset.
 * @param apiKey the key the answer was read with
 * @param resetAt when the allowance resets (ms), if the answer says
 */
export function holdAllCalls(apiKey: string, resetAt: number | null): void {
  const cache = openCache();
  const fp = fingerprint(apiKey);
  const now = Date.now();
  const entry = armGuard(readGuard(getAll(cache, [GUARD_KEY])[GUARD_KEY], fp, now), fp, [{ key: '', which: 'API calls', resetAt }], now);
  if (entry) putAll(cache, entry);
}
