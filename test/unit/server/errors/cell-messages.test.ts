/** The add-on's messages read back in a cell (src/server/errors/cell-messages.ts), as Freeze reads them. */
import { describe, expect, it } from 'vitest';
import { messageKind } from '../../../../src/server/errors/cell-messages';
import { AddonError, errors, HELD_BACK_MAX_CHARS, keptLine, messageOf } from '../../../../src/server/errors/errors';
import { readSubject } from '../../../../src/server/spreadsheet/input';
import { select, shapeRangeValues } from '../../../../src/server/lookup/answer-shaping';
import { findScore } from '../../../../src/server/shape/shape';

describe('messageKind', () => {
  it('knows every message errors.ts builds, with or without its optional parts, and which wait for a limit or the budget', () => {
    const built: [AddonError, string][] = [
      [errors.limit('fresh searches', 'after 00:00 UTC'), 'limit'],
      [errors.limit('', 'after the reset'), 'limit'],
      [errors.limitWait('fresh searches', 'after 00:00 UTC'), 'limit'],
      [errors.limitWait('', 'after the reset'), 'limit'],
      [errors.capWait(10, 'after 00:00 UTC'), 'limit'],
      [errors.budget(), 'budget'],
      [errors.noKey(), 'error'],
      [errors.noFormulaKey(), 'error'],
      [errors.auth(), 'error'],
      [errors.notFound('keyword "x"'), 'error'],
      [errors.badRequest('the keyword', 'too long'), 'error'],
      [errors.rateLimit('try again in a minute'), 'error'],
      [errors.unavailable('HTTP 503', 1), 'error'],
      [errors.unreadable(), 'error'],
      [errors.quota('URL fetches'), 'error'],
      [errors.shortTime('URL fetches'), 'error'],
      [errors.triggerTime(), 'error'],
      [errors.googleLimit('URL length'), 'error'],
      [errors.notAllowed(), 'error'],
      [errors.busy(), 'error'],
      [errors.startRate(), 'error'],
    ];
    for (const [error, kind] of built) expect([error.message, messageKind(error.message)]).toEqual([error.message, kind]);
    // Every builder but input (any text) is covered above (limit and limitWait twice).
    expect(Object.keys(errors).filter((k) => k !== 'input')).toHaveLength(built.length - 2);
    expect(messageKind(messageOf(new TypeError('x')))).toBe('error');
  });

  it("reads a kept answer's line as a result that is not complete, held like a daily limit's row", () => {
    const line = keptLine('18 Mar 2026', 'after 00:00 UTC');
    expect(line).toBe('Kept answer of 18 Mar 2026: not current (daily limit), fetched again after 00:00 UTC.');
    expect(line.length).toBeLessThanOrEqual(90);
    expect(messageKind(line)).toBe('limit');
    expect(messageKind(keptLine('18 Mar 2026', ''))).toBe('limit');
  });

  it('a held-back row says which limit and when a refresh fills it, in at most 90 characters', () => {
    expect(errors.limitWait('API calls', 'after 00:00 UTC').message).toBe(
      'Daily limit reached (API calls): Refresh all formulas after 00:00 UTC.',
    );
    expect(errors.limitWait('fresh searches', 'after 2026-12-08 00:00 UTC').message).toBe(
      'Daily limit reached (fresh searches): Refresh all formulas after 2026-12-08 00:00 UTC.',
    );
    expect(errors.limitWait('', 'after the reset').message).toBe('Daily limit reached: Refresh all formulas after the reset.');
    expect(errors.limit('fresh searches', 'after 00:00 UTC').message).toBe(
      'Daily limit reached (fresh searches): try again after 00:00 UTC.',
    );
    expect(errors.budget().message).toBe('Not fetched in time: Refresh all formulas to continue (what came is cached).');
    // The longest each can be: the longer limit, a reset more than a day away.
    for (const error of [
      errors.limitWait('fresh searches', 'after 2026-12-08 00:00 UTC'),
      errors.limit('fresh searches', 'after 2026-12-08 00:00 UTC'),
      errors.budget(),
    ])
      expect(error.message.length).toBeLessThanOrEqual(HELD_BACK_MAX_CHARS);
  });

  it('still knows the longer limit messages of earlier versions, which sheets may hold as values', () => {
    expect(
      messageKind(
        'Daily limit reached (fresh searches): fetched when you run Extensions › Search Demand › Refresh all formulas after 00:00 UTC (in 12 h 0 min); nothing is sent until then.',
      ),
    ).toBe('limit');
    expect(
      messageKind('Not fetched in time: run Extensions › Search Demand › Refresh all formulas to continue (what was fetched is cached).'),
    ).toBe('budget');
  });

  it("knows what a range writes into a row from its input and from the answer's shaping", () => {
    const bad = readSubject(true, 'keyword');
    expect(bad.kind === 'bad' && messageKind(bad.message)).toBe('error');
    const thrown = (f: () => unknown): string => {
      try {
        f();
      } catch (error) {
        if (error instanceof AddonError) return error.message;
      }
      throw new Error('expected an AddonError');
    };
    const answer = { months: [{ month: '2026-04', volume: 10 }], peak: { month: '2026-04' }, peakMonth: 'x', total: 4 };
    const fieldMessages = [
      thrown(() => select(answer, 'nothing.here')),
      thrown(() => select(answer, 'months.13')),
      thrown(() => select(answer, '..')),
      thrown(() => select(answer, 'peak month')),
      thrown(() => select(answer, 'month')), // words that end two fields' names
    ];
    const strings = (output: unknown) =>
      (Array.isArray(output) ? output.flat() : [output]).filter((v): v is string => typeof v === 'string' && v !== '');
    const v = (value: unknown) => ({ kind: 'value' as const, value: value as never });
    // A list where a grid needs one value; a table where a row needs a list.
    const listInGrid = strings(
      shapeRangeValues(
        [
          [v([1, 2]), v(3)],
          [v(4), v(5)],
        ],
        { noHeaders: true, transpose: false, raw: false },
        'months',
        'Etc/UTC',
      ),
    );
    const tableInRow = strings(shapeRangeValues([[v([{ a: 1 }])]], { noHeaders: true, transpose: false, raw: false }, 'months', 'Etc/UTC'));
    expect([listInGrid.length, tableInRow.length]).toEqual([1, 1]);
    const score = (json: Parameters<typeof findScore>[0]) => {
      const found = findScore(json, ['searchscore']);
      if (found.ok) throw new Error('expected no score');
      // As lookupScores writes it into a row: capitalised.
      return `${found.message.charAt(0).toUpperCase()}${found.message.slice(1)}.`;
    };
    const texts = [
      ...fieldMessages,
      ...listInGrid,
      ...tableInRow,
      score({ name: 'x' }),
      score({ total: 1 }),
      score({ a: { score: 1 }, b: { score: 2 } }),
    ];
    for (const text of texts) expect([text, messageKind(text)]).toEqual([text, 'error']);
  });

  it('reads no value as a message: numbers, dates, months, keywords, the service’s own words', () => {
    const values: unknown[] = [
      12,
      0,
      true,
      new Date(0),
      '',
      '2026-04',
      'coffee',
      'Field hockey',
      'Not found',
      'Daily',
      'No API',
      'Bad input',
    ];
    for (const value of values) expect(messageKind(value)).toBeUndefined();
  });
});
