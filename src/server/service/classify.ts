/**
 * Turns one HTTP response into data or a user-facing error. The spec shows neither error statuses nor
 * bodies, so statuses are read the common way and error text is looked for under common names.
 */
import { AddonError, errors } from '../errors/errors';
import { afterReset, resetInstant } from '../../shared/reset-time';
import type { Json } from '../shape/shape';

/** A response reduced to what classification needs (UrlFetchApp's HTTPResponse, or a test double). */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Which daily limit refused a request, and when it resets (ms since epoch; null when the service did not say). */
export interface LimitRefusal {
  which: LimitKind;
  resetAt: number | null;
  /** A daily allowance (the spec's limits), not a rate limit that lifts in seconds. */
  daily: boolean;
}

/** The service's daily limits (dev/service/README.md, "API"); `unknown` when its answer does not say which. */
export type LimitKind = 'fresh searches' | 'API calls' | 'unknown';

/** The result of one request. `retryAfterMs` is set when a retry may help (5xx, 429 with Retry-After). */
export type Outcome =
  | { ok: true; data: Json; fromServiceCache: boolean }
  | { ok: false; error: AddonError; retryable: boolean; retryAfterMs?: number; cause?: string; limit?: LimitRefusal };

const ERROR_TEXT_NAMES = ['message', 'error', 'detail', 'description', 'errormessage', 'reason', 'title'];
const LIMIT_WORDS = /\b(limit|quota|exceeded|too many requests|rate.?limit)/i;

/**
 * Classifies a response.
 * @param response status, headers and body text
 * @param what the subject in words, for messages (`keyword "coffee"`)
 * @param secret the API key, scrubbed from any text taken from the service
 */
export function classify(response: RawResponse, what: string, secret: string): Outcome {
  const { status } = response;
  const body = parseJson(response.text);
  const serviceText = scrub(errorText(body, response.text), secret);
  if (status >= 200 && status < 300) {
    if (body === undefined) return { ok: false, error: errors.unreadable(), retryable: false };
    if (looksLikeLimitBody(body, serviceText)) return limitOutcome(response, body, serviceText);
    return { ok: true, data: stripCacheField(body), fromServiceCache: readCacheStatus(response.headers, body) };
  }
  if (status === 429 || ((status === 402 || status === 403) && LIMIT_WORDS.test(serviceText))) {
    return limitOutcome(response, body, serviceText);
  }
  if (status === 401 || status === 403) return { ok: false, error: errors.auth(), retryable: false };
  if (status === 404) return { ok: false, error: errors.notFound(what), retryable: false };
  if (status >= 500) return unavailable(`HTTP ${status}`);
  if (status >= 400) return { ok: false, error: errors.badRequest(what, serviceText), retryable: false };
  return { ok: false, error: errors.unreadable(), retryable: false };
}

/**
 * A failure worth retrying: 5xx or the network. The message is rebuilt with the retry count at the end.
 * @param cause in words, e.g. `HTTP 503` or `network error`
 */
export function unavailable(cause: string): Outcome {
  return { ok: false, error: errors.unavailable(cause, 0), retryable: true, cause };
}

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

const isRecord = (v: Json | undefined): v is { [k: string]: Json } => !!v && typeof v === 'object' && !Array.isArray(v);

/** The first error-ish string in a body, also one level under an `error` object; else short plain text. */
function errorText(body: Json | undefined, raw: string): string {
  if (isRecord(body)) {
    // Prefer `message` over `error`: services often put a code in one and prose in the other.
    for (const scope of [body, ...Object.values(body).filter(isRecord)]) {
      const named = new Map(Object.entries(scope).map(([key, value]) => [key.toLowerCase().replace(/[^a-z]/g, ''), value]));
      for (const name of ERROR_TEXT_NAMES) {
        const value = named.get(name);
        if (typeof value === 'string' && value.trim()) return value;
      }
    }
    return '';
  }
  const plain = raw.trim();
  return body === undefined && plain.length <= 200 && !/[<>{}]/.test(plain) ? plain : '';
}

/** Removes the key from text we repeat, collapses whitespace and keeps it short. */
function scrub(text: string, secret: string): string {
  let clean = secret ? text.split(secret).join('[key]') : text;
  clean = clean
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '');
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

/** A 2xx body that is only an error report about a limit (few fields, one saying limit/quota). */
function looksLikeLimitBody(body: Json, text: string): boolean {
  return isRecord(body) && Object.keys(body).length <= 6 && !!text && LIMIT_WORDS.test(text);
}

function limitOutcome(response: RawResponse, body: Json | undefined, text: string): Outcome {
  const retryAfterMs = parseRetryAfter(header(response.headers, 'retry-after'));
  const which: LimitKind = /fresh|search|credit/i.test(text + JSON.stringify(body ?? ''))
    ? 'fresh searches'
    : /call|request/i.test(text)
      ? 'API calls'
      : 'unknown';
  const resetText = findReset(body);
  const now = Date.now();
  // The time the service names, else its Retry-After (relative: a clock a little off moves it).
  const named = resetText ? Date.parse(resetText) : NaN;
  const lifts = Number.isFinite(named) ? named : retryAfterMs !== undefined ? now + retryAfterMs : null;
  // The spec's limits are daily; a 429 that says nothing of a day and lifts within the hour is a rate limit.
  const daily = /daily|per day|\bday\b|today/i.test(text) || (lifts !== null && lifts - now >= 3_600_000);
  // A daily limit's reset is kept to the minute, as every reset is (shared/reset-time.ts).
  const resetAt = daily && lifts !== null ? resetInstant(lifts) : lifts;
  const label = which === 'unknown' ? '' : which;
  return {
    ok: false,
    error: daily ? errors.limit(label, dailyWhen(resetAt, resetText, now), resetAt) : errors.rateLimit(resetPhrase(resetAt, resetText)),
    retryable: retryAfterMs !== undefined,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    limit: { which, resetAt, daily },
  };
}

/**
 * When a daily limit lets a request through again, in words: `after 00:00 UTC`, the service's own
 * words when it gave a time that does not parse (if short), else `after the reset`.
 */
function dailyWhen(resetAt: number | null, resetText: string | undefined, now: number): string {
  if (resetAt === null && resetText && resetText.length <= 24) return `after ${resetText}`;
  return afterReset(resetAt, now);
}

/**
 * When a rate limit lifts, in words: `retry in 19 min`, `retry after 00:00 UTC`, the service's own
 * text, or a plain "try again later".
 * @param resetAt when it lifts (ms), if known
 * @param resetText what the service said, if it said something unparseable
 */
export function resetPhrase(resetAt: number | null, resetText?: string): string {
  if (resetAt !== null) {
    if (resetAt - Date.now() < 3_600_000) return `retry in ${formatDuration(Math.max(0, resetAt - Date.now()))}`;
    return `retry ${afterReset(resetAt, Date.now())}`;
  }
  return resetText ? `retry after ${resetText}` : 'try again tomorrow or when your allowance resets';
}

/**
 * Reads a header whatever its casing.
 * @param headers response headers
 * @param name lower-case name
 */
export function header(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return String(value);
  return undefined;
}

/** Retry-After is seconds or an HTTP date. */
function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** A reset time in an error body: a string field whose name mentions reset. */
function findReset(body: Json | undefined): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && /reset/i.test(key) && value.length < 40) return value;
  }
  return undefined;
}

function formatDuration(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (ms < 60_000) return `${Math.max(1, Math.ceil(ms / 1000))} s`;
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Whether the service answered from its cache: X-Cache header, else the body's `cache` field. */
function readCacheStatus(headers: Record<string, string>, body: Json): boolean {
  const value = header(headers, 'x-cache') ?? (isRecord(body) ? body.cache : undefined);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value > 0;
  return typeof value === 'string' && /^(hit|true|yes|1|cached|fresh-cache)/i.test(value.trim());
}

/** `cache` describes the response, not the data; drop it so stored answers don't lie about it later. */
function stripCacheField(body: Json): Json {
  if (!isRecord(body) || !('cache' in body)) return body;
  const copy: { [k: string]: Json } = {};
  for (const [key, value] of Object.entries(body)) if (key !== 'cache') copy[key] = value;
  return copy;
}
