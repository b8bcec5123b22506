/** Which formulas' results hold a cell the add-on could not fill (src/server/freeze/unfilled.ts). */
import { describe, expect, it } from 'vitest';
import { errors } from '../../../../src/server/errors/errors';
import { messageOwners } from '../../../../src/server/freeze/unfilled';

const WAIT = errors.limitWait('fresh searches', 'after 00:00 UTC').message;
const LATE = errors.budget().message;
const DOWN = errors.unavailable('HTTP 503', 2).message;

describe('messageOwners', () => {
  it('a message belongs to the formula above and to the left with no other formula between, the longest wait told', () => {
    // B1 spilled a column (B1:B4: an error, then a daily limit's row); D2 a table whose second row failed;
    // D4 is complete, its own cell shows a message (Freeze reads that cell itself).
    const values = [
      ['', 'score', '', ''],
      ['', DOWN, '', 'kw'],
      ['', WAIT, '', DOWN],
      ['', 7, '', LATE],
    ];
    const formulas = [
      ['', '=SEARCH_SCORE(A1:A4)', '', ''],
      ['', '', '', '=SEARCH_TREND(C2:C3)'],
      ['', '', '', ''],
      ['', '', '', '=SEARCH_SCORE("y")'],
    ];
    expect(messageOwners(values, formulas)).toEqual(
      new Map([
        ['1,2', 'limit'],
        ['2,4', 'error'],
      ]),
    );
  });

  it('values alone, or a message no formula could have spilled, belong to none', () => {
    expect(
      messageOwners(
        [
          [1, 'coffee', new Date(0)],
          ['2026-04', 12, ''],
        ],
        [
          ['=SEARCH_SCORE(A1)', '', ''],
          ['', '', ''],
        ],
      ),
    ).toEqual(new Map());
    expect(
      messageOwners(
        [
          ['', ''],
          [WAIT, ''],
        ],
        [
          ['', '=SEARCH_SCORE("x")'],
          ['', ''],
        ],
      ),
    ).toEqual(new Map());
  });

  it('a message two formulas could have spilled counts for both: a complete result may be kept, never an incomplete one frozen', () => {
    // B1 a table (B1:D3); A2, left of its rows, could by position have spilled across them.
    const values = [
      ['', 'kw', 'score'],
      [5, 'tea', LATE],
      ['', 'cocoa', 4],
    ];
    const formulas = [
      ['', '=SEARCH_TREND(E1:E2)', ''],
      ['=SEARCH_SCORE("x")', '', ''],
      ['', '', ''],
    ];
    expect(messageOwners(values, formulas)).toEqual(
      new Map([
        ['1,2', 'budget'],
        ['2,1', 'budget'],
      ]),
    );
  });
});
