/**
 * The misses of a lookup on their way to the service and back: what is refused before sending, the
 * request for each, and each outcome as an answer with the cache entry to write.
 */
import type { Budget } from '../execution/time-budget';
import { writeEntry } from '../cache/entry';
import type { Refusal } from '../spending/limit-guard';
import { CACHE_TTL_S } from '../cache/cache-store';
import { MAX_URL_LENGTH, NOT_FOUND_TTL_S } from '../settings/constants';
import { errors, type AddonError, type ErrorKind } from '../errors/errors';
import { describeSubject, ENDPOINTS, type Endpoint } from '../service/endpoints';
import { fetchAllWithin, type FetchRequest } from '../service/fetcher';
import { knownTooLong, maxFromRejection } from '../service/length-limit';
import { buildUrl } from '../service/url';
import { notFound, type Answer } from './lookup-result';
import { callsSpent, resetTime } from '../spending/allowance';
import { expired } from '../cache/cache-state';

/** Failures Google gives before anything is sent: such a request never reached the service. */
const NOT_SENT = new Set<ErrorKind>(['quota', 'permission']);

/**
 * Why a query is not sent at all (longer than the service's learned limit, or than a URL may be), or null.
 * @param endpoint the endpoint
 * @param subject the normalised subject ('' without one)
 * @param learnedMax the service's learned length limit, if known
 * @param baseUrl the service's base URL
 */
export function refusedBeforeSending(endpoint: Endpoint, subject: string, learnedMax: number | null, baseUrl: string): AddonError | null {
  const param = endpoint.param ? subject : undefined;
  const what = describeSubject(endpoint, param);
  const length = [...subject].length;
  if (endpoint.param && learnedMax !== null && length > learnedMax) return knownTooLong(what, length, learnedMax);
  if (buildUrl(baseUrl, endpoint, param).length > MAX_URL_LENGTH) {
    return errors.input(`Bad input: ${what} is too long once encoded for the URL (Google's limit), so nothing was sent.`);
  }
  return null;
}

/**
 * Each subject with the request that fetches it, identified by its answer key.
 * @param endpoint the endpoint
 * @param subjects normalised subjects ('' without one)
 * @param keys each subject's answer key
 * @param baseUrl the service's base URL
 */
export function missesToFetch(
  endpoint: Endpoint,
  subjects: string[],
  keys: Map<string, string>,
  baseUrl: string,
): { subject: string; request: FetchRequest }[] {
  return subjects.map((subject) => {
    const param = endpoint.param ? subject : undefined;
    return {
      subject,
      request: { id: keys.get(subject) ?? '', url: buildUrl(baseUrl, endpoint, param), what: describeSubject(endpoint, param) },
    };
  });
}

/** What fetching some misses gave: each subject's answer, the cache entries to write, what it cost. */
export interface Fetched {
  answers: Map<string, Answer>;
  /** Per-query entries to write (an error's mark expires at once). */
  writes: Record<string, string>;
  /** Daily-limit refusals. */
  refusals: Refusal[];
  /** Requests that reached the service. */
  requests: number;
  /** Answers the service ran fresh. */
  freshSearches: number;
  /** Answers the service gave from its 7-day cache (free). */
  serviceCached: number;
}

/**
 * Fetches misses: each one's answer and the cache entry to write for it.
 * @param endpoint the endpoint
 * @param misses each subject with its request (its id is the subject's answer key)
 * @param context the key, the time budget and the stamp
 */
export function fetchMisses(
  endpoint: Endpoint,
  misses: { subject: string; request: FetchRequest }[],
  context: { apiKey: string; budget: Budget; stamp: string },
): Fetched {
  const fetched: Fetched = { answers: new Map(), writes: {}, refusals: [], requests: 0, freshSearches: 0, serviceCached: 0 };
  if (!misses.length) return fetched;
  const { answers, writes, refusals } = fetched;
  const outcomes = fetchAllWithin(
    misses.map((m) => m.request),
    context,
  );
  const now = Date.now();
  const expiry = (ttlSeconds: number) => (ttlSeconds >= CACHE_TTL_S ? null : now + ttlSeconds * 1000);
  for (const { request, subject } of misses) {
    const outcome = outcomes.get(request.id);
    if (!outcome || (!outcome.ok && outcome.error.kind === 'budget')) {
      answers.set(subject, { ok: false, error: errors.budget() });
      Object.assign(writes, expired([request.id])); // our mark taken back
      continue;
    }
    // Google's own refusal (a quota, a permission) sent nothing: no request reached the service.
    if (outcome.ok || !NOT_SENT.has(outcome.error.kind)) fetched.requests++;
    if (outcome.ok) {
      if (endpoint.searches && !outcome.fromServiceCache) fetched.freshSearches++;
      if (outcome.fromServiceCache) fetched.serviceCached++;
      // A /usage answer showing every call spent arms the guard as a refusal would (API_USAGE).
      if (endpoint.path === ENDPOINTS.usage.path && callsSpent(outcome.data)) {
        refusals.push({ key: request.id, which: 'API calls', resetAt: resetTime(outcome.data) });
      }
      // The answer keeps when it came: a table's "As of", the same whether shown now or from the cache later.
      const answered = { kind: 'data' as const, data: outcome.data, at: now };
      Object.assign(writes, writeEntry(request.id, answered, context.stamp, expiry(endpoint.ttlSeconds)));
      answers.set(subject, { ok: true, data: outcome.data, at: now });
      continue;
    }
    if (outcome.limit?.daily) refusals.push({ key: request.id, which: outcome.limit.which, resetAt: outcome.limit.resetAt });
    // Errors are never cached, except a short-lived "not found" that spares repeated misses.
    Object.assign(
      writes,
      outcome.error.kind === 'not-found'
        ? writeEntry(request.id, { kind: 'not-found' }, context.stamp, now + NOT_FOUND_TTL_S * 1000)
        : expired([request.id]),
    );
    const error = outcome.error.kind === 'not-found' ? notFound(endpoint, subject) : outcome.error;
    answers.set(subject, { ok: false, error });
  }
  return fetched;
}

/**
 * The smallest limit the service's rejections of these misses reveal (below what was known), or null.
 * @param endpoint the endpoint
 * @param subjects the subjects sent
 * @param answers their answers
 * @param known the limit known before
 */
export function learnFromRejections(
  endpoint: Endpoint,
  subjects: string[],
  answers: Map<string, Answer>,
  known: number | null,
): number | null {
  if (!endpoint.param) return null;
  let learned: number | null = null;
  for (const subject of subjects) {
    const answer = answers.get(subject);
    if (!answer || answer.ok || answer.error.kind !== 'bad-request') continue;
    const max = maxFromRejection(answer.error.detail, [...subject].length);
    if (max !== null && (known === null || max < known) && (learned === null || max < learned)) learned = max;
  }
  return learned;
}
