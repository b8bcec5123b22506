/**
 * One cache entry's text: `<stamp>~<expiry>~<body>`. The expiry (base-36 ms, or empty) lets short-lived
 * entries (a pending mark, a "not found") share one putAll with 6-hour answers: Google's putAll takes
 * one lifetime for all, and each extra call is a round trip. An entry past its expiry reads as absent.
 *
 * Bodies: `j<json>` or `z<gzip base64>` (an answer), `n` (not found), `P<id>` (execution <id> is
 * fetching it), `p<count>|<id>` (the head of an answer split over `<key>.<i>` parts). A mark is valid
 * whatever its stamp: it only says that someone is fetching the query.
 */
import type { Json } from '../shape/shape';
import { MAX_VALUE_CHARS, decode, encode, split } from './codec';

/** What an entry says about a query. */
export type Entry =
  { kind: 'data'; data: Json } | { kind: 'not-found' } | { kind: 'pending'; by: string } | { kind: 'split'; count: number; id: string };

/** The stamp written on marks, which any stamp accepts. */
const ANY_STAMP = '*';

/**
 * Reads an entry: null when absent, expired, unreadable, or stamped for another generation or service.
 * @param text the stored text
 * @param stamp the stamp it must carry
 * @param now the time (ms)
 */
export function readEntry(text: string | undefined, stamp: string, now: number): Entry | null {
  if (text === undefined) return null;
  const first = text.indexOf('~');
  const second = text.indexOf('~', first + 1);
  if (first < 0 || second < 0) return null;
  const expiry = text.slice(first + 1, second);
  if (expiry && parseInt(expiry, 36) <= now) return null;
  const body = text.slice(second + 1);
  if (body.startsWith('P')) return { kind: 'pending', by: body.slice(1) };
  if (text.slice(0, first) !== stamp) return null;
  if (body === 'n') return { kind: 'not-found' };
  const head = /^p(\d+)\|(\w+)$/.exec(body);
  if (head) return { kind: 'split', count: Number(head[1]), id: head[2] ?? '' };
  return parseData(decode(body));
}

/**
 * The answer joined from a split entry's parts, or null if any part is missing or from another write.
 * @param parts the parts' stored text, in order (undefined where missing)
 * @param id the head's write id
 */
export function joinParts(parts: (string | undefined)[], id: string): Entry | null {
  const pieces: string[] = [];
  for (const part of parts) {
    if (part === undefined || !part.startsWith(`${id}|`)) return null;
    pieces.push(part.slice(id.length + 1));
  }
  return parseData(decode(pieces.join('')));
}

function parseData(json: string | undefined): Entry | null {
  if (json === undefined) return null;
  try {
    return { kind: 'data', data: JSON.parse(json) as Json };
  } catch {
    return null; // a corrupt entry is a miss
  }
}

/**
 * The stored text of an entry (with the parts of a large answer under `<key>.<i>`).
 * @param key the entry's key
 * @param entry what to store (not a split head: answers too large are split here)
 * @param stamp what it is valid for
 * @param expiresAt when it expires (ms), or null for the cache's own lifetime
 */
export function writeEntry(
  key: string,
  entry: Exclude<Entry, { kind: 'split' }>,
  stamp: string,
  expiresAt: number | null,
): Record<string, string> {
  const prefix = `${entry.kind === 'pending' ? ANY_STAMP : stamp}~${expiresAt === null ? '' : expiresAt.toString(36)}~`;
  if (entry.kind === 'not-found') return { [key]: `${prefix}n` };
  if (entry.kind === 'pending') return { [key]: `${prefix}P${entry.by}` };
  const encoded = encode(JSON.stringify(entry.data));
  if (prefix.length + encoded.length <= MAX_VALUE_CHARS) return { [key]: prefix + encoded };
  const id = Math.random().toString(36).slice(2, 10);
  const parts = split(encoded, id);
  const values: Record<string, string> = { [key]: `${prefix}p${parts.length}|${id}` };
  parts.forEach((part, i) => (values[`${key}.${i}`] = part));
  return values;
}
