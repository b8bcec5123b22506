/**
 * A range formula's lookup with its answers packed (cache/pack.ts): the same flow and round trips as
 * lookup/pipeline.ts's lookupAll (normalised subjects → one getAll → marks → one batched fetch → one putAll),
 * but the cache holds one entry per group of up to PACK_SIZE answers instead of one per query, so that a
 * document's ranges stay cached far past the items Google's cache keeps (docs/develop/google-limits.md).
 *
 * - A hit: the first getAll alone (the packs, each query's own entry, the config entry, a spend shard, the
 *   guard and the learned length limit), no write. A query a per-cell formula cached under its own key is
 *   used too.
 * - A miss: the marks are put on the packs that are absent (one per group, not one per query: a mark is
 *   an item too), read back, and each pack is written whole with what it held and what was fetched.
 */
import type { Budget } from '../core/budget';
import { readLookupConfig, writeLookupConfig } from '../cache/config-entry';
import { readEntry, writeEntry } from '../cache/entry';
import { armGuard, fingerprint, GUARD_KEY, heldBack, readGuard, type Refusal } from '../cache/limit-guard';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import { packData, packGroups, readPack, type Pack, type PackGroup } from '../cache/pack';
import { addSpend, pickSpendKey } from '../cache/spend';
import { CACHE_TTL_S, getAll, openCache, putAll } from '../cache/cache-store';
import { NOT_FOUND_TTL_S } from '../core/constants';
import { errors } from '../core/errors';
import {
  expired,
  fetchAndKeep,
  fromEntry,
  learnFromRejections,
  lookupAll,
  missesToFetch,
  PENDING_MS,
  POLL_MS,
  readState,
  refusedBeforeSending,
  WAIT_FOR_OTHERS_MS,
  type Answer,
  type LookupStats,
} from '../lookup/pipeline';
import { resetPhrase } from '../service/classify';
import { describeSubject, type Endpoint } from '../service/endpoints';
import { learnedMaxEntry, limitKey, readLearnedMax } from '../service/length-limit';
import { readFormulaKey, readLookupSettings } from '../core/lookup-settings';

/**
 * A range of at most this many distinct queries also keeps each answer under its own key, so a per-cell
 * formula of one of them hits; a larger range keeps only its packs (a per-cell formula of one of its
 * queries fetches it once), or it would spend the cache's items itself.
 */
export const OWN_ENTRIES_UP_TO = 20;

/** Ids under which packs are sorted by readState, apart from subjects (a subject never starts with NUL). */
const packId = (i: number): string => `\u0000${i}`;

/**
 * Looks up a range formula's subjects, packed. Endpoints without a subject, answers that live less than
 * the cache's 6 hours, and single subjects go through lookupAll.
 * @param endpoint which endpoint
 * @param subjects normalised subjects in the range's order; duplicates are fine
 * @param budget time left in this execution
 * @returns answers keyed by subject, and what it cost
 */
export function lookupPacked(endpoint: Endpoint, subjects: string[], budget: Budget): { answers: Map<string, Answer>; stats: LookupStats } {
  const distinct = [...new Set(subjects)];
  if (!endpoint.param || endpoint.ttlSeconds < CACHE_TTL_S || distinct.length < 2) return lookupAll(endpoint, subjects, budget, 'formula');
  const answers = new Map<string, Answer>();
  const stats: LookupStats = { cacheHits: 0, requests: 0, freshSearches: 0 };
  const groups = packGroups(endpoint.path, distinct);
  const ownKeys = new Map(distinct.map((s) => [s, answerKey(endpoint.path, s)] as const));
  const cache = openCache();

  // Round trip 1: the packs and every query's own entry, with the config entry, spend shard, guard, limit.
  const spendKey = pickSpendKey();
  const heads = getAll(cache, [CONFIG_KEY, spendKey, GUARD_KEY, limitKey(endpoint.path), ...groups.map((g) => g.key), ...ownKeys.values()]);
  const config = readLookupConfig(heads[CONFIG_KEY]);
  let settings = config ? null : readLookupSettings('formula');
  const known = config ?? settings ?? { generation: '0', baseUrl: '', keyFrom: null };
  const stamp = stampOf(known.generation, known.baseUrl);
  const ids = new Map<string, string>([...groups.map((g, i) => [packId(i), g.key] as const), ...ownKeys]);
  const state = readState(cache, heads, ids, stamp);
  const now = Date.now();
  const packs = groups.map((_, i) => {
    const entry = state.found.get(packId(i));
    return entry?.kind === 'data' ? readPack(entry.data, now) : null;
  });
  const unanswered = (group: PackGroup, pack: Pack | null): string[] =>
    group.subjects.filter((subject) => {
      if (answers.has(subject)) return false;
      const data = pack?.answers.get(subject);
      if (data !== undefined) {
        stats.cacheHits++;
        answers.set(subject, { ok: true, data });
        return false;
      }
      if (pack?.notFound.has(subject)) {
        stats.cacheHits++;
        answers.set(subject, { ok: false, error: errors.notFound(describeSubject(endpoint, subject)) });
        return false;
      }
      const own = state.found.get(subject);
      if (own) {
        answers.set(subject, fromEntry(own, endpoint, subject, stats));
        return false;
      }
      return true;
    });
  const missingByGroup = groups.map((g, i) => unanswered(g, packs[i] ?? null));
  if (missingByGroup.every((m) => !m.length)) {
    if (!config && settings) putAll(cache, writeLookupConfig(settings)); // as in lookupAll: for the hits after this one
    return { answers, stats };
  }

  // Misses: refuse what cannot be sent; mark the absent packs as ours (a partial pack keeps its answers).
  const learnedMax = readLearnedMax(heads[limitKey(endpoint.path)], known.baseUrl);
  const sendableByGroup = missingByGroup.map((missing) =>
    missing.filter((subject) => {
      const refused = refusedBeforeSending(endpoint, subject, learnedMax, known.baseUrl);
      if (refused) answers.set(subject, { ok: false, error: refused });
      return !refused;
    }),
  );
  const markedByOther = new Set(state.pending.filter((id) => id.startsWith('\u0000')).map((id) => Number(id.slice(1))));
  const me = Math.random().toString(36).slice(2, 10);
  const toMark = groups.flatMap((_, i) => (sendableByGroup[i]?.length && !packs[i] && !markedByOther.has(i) ? [i] : []));
  const marks: Record<string, string> = {};
  for (const i of toMark)
    Object.assign(marks, writeEntry(groups[i]?.key ?? '', { kind: 'pending', by: me }, stamp, Date.now() + PENDING_MS));
  // As in lookupAll: without the config entry both property stores were read; write it with the marks.
  if (!config && settings) Object.assign(marks, writeLookupConfig(settings));
  const markStarted = Date.now();
  putAll(cache, marks);
  const markLanded = Date.now();

  if (!settings) {
    const key = config?.keyFrom ? readFormulaKey(config.keyFrom) : readLookupSettings('formula');
    settings = { generation: known.generation, baseUrl: known.baseUrl, apiKey: key.apiKey, keyFrom: key.keyFrom };
  }
  const { apiKey } = settings;
  const allSendable = sendableByGroup.flat();
  if (!apiKey) {
    for (const subject of allSendable) answers.set(subject, { ok: false, error: errors.noFormulaKey() });
    putAll(cache, expired(toMark.map((i) => groups[i]?.key ?? '')));
    return { answers, stats };
  }
  const fp = fingerprint(apiKey);
  const guard = readGuard(heads[GUARD_KEY], fp, Date.now());
  const notHeld = (subject: string): boolean => {
    const held = heldBack(guard, ownKeys.get(subject) ?? '');
    if (!held) return true;
    answers.set(subject, { ok: false, error: errors.limitHeld(held.which, resetPhrase(held.until), held.which === 'API calls') });
    return false;
  };

  // Read the marks back (see lookupAll): a group whose mark another execution overwrote is theirs to fetch.
  // Also on the document's first miss: range formulas calculated together on a fresh document mark the
  // same packs at once, and without the read-back each would fetch the whole range.
  const mine = new Set<number>(groups.flatMap((_, i) => (sendableByGroup[i]?.length && !markedByOther.has(i) ? [i] : [])));
  const others = new Set<number>(groups.flatMap((_, i) => (sendableByGroup[i]?.length && markedByOther.has(i) ? [i] : [])));
  if (toMark.length) {
    const settle = markLanded - markStarted - (Date.now() - markLanded);
    if (settle > 0) Utilities.sleep(settle);
    const back = getAll(
      cache,
      toMark.map((i) => groups[i]?.key ?? ''),
    );
    for (const i of toMark) {
      const entry = readEntry(back[groups[i]?.key ?? ''], stamp, Date.now());
      if (entry?.kind === 'pending' && entry.by !== me) {
        mine.delete(i);
        others.add(i);
      }
    }
  }

  const writes: Record<string, string> = {};
  const refusals: Refusal[] = [];
  const fetched = new Set<string>();
  const fetchGroups = (list: number[]) => {
    const subjectsToFetch = list.flatMap((i) => (sendableByGroup[i] ?? []).filter((s) => !answers.has(s) && notHeld(s)));
    for (const subject of subjectsToFetch) fetched.add(subject);
    fetchAndKeep(
      endpoint,
      missesToFetch(endpoint, subjectsToFetch, ownKeys, known.baseUrl),
      { apiKey, budget, stamp },
      answers,
      stats,
      distinct.length <= OWN_ENTRIES_UP_TO ? writes : {}, // else the packs alone hold the answers
      refusals,
    );
  };
  fetchGroups([...mine]);
  if (others.size) fetchGroups(waitForPacks([...others], groups, cache, stamp, budget, answers, stats));

  // Each pack touched is written whole: what it held, and what was fetched now.
  const at = Date.now();
  groups.forEach((group, i) => {
    const news = group.subjects.filter((s) => fetched.has(s));
    if (!news.length) {
      if (toMark.includes(i) && mine.has(i)) Object.assign(writes, expired([group.key]));
      return;
    }
    const pack: Pack = packs[i] ?? { fetchedAt: at, answers: new Map(), notFound: new Map() };
    for (const subject of news) {
      const answer = answers.get(subject);
      if (answer?.ok) pack.answers.set(subject, answer.data);
      else if (answer?.error.kind === 'not-found') pack.notFound.set(subject, at + NOT_FOUND_TTL_S * 1000);
    }
    if (!pack.answers.size && !pack.notFound.size) {
      Object.assign(writes, expired([group.key]));
      return;
    }
    const { data, expiresAt } = packData(pack, at);
    Object.assign(writes, writeEntry(group.key, { kind: 'data', data }, stamp, expiresAt));
  });
  const armed = armGuard(guard, fp, refusals, Date.now());
  if (armed) Object.assign(writes, armed);
  const learned = learnFromRejections(endpoint, [...fetched], answers, learnedMax);
  if (learned !== null) Object.assign(writes, learnedMaxEntry(endpoint.path, learned, known.baseUrl));
  const spent = addSpend(heads[spendKey], stats, fp);
  if (spent !== undefined) writes[spendKey] = spent;
  putAll(cache, writes);
  return { answers, stats };
}

/**
 * Polls for packs other executions are fetching, for at most a second, taking their answers. Returns
 * the groups to fetch ourselves (their subjects still unanswered: a mark that vanished, or too slow).
 */
function waitForPacks(
  waiting: number[],
  groups: PackGroup[],
  cache: GoogleAppsScript.Cache.Cache | null,
  stamp: string,
  budget: Budget,
  answers: Map<string, Answer>,
  stats: LookupStats,
): number[] {
  const giveUpAt = Date.now() + WAIT_FOR_OTHERS_MS;
  let left = waiting;
  while (left.length && Date.now() + POLL_MS <= giveUpAt && budget.allows(POLL_MS * 2)) {
    Utilities.sleep(POLL_MS);
    const ids = new Map(left.map((i) => [packId(i), groups[i]?.key ?? ''] as const));
    const state = readState(cache, getAll(cache, [...ids.values()]), ids, stamp);
    const now = Date.now();
    left = left.filter((i) => {
      const entry = state.found.get(packId(i));
      const pack = entry?.kind === 'data' ? readPack(entry.data, now) : null;
      for (const subject of groups[i]?.subjects ?? []) {
        const data = pack?.answers.get(subject);
        if (data !== undefined && !answers.has(subject)) {
          stats.cacheHits++;
          answers.set(subject, { ok: true, data });
        }
      }
      return state.pending.includes(packId(i));
    });
  }
  return waiting;
}
