/**
 * The manifest's URL allowlist (`urlFetchWhitelist`), after Google's guide
 * https://developers.google.com/apps-script/manifest/allowlist-url:
 *   - every prefix is a valid https:// URL with a full domain and a non-empty path
 *     ("https://www.google.com/" is valid, "https://www.google.com" is not);
 *   - a leading "*." wildcard matches subdomains;
 *   - path matching is case-sensitive; a URL matches when it equals the prefix or is a child of it.
 * Google says nothing of the scheme's and host's case, so they compare as written too (the stricter
 * reading: a URL whose host differs only in case from its prefix is refused).
 * dev/gas also accepts plain-http prefixes on loopback hosts (127.0.0.1, localhost, [::1]): tests and
 * the playground serve over http on loopback. Google refuses them; a production build must not hold any.
 */

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(?=[:/]|$)/i;

/** True for a prefix dev/gas accepts only because it points at this machine over http. */
export function isLoopbackPrefix(prefix: string): boolean {
  return LOOPBACK.test(prefix);
}

/** Why Google would refuse this prefix in appsscript.json, or null when it is valid. */
export function prefixProblem(prefix: unknown): string | null {
  if (typeof prefix !== 'string' || prefix === '') return `not a URL: ${String(prefix)}`;
  if (isLoopbackPrefix(prefix)) return null;
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i.exec(prefix);
  if (!m) return `not a valid URL: ${prefix}`;
  const [, scheme = '', authority = '', rest = ''] = m;
  if (scheme.toLowerCase() !== 'https') return `URLs must use the HTTPS scheme: ${prefix}`;
  const host = authority.replace(/^\*\./, '').replace(/:\d+$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host)) return `a prefix needs a full domain: ${prefix}`;
  if (!rest.startsWith('/')) return `a prefix needs a non-empty path (e.g. "https://${authority}/"): ${prefix}`;
  return null;
}

interface Parts {
  scheme: string;
  host: string;
  port: string;
  path: string;
}

function split(url: string): Parts | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(\[[^\]]*\]|[^/?#:]*)(?::(\d*))?([/?#].*)?$/i.exec(url);
  if (!m) return null;
  return { scheme: m[1] ?? '', host: m[2] ?? '', port: m[3] ?? '', path: m[4] ?? '' };
}

/** Whether `url` is allowed by one prefix. */
export function matchesPrefix(url: string, prefix: string): boolean {
  // A loopback prefix ending in ":" (e.g. "http://127.0.0.1:") means any port of that host.
  if (isLoopbackPrefix(prefix) && prefix.endsWith(':')) return url.startsWith(prefix);
  const u = split(url);
  const p = split(prefix);
  if (!u || !p || u.scheme !== p.scheme || u.port !== p.port) return false;
  if (p.host.startsWith('*.')) {
    if (!u.host.endsWith(p.host.slice(1))) return false;
  } else if (u.host !== p.host) {
    return false;
  }
  // Paths are case-sensitive. A prefix matches itself and its children: "/foo" matches "/foo",
  // "/foo/bar", "/foo?x", "/foo#x", not "/foobar".
  if (!u.path.startsWith(p.path)) return false;
  if (p.path.endsWith('/') || u.path.length === p.path.length) return true;
  return '/?#'.includes(u.path.charAt(p.path.length));
}

/** Whether `url` is allowed by any prefix of the allowlist. */
export function urlAllowed(url: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => matchesPrefix(url, p));
}

/**
 * Google's message for a URL outside the allowlist (as reported by developers; the reference does not
 * quote it). The query string is left out, as in the reported messages.
 */
export function notAllowlistedMessage(url: string): string {
  const q = url.search(/[?#]/);
  const shown = q < 0 ? url : `${url.slice(0, q)}${url.charAt(q) === '?' ? '?' : ''}`;
  return `Request to ${shown} failed because the URL has not been whitelisted in the script manifest.`;
}
