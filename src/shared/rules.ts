/**
 * Input rules the sidebar and the server both apply, written once: the sidebar checks before calling,
 * the server checks again (its arguments cross a trust boundary). Pure: no DOM, no Apps Script. Each
 * side words its own messages from these answers.
 */

/** Why a base URL may not be used. */
export type BaseUrlProblem =
  /** Not a URL of the form scheme://host[:port][/path]. */
  | 'malformed'
  /** It has a query (?) or fragment (#). */
  | 'query-or-fragment'
  /** It carries a user name or password (user@host). */
  | 'userinfo'
  /** Its port is over 65535. */
  | 'port'
  /** A scheme other than http(s). */
  | 'scheme'
  /** Plain http to a host other than this machine. */
  | 'http-not-local'
  /** Plain http where only https may be used (a self-install's service address). */
  | 'not-https';

const URL_PATTERN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s:@]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?(\/[^?#\s]*)?$/i;
const USERINFO_PATTERN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*@/i;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Null when a base URL may be used: https anywhere, http only for localhost, 127.0.0.1 or [::1], no
 * user name, no query or fragment, a port up to 65535. Otherwise why not. An empty URL is malformed
 * (callers that treat empty as "the default" check that first).
 * @param url the candidate (trimmed here)
 */
export function baseUrlProblem(url: string): BaseUrlProblem | null {
  const text = url.trim();
  const match = URL_PATTERN.exec(text);
  if (!match) {
    if (/[?#]/.test(text)) return 'query-or-fragment';
    return USERINFO_PATTERN.test(text) ? 'userinfo' : 'malformed';
  }
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[2] ?? '').toLowerCase();
  const port = match[3];
  if (port !== undefined && Number(port) > 65535) return 'port';
  if (scheme === 'https') return null;
  if (scheme === 'http') return LOCAL_HOSTS.has(host) ? null : 'http-not-local';
  return 'scheme';
}

/**
 * A typed service address as the add-on stores it: trimmed, without trailing slashes, and without the
 * API's own `/api/v1` prefix if it was pasted with it (the add-on adds that to every request).
 * @param raw what was typed
 */
export function normaliseServiceAddress(raw: string): string {
  return raw
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/i, '')
    .replace(/\/+$/, '');
}

/**
 * Null when a self-install may use this service address: as baseUrlProblem, and https only, even to this
 * machine. A self-install has no allowlist, so this is all that limits where its requests (each carrying
 * the key) go, and plain http would send the key readable by anyone on the way.
 * @param url the candidate (normalised or not)
 */
export function serviceAddressProblem(url: string): BaseUrlProblem | null {
  const problem = baseUrlProblem(url);
  if (problem !== null) return problem;
  return /^https:\/\//i.test(url.trim()) ? null : 'not-https';
}

/**
 * Whether a base URL may be used (see baseUrlProblem).
 * @param url the candidate
 */
export function isAllowedBaseUrl(url: string): boolean {
  return baseUrlProblem(url) === null;
}

/**
 * Whether a base URL is well formed (see baseUrlProblem) and its API path falls inside one of the URL
 * prefixes the add-on may fetch (the manifest's urlFetchWhitelist, which Google enforces). The path
 * compares only as written ("Path matching is case-sensitive", Google's allowlist guide), so
 * `https://api.example.com/Search` is not inside `https://api.example.com/search/`; Google says nothing
 * of the scheme and host, so they compare as written too (the stricter reading dev/gas enforces).
 * @param url the candidate, without the /api/v1 path
 * @param allowlist URL prefixes, such as `https://api.example.com/api/v1/`
 */
export function isInAllowlist(url: string, allowlist: readonly string[]): boolean {
  if (baseUrlProblem(url) !== null) return false;
  const api = `${url.trim().replace(/\/+$/, '')}/api/v1/`;
  return allowlist.some((prefix) => api.startsWith(prefix));
}

/** Longest keyword, slug, name or group accepted, in characters after normalising. */
export const MAX_SUBJECT_LENGTH = 250;

/** Longest group accepted (a group is a subject). */
export const MAX_GROUP_LENGTH = MAX_SUBJECT_LENGTH;

/** A group a ranking table can show, as the /ranking overview reveals it. */
export interface RankingGroup {
  group: string;
  label: string;
}

/** What a group looks like: `prefix:name`, no spaces around the colon. */
export const GROUP_PATTERN = /^[^:\s]+:[^:\s].*$/;

/**
 * Whether normalised text (spaces collapsed, trimmed) has the shape of a group.
 * @param text the group
 */
export function isGroupShape(text: string): boolean {
  return GROUP_PATTERN.test(text);
}

/** Most rows a ranking table may be limited to. */
export const MAX_TABLE_ROWS = 50_000;

/**
 * Whether a number is an allowed row limit: a whole number from 1 to MAX_TABLE_ROWS.
 * @param n the limit
 */
export function isRowLimit(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_TABLE_ROWS;
}
