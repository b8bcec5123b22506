/** What a lookup gives back for each subject, and what it cost. */
import type { Entry } from '../cache/entry';
import { errors, type AddonError } from '../errors/errors';
import { describeSubject, notFoundHint, type Endpoint } from '../service/endpoints';
import type { Json } from '../shape/shape';

/**
 * The answer for one subject: its data and when the service gave it (ms; absent for an answer cached
 * before that was kept), `kept` when it is a kept answer shown because a daily limit held it back; or
 * its error.
 */
export type Answer = { ok: true; data: Json; at?: number; kept?: KeptMark } | { ok: false; error: AddonError };

/** What a formula shows with a kept answer (cache/kept-answers.ts): how old it is, and when it is fetched again. */
export interface KeptMark {
  /** When it was fetched, or at the latest when it was kept (ms). */
  fetchedAt: number;
  /** When the limit that held it back resets (ms), if known. */
  resetAt: number | null;
}

/** What one lookup cost, for counting. */
export interface LookupStats {
  cacheHits: number;
  requests: number;
  /** Searches the service ran fresh (not from its 7-day cache): what costs credits. */
  freshSearches: number;
}

/**
 * A cache hit as an answer (a cached "not found" answers with its error).
 * @param entry the entry found
 * @param endpoint the endpoint
 * @param subject its subject
 */
export function fromEntry(entry: Entry & { kind: 'data' | 'not-found' }, endpoint: Endpoint, subject: string): Answer {
  if (entry.kind === 'not-found') return { ok: false, error: notFound(endpoint, subject) };
  return entry.at === undefined ? { ok: true, data: entry.data } : { ok: true, data: entry.data, at: entry.at };
}

/**
 * "Not found", with a hint at the usual form of a slug when it is not in it.
 * @param endpoint the endpoint asked
 * @param subject the normalised subject ('' without one)
 */
export function notFound(endpoint: Endpoint, subject: string): AddonError {
  const param = endpoint.param ? subject : undefined;
  return errors.notFound(describeSubject(endpoint, param), notFoundHint(endpoint, param));
}
