/**
 * The built Code.js in dev/gas against dev/service, fed any argument Sheets can pass (text of every
 * kind, numbers, booleans, dates, omitted arguments, ranges with blanks) in every position of
 * SEARCH_SCORE and SEARCH_TREND: each cell shows a Sheets-valid value or a clear message, never a
 * platform exception, a stack, the key, or Google's time-out; and any keyword that passes validation
 * reaches the service exactly as normalised.
 *
 * Modest run counts with a fixed seed (each run is a real execution over HTTP); PROPERTY_SEED
 * explores others.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSubject } from '../../src/server/spreadsheet/input';
import { encodeQueryValue } from '../../src/server/service/url';
import { KEY, useStack } from '../integration/stack';
import { anyString, SEED } from './arbitraries';

const RUNS = 60;
const params = { numRuns: RUNS, seed: SEED };

// Enough allowance for every generated keyword to be a fresh search.
const stack = useStack('a', { freshPerDay: 100_000, callsPerDay: 100_000, resetBeforeEach: false });

/** A cell's value as Sheets passes it (no errors: Sheets does not call the function with one). */
const cellValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: anyString(30) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('coffee', ' Electric  Bikes ', 'Café ☕ & Crème', 'c++ vs c#', '100% / why?', '🚲🚲  e-bike', '2024'),
  },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'k'.repeat(220), 'x'.repeat(3000), '\ud83d', 'İ'.repeat(240), '値'.repeat(240)) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }) },
);

/** A range: rows × columns, blanks as "". */
const range = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 })).chain(([rows, cols]) =>
  fc.array(fc.array(fc.oneof(cellValue, fc.constant('')), { minLength: cols, maxLength: cols }), {
    minLength: rows,
    maxLength: rows,
  }),
);

/** Any argument: omitted, one cell, or a range. */
const argument = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 5, arbitrary: cellValue },
  { weight: 3, arbitrary: range },
);

/** Fields: schema a's own paths, their spelling variants, wrong ones, and anything else. */
const field = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'months',
      'months.volume',
      'peak.month',
      'search_score',
      'Search Score',
      'growth',
      'months.1',
      'months.13',
      'nope',
      'peak..month',
      '',
    ),
  },
  { weight: 2, arbitrary: argument },
);

/** Options: the two real ones in any spelling, unknown ones, and anything else. */
const options = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('noHeaders', 'transpose', 'noHeaders, transpose', ' NO_HEADERS ;Transpose', 'upside down', '') },
  { weight: 2, arbitrary: argument },
);

/** Messages a user must never see on a cell. */
const NOT_CLEAR = /Exception|TypeError|URIError|RangeError|undefined|Something went wrong|^Result of|Text result of|\n\s+at |\.js:\d+/;

/** A clear message: non-empty, ours, no platform text, stack or key. */
function expectClear(text: unknown, what: string): void {
  expect(typeof text, what).toBe('string');
  const message = text as string;
  expect(message.trim(), what).not.toBe('');
  expect(message, what).not.toMatch(NOT_CLEAR);
  expect(message.includes(KEY), `${what} shows the key`).toBe(false);
}

/** Runs one cell and checks the universal rules; returns the result. */
function runCell(fn: string, args: unknown[]) {
  const result = stack.run(fn, ...args);
  const what = `${fn}(${args.map((a) => JSON.stringify(a)?.slice(0, 80)).join(', ')})`;
  expect(result.timedOut, `${what} timed out`).toBe(false);
  expect(
    result.logs.filter((l) => /unexpected/.test(l)),
    `${what} logged an unexpected error`,
  ).toEqual([]);
  if (!result.ok) expectClear(result.error, `${what}: ${result.error}`);
  return { result, what };
}

/** The add-on's normalisation, written out independently: NFC, whitespace collapsed, trimmed, lower case. */
const normalise = (k: string) => k.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

describe('any argument', () => {
  it('SEARCH_SCORE: a score (or blank, or a clear message) per input cell, aligned with the input', () => {
    fc.assert(
      fc.property(argument, (keyword) => {
        const { result, what } = runCell('SEARCH_SCORE', [keyword]);
        if (!result.ok) return;
        const value = result.value;
        if (!Array.isArray(keyword)) {
          expect(typeof value, what).toBe('number');
          return;
        }
        const rows = keyword.length;
        const cols = (keyword[0] as unknown[]).length;
        const grid = rows === 1 && cols === 1 ? [[value]] : (value as unknown[][]);
        expect(grid, what).toHaveLength(rows);
        for (const row of grid) {
          expect(row, what).toHaveLength(cols);
          for (const cell of row) if (typeof cell !== 'number' && cell !== '') expectClear(cell, `${what}: cell ${String(cell)}`);
        }
      }),
      params,
    );
  });

  it('SEARCH_TREND: a Sheets-valid value or a clear message, whatever the keyword, field and options', () => {
    fc.assert(
      fc.property(argument, field, options, (keyword, f, o) => {
        // Valid values are checked by dev/gas as Sheets would: an invalid one fails the cell with
        // "Result of ... contains an invalid value", which runCell refuses.
        runCell('SEARCH_TREND', [keyword, f, o]);
      }),
      params,
    );
  });
});

describe('keywords that pass validation', () => {
  it('reach the service exactly as normalised', async () => {
    const keywords = fc.array(fc.oneof(anyString(40), fc.string({ unit: 'grapheme', maxLength: 30 })), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(keywords, async (list) => {
        const { result, what } = runCell('SEARCH_SCORE', [list.map((k) => [k])]);
        const received = (await stack.service.control.stats()).byQuery;
        for (const k of list) {
          if (readSubject(k, 'keyword').kind !== 'ok') continue;
          const expected = normalise(k);
          const tooLong = `${stack.service.url}/api/v1/trend?keyword=${encodeQueryValue(expected)}`.length > 2_000;
          if (tooLong) continue; // refused by the URL length check, with its own message (below)
          expect(received[`/trend?keyword=${expected}`], `${what}: ${JSON.stringify(expected)} not received`).toBeGreaterThan(0);
        }
        if (!result.ok) return;
        const cells = list.length === 1 ? [result.value] : (result.value as unknown[][]).map((r) => r[0]);
        cells.forEach((cell) => {
          if (typeof cell === 'string' && cell !== '') expect(cell, what).toMatch(/^Bad input: |^The service rejected keyword/);
        });
      }),
      params,
    );
  });
});
