/**
 * Field paths into an answer: dotted segments such as `months`, `peak.month`, `months.volume`.
 * A segment matches a key ignoring case and separators (an exact key wins). On a list, a name maps
 * over the items (`months.volume` is every month's volume; lists it meets are spliced, so
 * `baskets.members` is every basket's members) and a number picks an item, from 1 like INDEX, unless
 * the items have a key of that name. Nothing here knows a field name: the answer's own keys are the
 * only vocabulary.
 */
import { listForMessage, normaliseName } from './names';
import { isObject, MAX_DEPTH, own, type Json } from './types';

/** Most paths listed; enough to show what exists, few enough to stay fast. */
const MAX_PATHS = 200;
/** Most candidates gathered when a field is written with other separators (`peak month` for `peak.month`). */
const MAX_CANDIDATES = 50;

/** The result of {@link selectPath}. */
export type Selection = { ok: true; value: Json; path: string } | { ok: false; message: string; available: string[] };

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
 * A path's segments, or a key's: split at dots, trimmed, empty ones dropped. So a key `a..b` spans the
 * same segments as the path `a.b`, and a key that is empty, blank or only dots spans none.
 */
function segments(s: string): string[] {
  return s
    .split('.')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The key matching the segments from `i`, and how many segments it uses: a key that itself contains
 * dots (`nike.com`) spans several. Longer matches win, then exact spelling, then document order.
 */
function matchKey(keys: string[], segs: string[], i: number): [string, number] | undefined {
  let best: [string, number] | undefined;
  let bestRank = 0;
  for (const k of keys) {
    const parts = segments(k);
    const n = parts.length;
    if (!n || i + n > segs.length || !parts.every((p, j) => same(p, segs[i + j] ?? ''))) continue;
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
    for (const [k, vs] of childrenOf(values, depth)) {
      if (out.size >= max) return;
      out.add(prefix + k);
      if (depth < MAX_DEPTH) walk(vs, `${prefix}${k}.`, depth + 1);
    }
  };
  walk([json], '', 0);
  // Keys a path cannot tell apart (`a.b` and ` a . b `, a key `2` on a list...) or cannot name (``):
  // list only what really selects, since a user pastes these back.
  return [...out].filter((path) => selects(json, path));
}

/**
 * The keys under some values, each with its values merged over them: lists are looked through (their
 * items' keys merged) down to MAX_DEPTH, in document order.
 * @param values the values one level of a path reaches
 * @param depth how deep they stand
 */
function childrenOf(values: Json[], depth: number): Map<string, Json[]> {
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
  return children;
}

/** Whether `path` selects something in `json`. */
function selects(json: Json, path: string): boolean {
  const segs = segments(path);
  return segs.length > 0 && follow(json, segs).ok;
}

/** Where following some segments ended: the value and the keys (or item numbers) taken to reach it. */
type Walk = { ok: true; value: Json; done: string[] } | { ok: false; value: Json; done: string[]; itemsOutOfRange?: boolean };

/**
 * Follows path segments from the answer's root: a name matches a key (mapped over lists), a number
 * picks a list's item from 1, unless the items have a key of that name (`{"2": ...}`).
 */
function follow(json: Json, segs: string[]): Walk {
  const done: string[] = [];
  let v = json;
  for (let i = 0; i < segs.length;) {
    const seg = segs[i] as string;
    if (Array.isArray(v) && /^\d+$/.test(seg) && !matchKey(keysOf(v), segs, i)) {
      const n = Number(seg);
      if (n < 1 || n > v.length) return { ok: false, value: v, done, itemsOutOfRange: true };
      v = v[n - 1] ?? null;
      done.push(String(n));
      i++;
      continue;
    }
    const m = Array.isArray(v) && !v.length ? ([seg, 1] as const) : matchKey(keysOf(v), segs, i);
    if (!m) return { ok: false, value: v, done };
    v = pick(v, m[0]);
    done.push(m[0]);
    i += m[1];
  }
  return { ok: true, value: v, done };
}

/**
 * The paths (as listPaths spells them) whose name, ignoring case and separators, is `wanted`. Walks
 * only the branches whose names so far begin `wanted`, so it stays fast on large answers.
 */
function pathsNamed(json: Json, wanted: string): string[] {
  const out: string[] = [];
  const walk = (values: Json[], prefix: string, soFar: string, depth: number): void => {
    for (const [k, vs] of childrenOf(values, depth)) {
      if (out.length >= MAX_CANDIDATES) return;
      const name = soFar + normaliseName(k);
      if (!wanted.startsWith(name)) continue;
      if (name === wanted) out.push(prefix + k);
      if (depth < MAX_DEPTH) walk(vs, `${prefix}${k}.`, name, depth + 1);
    }
  };
  walk([json], '', '', 0);
  return out;
}

/**
 * A field written with other separators than dots (`peak month`, `peak_month`, `peakMonth`,
 * `months volume`), or with other case: the paths whose names are the same once case and every
 * separator are ignored. The exact spelling wins; one candidate is selected; several are an error that
 * lists them. Undefined when this settles nothing (no candidate, or only the one the dotted walk found).
 * @param walked the path the dotted walk reached, if it did
 */
function matchIgnoringSeparators(json: Json, path: string, shown: string, walked: string | undefined): Selection | undefined {
  const wanted = normaliseName(path);
  if (!wanted) return undefined;
  // Spellings that reach the same place (`a.b` and `a. b`) are one candidate: what they select.
  const resolved = new Map<string, string>();
  for (const candidate of pathsNamed(json, wanted)) {
    const walk = follow(json, segments(candidate));
    if (!walk.ok) continue;
    const at = walk.done.join('.');
    if (!resolved.has(at) || candidate === path || candidate === path.trim()) resolved.set(at, candidate);
  }
  const exact = [...resolved].find(([, spelled]) => spelled === path || spelled === path.trim())?.[0];
  const targets = [...resolved.keys()];
  const chosen = exact ?? (targets.length === 1 ? targets[0] : undefined);
  if (chosen === undefined && targets.length > 1 && !(walked !== undefined && targets.every((t) => t === walked))) {
    return {
      ok: false,
      message: `field "${shown}" is ambiguous: it could be ${listForMessage(targets)}; write it as one of them`,
      available: targets,
    };
  }
  if (chosen === undefined || chosen === walked) return undefined;
  const walk = follow(json, segments(chosen));
  return walk.ok ? { ok: true, value: walk.value, path: walk.done.join('.') } : undefined;
}

/**
 * The value at `path` in the answer. Never throws. Failures explain themselves:
 * - empty path (or only dots): "field is empty";
 * - unknown name: `unknown field "foo.bar": available fields are a, b, c… and N more`, listing the
 *   paths under the deepest segment that matched (or the whole answer's);
 * - item number out of range: `unknown field "months.13": months has 12 items`.
 * Empty segments are ignored (`months..volume` = `months.volume`). Other separators work when they
 * select one path unambiguously (`peak month`, `peakMonth`), else the candidates are listed. A name on an empty list gives an
 * empty list: the shape of its items is unknown, and an empty answer is not a wrong field.
 * @param json the answer
 * @param path the field, e.g. `peak.month`
 * @return the value and the path spelled with the answer's own key names
 */
export function selectPath(json: Json, path: string): Selection {
  const p = String(path);
  const segs = segments(p);
  if (!segs.length) return { ok: false, message: 'field is empty', available: listPaths(json) };
  const shown = p.length > 100 ? `${p.slice(0, 99)}…` : p;
  const walk = follow(json, segs);
  // Spelled exactly as the answer's keys: nothing to disambiguate (and no need to list every path).
  if (walk.ok && walk.done.join('.') === segs.join('.')) return { ok: true, value: walk.value, path: walk.done.join('.') };
  if (walk.ok || !walk.itemsOutOfRange) {
    const bySpelling = matchIgnoringSeparators(json, p, shown, walk.ok ? walk.done.join('.') : undefined);
    if (bySpelling) return bySpelling;
  }
  if (walk.ok) return { ok: true, value: walk.value, path: walk.done.join('.') };
  const at = walk.done.join('.');
  const v = walk.value;
  if (walk.itemsOutOfRange && Array.isArray(v)) {
    const what = at || 'the answer';
    const range = v.length ? ` (1 to ${v.length})` : '';
    return { ok: false, message: `unknown field "${shown}": ${what} has ${v.length} items${range}`, available: [] };
  }
  let available = at
    ? listPaths(v)
        .map((sub) => `${at}.${sub}`)
        .filter((full) => selects(json, full))
    : [];
  if (!available.length) available = listPaths(json);
  const message = available.length
    ? `unknown field "${shown}": available fields are ${listForMessage(available)}`
    : `unknown field "${shown}": the answer has no fields`;
  return { ok: false, message, available };
}
