/**
 * Packs: a range formula's answers kept together, a group of up to PACK_SIZE answers per cache entry,
 * instead of one entry per query. Google's cache keeps only so many items, dropping those nearest their
 * expiry (docs/develop/google-limits.md, "The document cache"), so one entry per keyword stops saving
 * once a document has about that many distinct keywords; packed, a column takes one entry per PACK_SIZE
 * distinct keywords.
 *
 * A pack's key is a hash of its endpoint and its queries in order (the range's distinct normalised
 * queries, first occurrence first, cut into groups), so every formula over the same column (SEARCH_SCORE
 * and SEARCH_TREND of A2:A1501) reads the same packs, and rows appended at the end change only the last
 * group. Its body is an ordinary answer entry (entry.ts: stamped, gzipped when large, split over parts
 * when too large for one value): `{ t, a, n, w }`, when its oldest answer was fetched, the answers by
 * query, the "not found" queries with when that expires, and when the service gave each answer (a
 * table's "As of"; a pack written before it was kept says `t` for all).
 */
import { CACHE_TTL_S } from './cache-store';
import type { Json } from '../shape/shape';
import type { Endpoint } from '../service/endpoints';

/** Answers per pack: about 10 KB gzipped for typical /trend answers, well under one entry's 100 KB. */
export const PACK_SIZE = 100;

/**
 * A range of at most this many distinct queries also keeps each answer under its own key, so a per-cell
 * formula of one of them hits; a larger range keeps only its packs (a per-cell formula of one of its
 * queries fetches it once), or it would spend the cache's items itself.
 */
export const OWN_ENTRIES_UP_TO = 20;

/**
 * Whether a range's answers are kept in packs: an endpoint with a subject whose answers live the
 * cache's longest lifetime, and at least two distinct subjects.
 * @param endpoint the endpoint
 * @param distinct how many distinct subjects
 */
export function isPacked(endpoint: Endpoint, distinct: number): boolean {
  return !!endpoint.param && endpoint.ttlSeconds >= CACHE_TTL_S && distinct >= 2;
}

/** A group of queries and the key of its pack. */
export interface PackGroup {
  key: string;
  subjects: string[];
}

/** A pack as read. */
export interface Pack {
  /** When its oldest answer was fetched (ms). */
  fetchedAt: number;
  answers: Map<string, Json>;
  /** "Not found" queries, with when that expires (ms). */
  notFound: Map<string, number>;
  /** When the service gave each answer (ms). */
  answeredAt: Map<string, number>;
}

const digest = (text: string): string =>
  Utilities.base64EncodeWebSafe(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8)).replace(
    /=+$/,
    '',
  );

/**
 * The groups of a range's distinct queries, in order, each with its pack key `sdm|g|<sha-256>`.
 * @param path the endpoint path
 * @param distinct the range's distinct normalised queries, first occurrence first
 */
export function packGroups(path: string, distinct: string[]): PackGroup[] {
  const groups: PackGroup[] = [];
  for (let i = 0; i < distinct.length; i += PACK_SIZE) {
    const subjects = distinct.slice(i, i + PACK_SIZE);
    groups.push({ key: `sdm|g|${digest(JSON.stringify([path, subjects]))}`, subjects });
  }
  return groups;
}

/**
 * A pack from an entry's data, or null when it is not one or has outlived its oldest answer's 6 hours.
 * @param data the entry's data
 * @param now the time (ms)
 */
export function readPack(data: Json, now: number): Pack | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { t, a, n, w } = data as { t?: unknown; a?: unknown; n?: unknown; w?: unknown };
  if (typeof t !== 'number' || t + CACHE_TTL_S * 1000 <= now || !a || typeof a !== 'object') return null;
  const notFound = new Map<string, number>();
  if (n && typeof n === 'object') {
    for (const [subject, until] of Object.entries(n as Record<string, unknown>)) {
      if (typeof until === 'number' && until > now) notFound.set(subject, until);
    }
  }
  const answers = new Map(Object.entries(a as Record<string, Json>));
  const times = w && typeof w === 'object' ? (w as Record<string, unknown>) : {};
  const answeredAt = new Map([...answers.keys()].map((subject) => [subject, numberOr(times[subject], t)] as const));
  return { fetchedAt: t, answers, notFound, answeredAt };
}

/**
 * A pack's data to store, and when the entry must expire: with its oldest answer (null: the cache's own
 * 6 hours, when everything in it was fetched now).
 * @param pack what it holds
 * @param now the time (ms)
 */
export function packData(pack: Pack, now: number): { data: Json; expiresAt: number | null } {
  const data = {
    t: pack.fetchedAt,
    a: Object.fromEntries(pack.answers),
    n: Object.fromEntries(pack.notFound),
    w: Object.fromEntries(pack.answeredAt),
  } as unknown as Json;
  return { data, expiresAt: pack.fetchedAt < now ? pack.fetchedAt + CACHE_TTL_S * 1000 : null };
}

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
