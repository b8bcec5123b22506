/** Which formulas' results hold a cell the add-on could not fill (src/server/freeze/unfilled.ts). */
import { describe, expect, it } from 'vitest';
import { errors } from '../../../../src/server/core/errors';
import { gapIn, messageOwners } from '../../../../src/server/freeze/unfilled';

const WAIT = errors.limitWait('fresh searches', 'after 00:00 UTC').message;
const LATE = errors.budget().message;
const DOWN = errors.unavailable('HTTP 503', 2).message;

describe('gapIn', () => {
  it('says the longest wait a block holds, or nothing when every cell is a value', () => {
    expect(
      gapIn([
        [1, 'coffee'],
        ['', new Date(0)],
      ]),
    ).toBeUndefined();
    expect(gapIn([[1], [DOWN], [LATE]])).toBe('budget');
    expect(gapIn([[DOWN], [LATE], [WAIT]])).toBe('limit');
    expect(gapIn([['tea', DOWN, '']])).toBe('error');
  });
});

describe('messageOwners', () => {
  it('a message with one formula above and to the left belongs to it, the longest wait told; typed cells alone, to none', () => {
    // B1 spilled a column (B1:B4: an error, then a daily limit's row); D2 a table whose second row failed.
    const values = [
      ['', 'score', '', ''],
      ['', DOWN, '', 'kw'],
      ['', WAIT, '', DOWN],
      ['', 7, '', ''],
    ];
    const formulas = [
      ['', '=SEARCH_SCORE(A1:A4)', '', ''],
      ['', '', '', '=SEARCH_TREND(C2:C3)'],
      ['', '', '', ''],
      ['', '', '', ''],
    ];
    expect(messageOwners(values, formulas)).toEqual({
      sure: new Map([
        ['1,2', 'limit'],
        ['2,4', 'error'],
      ]),
      unsure: new Set(),
    });
    expect(
      messageOwners(
        [
          [1, 'x'],
          [WAIT, ''],
        ],
        [
          ['', ''],
          ['', ''],
        ],
      ),
    ).toEqual({ sure: new Map(), unsure: new Set() });
  });

  it('a message two formulas could have spilled leaves both unsure; a message on one formula alone keeps it sure', () => {
    // B1 a table (B1:D3); A2 a formula left of its rows could also have spilled across them.
    const values = [
      ['', 'kw', 'score', ''],
      [5, 'tea', LATE, ''],
      ['', DOWN, '', ''],
      ['', '', '', WAIT],
    ];
    const formulas = [
      ['', '=SEARCH_TREND(E1:E2)', '', ''],
      ['=SEARCH_SCORE("x")', '', '', ''],
      ['', '', '', ''],
      ['', '', '', '=SEARCH_SCORE("y")'],
    ];
    expect(messageOwners(values, formulas)).toEqual({ sure: new Map(), unsure: new Set(['1,2', '2,1']) });
  });
});
