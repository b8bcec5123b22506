/**
 * The one-way data flow of every formula: normalised subjects → cache lookup → one batched fetch of the
 * misses → cache store → answers. Each distinct subject is looked up once, whoever asks for it.
 */
import type { Budget } from './budget';
import { readCached, writeCached, type CacheWrite } from './cache/store';
import { cacheKey, readGeneration } from './cache/keys';
import { MAX_URL_LENGTH, NOT_FOUND_TTL_S } from './config';
import { errors, type AddonError } from './errors';
import { describeSubject, type Endpoint } from './service/endpoints';
import { fetchAllWithin, type FetchRequest } from './service/fetcher';
import { buildUrl } from './service/url';
import { readApiKey, readBaseUrl } from './settings';
import type { Json } from './shape';

/** The answer for one subject. */
export type Answer = { ok: true; data: Json } | { ok: false; error: AddonError };

/** What one lookup cost, for counting. */
export interface LookupStats {
  cacheHits: number;
  requests: number;
  serviceCacheHits: number;
}

/**
 * Looks up every distinct subject of one endpoint.
 * @param endpoint which endpoint
 * @param subjects normalised subjects (use `undefined` for endpoints without a parameter); duplicates are fine
 * @param budget time left in this execution
 * @returns answers keyed by subject (`''` for no subject), and what it cost
 */
export function lookupAll(
  endpoint: Endpoint,
  subjects: (string | undefined)[],
  budget: Budget,
): { answers: Map<string, Answer>; stats: LookupStats } {
  const answers = new Map<string, Answer>();
  const stats: LookupStats = { cacheHits: 0, requests: 0, serviceCacheHits: 0 };
  const distinct = [...new Set(subjects)];
  if (!distinct.length) return { answers, stats };

  const baseUrl = readBaseUrl();
  const generation = readGeneration();
  const keys = new Map(distinct.map((s) => [s, cacheKey(generation, baseUrl, endpoint.path, s)] as const));
  const cached = readCached([...keys.values()]);

  const misses: FetchRequest[] = [];
  const subjectOf = new Map<string, string | undefined>();
  for (const subject of distinct) {
    const key = keys.get(subject) ?? '';
    const hit = cached.get(key);
    const what = describeSubject(endpoint, subject);
    if (hit) {
      stats.cacheHits++;
      answers.set(subject ?? '', hit.kind === 'data' ? { ok: true, data: hit.data } : { ok: false, error: errors.notFound(what) });
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
    misses.push({ id: key, url, what });
    subjectOf.set(key, subject);
  }
  if (!misses.length) return { answers, stats };

  const apiKey = readApiKey();
  if (!apiKey) {
    for (const miss of misses) answers.set(subjectOf.get(miss.id) ?? '', { ok: false, error: errors.noKey() });
    return { answers, stats };
  }

  const outcomes = fetchAllWithin(misses, { apiKey, budget });
  const writes: CacheWrite[] = [];
  for (const miss of misses) {
    const outcome = outcomes.get(miss.id);
    const subject = subjectOf.get(miss.id) ?? '';
    if (!outcome) {
      answers.set(subject, { ok: false, error: errors.budget() });
      continue;
    }
    if (outcome.ok || outcome.error.kind !== 'budget') stats.requests++;
    if (outcome.ok) {
      if (outcome.fromServiceCache) stats.serviceCacheHits++;
      writes.push({ key: miss.id, value: { kind: 'data', data: outcome.data }, ttlSeconds: endpoint.ttlSeconds });
      answers.set(subject, { ok: true, data: outcome.data });
    } else {
      // Errors are never cached, except a short-lived "not found" that spares repeated misses.
      if (outcome.error.kind === 'not-found') writes.push({ key: miss.id, value: { kind: 'not-found' }, ttlSeconds: NOT_FOUND_TTL_S });
      answers.set(subject, { ok: false, error: outcome.error });
    }
  }
  writeCached(writes);
  return { answers, stats };
}
