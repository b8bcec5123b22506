/**
 * Which cells each removed formula had spilled into (src/server/freeze/spill.ts), told from the sheet
 * before and after removing it.
 */
import { describe, expect, it } from 'vitest';
import { likelySpill, spillBlocks } from '../../../../src/server/freeze/spill';

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

  it("takes every row of a removed formula's table, though another formula left of it could reach them", () => {
    // A column of someone's formulas (a template's SPARKLINEs) at A, blank B, ours at C1 spilling C1:E3.
    const { values, formulas, after } = sheet(['f.Fvv', 'f.vvv', 'f.vvv'], ['f.F..', 'f....', 'f....']);
    expect(spillBlocks(values, formulas, after, [{ row: 1, column: 3 }])).toEqual([{ row: 1, column: 3, numRows: 3, numColumns: 3 }]);
  });

  it('a formula that spilled nothing is its own cell; what another formula dropped is not ours', () => {
    // B1 is one of ours (a single value); D1 is someone's formula whose spill shrank when ours went.
    const { values, formulas, after } = sheet(['uFuf', '...w', '...w'], ['uFuf', '....', '....']);
    expect(spillBlocks(values, formulas, after, [{ row: 1, column: 2 }])).toEqual([{ row: 1, column: 2, numRows: 1, numColumns: 1 }]);
  });
});

describe('likelySpill', () => {
  /** Rows of text: "F" a formula, "T" a title (text), letters values, "." blank. */
  function grid(lines: string[]) {
    return {
      values: lines.map((line) => [...line].map((ch) => (ch === '.' ? '' : ch === 'T' ? 'Title' : ch === 'F' ? 'x' : ch))),
      formulas: lines.map((line) => [...line].map((ch) => (ch === 'F' ? '=X()' : ''))),
    };
  }

  it("grows over the values next to a formula, through a blank row before a titled part, never into another formula's cell", () => {
    // Label | value rows, a blank row, a titled table wider than them; a second formula below a gap.
    const { values, formulas } = grid(['Fv...', 'vv...', '.....', 'T....', 'vvvv.', 'vvvv.', '.....', '.....', 'Fv...']);
    expect(likelySpill(values, formulas, { row: 1, column: 1 })).toEqual({ row: 1, column: 1, numRows: 6, numColumns: 4 });
    expect(likelySpill(values, formulas, { row: 9, column: 1 })).toEqual({ row: 9, column: 1, numRows: 1, numColumns: 2 });
    // Without bridging (a tracking sheet's parts), the blank row ends it.
    expect(likelySpill(values, formulas, { row: 1, column: 1 }, undefined, false)).toEqual({
      row: 1,
      column: 1,
      numRows: 2,
      numColumns: 2,
    });
  });

  it('takes in the As of below a result (or beside it, transposed), and no other label and value after a gap', () => {
    const at = new Date(Date.UTC(2026, 2, 18, 12));
    const made = grid(['Fv.', 'vv.', '...', '...', '...']);
    const values: unknown[][] = made.values;
    const formulas = made.formulas;
    values[3] = ['As of (UTC)', at, ''];
    expect(likelySpill(values, formulas, { row: 1, column: 1 })).toEqual({ row: 1, column: 1, numRows: 4, numColumns: 2 });
    values[3] = ['Mine', at, ''];
    expect(likelySpill(values, formulas, { row: 1, column: 1 })).toEqual({ row: 1, column: 1, numRows: 2, numColumns: 2 });
    const turned = grid(['Fv..', 'vv..', '....']);
    const cells: unknown[][] = turned.values;
    cells[0]![3] = 'As of (UTC)';
    cells[1]![3] = at;
    expect(likelySpill(cells, turned.formulas, { row: 1, column: 1 })).toEqual({ row: 1, column: 1, numRows: 2, numColumns: 4 });
  });

  it('stops at a blank row followed by anything but a titled part, and at cells taken by something else', () => {
    // A value typed two rows below with nothing after it is not a part of the result.
    const { values, formulas } = grid(['Fvv', 'vvv', '...', 'u..', '...']);
    expect(likelySpill(values, formulas, { row: 1, column: 1 })).toEqual({ row: 1, column: 1, numRows: 2, numColumns: 3 });
    expect(likelySpill(values, formulas, { row: 1, column: 1 }, (_row, column) => column === 3)).toEqual({
      row: 1,
      column: 1,
      numRows: 2,
      numColumns: 2,
    });
    const stacked = grid(['Fv', 'vv', 'Fv']);
    expect(likelySpill(stacked.values, stacked.formulas, { row: 1, column: 1 })).toEqual({ row: 1, column: 1, numRows: 2, numColumns: 2 });
  });
});
