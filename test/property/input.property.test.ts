/**
 * Whatever Sheets passes as an argument (text of any kind, numbers including errors, booleans, dates,
 * blanks, ranges with blanks, and junk no cell holds), reading it gives a value or a clear "Bad input"
 * message: never a raw exception. An accepted subject is normalised for good (reading it again gives
 * it back) and can be put in a URL.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddonError } from '../../src/server/errors/errors';
import { readField, readOptions, readSubject, readSubjects, requireSubject, type SubjectKind } from '../../src/server/spreadsheet/input';
import { encodeQueryValue } from '../../src/server/service/url';
import { anyString, SEED } from './arbitraries';

const RUNS = 400;
const params = { numRuns: RUNS, seed: SEED };

/** One cell's value as Sheets passes it, plus the odd things no cell holds. */
const cellValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: anyString(60) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', 'x'.repeat(250), 'x'.repeat(251), 'İ'.repeat(200), '🚲'.repeat(130)) },
  { weight: 1, arbitrary: anyString(3000).map((s) => s.repeat(3)) },
  { weight: 2, arbitrary: fc.double() }, // NaN, ±Infinity, -0 included
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.constantFrom('sector:fintech', 'market:US', ' ai : all', 'a:b:c', 'nike.com', '2024') },
);

/** Junk that is not a cell value: objects, deeper arrays. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.object({ maxDepth: 2 }),
  fc.array(fc.array(fc.array(cellValue, { maxLength: 2 }), { maxLength: 2 }), { maxLength: 2 }),
  fc.constantFrom({}, [], [[]], { toString: () => 'x' }),
);

/** A whole argument: one value, a row or column (1-D), a range (2-D, with blanks), or junk. */
const argument: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: cellValue },
  { weight: 2, arbitrary: fc.array(fc.oneof(cellValue, fc.constant('')), { maxLength: 6 }) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 4 })).chain(([rows, cols]) =>
      fc.array(fc.array(fc.oneof(cellValue, fc.constant('')), { minLength: cols, maxLength: cols }), {
        minLength: rows,
        maxLength: rows,
      }),
    ),
  },
  { weight: 1, arbitrary: junk },
);

const KINDS: SubjectKind[] = ['keyword', 'name', 'slug', 'group'];

/** Runs `read`; returns its value, or undefined after checking that it threw a clear AddonError. */
function valueOrClearError<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof AddonError)) expect.fail(`threw ${String(error)}, not an AddonError`);
    expect(error.kind).toBe('input');
    expect(error.message).toMatch(/^Bad input: \S.*\.$/s);
    return undefined;
  }
}

describe('readSubjects', () => {
  it('reads any argument into aligned subjects: blank, a normalised value, or a Bad input message', () => {
    fc.assert(
      fc.property(argument, fc.constantFrom(...KINDS), (arg, kind) => {
        const input = valueOrClearError(() => readSubjects(arg, kind));
        if (!input) return expect.fail('readSubjects never throws');
        expect(input.single).toBe(!Array.isArray(arg));
        if (Array.isArray(arg)) expect(input.cells).toHaveLength(arg.length);
        for (const subject of input.cells.flat()) {
          if (subject.kind === 'bad') expect(subject.message).toMatch(/^Bad input: \S.*\.$/s);
          if (subject.kind !== 'ok') continue;
          const v = subject.value;
          expect(v).not.toBe('');
          expect(v).toBe(v.trim());
          // eslint-disable-next-line no-control-regex -- no control character may survive normalisation
          expect(v).not.toMatch(/\s\s|[\u0000-\u001f\u007f]/);
          if (kind !== 'group') expect(v).toBe(v.toLowerCase());
          // Normalised for good: reading it back gives it back (no length limit of the add-on's own:
          // the URL's and the service's apply when it is sent).
          expect(readSubject(v, kind)).toEqual(subject);
          // And it can be sent: encoding never throws (a lone surrogate would).
          expect(() => encodeQueryValue(v)).not.toThrow();
        }
        if (input.single) {
          const first = input.cells[0]?.[0];
          if (!first) return expect.fail('a single input has one cell');
          const value = valueOrClearError(() => requireSubject(first, kind));
          if (value !== undefined) expect(first).toEqual({ kind: 'ok', value });
        }
      }),
      params,
    );
  });
});

describe('readField and readOptions', () => {
  it('give a field or none, or say what is wrong', () => {
    fc.assert(
      fc.property(argument, (arg) => {
        const field = valueOrClearError(() => readField(arg));
        if (field !== undefined) {
          expect(typeof field).toBe('string');
          expect(field).not.toBe('');
        }
      }),
      params,
    );
  });

  it('give the options, or name the unknown one', () => {
    const optionText = fc
      .array(fc.oneof(fc.constantFrom('noHeaders', 'transpose', 'raw', ' NO_HEADERS ', 'Transpose', ' Raw', '', ' '), anyString(12)), {
        maxLength: 4,
      })
      .chain((parts) => fc.constantFrom(',', ';', ', ').map((sep) => parts.join(sep)));
    fc.assert(
      fc.property(fc.oneof(argument, optionText), (arg) => {
        const options = valueOrClearError(() => readOptions(arg));
        if (options) expect(Object.keys(options).sort()).toEqual(['noHeaders', 'raw', 'transpose']);
      }),
      params,
    );
  });
});
