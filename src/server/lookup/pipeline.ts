/**
 * The one-way data flow of every lookup, written once: normalised subjects → cache lookup → one batched
 * fetch of the misses → cache store → answers. Each distinct subject is looked up once, whoever asks for
 * it. Two layouts keep the answers: one cache entry per query (lookupAll, here) or packs of up to
 * PACK_SIZE (a range formula's, packed-lookup.ts); the protocol is the same for both.
 *
 * The steps, in service round trips (what each costs, hit and miss, warm and cold:
 * docs/develop/google-limits.md, "Round trips"; test/integration/round-trips.test.ts counts them exactly):
 * 1. one getAll: the answers, the document's config entry, a spend shard, the limit guard and the
 *    learned length limit. Everything found: done (the config entry written again if it was missing);
 * 2. refuse without a call what cannot be sent (too long), and put marks on the claims (a query's entry,
 *    or a pack) nobody is fetching, with the config entry when it was missing: one putAll;
 * 3. the key: one property store (the one the config entry names), or both without it;
 * 4. the limit guard: what a daily limit refused is not sent again until it resets;
 * 5. read the marks back (one getAll): where several executions marked the same claim, the last mark
 *    wins and only its writer fetches. Skipping it on the document's first miss would save a round trip,
 *    but cells calculated together on a fresh document would all fetch the same query, spending the
 *    user's credits twice (test/integration/faults.test.ts, concurrency.test.ts count them);
 * 6. fetch what is ours (one fetchAll per FETCH_BATCH_SIZE requests);
 * 7. wait for what others are fetching (at most WAIT_FOR_OTHERS_MS), then fetch what did not come;
 * 8. keep what a daily limit refused (the guard) and what the service said about length;
 * 9. one putAll: the answers, and what was spent (counted only when something was).
 * No lock: Sheets runs many cells at once, and a lock would make them queue on each other (and on a
 * ranking-table refresh). The marks do the lock's job.
 */
import type { Budget } from '../core/budget';
import { readLookupConfig, writeLookupConfig, type LookupConfig } from '../cache/config-entry';
import { writeEntry, type Entry } from '../cache/entry';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import {
  emptyGuard,
  fingerprint,
  GUARD_KEY,
  guardEntry,
  heldBack,
  PAST_LIMIT_HANDFUL,
  readGuard,
  withRefusals,
  type Refusal,
} from '../cache/limit-guard';
import { addSpend, pickSpendKey } from '../cache/spend';
import { getAll, openCache, putAll, removeAll } from '../cache/cache-store';
import { errors, type AddonError, type ErrorKind } from '../core/errors';
import { resetPhrase, type LimitKind } from '../service/classify';
import type { Endpoint } from '../service/endpoints';
import { learnedMaxEntry, limitKey, readLearnedMax } from '../service/length-limit';
import { readFormulaKey, readLookupSettings, type LookupSettings, type Payer } from '../core/lookup-settings';
import { fromEntry, type Answer, type LookupStats } from './lookup-result';
import { expired, readState } from './cache-state';
import { fetchAndKeep, learnFromRejections, missesToFetch, readAllowance, refusedBeforeSending } from './fetch-misses';
import { Pacer, type LimitWait, type UsageRead, type Wave } from './pacing';

export type { Answer, LookupStats } from './lookup-result';

/** What a lookup gives: the answers by subject, what it cost, and the spreadsheet's time zone if it learnt it free. */
export interface LookupResult {
  answers: Map<string, Answer>;
  stats: LookupStats;
  /** From the config entry (a formula's lookup), so shaping dates needs no spreadsheet read of its own. */
  timeZone?: string;
}
export { readState } from './cache-state';

/** How long a pending mark holds: longer than any fetch a custom function can wait for. */
export const PENDING_MS = 30_000;
/** How long to wait for another execution's fetch before fetching it ourselves, and how often to look. */
export const WAIT_FOR_OTHERS_MS = 1_000;
export const POLL_MS = 200;

type Cache = GoogleAppsScript.Cache.Cache | null;

/** Failures after which nothing more is sent in this execution: time, a Google limit, a refused key. */
const STOPS = new Set<ErrorKind>(['budget', 'quota', 'busy', 'auth']);

/**
 * The one message of a formula's rows a daily limit left unfetched, with what is still sent until then.
 * @param wait the limit's latest known reset
 * @param which the limit that stopped them ('unknown': a limit the service did not name)
 * @param probes requests that may still be refused past the fresh-search limit (pacing.ts)
 */
function limitWait(wait: LimitWait, which: LimitKind, probes: number): AddonError {
  const phrase = resetPhrase(wait.resetAt); // "retry after 00:00 UTC (in 12 h 0 min)", "retry in 19 min", or no time
  // A reset not known is held an hour (limit-guard.ts), then a usage read and a handful find out again.
  const sent = { probes: which === 'API calls' ? 0 : probes, hourly: wait.resetAt === null ? PAST_LIMIT_HANDFUL + 1 : null };
  return errors.limitWait(
    which === 'unknown' ? '' : which,
    phrase.startsWith('retry ') ? phrase.slice(6) : 'after your allowance resets',
    sent,
  );
}

/** One claim: a cache entry marked while its subjects are fetched (a query's own entry, or a pack). */
export interface Claim {
  /** The entry's cache key. */
  key: string;
  /** Its subjects still unanswered. */
  subjects: string[];
  /** `free`: absent, to be marked; `theirs`: another execution marked it; `unmarked`: fetch without a mark (a partial pack). */
  state: 'free' | 'theirs' | 'unmarked';
}

/** How a lookup keeps its answers in the cache: what the protocol reads, and what it writes after fetching. */
export interface Layout {
  /** The entries the first getAll reads for the answers. */
  keys: string[];
  /**
   * Sorts what the first getAll read: answers found are set (and counted), and the claims whose subjects
   * are still unanswered are returned.
   */
  sort(cache: Cache, heads: Record<string, string>, stamp: string, answers: Map<string, Answer>, stats: LookupStats): Claim[];
  /** Takes the answers a claim's entry holds, read back or waited for (the claim's subjects left unanswered stay). */
  take(claim: Claim, entry: Entry & { kind: 'data' | 'not-found' }, answers: Map<string, Answer>, stats: LookupStats): void;
  /** Whether fetched answers are written under each query's own key. */
  ownEntries: boolean;
  /** The entries to write for a claim whose subjects `fetched` were just fetched (beyond each query's own). */
  store(claim: Claim, fetched: string[], answers: Map<string, Answer>, stamp: string): Record<string, string>;
}

/**
 * Looks up every distinct subject of one endpoint, one cache entry per query.
 * @param endpoint which endpoint
 * @param subjects normalised subjects (use `undefined` for endpoints without a parameter); duplicates are fine
 * @param budget time left in this execution
 * @param payer whose key pays for misses: a formula's, or the user's running the sidebar, menu or schedule
 * @returns answers keyed by subject (`''` for no subject), and what it cost
 */
export function lookupAll(endpoint: Endpoint, subjects: (string | undefined)[], budget: Budget, payer: Payer): LookupResult {
  const distinct = [...new Set(subjects.map((s) => s ?? ''))];
  const keys = ownKeys(endpoint, distinct);
  return runLookup(endpoint, distinct, keys, budget, payer, perQuery(endpoint, keys));
}

/**
 * Each subject's own cache key.
 * @param endpoint the endpoint
 * @param distinct the distinct normalised subjects ('' without one)
 */
export function ownKeys(endpoint: Endpoint, distinct: string[]): Map<string, string> {
  return new Map(distinct.map((s) => [s, answerKey(endpoint.path, endpoint.param ? s : undefined)] as const));
}

/**
 * The layout of one entry per query: each query's entry is its own claim (usage-lookup.ts builds on it).
 * @param endpoint the endpoint
 * @param keys each subject's own cache key
 */
export function perQuery(endpoint: Endpoint, keys: Map<string, string>): Layout {
  return {
    keys: [...keys.values()],
    sort(cache, heads, stamp, answers, stats) {
      const state = readState(cache, heads, keys, stamp);
      for (const [subject, entry] of state.found) answers.set(subject, fromEntry(entry, endpoint, subject, stats));
      const claim = (subject: string, claimState: Claim['state']): Claim => ({
        key: keys.get(subject) ?? '',
        subjects: [subject],
        state: claimState,
      });
      return [...state.pending.map((s) => claim(s, 'theirs')), ...state.missing.map((s) => claim(s, 'free'))];
    },
    take(claim, entry, answers, stats) {
      for (const subject of claim.subjects) answers.set(subject, fromEntry(entry, endpoint, subject, stats));
    },
    ownEntries: true,
    store: () => ({}),
  };
}

/**
 * The protocol (the steps above) for any layout.
 * @param endpoint which endpoint
 * @param distinct the distinct normalised subjects ('' without one)
 * @param keys each subject's own cache key (also its request's id)
 * @param budget time left in this execution
 * @param payer whose key pays for misses
 * @param layout how the answers are kept
 */
export function runLookup(
  endpoint: Endpoint,
  distinct: string[],
  keys: Map<string, string>,
  budget: Budget,
  payer: Payer,
  layout: Layout,
): LookupResult {
  const answers = new Map<string, Answer>();
  const stats: LookupStats = { cacheHits: 0, requests: 0, freshSearches: 0 };
  if (!distinct.length) return { answers, stats };
  const cache = openCache();

  // 1. The answers, the config entry (a formula's stamp without reading properties), a spend shard, the
  // guard and what the service said about length.
  const spendKey = pickSpendKey();
  const formula = payer === 'formula';
  const heads = getAll(cache, [...(formula ? [CONFIG_KEY] : []), spendKey, GUARD_KEY, limitKey(endpoint.path), ...layout.keys]);
  const config = formula ? readLookupConfig(heads[CONFIG_KEY]) : null;
  let settings: LookupSettings | null = config ? null : readLookupSettings(payer);
  // A formula that found no config entry writes it again, with the time zone the document's properties keep.
  const rewrite = formula && !config && settings ? writeLookupConfig(settings) : null;
  const timeZone = config?.timeZone ?? settings?.timeZone;
  const known = (config ?? settings) as LookupConfig | LookupSettings;
  const stamp = stampOf(known.generation, known.baseUrl);
  const claims = layout.sort(cache, heads, stamp, answers, stats);
  if (!claims.length) {
    // Every answer cached but no config entry (it lives CACHE_TTL_S from the document's first miss, and
    // Google's cache drops it first once full, while later answers stay): write it again, or
    // every hit until the next miss would read both property stores.
    if (rewrite) putAll(cache, rewrite);
    return { answers, stats, timeZone };
  }

  // 2. Refuse what cannot be sent; mark the free claims as ours at once, so executions starting now wait
  // for us instead of fetching too.
  const learnedMax = readLearnedMax(heads[limitKey(endpoint.path)], known.baseUrl);
  for (const claim of claims) {
    claim.subjects = claim.subjects.filter((subject) => {
      const refused = refusedBeforeSending(endpoint, subject, learnedMax, known.baseUrl);
      if (refused) answers.set(subject, { ok: false, error: refused });
      return !refused;
    });
  }
  const open = claims.filter((claim) => claim.subjects.length);
  const me = Math.random().toString(36).slice(2, 10);
  const marked = open.filter((claim) => claim.state === 'free');
  const marks: Record<string, string> = {};
  for (const claim of marked) Object.assign(marks, writeEntry(claim.key, { kind: 'pending', by: me }, stamp, Date.now() + PENDING_MS));
  // A formula that found no config entry writes it with its marks, so executions starting after this
  // read one property store instead of two.
  if (rewrite) Object.assign(marks, rewrite);
  const markStarted = Date.now();
  putAll(cache, marks);
  const markLanded = Date.now();

  // 3. The key (one property store with the config entry's hint, both without it).
  if (!settings) {
    const key = config?.keyFrom ? readFormulaKey(config.keyFrom) : readLookupSettings(payer);
    settings = { generation: known.generation, baseUrl: known.baseUrl, apiKey: key.apiKey, keyFrom: key.keyFrom };
  }
  const { apiKey } = settings;
  if (!apiKey) {
    const noKey = formula ? errors.noFormulaKey() : errors.noKey();
    for (const claim of open) for (const subject of claim.subjects) answers.set(subject, { ok: false, error: noKey });
    putAll(cache, expired(marked.map((c) => c.key)));
    return { answers, stats, timeZone };
  }

  // 4. The limit guard: what a daily limit refused is not sent again until it resets.
  const fp = fingerprint(apiKey);
  const guard = readGuard(heads[GUARD_KEY], fp, Date.now());
  const pacer = new Pacer(guard, !!endpoint.searches, formula);
  const limited = new Map<string, LimitKind>(); // a formula's rows a daily limit leaves unfetched
  for (const claim of open) {
    claim.subjects = claim.subjects.filter((subject) => {
      const held = heldBack(guard, keys.get(subject) ?? '', !!endpoint.searches);
      if (!held) return true;
      pacer.noteReset(held.which, held.until);
      if (formula) limited.set(subject, held.which);
      else answers.set(subject, { ok: false, error: errors.limitHeld(held.which, resetPhrase(held.until), held.which === 'API calls') });
      return false;
    });
  }

  // 5. Read the marks back: where two executions marked the same claim, the last mark won, and only its
  // writer fetches; the others wait for it like for any other execution's fetch. An execution that read
  // the cache just before our mark landed lands its own mark within about as long as ours took: read
  // back only after that, or both would find their own mark and both fetch.
  const mine = open.filter((claim) => claim.subjects.length && claim.state === 'unmarked');
  const others = open.filter((claim) => claim.subjects.length && claim.state === 'theirs');
  const ours = new Set(marked); // marks that are still ours: taken back if nothing is written over them
  const readBack = marked.filter((claim) => claim.subjects.length);
  if (readBack.length) {
    const settle = markLanded - markStarted - (Date.now() - markLanded);
    if (settle > 0) Utilities.sleep(settle);
    const ids = new Map(readBack.map((claim) => [claim.key, claim.key] as const));
    const back = readState(cache, getAll(cache, [...ids.values()]), ids, stamp);
    for (const claim of readBack) {
      const entry = back.found.get(claim.key);
      if (entry) {
        layout.take(claim, entry, answers, stats); // another execution's answer landed over our mark
        ours.delete(claim);
      }
      if (back.pending.includes(claim.key) && back.markedBy.get(claim.key) !== me) {
        ours.delete(claim);
        others.push(claim);
      } else if (claim.subjects.some((s) => !answers.has(s))) mine.push(claim); // our mark, or one that vanished: fetch anyway
    }
  }

  // 6–7. Fetch ours; wait for the others' and fetch what did not come. A formula sends within what is
  // left of the day's allowance (pacing.ts).
  const writes: Record<string, string> = {};
  const refusals: Refusal[] = [];
  const fetched = new Set<string>();
  const sendWave = (wave: string[]): Wave => {
    const before = { requests: stats.requests, fresh: stats.freshSearches, refusals: refusals.length };
    for (const subject of wave) fetched.add(subject);
    fetchAndKeep(
      endpoint,
      missesToFetch(endpoint, wave, keys, known.baseUrl),
      { apiKey, budget, stamp },
      answers,
      stats,
      layout.ownEntries ? writes : {},
      refusals,
    );
    const fresh = stats.freshSearches - before.fresh;
    const answered = wave.filter((s) => answers.get(s)?.ok).length;
    const stopper = wave.map((s) => answers.get(s)).find((a) => a && !a.ok && STOPS.has(a.error.kind));
    return {
      requests: stats.requests - before.requests,
      freshSearches: fresh,
      cached: endpoint.searches ? answered - fresh : 0,
      refusals: refusals.slice(before.refusals),
      stopped: stopper && !stopper.ok ? stopper.error : null,
    };
  };
  const readUsage = (): UsageRead => {
    const { sent, read } = readAllowance(known.baseUrl, { apiKey, budget });
    if (sent) stats.requests++;
    if (read && 'refusal' in read) refusals.push(read.refusal);
    return read;
  };
  const fetchClaims = (list: Claim[]) =>
    pacer.send(
      list.flatMap((claim) => claim.subjects.filter((s) => !answers.has(s))),
      sendWave,
      readUsage,
    );
  fetchClaims(mine);
  if (others.length) fetchClaims(waitForOthers(cache, others, stamp, budget, layout, answers, stats));
  for (const [subject, error] of pacer.stopped) answers.set(subject, { ok: false, error });

  // Every row of a formula a daily limit left unfetched says the same: when it will be fetched.
  if (formula) {
    const subjectOf = new Map([...keys].map(([subject, key]) => [key, subject] as const));
    for (const { key, which } of refusals) if (subjectOf.has(key)) limited.set(subjectOf.get(key) ?? '', which);
    for (const [subject, which] of pacer.unsent) limited.set(subject, which);
    const messages = new Map<LimitKind, AddonError>();
    for (const [subject, which] of limited) {
      if (!messages.has(which))
        messages.set(which, limitWait(pacer.waitFor(which === 'API calls' ? which : 'fresh searches'), which, pacer.probesLeft()));
      answers.set(subject, { ok: false, error: messages.get(which) ?? errors.budget() });
    }
  }

  // Each claim keeps what was fetched for it; a mark of ours with nothing written over it is taken back.
  for (const claim of open) {
    const news = claim.subjects.filter((s) => fetched.has(s));
    if (news.length) Object.assign(writes, layout.store(claim, news, answers, stamp));
    if (ours.has(claim) && !(claim.key in writes)) Object.assign(writes, expired([claim.key]));
  }

  // 8. What a daily limit refused is held back, and what is left counted down; what the service said
  // about length is kept.
  const now = Date.now();
  const next = pacer.update(withRefusals(guard, fp, refusals, now), now);
  if (JSON.stringify(next) !== JSON.stringify(guard ?? emptyGuard(fp))) Object.assign(writes, guardEntry(next));
  const learned = learnFromRejections(endpoint, [...fetched], answers, learnedMax);
  if (learned !== null) Object.assign(writes, learnedMaxEntry(endpoint.path, learned, known.baseUrl));

  // 9. The answers, and what was spent (counted only when something was).
  const spent = addSpend(heads[spendKey], stats, fp);
  if (spent !== undefined) writes[spendKey] = spent;
  putAll(cache, writes);
  return { answers, stats, timeZone };
}

/**
 * Polls the cache for claims other executions are fetching, for at most a second, taking their answers.
 * Returns them all: whatever of their subjects is still unanswered (a mark that vanished without an
 * answer, that fetch having failed, or an answer too slow to come) is ours to fetch.
 */
function waitForOthers(
  cache: Cache,
  claims: Claim[],
  stamp: string,
  budget: Budget,
  layout: Layout,
  answers: Map<string, Answer>,
  stats: LookupStats,
): Claim[] {
  const giveUpAt = Date.now() + WAIT_FOR_OTHERS_MS;
  let waiting = claims;
  while (waiting.length && Date.now() + POLL_MS <= giveUpAt && budget.allows(POLL_MS * 2)) {
    Utilities.sleep(POLL_MS);
    const ids = new Map(waiting.map((claim) => [claim.key, claim.key] as const));
    const state = readState(cache, getAll(cache, [...ids.values()]), ids, stamp);
    for (const claim of waiting) {
      const entry = state.found.get(claim.key);
      if (entry) layout.take(claim, entry, answers, stats);
    }
    waiting = waiting.filter((claim) => state.pending.includes(claim.key));
  }
  return claims;
}

/**
 * Forgets cached answers so the next lookup fetches them (a forced refresh).
 * @param endpoint which endpoint
 * @param subjects normalised subjects
 */
export function dropCached(endpoint: Endpoint, subjects: (string | undefined)[]): void {
  removeAll(subjects.map((s) => answerKey(endpoint.path, endpoint.param ? s : undefined)));
}
