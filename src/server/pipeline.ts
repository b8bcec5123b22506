/**
 * The one-way data flow of every formula: normalised subjects → cache lookup → one batched fetch of the
 * misses → cache store → answers. Each distinct subject is looked up once, whoever asks for it.
 */
import type { Budget } from './budget';
import { markPending, readCached, removeCached, writeCached, type Cached, type CacheWrite } from './cache/store';
import { claimMisses } from './cache/claim';
import { recordSpend } from './cache/spend';
import { cacheKey, readGeneration } from './cache/keys';
import { MAX_URL_LENGTH, NOT_FOUND_TTL_S } from './config';
import { errors, type AddonError } from './errors';
import { describeSubject, type Endpoint } from './service/endpoints';
import { fetchAllWithin, type FetchRequest } from './service/fetcher';
import { buildUrl } from './service/url';
import { readApiKey, readBaseUrl, type Payer } from './settings';
import type { Json } from './shape';

/** The answer for one subject. */
export type Answer = { ok: true; data: Json } | { ok: false; error: AddonError };

/** What one lookup cost, for counting. */
export interface LookupStats {
  cacheHits: number;
  requests: number;
  /** Answers the service computed fresh (not from its 7-day cache): what costs credits. */
  freshCredits: number;
}

/**
 * Looks up every distinct subject of one endpoint.
 * @param endpoint which endpoint
 * @param subjects normalised subjects (use `undefined` for endpoints without a parameter); duplicates are fine
 * @param budget time left in this execution
 * @param payer whose key pays for misses: a formula's, or the user's running the sidebar, menu or schedule
 * @returns answers keyed by subject (`''` for no subject), and what it cost
 */
export function lookupAll(
  endpoint: Endpoint,
  subjects: (string | undefined)[],
  budget: Budget,
  payer: Payer,
): { answers: Map<string, Answer>; stats: LookupStats } {
  const result = lookupAnswers(endpoint, subjects, budget, payer);
  recordSpend(result.stats);
  return result;
}

function lookupAnswers(
  endpoint: Endpoint,
  subjects: (string | undefined)[],
  budget: Budget,
  payer: Payer,
): { answers: Map<string, Answer>; stats: LookupStats } {
  const answers = new Map<string, Answer>();
  const stats: LookupStats = { cacheHits: 0, requests: 0, freshCredits: 0 };
  const distinct = [...new Set(subjects)];
  if (!distinct.length) return { answers, stats };

  const baseUrl = readBaseUrl();
  const generation = readGeneration();
  const keys = new Map(distinct.map((s) => [s, cacheKey(generation, baseUrl, endpoint.path, s)] as const));
  const { found } = readCached([...keys.values()]);

  const misses: Miss[] = [];
  for (const subject of distinct) {
    const key = keys.get(subject) ?? '';
    const what = describeSubject(endpoint, subject);
    const hit = found.get(key);
    if (hit) {
      takeHit(hit, subject ?? '', what, answers, stats);
      continue;
    }
    const url = buildUrl(baseUrl, endpoint, subject);
    if (url.length > MAX_URL_LENGTH) {
      answers.set(subject ?? '', {
        ok: false,
        error: errors.input(`Bad input: ${what.slice(0, 60)}… is too long once encoded for the URL.`),
      });
      continue;
    }
    misses.push({ request: { id: key, url, what }, subject: subject ?? '' });
  }
  if (!misses.length) return { answers, stats };

  const apiKey = readApiKey(payer);
  if (!apiKey) {
    const noKey = payer === 'formula' ? errors.noFormulaKey() : errors.noKey();
    for (const miss of misses) answers.set(miss.subject, { ok: false, error: noKey });
    return { answers, stats };
  }

  // Fetch what nobody else is fetching; then wait briefly for the rest, and fetch what never arrived.
  const claim = claimMisses(misses.map((m) => m.request.id));
  const claimed = new Set(claim.claimed);
  const fetchMisses = (list: Miss[]) => fetchAndStore(endpoint, list, apiKey, budget, answers, stats);
  for (const miss of misses) {
    const hit = claim.found.get(miss.request.id);
    if (hit) takeHit(hit, miss.subject, miss.request.what, answers, stats);
  }
  fetchMisses(misses.filter((m) => claimed.has(m.request.id)));
  const awaited = misses.filter((m) => claim.pending.has(m.request.id));
  if (awaited.length) {
    const late = waitForOthers(awaited, budget, answers, stats);
    markPending(
      late.map((m) => m.request.id),
      true,
    );
    fetchMisses(late);
  }
  return { answers, stats };
}

/** A cache miss: its request and the subject it answers. */
interface Miss {
  request: FetchRequest;
  subject: string;
}

/** Counts a cache hit and records its answer (a cached "not found" answers with its error). */
function takeHit(hit: Cached, subject: string, what: string, answers: Map<string, Answer>, stats: LookupStats): void {
  stats.cacheHits++;
  answers.set(subject, hit.kind === 'data' ? { ok: true, data: hit.data } : { ok: false, error: errors.notFound(what) });
}

/** Fetches misses this execution has marked as its own, stores what may be stored, clears the marks. */
function fetchAndStore(
  endpoint: Endpoint,
  misses: Miss[],
  apiKey: string,
  budget: Budget,
  answers: Map<string, Answer>,
  stats: LookupStats,
): void {
  if (!misses.length) return;
  const ids = misses.map((m) => m.request.id);
  const outcomes = fetchAllWithin(
    misses.map((m) => m.request),
    { apiKey, budget },
  );
  const writes: CacheWrite[] = [];
  for (const { request, subject } of misses) {
    const outcome = outcomes.get(request.id);
    if (!outcome) {
      answers.set(subject, { ok: false, error: errors.budget() });
      continue;
    }
    if (outcome.ok || outcome.error.kind !== 'budget') stats.requests++;
    if (outcome.ok) {
      if (!outcome.fromServiceCache) stats.freshCredits++;
      writes.push({ key: request.id, value: { kind: 'data', data: outcome.data }, ttlSeconds: endpoint.ttlSeconds });
      answers.set(subject, { ok: true, data: outcome.data });
    } else {
      // Errors are never cached, except a short-lived "not found" that spares repeated misses.
      if (outcome.error.kind === 'not-found') {
        writes.push({ key: request.id, value: { kind: 'not-found' }, ttlSeconds: NOT_FOUND_TTL_S });
      }
      answers.set(subject, { ok: false, error: outcome.error });
    }
  }
  writeCached(writes);
  markPending(ids, false);
}

/** How long to wait for another execution's fetch, and how often to look. */
const WAIT_FOR_OTHERS_MS = 6_000;
const POLL_MS = 200;

/**
 * Polls the cache for keys another execution is fetching. Returns those to fetch ourselves: their mark
 * vanished without an answer (that fetch failed), or they did not arrive in time.
 */
function waitForOthers(awaited: Miss[], budget: Budget, answers: Map<string, Answer>, stats: LookupStats): Miss[] {
  const giveUpAt = Date.now() + WAIT_FOR_OTHERS_MS;
  const orphans: Miss[] = [];
  let waiting = awaited;
  while (waiting.length) {
    const { found, pending } = readCached(
      waiting.map((m) => m.request.id),
      true,
    );
    const next: Miss[] = [];
    for (const miss of waiting) {
      const hit = found.get(miss.request.id);
      if (hit) takeHit(hit, miss.subject, miss.request.what, answers, stats);
      else if (pending.has(miss.request.id)) next.push(miss);
      else orphans.push(miss);
    }
    waiting = next;
    if (!waiting.length || Date.now() + POLL_MS > giveUpAt || !budget.allows(POLL_MS * 2)) break;
    Utilities.sleep(POLL_MS);
  }
  return [...orphans, ...waiting];
}

/**
 * Forgets cached answers so the next lookup fetches them (a forced refresh).
 * @param endpoint which endpoint
 * @param subjects normalised subjects
 */
export function dropCached(endpoint: Endpoint, subjects: (string | undefined)[]): void {
  const baseUrl = readBaseUrl();
  const generation = readGeneration();
  removeCached(subjects.map((s) => cacheKey(generation, baseUrl, endpoint.path, s)));
}
