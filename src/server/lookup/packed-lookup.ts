/**
 * A range formula's lookup with its answers packed (cache/pack.ts): the protocol of pipeline.ts with
 * another layout. The cache holds one entry per group of up to PACK_SIZE answers instead of one per
 * query, so that a document's ranges stay cached far past the items Google's cache keeps
 * (docs/develop/google-limits.md).
 *
 * - The first getAll reads the packs and each query's own entry: a query a per-cell formula cached
 *   under its own key is used too.
 * - A claim is a pack: the marks go on the packs that are absent (one per group, not one per query: a
 *   mark is an item too); a pack that holds some of its answers is completed without a mark.
 * - Each pack touched is written whole: what it held, and what was fetched now.
 */
import type { Budget } from '../execution/time-budget';
import { writeEntry } from '../cache/entry';
import { isPacked, OWN_ENTRIES_UP_TO, packData, packGroups, readPack, type Pack } from '../cache/pack';
import { NOT_FOUND_TTL_S } from '../settings/constants';
import type { Endpoint } from '../service/endpoints';
import { fromEntry, notFound, type Answer } from './lookup-result';
import { expired, readState } from '../cache/cache-state';
import { lookupAll, ownKeys, runLookup, type Claim, type Layout, type LookupOptions, type LookupResult } from './pipeline';

/** Ids under which packs are sorted by readState, apart from subjects (a subject never starts with NUL). */
const packId = (i: number): string => `\u0000${i}`;

/**
 * Looks up a range formula's subjects, packed. Endpoints without a subject, answers that live less than
 * the cache's longest lifetime (CACHE_TTL_S), and single subjects go through lookupAll.
 * @param endpoint which endpoint
 * @param subjects normalised subjects in the range's order; duplicates are fine
 * @param budget time left in this execution
 * @param options which kept answers may stand in for a daily limit's message; whether to pace (pipeline.ts)
 * @returns answers keyed by subject, and what it cost
 */
export function lookupPacked(endpoint: Endpoint, subjects: string[], budget: Budget, options: LookupOptions = {}): LookupResult {
  const distinct = [...new Set(subjects)];
  if (!isPacked(endpoint, distinct.length)) return lookupAll(endpoint, subjects, budget, 'formula', options);
  const keys = ownKeys(endpoint, distinct);
  return runLookup(endpoint, distinct, keys, budget, 'formula', packed(endpoint, distinct, keys), options);
}

/** The layout of packs: each group of queries is one claim, its pack. */
function packed(endpoint: Endpoint, distinct: string[], keys: Map<string, string>): Layout {
  const groups = packGroups(endpoint.path, distinct);
  const groupOf = new Map(groups.map((group, i) => [group.key, i] as const));
  /** What each pack held when last read: written back whole with what is fetched. */
  const held: (Pack | null)[] = groups.map(() => null);

  /** The answers a pack holds for these subjects. */
  const fromPack = (pack: Pack | null, subjects: string[]): Map<string, Answer> => {
    const found = new Map<string, Answer>();
    for (const subject of subjects) {
      const data = pack?.answers.get(subject);
      const at = pack?.answeredAt.get(subject);
      if (data !== undefined) found.set(subject, at === undefined ? { ok: true, data } : { ok: true, data, at });
      else if (pack?.notFound.has(subject)) found.set(subject, { ok: false, error: notFound(endpoint, subject) });
    }
    return found;
  };

  return {
    keys: [...groups.map((g) => g.key), ...keys.values()],
    sort(cache, entries, stamp) {
      const ids = new Map<string, string>([...groups.map((g, i) => [packId(i), g.key] as const), ...keys]);
      const state = readState(cache, entries, ids, stamp);
      const now = Date.now();
      const answers = new Map<string, Answer>();
      const claims: Claim[] = [];
      groups.forEach((group, i) => {
        const entry = state.found.get(packId(i));
        const pack = entry?.kind === 'data' ? readPack(entry.data, now) : null;
        held[i] = pack;
        const inPack = fromPack(pack, group.subjects);
        for (const [subject, answer] of inPack) answers.set(subject, answer);
        const unanswered = group.subjects.filter((subject) => {
          if (inPack.has(subject)) return false;
          const own = state.found.get(subject);
          if (own) answers.set(subject, fromEntry(own, endpoint, subject));
          return !own;
        });
        if (!unanswered.length) return;
        const claimState = pack ? 'unmarked' : state.pending.includes(packId(i)) ? 'theirs' : 'free';
        claims.push({ key: group.key, subjects: unanswered, state: claimState });
      });
      return { answers, claims };
    },
    take(claim, entry) {
      const i = groupOf.get(claim.key) ?? -1;
      const pack = entry.kind === 'data' ? readPack(entry.data, Date.now()) : null;
      if (pack) held[i] = pack;
      return fromPack(pack, claim.subjects);
    },
    ownEntries: distinct.length <= OWN_ENTRIES_UP_TO, // else the packs alone hold the answers
    store(claim, fetched, answers, stamp) {
      const at = Date.now();
      const pack: Pack = held[groupOf.get(claim.key) ?? -1] ?? {
        fetchedAt: at,
        answers: new Map(),
        notFound: new Map(),
        answeredAt: new Map(),
      };
      for (const subject of fetched) {
        const answer = answers.get(subject);
        if (answer?.ok) {
          pack.answers.set(subject, answer.data);
          pack.answeredAt.set(subject, answer.at ?? at);
        } else if (answer?.error.kind === 'not-found') pack.notFound.set(subject, at + NOT_FOUND_TTL_S * 1000);
      }
      if (!pack.answers.size && !pack.notFound.size) return expired([claim.key]);
      const { data, expiresAt } = packData(pack, at);
      return writeEntry(claim.key, { kind: 'data', data }, stamp, expiresAt);
    },
  };
}
