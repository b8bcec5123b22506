/**
 * The one-way data flow of every formula: normalised subjects → cache lookup → one batched fetch of the
 * misses → cache store → answers. Each distinct subject is looked up once, whoever asks for it.
 *
 * What a formula costs, in service round trips, hit and miss, warm and cold: docs/develop/google-limits.md,
 * "Round trips" (test/integration/round-trips.test.ts counts them exactly).
 * - a cache hit: the first getAll alone (the answers, the document's config entry, a spend shard and the
 *   learned length limit at once), no write; one more getAll only for an answer split over several
 *   entries. When the config entry is missing (expired, or evicted), both property stores are read and
 *   the entry written again, once;
 * - a miss: that getAll, a putAll marking the misses as ours, one property read (the key, from the store
 *   the config entry names), a getAll reading the marks back, the fetch, and a putAll storing the answers
 *   and the spend. When the config entry is missing (the document's first miss, or the first since the
 *   entry expired), both property stores are read instead of one. Skipping the read-back there would
 *   save a round trip, but cells calculated together on a fresh document would then all fetch the same
 *   query, spending the user's credits twice (test/integration/faults.test.ts counts them).
 * No lock: Sheets runs many cells at once, and a lock would make them queue on each other (and on a
 * ranking-table refresh). The marks do the lock's job: where several executions mark the same query at
 * once, the last mark wins, its writer fetches, and the others wait for its answer (at most a second,
 * then they fetch it themselves).
 */
import type { Budget } from '../core/budget';
import { readLookupConfig, writeLookupConfig, type LookupConfig } from '../cache/config-entry';
import { readEntry, writeEntry, joinParts, type Entry } from '../cache/entry';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import { armGuard, fingerprint, GUARD_KEY, heldBack, readGuard, type Refusal } from '../cache/limit-guard';
import { addSpend, pickSpendKey } from '../cache/spend';
import { CACHE_TTL_S, getAll, openCache, putAll, removeAll } from '../cache/cache-store';
import { MAX_URL_LENGTH, NOT_FOUND_TTL_S } from '../core/constants';
import { errors, type AddonError } from '../core/errors';
import { describeSubject, ENDPOINTS, notFoundHint, type Endpoint } from '../service/endpoints';
import { resetPhrase } from '../service/classify';
import { fetchAllWithin, type FetchRequest } from '../service/fetcher';
import { knownTooLong, learnedMaxEntry, limitKey, maxFromRejection, readLearnedMax } from '../service/length-limit';
import { buildUrl } from '../service/url';
import { readFormulaKey, readLookupSettings, type LookupSettings, type Payer } from '../core/lookup-settings';
import type { Json } from '../shape/shape';
import { callsSpent, findResetTime } from '../service/usage-bars';

/** The answer for one subject. */
export type Answer = { ok: true; data: Json } | { ok: false; error: AddonError };

/** What one lookup cost, for counting. */
export interface LookupStats {
  cacheHits: number;
  requests: number;
  /** Searches the service ran fresh (not from its 7-day cache): what costs credits. */
  freshSearches: number;
}

/** How long a pending mark holds: longer than any fetch a custom function can wait for. */
export const PENDING_MS = 30_000;
/** How long to wait for another execution's fetch before fetching it ourselves, and how often to look. */
export const WAIT_FOR_OTHERS_MS = 1_000;
export const POLL_MS = 200;

type Cache = GoogleAppsScript.Cache.Cache | null;

/** Where the cache stands for the subjects of one lookup. */
interface CacheState {
  found: Map<string, Entry & { kind: 'data' | 'not-found' }>;
  pending: string[];
  /** Who marked each pending subject. */
  markedBy: Map<string, string>;
  missing: string[];
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
  const answers = new Map<string, Answer>();
  const stats: LookupStats = { cacheHits: 0, requests: 0, freshSearches: 0 };
  const distinct = [...new Set(subjects.map((s) => s ?? ''))];
  if (!distinct.length) return { answers, stats };
  const subjectOf = (s: string) => (endpoint.param ? s : undefined);
  const keys = new Map(distinct.map((s) => [s, answerKey(endpoint.path, subjectOf(s))] as const));
  const cache = openCache();

  // Round trip 1: the answers, the config entry (a formula's stamp without reading properties), a
  // spend shard and what the service said about length.
  const spendKey = pickSpendKey();
  const heads = getAll(cache, [
    ...(payer === 'formula' ? [CONFIG_KEY] : []),
    spendKey,
    GUARD_KEY,
    limitKey(endpoint.path),
    ...keys.values(),
  ]);
  const config = payer === 'formula' ? readLookupConfig(heads[CONFIG_KEY]) : null;
  let settings: LookupSettings | null = config ? null : readLookupSettings(payer);
  const known = (config ?? settings) as LookupConfig | LookupSettings;
  const stamp = stampOf(known.generation, known.baseUrl);
  const state = readState(cache, heads, keys, stamp);
  for (const [subject, entry] of state.found) answers.set(subject, fromEntry(entry, endpoint, subject, stats));
  if (!state.missing.length && !state.pending.length) {
    // Every answer cached but no config entry (it lives CACHE_TTL_S from the document's first miss, and
    // Google's cache drops it first once full, while later answers stay): write it again, or
    // every hit until the next miss would read both property stores.
    if (payer === 'formula' && !config && settings) putAll(cache, writeLookupConfig(settings));
    return { answers, stats };
  }

  // Misses: check what can be refused without a call; mark the rest as ours at once, so executions
  // starting now wait for us instead of fetching too.
  const learnedMax = readLearnedMax(heads[limitKey(endpoint.path)], known.baseUrl);
  const toFetch: string[] = [];
  for (const subject of state.missing) {
    const refused = refusedBeforeSending(endpoint, subject, learnedMax, known.baseUrl);
    if (refused) answers.set(subject, { ok: false, error: refused });
    else toFetch.push(subject);
  }
  const me = Math.random().toString(36).slice(2, 10);
  const marks: Record<string, string> = {};
  for (const subject of toFetch)
    Object.assign(marks, writeEntry(keys.get(subject) ?? '', { kind: 'pending', by: me }, stamp, Date.now() + PENDING_MS));
  // A formula that found no config entry writes it with its marks, so executions starting after this
  // read one property store instead of two.
  const firstMiss = payer === 'formula' && !config;
  if (firstMiss && settings) Object.assign(marks, writeLookupConfig(settings));
  const markStarted = Date.now();
  putAll(cache, marks);
  const markLanded = Date.now();

  // The key (one property store with the config entry's hint, both without it).
  if (!settings) {
    const key = config?.keyFrom ? readFormulaKey(config.keyFrom) : readLookupSettings(payer);
    settings = { generation: known.generation, baseUrl: known.baseUrl, apiKey: key.apiKey, keyFrom: key.keyFrom };
  }
  const { apiKey } = settings;
  if (!apiKey) {
    const noKey = payer === 'formula' ? errors.noFormulaKey() : errors.noKey();
    for (const subject of [...toFetch, ...state.pending]) answers.set(subject, { ok: false, error: noKey });
    putAll(cache, expired(toFetch.map((s) => keys.get(s) ?? '')));
    return { answers, stats };
  }

  // The limit guard: what a daily limit refused is not sent again until it resets.
  const fp = fingerprint(apiKey);
  const guard = readGuard(heads[GUARD_KEY], fp, Date.now());
  const writes: Record<string, string> = {};
  const notHeld = (subject: string): boolean => {
    const held = heldBack(guard, keys.get(subject) ?? '');
    if (!held) return true;
    answers.set(subject, { ok: false, error: errors.limitHeld(held.which, resetPhrase(held.until), held.which === 'API calls') });
    return false;
  };
  const sendable = toFetch.filter(notHeld);
  Object.assign(writes, expired(toFetch.filter((s) => !sendable.includes(s)).map((s) => keys.get(s) ?? '')));

  // Read the marks back: where two executions marked the same query, the last mark won, and only its
  // writer fetches; the others wait for it like for any other execution's fetch. An execution that read
  // the cache just before our mark landed lands its own mark within about as long as ours took: read
  // back only after that, or both would find their own mark and both fetch.
  const mine: string[] = [];
  const others = state.pending.filter(notHeld);
  if (sendable.length) {
    const settle = markLanded - markStarted - (Date.now() - markLanded);
    if (settle > 0) Utilities.sleep(settle);
    const subset = new Map(sendable.map((s) => [s, keys.get(s) ?? ''] as const));
    const back = readState(cache, getAll(cache, [...subset.values()]), subset, stamp);
    for (const [subject, entry] of back.found) answers.set(subject, fromEntry(entry, endpoint, subject, stats));
    for (const subject of back.pending) (back.markedBy.get(subject) === me ? mine : others).push(subject);
    mine.push(...back.missing); // a mark that vanished: fetch anyway
  }

  const refusals: Refusal[] = [];
  const fetchInto = (list: string[]) =>
    fetchAndKeep(endpoint, missesToFetch(endpoint, list, keys, known.baseUrl), { apiKey, budget, stamp }, answers, stats, writes, refusals);
  fetchInto(mine);
  if (others.length) fetchInto(waitForOthers(cache, others, keys, stamp, budget, endpoint, answers, stats));

  // What a daily limit refused is held back; what the service said about length is kept.
  const armed = armGuard(guard, fp, refusals, Date.now());
  if (armed) Object.assign(writes, armed);
  const learned = learnFromRejections(endpoint, [...mine, ...others], answers, learnedMax);
  if (learned !== null) Object.assign(writes, learnedMaxEntry(endpoint.path, learned, known.baseUrl));

  // Last round trip: the answers, and what was spent (counted only when something was).
  const spent = addSpend(heads[spendKey], stats, fp);
  if (spent !== undefined) writes[spendKey] = spent;
  putAll(cache, writes);
  return { answers, stats };
}

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
 * Entries that read as absent at once: how our marks are taken back without a remove call.
 * @param keys the marks' keys
 */
export function expired(keys: string[]): Record<string, string> {
  const now = Date.now();
  return Object.assign({}, ...keys.map((key) => writeEntry(key, { kind: 'pending', by: '' }, '', now))) as Record<string, string>;
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

/**
 * A cache hit as an answer (a cached "not found" answers with its error), counted.
 * @param entry the entry found
 * @param endpoint the endpoint
 * @param subject its subject
 * @param stats counted into
 */
export function fromEntry(entry: Entry & { kind: 'data' | 'not-found' }, endpoint: Endpoint, subject: string, stats: LookupStats): Answer {
  stats.cacheHits++;
  return entry.kind === 'data'
    ? { ok: true, data: entry.data }
    : { ok: false, error: notFound(endpoint, endpoint.param ? subject : undefined) };
}

/**
 * Sorts the subjects by what the cache holds under the stamp: found, being fetched by another execution,
 * or missing. Parts of split answers are read in one more round trip. (The sidebar's spend estimate
 * sorts a spreadsheet's queries with it too, so both agree on what counts as cached.)
 * @param cache the cache the heads were read from
 * @param heads the entries read, by cache key
 * @param keys each subject's cache key
 * @param stamp the stamp a valid answer carries
 */
export function readState(cache: Cache, heads: Record<string, string>, keys: Map<string, string>, stamp: string): CacheState {
  const state: CacheState = { found: new Map(), pending: [], markedBy: new Map(), missing: [] };
  const now = Date.now();
  const splits: { subject: string; key: string; count: number; id: string }[] = [];
  for (const [subject, key] of keys) {
    const entry = readEntry(heads[key], stamp, now);
    if (!entry) state.missing.push(subject);
    else if (entry.kind === 'pending') {
      state.pending.push(subject);
      state.markedBy.set(subject, entry.by);
    } else if (entry.kind === 'split') splits.push({ subject, key, count: entry.count, id: entry.id });
    else state.found.set(subject, entry);
  }
  if (splits.length) {
    const partKeys = splits.flatMap(({ key, count }) => Array.from({ length: count }, (_, i) => `${key}.${i}`));
    const parts = getAll(cache, partKeys);
    for (const { subject, key, count, id } of splits) {
      const joined = joinParts(
        Array.from({ length: count }, (_, i) => parts[`${key}.${i}`]),
        id,
      );
      if (joined?.kind === 'data') state.found.set(subject, joined);
      else state.missing.push(subject);
    }
  }
  return state;
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

/**
 * Fetches misses, keeping answers and the cache entries to write (an error's mark expires at once).
 * @param endpoint the endpoint
 * @param misses each subject with its request (its id is the subject's answer key)
 * @param context the key, the time budget and the stamp
 * @param answers answers are set here
 * @param stats counted into
 * @param writes per-query entries to write are added here
 * @param refusals daily-limit refusals are added here
 */
export function fetchAndKeep(
  endpoint: Endpoint,
  misses: { subject: string; request: FetchRequest }[],
  context: { apiKey: string; budget: Budget; stamp: string },
  answers: Map<string, Answer>,
  stats: LookupStats,
  writes: Record<string, string>,
  refusals: Refusal[],
): void {
  if (!misses.length) return;
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
    stats.requests++;
    if (outcome.ok) {
      if (endpoint.searches && !outcome.fromServiceCache) stats.freshSearches++;
      // A /usage answer showing every call spent arms the guard as a refusal would (API_USAGE).
      if (endpoint.path === ENDPOINTS.usage.path && callsSpent(outcome.data)) {
        refusals.push({ key: request.id, which: 'API calls', resetAt: findResetTime(outcome.data) });
      }
      Object.assign(writes, writeEntry(request.id, { kind: 'data', data: outcome.data }, context.stamp, expiry(endpoint.ttlSeconds)));
      answers.set(subject, { ok: true, data: outcome.data });
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
    const error = outcome.error.kind === 'not-found' ? notFound(endpoint, endpoint.param ? subject : undefined) : outcome.error;
    answers.set(subject, { ok: false, error });
  }
}

/** "Not found", with a hint at the usual form of a slug when it is not in it. */
function notFound(endpoint: Endpoint, subject: string | undefined): AddonError {
  return errors.notFound(describeSubject(endpoint, subject), notFoundHint(endpoint, subject));
}

/**
 * Polls the cache for answers another execution is fetching, for at most a second. Returns the subjects
 * to fetch ourselves: their mark vanished without an answer (that fetch failed), or they did not arrive.
 */
function waitForOthers(
  cache: Cache,
  pending: string[],
  keys: Map<string, string>,
  stamp: string,
  budget: Budget,
  endpoint: Endpoint,
  answers: Map<string, Answer>,
  stats: LookupStats,
): string[] {
  const giveUpAt = Date.now() + WAIT_FOR_OTHERS_MS;
  const orphans: string[] = [];
  let waiting = pending;
  while (waiting.length && Date.now() + POLL_MS <= giveUpAt && budget.allows(POLL_MS * 2)) {
    Utilities.sleep(POLL_MS);
    const subset = new Map(waiting.map((s) => [s, keys.get(s) ?? ''] as const));
    const state = readState(cache, getAll(cache, [...subset.values()]), subset, stamp);
    for (const [subject, entry] of state.found) answers.set(subject, fromEntry(entry, endpoint, subject, stats));
    orphans.push(...state.missing);
    waiting = state.pending;
  }
  return [...orphans, ...waiting];
}

/**
 * Forgets cached answers so the next lookup fetches them (a forced refresh).
 * @param endpoint which endpoint
 * @param subjects normalised subjects
 */
export function dropCached(endpoint: Endpoint, subjects: (string | undefined)[]): void {
  removeAll(subjects.map((s) => answerKey(endpoint.path, endpoint.param ? s : undefined)));
}
