/**
 * Codes beside names: a fact said once (docs/use/functions.md, "What a cell shows"). An answer often
 * names one thing twice, as a code for programs and as a name for people (`flovim-cash` beside `Flovim
 * Cash`, `fintech` and `sector:fintech` beside `Fintech`); a client reads the name. Found by the values
 * alone, never by the service's field names: a code is one word of lower-case letters and digits, its
 * parts joined by `-`, `_`, `.` or `:`, and it repeats a name when it is that name written as a code.
 */
import { isObject, type Json } from './types';

/** A value that reads as a code: no space, no capital, lower-case letters and digits joined by `-_.:`. */
const CODE = /^[\p{Ll}\p{N}]+(?:[-_.:][\p{Ll}\p{N}]+)*$/u;

/**
 * Whether a value reads as a code (`acme-pay`, `sector:fintech`, `ai_all`) rather than as words.
 * @param value a cell's value
 */
export function readsAsCode(value: unknown): value is string {
  return typeof value === 'string' && CODE.test(value);
}

/**
 * Whether a value reads as a ranking group, the input RANKING_LIST takes: a code with one colon between
 * a prefix and a name (the spec's `group` form, "a prefix-and-name form with a colon": `sector:fintech`).
 * @param value a cell's value
 */
export function readsAsGroup(value: unknown): value is string {
  return readsAsCode(value) && value.split(':').length === 2;
}

/** The words of a text: its runs of letters and digits, in lower case. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether `code` only repeats `name`: the name written as a code (`flovim-cash` of `Flovim Cash`,
 * `realestate` of `Real Estate`), also after a `prefix:` (`sector:fintech` of `Fintech` or of `fintech`),
 * or the name's words, each once, in another order with its prefix's (`ai:all` of `All AI`).
 * `loose` also takes a code whose words run, in order, within the name's (`food` of `Food & Delivery`,
 * `ai:chatbots` of `AI Chatbots & Assistants`): evidence enough only down a column of several rows.
 * @param code a value that reads as a code
 * @param name another value of the same record
 * @param loose whether a run of the name's words is enough
 */
export function isCodeOf(code: unknown, name: unknown, loose = false): boolean {
  if (!readsAsCode(code) || typeof name !== 'string' || code === name) return false;
  const bare = code.includes(':') ? code.slice(code.indexOf(':') + 1) : code;
  const mine = wordsOf(bare);
  const theirs = wordsOf(name);
  if (!mine.length || !theirs.length) return false;
  if (mine.join('') === theirs.join('')) return true;
  const sorted = (words: string[]) => [...words].sort().join(' ');
  if (theirs.length > 1 && new Set(theirs).size === theirs.length && sorted(wordsOf(code)) === sorted(theirs)) return true;
  if (!loose) return false;
  for (let i = 0; i + mine.length <= theirs.length; i++) if (mine.every((w, j) => theirs[i + j] === w)) return true;
  return false;
}

/**
 * Which of some values repeat another of them, each to be left out: a code that is a name's code form
 * (the name kept), else a code that is another code with a `prefix:` (`sector:fintech` beside `fintech`,
 * the shorter kept). Each value is a column's (one value per row, every row must agree) or a single
 * fact's (one row).
 * @param values each candidate's values, one per row ('' where a row has none)
 * @param loose whether words running within a name count (a column of several rows)
 * @returns the indexes of the candidates that repeat another
 */
export function repeatedCodes(values: unknown[][], loose: boolean): Set<number> {
  const out = new Set<number>();
  const filled = (i: number) => (values[i] ?? []).some((v) => v !== '' && v !== null && v !== undefined);
  const codes = values.map((column, i) => filled(i) && column.every((v) => v === '' || readsAsCode(v)));
  const repeats = (i: number, j: number, rule: (a: unknown, b: unknown) => boolean) =>
    (values[i] ?? []).every((v, row) => v === '' || rule(v, values[j]?.[row]));
  values.forEach((_, i) => {
    if (!codes[i]) return;
    // A name (words, not a code) it is written from.
    const ofName = values.some((__, j) => j !== i && filled(j) && !codes[j] && repeats(i, j, (a, b) => isCodeOf(a, b, loose)));
    // Another code it adds a prefix to: `sector:fintech` beside `fintech`.
    const prefixed = values.some(
      (__, j) =>
        j !== i &&
        codes[j] &&
        !out.has(j) &&
        repeats(i, j, (a, b) => typeof a === 'string' && typeof b === 'string' && a.endsWith(`:${b}`)),
    );
    if (ofName || prefixed) out.add(i);
  });
  return out;
}

/**
 * A record's name for a code it holds: its text field, not a code itself, that the code is written
 * from (`Flovim Cash` for `flovim-cash`); undefined when none is.
 * @param record an answer or one of its list's records
 * @param code the code
 * @param loose whether words running within the name are enough (isCodeOf): a list of several records
 */
export function nameOf(record: Json, code: string, loose = false): string | undefined {
  if (!isObject(record)) return undefined;
  const values = Object.values(record).filter((v): v is string => typeof v === 'string' && !readsAsCode(v));
  return values.find((v) => isCodeOf(code, v)) ?? (loose ? values.find((v) => isCodeOf(code, v, true)) : undefined);
}

/** Records from which a list's codes may repeat their names' words loosely, as a column's may (readable.ts). */
const LOOSE_FROM_RECORDS = 3;

/** Lists are looked for this deep (an answer's lists of brands sit at the top). */
const LIST_DEPTH = 4;

/**
 * The codes an answer's own lists pair with names: in a list of records, a field of codes that tell the
 * records apart beside a field holding each one's name (a brand's slug beside its name, a sector's code
 * beside its name; in a list of several, a code may be a run of its name's words: `food` of `Food &
 * Delivery`).
 * @param json an answer
 */
export function namedCodesIn(json: Json): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (v: Json, depth: number): void => {
    if (depth > LIST_DEPTH || v === null || typeof v !== 'object') return;
    if (!Array.isArray(v)) {
      for (const child of Object.values(v)) visit(child, depth + 1);
      return;
    }
    const records = v.filter(isObject);
    for (const child of v) visit(child, depth + 1);
    if (!records.length || records.length !== v.length) return;
    for (const key of Object.keys(records[0] ?? {})) {
      const codes = records.map((r) => r[key]);
      if (!codes.every(readsAsCode) || new Set(codes).size !== codes.length) continue;
      const names = records.map((r) => nameOf(r, r[key] as string, records.length >= LOOSE_FROM_RECORDS));
      if (names.every((n) => n !== undefined)) records.forEach((r, i) => out.set(r[key] as string, names[i] as string));
    }
  };
  visit(json, 0);
  // A prefixed code names its bare code too (`sector:realestate`'s name is `realestate`'s, as another
  // list of the answer writes it), when no other prefix shares the bare code.
  const bare = new Map<string, string | null>();
  for (const [code, name] of out) {
    const at = code.indexOf(':');
    if (at < 0) continue;
    const rest = code.slice(at + 1);
    bare.set(rest, bare.has(rest) && bare.get(rest) !== name ? null : name);
  }
  for (const [code, name] of bare) if (name !== null && !out.has(code)) out.set(code, name);
  return out;
}
