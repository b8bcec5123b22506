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
 *    user's credits twice (test/integration/faults.test.ts, concurrency.test.ts count them). Under a
 *    spreadsheet's own cap (spending/spend-cap.ts), what it spent today is read in the same getAll;
 *    a lookup with no mark to read back reads it in one of its own;
 * 6. fetch what is ours (one fetchAll per FETCH_BATCH_SIZE requests);
 * 7. wait for what others are fetching (at most WAIT_FOR_OTHERS_MS), then fetch what did not come;
 * 8. keep what a daily limit refused (the guard) and what the service said about length;
 * 9. one putAll: the answers, and what was spent (counted only when something was), with a formula's
 *    batch for the request log while it is on (spending/request-log.ts; the first getAll read its shard).
 * No lock: Sheets runs many cells at once, and a lock would make them queue on each other (and on a
 * ranking-table refresh). The marks do the lock's job.
 */
import type { Budget } from '../execution/time-budget';
import { readLookupConfig, writeLookupConfig, type LookupConfig } from '../cache/config-entry';
import { writeEntry, type Entry } from '../cache/entry';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import { emptyGuard, fingerprint, GUARD_KEY, guardEntry, heldBack, readGuard, withRefusals, type Refusal } from '../spending/limit-guard';
import { addSpend, pickSpendKey } from '../spending/spend-log';
import { capLeft, capResetsAt, readSpendCap } from '../spending/spend-cap';
import { daySpendIn, daySpendKeys } from '../spending/day-spend';
import { addBatch, noteBatch, pickBatchKey, sentOf } from '../spending/request-log';
import { runningFormulaCell } from '../spreadsheet/formula-cell';
import { readKept } from '../cache/kept-answers';
import { getAll, openCache, putAll, removeAll } from '../cache/cache-store';
import { errors, type AddonError, type ErrorKind } from '../errors/errors';
import type { LimitKind } from '../service/classify';
import { afterReset } from '../../shared/reset-time';
import type { Endpoint } from '../service/endpoints';
import { learnedMaxEntry, limitKey, readLearnedMax } from '../service/length-limit';
import { readFormulaKey, readLookupSettings, type LookupSettings, type Payer } from '../settings/lookup-settings';
import { fromEntry, type Answer, type LookupStats } from './lookup-result';
import { expired, readState, type CacheState } from '../cache/cache-state';
import { fetchMisses, learnFromRejections, missesToFetch, refusedBeforeSending, type Fetched } from './fetch-misses';
import { readAllowance, type AllowanceRead } from '../spending/allowance';
import { Pacer, type LimitWait, type Stopped, type Wave } from '../spending/pacing';

export type { Answer, LookupStats } from './lookup-result';

/** What a lookup gives: the answers by subject, what it cost, and the spreadsheet's time zone if it learnt it free. */
export interface LookupResult {
  answers: Map<string, Answer>;
  stats: LookupStats;
  /** From the config entry (a formula's lookup), so shaping dates needs no spreadsheet read of its own. */
  timeZone?: string;
}

/** How long a pending mark holds: longer than any fetch a custom function can wait for. */
export const PENDING_MS = 30_000;
/** How long to wait for another execution's fetch before fetching it ourselves, and how often to look. */
export const WAIT_FOR_OTHERS_MS = 1_000;
export const POLL_MS = 200;

type Cache = GoogleAppsScript.Cache.Cache | null;

/** Failures after which nothing more is sent in this execution: time, a Google limit or refused permission, a refused key. */
const STOPS = new Set<ErrorKind>(['budget', 'quota', 'busy', 'auth', 'permission']);

/**
 * The one message of a formula's rows a daily limit, or the spreadsheet's own cap, left unfetched:
 * which limit, and after when a refresh fills them (what is still sent until then is the sidebar's and
 * the docs' to say).
 * @param wait the limit's latest known reset
 * @param which the limit that stopped them ('unknown': a limit the service did not name; 'cap': the spreadsheet's own)
 * @param cap the spreadsheet's own cap, when it is what stopped them
 */
function limitWait(wait: LimitWait, which: Stopped, cap: number | null): AddonError {
  const now = Date.now();
  if (which === 'cap') return errors.capWait(cap ?? 0, afterReset(capResetsAt(now), now));
  return errors.limitWait(which === 'unknown' ? '' : which, afterReset(wait.resetAt, now));
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
  /** Sorts what the first getAll read: the answers found, and the claims whose subjects are still unanswered. */
  sort(cache: Cache, entries: Record<string, string>, stamp: string): { answers: Map<string, Answer>; claims: Claim[] };
  /** The answers a claim's entry holds, read back or waited for (its other subjects stay unanswered). */
  take(claim: Claim, entry: Entry & { kind: 'data' | 'not-found' }): Map<string, Answer>;
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
 * @param options which kept answers a formula may show; whether to pace
 * @returns answers keyed by subject (`''` for no subject), and what it cost
 */
export function lookupAll(
  endpoint: Endpoint,
  subjects: (string | undefined)[],
  budget: Budget,
  payer: Payer,
  options: LookupOptions = {},
): LookupResult {
  const distinct = [...new Set(subjects.map((s) => s ?? ''))];
  const keys = ownKeys(endpoint, distinct);
  return runLookup(endpoint, distinct, keys, budget, payer, perQuery(endpoint, keys), options);
}

/**
 * Which kept answers a formula may show where a daily limit holds a query back (cache/kept-answers.ts):
 * whole ones only, or also those kept as their score alone (SEARCH_SCORE, BRAND_SCORE).
 */
export type KeptUse = 'whole' | 'score';

/** How a lookup goes beyond its endpoint, subjects and payer. */
export interface LookupOptions {
  /** Which kept answers a formula may show in place of a daily limit's message (default whole ones). */
  kept?: KeptUse;
  /**
   * Whether to send within what is left in waves (pacing.ts): a formula's lookup does by default. Refresh
   * all formulas sends its formulas' queries itself, in one wave, having counted them within what is left.
   */
  paced?: boolean;
  /**
   * An action's lookup with the formulas' key (Refresh all formulas), not a formula's: its batch is noted
   * for the action's request log, not kept as a formula's (whose cell it would not be).
   */
  action?: boolean;
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
    sort(cache, entries, stamp) {
      const state = readState(cache, entries, keys, stamp);
      const answers = new Map([...state.found].map(([subject, entry]) => [subject, fromEntry(entry, endpoint, subject)] as const));
      const claim = (subject: string, claimState: Claim['state']): Claim => ({
        key: keys.get(subject) ?? '',
        subjects: [subject],
        state: claimState,
      });
      return { answers, claims: [...state.pending.map((s) => claim(s, 'theirs')), ...state.missing.map((s) => claim(s, 'free'))] };
    },
    take(claim, entry) {
      return new Map(claim.subjects.map((subject) => [subject, fromEntry(entry, endpoint, subject)] as const));
    },
    ownEntries: true,
    store: () => ({}),
  };
}

/**
 * The protocol (the steps above) for any layout, one named step each.
 * @param endpoint which endpoint
 * @param distinct the distinct normalised subjects ('' without one)
 * @param keys each subject's own cache key (also its request's id)
 * @param budget time left in this execution
 * @param payer whose key pays for misses
 * @param layout how the answers are kept
 * @param options which kept answers a formula may show; whether to pace (a formula's lookup does by default)
 */
export function runLookup(
  endpoint: Endpoint,
  distinct: string[],
  keys: Map<string, string>,
  budget: Budget,
  payer: Payer,
  layout: Layout,
  options: LookupOptions = {},
): LookupResult {
  const answers = new Map<string, Answer>();
  const stats: LookupStats = { cacheHits: 0, requests: 0, freshSearches: 0 };
  if (!distinct.length) return { answers, stats };
  const cache = openCache();
  const formula = payer === 'formula';

  // 1. One getAll: the answers, the config entry, a spend shard, the guard and the learned length limit.
  const first = readCacheFirst(cache, endpoint, payer, layout);
  const { entries, spendKey, batchKey, configRewrite, stamp, baseUrl, timeZone } = first;
  const lookup: Lookup = { endpoint, keys, budget, layout, cache, stamp, baseUrl };
  const cached = layout.sort(cache, entries, stamp);
  addAnswers(answers, stats, cached.answers, true);
  if (!cached.claims.length) {
    // Every answer cached but no config entry (it lives CACHE_TTL_S from the document's first miss, and
    // Google's cache drops it first once full, while later answers stay): write it again, or
    // every hit until the next miss would read both property stores.
    if (configRewrite) putAll(cache, configRewrite);
    return { answers, stats, timeZone };
  }

  // 2. Refuse what cannot be sent; mark the free claims as ours at once, so executions starting now wait
  // for us instead of fetching too.
  const learnedMax = readLearnedMax(entries[limitKey(endpoint.path)], baseUrl);
  const tooLong = takeOut(cached.claims, (subject) => refusedBeforeSending(endpoint, subject, learnedMax, baseUrl));
  for (const [subject, error] of tooLong.out) answers.set(subject, { ok: false, error });
  const sendable = tooLong.claims.filter((claim) => claim.subjects.length);
  const marks = markFreeClaims(lookup, sendable, configRewrite, first.readAt);

  // 3. The key (one property store with the config entry's hint, both without it).
  const apiKey = readKey(first, payer);
  if (!apiKey) {
    const error = formula ? errors.noFormulaKey() : errors.noKey();
    for (const claim of sendable) for (const subject of claim.subjects) answers.set(subject, { ok: false, error });
    putAll(cache, expired(marks.keys));
    return { answers, stats, timeZone };
  }

  // 4. The limit guard: what a daily limit refused is not sent again until it resets.
  const fp = fingerprint(apiKey);
  const guard = readGuard(entries[GUARD_KEY], fp, Date.now());
  // The spreadsheet's own cap, on searches: what it spent today is read before anything is sent (step 5).
  const cap = endpoint.searches ? readSpendCap(first.spendCap) : null;
  const dayKeys = cap === null ? [] : daySpendKeys(Date.now());
  const held = takeOut(sendable, (subject) => heldBack(guard, keys.get(subject) ?? '', !!endpoint.searches));
  const limited = new Map<string, LimitKind>(); // a formula's rows a daily limit leaves unfetched
  for (const [subject, { which, until }] of held.out) {
    if (formula) limited.set(subject, which);
    else answers.set(subject, { ok: false, error: errors.limit(which, afterReset(until, Date.now()), until) });
  }
  const claims = held.claims;

  // 5. Read the marks back: only the claims whose mark is still ours are ours to fetch (and, under a
  // cap, what this spreadsheet spent today).
  const sides = readMarksBack(lookup, claims, marks, dayKeys);
  addAnswers(answers, stats, sides.taken, true);
  const toFetch = unansweredOf([...sides.ours, ...sides.theirs], answers).length > 0;
  const dayHeads = sides.alsoRead ?? (dayKeys.length && toFetch ? getAll(cache, dayKeys) : {});
  const room = capLeft(cap, daySpendIn(dayHeads, Date.now()).freshSearches);
  const pacer = new Pacer(guard, !!endpoint.searches, options.paced ?? formula, room);
  for (const { which, until } of held.out.values()) pacer.noteReset(which, until);

  // 6–7. Fetch ours; wait for the others' and fetch what did not come. A formula sends within what is
  // left of the day's allowance (pacing.ts).
  const sent: Fetched[] = [];
  const fetchUnanswered = (list: Claim[]) => {
    for (const fetched of fetchWithinAllowance(lookup, apiKey, pacer, unansweredOf(list, answers))) {
      addAnswers(answers, stats, fetched.answers);
      stats.requests += fetched.requests;
      stats.freshSearches += fetched.freshSearches;
      sent.push(fetched);
    }
  };
  fetchUnanswered(sides.ours);
  if (sides.theirs.length) {
    addAnswers(answers, stats, waitForOthers(lookup, sides.theirs), true);
    fetchUnanswered(sides.theirs);
  }
  for (const [subject, error] of pacer.stopped) answers.set(subject, { ok: false, error });
  const refusals = sent.flatMap((fetched) => fetched.refusals);
  // A formula's rows a daily limit (or the cap) left unfetched show the answer kept for them, dated, where
  // there is one; anything else's say what stopped them.
  if (formula)
    addAnswers(answers, stats, keptOrWaiting(lookup, limitMessages(lookup, limited, refusals, pacer, cap), options.kept ?? 'whole'));
  else for (const [subject, which] of pacer.unsent) answers.set(subject, { ok: false, error: unsentError(pacer, which, cap) });

  // Each claim keeps what was fetched for it; a mark of ours with nothing written over it is taken back.
  const fetchedSubjects = new Set(sent.flatMap((fetched) => [...fetched.answers.keys()]));
  const writes: Record<string, string> = {};
  if (layout.ownEntries) for (const fetched of sent) Object.assign(writes, fetched.writes);
  Object.assign(writes, claimEntries(lookup, claims, fetchedSubjects, answers, sides.stillOurs, writes));

  // 8. What a daily limit refused is held back, and what is left counted down; what the service said
  // about length is kept.
  const now = Date.now();
  const next = pacer.update(withRefusals(guard, fp, refusals, now), now);
  if (JSON.stringify(next) !== JSON.stringify(guard ?? emptyGuard(fp))) Object.assign(writes, guardEntry(next));
  const learned = learnFromRejections(endpoint, [...fetchedSubjects], answers, learnedMax);
  if (learned !== null) Object.assign(writes, learnedMaxEntry(endpoint.path, learned, baseUrl));

  // 9. The answers, and what was spent (counted only when something was): a formula's batch kept for
  // the request log, anything else's noted for its action to write.
  const spent = addSpend(dayHeads[spendKey] ?? entries[spendKey], stats, fp);
  if (spent !== undefined) writes[spendKey] = spent;
  const batch = sentOf(
    stats,
    sent.reduce((n, fetched) => n + fetched.serviceCached, 0),
    refusals.length,
    sent.flatMap((fetched) => [...fetched.answers.values()].flatMap((answer) => (answer.ok ? [] : [answer.error.message]))),
  );
  if (!formula || options.action) noteBatch(batch);
  else if (first.requestLog && batch.requests) {
    const cell = runningFormulaCell() ?? { sheetId: -1, cell: '' };
    writes[batchKey] = addBatch(entries[batchKey], { ...batch, at: Date.now(), sender: { kind: 'formula', ...cell } });
  }
  putAll(cache, writes);
  return { answers, stats, timeZone };
}

/**
 * What a lookup outside a formula says of a subject its pacer did not send: the spreadsheet's cap, or
 * the daily limit (an unpaced lookup sends everything else in one wave).
 */
function unsentError(pacer: Pacer, which: Stopped, cap: number | null): AddonError {
  if (which === 'cap') return limitWait(pacer.waitFor('fresh searches'), which, cap);
  const limit = which === 'API calls' ? which : 'fresh searches';
  const until = pacer.waitFor(limit).resetAt;
  return errors.limit(limit, afterReset(until, Date.now()), until);
}

/** What every step of one lookup reads, fixed once the cache was first read. */
interface Lookup {
  endpoint: Endpoint;
  keys: Map<string, string>;
  budget: Budget;
  layout: Layout;
  cache: Cache;
  /** What a valid answer carries: the cache generation and the base URL. */
  stamp: string;
  baseUrl: string;
}

/** Adds a step's answers to the lookup's (counted as cache hits when they came from the cache). */
function addAnswers(answers: Map<string, Answer>, stats: LookupStats, found: Map<string, Answer>, fromCache = false): void {
  for (const [subject, answer] of found) answers.set(subject, answer);
  if (fromCache) stats.cacheHits += found.size;
}

/** The subjects of some claims still without an answer, in order. */
function unansweredOf(claims: Claim[], answers: Map<string, Answer>): string[] {
  return claims.flatMap((claim) => claim.subjects.filter((subject) => !answers.has(subject)));
}

/**
 * Step 1: one getAll of the answers' entries, the config entry (a formula's stamp without reading
 * properties), a spend shard, the guard and what the service said about length; and the settings the
 * stamp needs, from the config entry, else from the properties.
 */
function readCacheFirst(cache: Cache, endpoint: Endpoint, payer: Payer, layout: Layout) {
  const spendKey = pickSpendKey();
  const batchKey = pickBatchKey();
  const formula = payer === 'formula';
  const own = formula ? [CONFIG_KEY, batchKey] : [];
  const entries = getAll(cache, [...own, spendKey, GUARD_KEY, limitKey(endpoint.path), ...layout.keys]);
  const readAt = Date.now();
  const config = formula ? readLookupConfig(entries[CONFIG_KEY]) : null;
  const settings = config ? null : readLookupSettings(payer);
  // A formula that found no config entry writes it again, with the time zone the document's properties keep.
  const configRewrite = formula && !config && settings ? writeLookupConfig(settings) : null;
  const { generation, baseUrl } = (config ?? settings) as LookupConfig | LookupSettings;
  return {
    entries,
    readAt,
    spendKey,
    batchKey,
    config,
    settings,
    configRewrite,
    baseUrl,
    stamp: stampOf(generation, baseUrl),
    timeZone: config?.timeZone ?? settings?.timeZone,
    spendCap: config ? config.spendCap : settings?.spendCap,
    requestLog: (config ?? settings)?.requestLog === true,
  };
}

/**
 * The claims without the subjects `check` takes out (steps 2 and 4), and what it said of each of those.
 * @param claims the claims
 * @param check why a subject goes, or null when it stays
 */
function takeOut<T>(claims: Claim[], check: (subject: string) => T | null): { claims: Claim[]; out: Map<string, T> } {
  const out = new Map<string, T>();
  const kept = claims.map((claim) => ({
    ...claim,
    subjects: claim.subjects.filter((subject) => {
      const why = check(subject);
      if (why) out.set(subject, why);
      return !why;
    }),
  }));
  return { claims: kept, out };
}

/** Our marks on the free claims: who we are, which keys we marked, and when they may be read back. */
interface Marks {
  id: string;
  keys: string[];
  /**
   * As long after they landed as it took us from reading the cache to their landing: an execution that
   * read the cache just before our marks landed lands its own within about that long, its own work
   * between reading and writing included (not only the write: on a busy machine that work was the gap).
   */
  readBackAt: number;
}

/**
 * Step 2: marks the free claims as ours (one putAll). A formula that found no config entry writes it
 * with its marks, so executions starting after this read one property store instead of two.
 */
function markFreeClaims(lookup: Lookup, claims: Claim[], configRewrite: Record<string, string> | null, readAt: number): Marks {
  const id = Math.random().toString(36).slice(2, 10);
  const free = claims.filter((claim) => claim.state === 'free').map((claim) => claim.key);
  const entries: Record<string, string> = {};
  for (const key of free) Object.assign(entries, writeEntry(key, { kind: 'pending', by: id }, lookup.stamp, Date.now() + PENDING_MS));
  if (configRewrite) Object.assign(entries, configRewrite);
  putAll(lookup.cache, entries);
  const landedAt = Date.now();
  return { id, keys: free, readBackAt: landedAt + (landedAt - readAt) };
}

/** Step 3: the key that pays, from the settings read in step 1, else the one store the config entry names (both without it). */
function readKey(first: ReturnType<typeof readCacheFirst>, payer: Payer): string | undefined {
  if (first.settings) return first.settings.apiKey;
  return (first.config?.keyFrom ? readFormulaKey(first.config.keyFrom) : readLookupSettings(payer)).apiKey;
}

/**
 * Step 5: reads our marks back. Where two executions marked the same claim, the last mark won, and only
 * its writer fetches; the others wait for it like for any other execution's fetch. An execution that
 * read the cache just before our mark landed lands its own mark within about as long as our reading and
 * writing took: read back only after that, or both would find their own mark and both fetch.
 * @param alsoRead more entries to read in the same getAll (what the spreadsheet spent today, under a cap)
 * @returns the claims ours to fetch, those another execution is fetching, the answers that landed over
 *   our marks, the keys of the marks still ours (taken back if nothing is written over them), and the
 *   entries of `alsoRead` when there were marks to read back with them
 */
function readMarksBack(
  lookup: Lookup,
  claims: Claim[],
  marks: Marks,
  alsoRead: string[] = [],
): { ours: Claim[]; theirs: Claim[]; taken: Map<string, Answer>; stillOurs: Set<string>; alsoRead?: Record<string, string> } {
  const open = (state: Claim['state']) => claims.filter((claim) => claim.subjects.length && claim.state === state);
  const ours = open('unmarked');
  const theirs = open('theirs');
  const marked = open('free');
  const stillOurs = new Set(marks.keys);
  let taken = new Map<string, Answer>();
  let also: Record<string, string> | undefined;
  if (marked.length) {
    const settle = marks.readBackAt - Date.now();
    if (settle > 0) Utilities.sleep(settle);
    const back = readClaims(lookup, marked, alsoRead);
    taken = back.taken; // another execution's answer landed over our mark
    if (alsoRead.length) also = back.heads;
    for (const claim of marked) {
      if (back.state.found.has(claim.key)) stillOurs.delete(claim.key);
      if (back.state.pending.includes(claim.key) && back.state.markedBy.get(claim.key) !== marks.id) {
        stillOurs.delete(claim.key);
        theirs.push(claim);
      } else if (claim.subjects.some((s) => !taken.has(s))) ours.push(claim); // our mark, or one that vanished: fetch anyway
    }
  }
  return { ours, theirs, taken, stillOurs, ...(also ? { alsoRead: also } : {}) };
}

/**
 * One getAll of some claims' entries: where the cache stands for them, and the answers found there.
 * @param lookup the lookup
 * @param claims the claims to read
 * @param alsoRead more entries to read with them (returned as `heads`)
 */
function readClaims(
  lookup: Lookup,
  claims: Claim[],
  alsoRead: string[] = [],
): { state: CacheState; taken: Map<string, Answer>; heads: Record<string, string> } {
  const { cache, layout } = lookup;
  const ids = new Map(claims.map((claim) => [claim.key, claim.key] as const));
  const heads = getAll(cache, [...ids.values(), ...alsoRead]);
  const state = readState(cache, heads, ids, lookup.stamp);
  const taken = new Map<string, Answer>();
  for (const claim of claims) {
    const entry = state.found.get(claim.key);
    if (entry) for (const [subject, answer] of layout.take(claim, entry)) taken.set(subject, answer);
  }
  return { state, taken, heads };
}

/**
 * Steps 6–7: fetches subjects within what is left of the day's allowance, in the pacer's waves (a
 * formula's), reading /usage first when the pacer asks.
 * @returns what each wave and each read of /usage gave, in the order they went
 */
function fetchWithinAllowance(lookup: Lookup, apiKey: string, pacer: Pacer, subjects: string[]): Fetched[] {
  const { endpoint, keys, budget, stamp, baseUrl } = lookup;
  const sent: Fetched[] = [];
  const sendWave = (wave: string[]): Wave => {
    const fetched = fetchMisses(endpoint, missesToFetch(endpoint, wave, keys, baseUrl), { apiKey, budget, stamp });
    sent.push(fetched);
    const answered = wave.filter((s) => fetched.answers.get(s)?.ok).length;
    const stopper = wave.map((s) => fetched.answers.get(s)).find((a) => a && !a.ok && STOPS.has(a.error.kind));
    return {
      ...fetched,
      cached: endpoint.searches ? answered - fetched.freshSearches : 0,
      stopped: stopper && !stopper.ok ? stopper.error : null,
    };
  };
  const readUsage = (): AllowanceRead => {
    const { sent: reached, read } = readAllowance(baseUrl, { apiKey, budget });
    const refusals = read && 'refusal' in read ? [read.refusal] : [];
    sent.push({ answers: new Map(), writes: {}, refusals, requests: reached ? 1 : 0, freshSearches: 0, serviceCached: 0 });
    return read;
  };
  pacer.send(subjects, sendWave, readUsage);
  return sent;
}

/**
 * Polls the cache for claims other executions are fetching, for at most a second, and returns the
 * answers that came. Whatever of their subjects is still unanswered (a mark that vanished without an
 * answer, that fetch having failed, or an answer too slow to come) is ours to fetch.
 */
function waitForOthers(lookup: Lookup, claims: Claim[]): Map<string, Answer> {
  const came = new Map<string, Answer>();
  const giveUpAt = Date.now() + WAIT_FOR_OTHERS_MS;
  let waiting = claims;
  while (waiting.length && Date.now() + POLL_MS <= giveUpAt && lookup.budget.allows(POLL_MS * 2)) {
    Utilities.sleep(POLL_MS);
    const { state, taken } = readClaims(lookup, waiting);
    for (const [subject, answer] of taken) came.set(subject, answer);
    waiting = waiting.filter((claim) => state.pending.includes(claim.key));
  }
  return came;
}

/**
 * Every row of a formula a daily limit left unfetched (held back, refused, or not sent) says the same:
 * when it will be fetched.
 */
function limitMessages(lookup: Lookup, limited: Map<string, LimitKind>, refusals: Refusal[], pacer: Pacer, cap: number | null): Waiting {
  const all = new Map<string, Stopped>(limited);
  const subjectOf = new Map([...lookup.keys].map(([subject, key]) => [key, subject] as const));
  for (const { key, which } of refusals) if (subjectOf.has(key)) all.set(subjectOf.get(key) ?? '', which);
  for (const [subject, which] of pacer.unsent) all.set(subject, which);
  const messages = new Map<Stopped, AddonError>();
  const waiting: Waiting = new Map();
  for (const [subject, which] of all) {
    const wait = pacer.waitFor(which === 'API calls' ? which : 'fresh searches');
    if (!messages.has(which)) messages.set(which, limitWait(wait, which, cap));
    waiting.set(subject, {
      error: messages.get(which) ?? errors.budget(),
      resetAt: which === 'cap' ? capResetsAt(Date.now()) : wait.resetAt,
    });
  }
  return waiting;
}

/** A formula's rows a daily limit left unfetched: each one's message, and when the limit resets (ms, if known). */
type Waiting = Map<string, { error: AddonError; resetAt: number | null }>;

/**
 * The answers of the rows a daily limit left unfetched: the answer kept for each (cache/kept-answers.ts,
 * one property read, only on this path), marked with its date, else the limit's message.
 */
function keptOrWaiting(lookup: Lookup, waiting: Waiting, use: KeptUse): Map<string, Answer> {
  const answers = new Map<string, Answer>();
  if (!waiting.size) return answers;
  const found = readKept(
    [...waiting.keys()].map((subject) => lookup.keys.get(subject) ?? ''),
    lookup.baseUrl,
  );
  for (const [subject, { error, resetAt }] of waiting) {
    const kept = found.get(lookup.keys.get(subject) ?? '');
    answers.set(
      subject,
      kept && (use === 'score' || !kept.scoreOnly)
        ? { ok: true, data: kept.data, kept: { fetchedAt: kept.fetchedAt, resetAt } }
        : { ok: false, error },
    );
  }
  return answers;
}

/**
 * What each claim keeps of what was fetched for it (the layout's entries), and our marks with nothing
 * written over them, taken back.
 * @param written the entries already to be written (each query's own)
 */
function claimEntries(
  lookup: Lookup,
  claims: Claim[],
  fetched: Set<string>,
  answers: Map<string, Answer>,
  stillOurs: Set<string>,
  written: Record<string, string>,
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const claim of claims) {
    const news = claim.subjects.filter((s) => fetched.has(s));
    if (news.length) Object.assign(entries, lookup.layout.store(claim, news, answers, lookup.stamp));
    if (stillOurs.has(claim.key) && !(claim.key in entries) && !(claim.key in written)) Object.assign(entries, expired([claim.key]));
  }
  return entries;
}

/**
 * Forgets cached answers so the next lookup fetches them (a forced refresh).
 * @param endpoint which endpoint
 * @param subjects normalised subjects
 */
export function dropCached(endpoint: Endpoint, subjects: (string | undefined)[]): void {
  removeAll(subjects.map((s) => answerKey(endpoint.path, endpoint.param ? s : undefined)));
}
