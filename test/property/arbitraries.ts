/**
 * Generators shared by the property tests: JSON as `JSON.parse` returns it (own `__proto__` keys,
 * empty and dotted keys, unicode, huge strings, deep and wide nesting), and strings that include what
 * a cell can really hold (lone surrogates from LEFT() on an emoji, control characters).
 */
import fc from 'fast-check';
import type { Json } from '../../src/server/shape/types';

/** Seed of every property run, so a CI failure can be replayed exactly (PROPERTY_SEED explores others). */
export const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_121);

/** A cell longer than Sheets allows (50,000), and one just at the limit. */
const HUGE = 'x'.repeat(60_000);
const AT_LIMIT = 'é'.repeat(50_000);

/** Any UTF-16 code unit sequence, lone surrogates included (fc's `binary` unit leaves them out). */
export const anyChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff', '.', '+', '%', '&', '#', '=', '?') },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
);

/** Strings of anyChar. */
export const anyString = (maxLength = 40) => fc.string({ unit: anyChar, maxLength });

/** Object keys, with the awkward ones over-represented. */
const key = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.constantFrom('score', 'search_score', 'Search Score', 'index_score', 'month', 'months', 'volume', 'items', 'name'),
  },
  {
    weight: 30,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      ' ',
      '.',
      '..',
      'a.b',
      'nike.com',
      'a..b',
      '.a',
      'a.',
      ' a . b ',
      '1',
      '2',
      '10',
      'Score',
      'sco_re',
      '__',
      'é',
      'e\u0301',
      '🚲',
      '値',
      'x'.repeat(300),
    ),
  },
  { weight: 30, arbitrary: anyString(12) },
  // A key longer than a cell (rare: every path through it is as long, which makes lookups slow).
  { weight: 1, arbitrary: fc.constant(HUGE.slice(0, 50_001)) },
);

/** JSON scalars as JSON.parse gives them: finite numbers (-0 included), never NaN or undefined. */
const scalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 3, arbitrary: fc.integer() },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(-0, Number.MAX_VALUE, -Number.MIN_VALUE, 1e21, 0.1) },
  { weight: 4, arbitrary: anyString() },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, AT_LIMIT, `=1+1`, '73', '') },
);

/** An object built as JSON.parse builds it: `__proto__` becomes an own key, the last duplicate wins. */
const objectOf = (value: fc.Arbitrary<Json>, maxKeys: number) =>
  fc.array(fc.tuple(key, value), { maxLength: maxKeys }).map((entries) => Object.fromEntries(entries) as Json);

/** Any JSON value: wide (up to 12 keys or items per level) and up to ~6 levels, by fast-check's depth control. */
export const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 12 }) },
    { weight: 2, arbitrary: objectOf(tie('value'), 12) },
  ),
})).value;

/** JSON nested deeper than the shaping code walks (its cap is 50), as a list or object chain. */
export const deepJson: fc.Arbitrary<Json> = fc
  .tuple(fc.integer({ min: 45, max: 400 }), json, fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }))
  .map(([depth, leaf, pattern]) => {
    let v: Json = leaf;
    for (let i = 0; i < depth; i++) v = pattern[i % pattern.length] ? [v, i] : { score: i, [`k${i % 3}`]: v };
    return v;
  });

/** Any JSON, the deep kind included. */
export const anyJson = fc.oneof({ weight: 9, arbitrary: json }, { weight: 1, arbitrary: deepJson });

/** Field paths: random text, dotted names from the vocabulary, item numbers. */
export const anyPath = fc.oneof(
  anyString(30),
  fc.array(fc.oneof(key, fc.nat(15).map(String)), { maxLength: 5 }).map((segs) => segs.join('.')),
);

/** Every finite number anywhere in a JSON value. */
export function numbersIn(v: Json, out = new Set<number>()): Set<number> {
  if (typeof v === 'number') out.add(v);
  else if (Array.isArray(v)) for (const x of v) numbersIn(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) numbersIn(x, out);
  return out;
}
