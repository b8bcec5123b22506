/**
 * Field paths into an answer: dotted segments such as `months`, `peak.month`, `months.volume`.
 * A segment matches a key ignoring case and separators (an exact key wins). On a list, a name maps
 * over the items (`months.volume` is every month's volume; lists it meets are spliced, so
 * `baskets.members` is every basket's members) and a number picks an item, from 1 like INDEX. Nothing here knows a field name: the answer's own keys are the only vocabulary.
 */
import { listForMessage, normaliseName } from './names';
import { isObject, MAX_DEPTH, own, type Json } from './types';

/** Most paths listed; enough to show what exists, few enough to stay fast. */
const MAX_PATHS = 200;

/** The result of {@link selectPath}. */
export type Selection =
  | { ok: true; value: Json; path: string }
  | { ok: false; message: string; available: string[] };

/** The keys of the objects in `v`, looking through lists; first appearance order. */
function keysOf(v: Json, depth = 0): string[] {
  const keys = new Set<string>();
  const visit = (x: Json, d: number): void => {
    if (Array.isArray(x)) {
      if (d < MAX_DEPTH) for (const item of x) visit(item, d + 1);
    } else if (isObject(x)) for (const k of Object.keys(x)) keys.add(k);
  };
  visit(v, depth);
  return [...keys];
}

/**
 * `v[key]`, mapped over a list: items without the key give null, and lists met on the way are
 * spliced in, so `baskets.members.slug` is every member's slug, the same column the table heads so.
 */
function pick(v: Json, key: string, d = 0): Json {
  if (!Array.isArray(v)) return isObject(v) ? own(v, key) : null;
  const out: Json[] = [];
  if (d < MAX_DEPTH) {
    for (const item of v) {
      const x = pick(item, key, d + 1);
      if (Array.isArray(x)) for (const y of x) out.push(y);
      else out.push(x);
    }
  }
  return out;
}

function same(key: string, seg: string): boolean {
  const n = normaliseName(seg);
  return key === seg || (n !== '' && normaliseName(key) === n);
}

/**
 * The key matching the segments from `i`, and how many segments it uses: a key that itself contains
 * dots (`nike.com`) spans several. Longer matches win, then exact spelling, then document order.
 */
function matchKey(keys: string[], segs: string[], i: number): [string, number] | undefined {
  let best: [string, number] | undefined;
  let bestRank = 0;
  for (const k of keys) {
    const parts = k.split('.');
    const n = parts.length;
    if (i + n > segs.length || !parts.every((p, j) => same(p.trim(), segs[i + j] ?? ''))) continue;
    const rank = n * 2 + (segs.slice(i, i + n).join('.') === k ? 1 : 0);
    if (rank > bestRank) [best, bestRank] = [[k, n], rank];
  }
  return best;
}

/**
 * Every path `selectPath` accepts by name, in document order, written with the answer's own key
 * names: intermediate objects and lists too (`peak`, `peak.month`, `months`, `months.volume`). The
 * keys of a list's items are merged. Item numbers are not listed. At most `max` paths.
 * @param json the answer
 * @param max how many paths at most
 */
export function listPaths(json: Json, max = MAX_PATHS): string[] {
  const out = new Set<string>();
  const walk = (values: Json[], prefix: string, depth: number): void => {
    const children = new Map<string, Json[]>();
    const collect = (x: Json, d: number): void => {
      if (Array.isArray(x)) {
        if (d < MAX_DEPTH) for (const item of x) collect(item, d + 1);
      } else if (isObject(x)) {
        for (const [k, v] of Object.entries(x)) {
          const list = children.get(k);
          if (list) list.push(v);
          else children.set(k, [v]);
        }
      }
    };
    for (const v of values) collect(v, depth);
    for (const [k, vs] of children) {
      if (out.size >= max) return;
      out.add(prefix + k);
      if (depth < MAX_DEPTH) walk(vs, `${prefix}${k}.`, depth + 1);
    }
  };
  walk([json], '', 0);
  return [...out];
}

/**
 * The value at `path` in the answer. Never throws. Failures explain themselves:
 * - empty path (or only dots): "field is empty";
 * - unknown name: `unknown field "foo.bar": available fields are a, b, c… and N more`, listing the
 *   paths under the deepest segment that matched (or the whole answer's);
 * - item number out of range: `unknown field "months.13": months has 12 items`.
 * Empty segments are ignored (`months..volume` = `months.volume`). A name on an empty list gives an
 * empty list: the shape of its items is unknown, and an empty answer is not a wrong field.
 * @param json the answer
 * @param path the field, e.g. `peak.month`
 * @return the value and the path spelled with the answer's own key names
 */
export function selectPath(json: Json, path: string): Selection {
  const p = String(path);
  const segs = p
    .split('.')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (!segs.length) return { ok: false, message: 'field is empty', available: listPaths(json) };
  const shown = p.length > 100 ? `${p.slice(0, 99)}…` : p;
  const done: string[] = [];
  let v = json;
  for (let i = 0; i < segs.length; ) {
    const seg = segs[i] as string;
    const at = done.join('.');
    if (Array.isArray(v) && /^\d+$/.test(seg)) {
      const n = Number(seg);
      if (n < 1 || n > v.length) {
        const what = at || 'the answer';
        const range = v.length ? ` (1 to ${v.length})` : '';
        return { ok: false, message: `unknown field "${shown}": ${what} has ${v.length} items${range}`, available: [] };
      }
      v = v[n - 1] ?? null;
      done.push(String(n));
      i++;
      continue;
    }
    const m = Array.isArray(v) && !v.length ? ([seg, 1] as const) : matchKey(keysOf(v), segs, i);
    if (!m) {
      let available = at ? listPaths(v).map((p) => `${at}.${p}`) : [];
      if (!available.length) available = listPaths(json);
      const message = available.length
        ? `unknown field "${shown}": available fields are ${listForMessage(available)}`
        : `unknown field "${shown}": the answer has no fields`;
      return { ok: false, message, available };
    }
    v = pick(v, m[0]);
    done.push(m[0]);
    i += m[1];
  }
  return { ok: true, value: v, path: done.join('.') };
}
