/**
 * The daily allowance, for the whole server: the one request that reads /usage, what an answer says is
 * left and when it resets, and (from src/shared/allowance-rules.ts, which the sidebar page shares)
 * whether a read is from before the reset and whether a refresh may need more than is left. The lookup's
 * pacer, the sidebar's panels, tracking and the templates all take it from here; the answer's field
 * names are not known, so its figures are read by meaning (spending/usage-bars.ts).
 */
import type { Budget } from '../execution/time-budget';
import { errors } from '../errors/errors';
import { answerKey } from '../cache/keys';
import type { Refusal } from './limit-guard';
import type { Outcome } from '../service/classify';
import { describeSubject, ENDPOINTS } from '../service/endpoints';
import { fetchAllWithin } from '../service/fetcher';
import { buildUrl } from '../service/url';
import { usageBars } from './usage-bars';
import { normaliseName, type Json } from '../shape/shape';
import { allowanceLeft } from '../../shared/allowance-rules';
import { resetInstant } from '../../shared/reset-time';

export { allowanceBars, allowanceLeft, asksFirst, readBeforeReset, shortfall } from '../../shared/allowance-rules';
export { usageBars } from './usage-bars';

/** What a /usage answer says is left today (null where it does not say), and when it resets. */
export interface AllowanceLeft {
  fresh: number | null;
  calls: number | null;
  /** When the allowance resets (ms), if the answer names a time. */
  resetAt: number | null;
}

/** A read of /usage as the pacer takes it: what is left, the read's own refusal, or null when it could not be read. */
export type AllowanceRead = AllowanceLeft | { refusal: Refusal } | null;

/** Nothing known: every figure null. An allowance that cannot be read caps nothing. */
export const UNKNOWN_ALLOWANCE: AllowanceLeft = { fresh: null, calls: null, resetAt: null };

/**
 * What is left of the fresh searches and the API calls in a /usage answer, read by meaning, and when
 * they reset.
 * @param data the /usage answer
 */
export function allowanceOf(data: Json): AllowanceLeft {
  const { searches, calls } = allowanceLeft({ bars: usageBars(data) });
  return { fresh: searches, calls, resetAt: resetTime(data) };
}

/**
 * Whether a /usage answer shows the API-call allowance spent: then no request can succeed until it
 * resets, and the limit guard holds every one back.
 * @param data the /usage answer
 */
export function callsSpent(data: Json): boolean {
  return allowanceOf(data).calls === 0;
}

/**
 * The reset time of a /usage answer as sent: a top-level or nested text field whose name mentions
 * reset (`reset_at`, `resetsAt`); null when it names none.
 * @param data the /usage answer
 */
export function resetText(data: Json, depth = 0): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data) || depth > 3) return null;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && normaliseName(key).includes('reset')) return value;
  }
  for (const value of Object.values(data)) {
    const found = resetText(value, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The reset time of a /usage answer in ms (to the minute, as every reset: shared/reset-time.ts), or null
 * when it names none that parses.
 * @param data the /usage answer
 */
export function resetTime(data: Json): number | null {
  const at = Date.parse(resetText(data) ?? '');
  return Number.isFinite(at) ? resetInstant(at) : null;
}

/**
 * Asks /usage now, not from the cache (one request, one API call; no fresh search).
 * @param baseUrl the service's base URL
 * @param context the key to ask with and the time budget
 * @returns the outcome; a budget error when there was no time to send it
 */
export function fetchUsage(baseUrl: string, context: { apiKey: string; budget: Budget }): Outcome {
  const endpoint = ENDPOINTS.usage;
  const request = { id: answerKey(endpoint.path, undefined), url: buildUrl(baseUrl, endpoint), what: describeSubject(endpoint, undefined) };
  return fetchAllWithin([request], context).get(request.id) ?? { ok: false, error: errors.budget(), retryable: false };
}

/**
 * Reads what is left of today's allowance from /usage for the pacer (one request).
 * @param baseUrl the service's base URL
 * @param context the key and the time budget
 * @returns whether a request reached the service, and what it said (null: not read, or not understood)
 */
export function readAllowance(baseUrl: string, context: { apiKey: string; budget: Budget }): { sent: boolean; read: AllowanceRead } {
  const outcome = fetchUsage(baseUrl, context);
  if (!outcome.ok && ['budget', 'quota', 'busy', 'permission'].includes(outcome.error.kind)) return { sent: false, read: null };
  if (outcome.ok) return { sent: true, read: allowanceOf(outcome.data) };
  const limit = outcome.limit?.daily ? outcome.limit : null;
  const key = answerKey(ENDPOINTS.usage.path, undefined);
  return { sent: true, read: limit ? { refusal: { key, which: limit.which, resetAt: limit.resetAt } } : null };
}
