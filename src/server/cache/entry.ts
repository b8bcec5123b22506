/**
 * One cache entry's text: `<stamp>~<expiry>[.<answered>]~<body>`. The expiry (base-36 ms, or empty) lets
 * short-lived entries (a pending mark, a "not found") share one putAll with 6-hour answers: Google's
 * putAll takes one lifetime for all, and each extra call is a round trip. An entry past its expiry reads
 * as absent. An answer also says when the service gave it (base-36 ms after a dot: what a table's "As of"
 * shows, so a cached answer shows its real age); an entry written before it was kept says nothing.
 *
 * Bodies: `j<json>` or `z<gzip base64>` (an answer), `n` (not found), `P<id>` (execution <id> is
 * fetching it), `p<count>|<id>` (the head of an answer split over `<key>.<i>` parts). A mark is valid
 * whatever its stamp: it only says that someone is fetching the query.
 */
import type { Json } from '../shape/shape';
import { MAX_VALUE_CHARS, decode, encode, split } from './codec';

/** What an entry says about a query. */
export type Entry =
  | { kind: 'data'; data: Json; at?: number }
  | { kind: 'not-found' }
  | { kind: 'pending'; by: string }
  | { kind: 'split'; count: number; id: string; at?: number };

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
  const [expiry = '', answered = ''] = text.slice(first + 1, second).split('.');
  if (expiry && parseInt(expiry, 36) <= now) return null;
  const body = text.slice(second + 1);
  if (body.startsWith('P')) return { kind: 'pending', by: body.slice(1) };
  if (text.slice(0, first) !== stamp) return null;
  if (body === 'n') return { kind: 'not-found' };
  const at = answered ? parseInt(answered, 36) : NaN;
  const when = Number.isFinite(at) ? { at } : {};
  const head = /^p(\d+)\|(\w+)$/.exec(body);
  if (head) return { kind: 'split', count: Number(head[1]), id: head[2] ?? '', ...when };
  const data = parseData(decode(body));
  return data && { ...data, ...when };
}

/**
 * The answer joined from a split entry's parts, or null if any part is missing or from another write.
 * @param parts the parts' stored text, in order (undefined where missing)
 * @param id the head's write id
 * @param at when the service gave the answer, as its head says (ms), if it says
 */
export function joinParts(parts: (string | undefined)[], id: string, at?: number): Entry | null {
  const pieces: string[] = [];
  for (const part of parts) {
    if (part === undefined || !part.startsWith(`${id}|`)) return null;
    pieces.push(part.slice(id.length + 1));
  }
  const data = parseData(decode(pieces.join('')));
  return data && (at === undefined ? data : { ...data, at });
}

function parseData(json: string | undefined): (Entry & { kind: 'data' }) | null {
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
  const answered = entry.kind === 'data' && entry.at !== undefined ? `.${entry.at.toString(36)}` : '';
  const prefix = `${entry.kind === 'pending' ? ANY_STAMP : stamp}~${expiresAt === null ? '' : expiresAt.toString(36)}${answered}~`;
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
