/**
 * Which cells each removed formula had spilled into (src/server/freeze/spill.ts), told from the sheet
 * before and after removing it.
 */
import { describe, expect, it } from 'vitest';
import { spillBlocks } from '../../../../src/server/freeze/spill';

describe('spillBlocks', () => {
  /** Grids from rows of text: "F" a formula of ours showing x, "f" another formula, letters values, "." blank. */
  function sheet(before: string[], after: string[]) {
    const cell = (ch: string) => (ch === '.' ? '' : ch);
    return {
      values: before.map((line) => [...line].map(cell)),
      formulas: before.map((line) => [...line].map((ch) => (ch === 'F' || ch === 'f' ? '=X()' : ''))),
      after: after.map((line) => [...line].map(cell)),
    };
  }

  it('grows each removed formula to the cells that emptied: tables side by side and stacked, blanks inside', () => {
    const { values, formulas, after } = sheet(
      // A 3×2 table at A1 with a blank inside, a column at D1, a 2×2 table at A5, the user's cells (u).
      ['Fv.Fu', 'v..vu', 'vvuv.', '.....', 'Fv...', 'vvu..'],
      ['F..Fu', '....u', '..u..', '.....', 'F....', '..u..'],
    );
    expect(
      spillBlocks(values, formulas, after, [
        { row: 1, column: 1 },
        { row: 1, column: 4 },
        { row: 5, column: 1 },
      ]),
    ).toEqual([
      { row: 1, column: 1, numRows: 3, numColumns: 2 },
      { row: 1, column: 4, numRows: 3, numColumns: 1 },
      { row: 5, column: 1, numRows: 2, numColumns: 2 },
    ]);
  });

  it('a formula that spilled nothing is its own cell; what another formula dropped is not ours', () => {
    // B1 is one of ours (a single value); D1 is someone's formula whose spill shrank when ours went.
    const { values, formulas, after } = sheet(['uFuf', '...w', '...w'], ['uFuf', '....', '....']);
    expect(spillBlocks(values, formulas, after, [{ row: 1, column: 2 }])).toEqual([{ row: 1, column: 2, numRows: 1, numColumns: 1 }]);
  });
});
