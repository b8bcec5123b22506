/**
 * Where the add-on's results are on a sheet (src/server/format/result-blocks.ts): ranking tables and
 * tracking sheets by their records, frozen results by their notes, formulas by what they likely spilled,
 * each with what its function says of its numbers and the words of the field it asks for.
 */
import { describe, expect, it } from 'vitest';
import { frozenNoteText } from '../../../../src/server/freeze/freeze-note';
import { resultBlocks } from '../../../../src/server/format/result-blocks';

const blank = (rows: number, columns: number): string[][] => Array.from({ length: rows }, () => Array<string>(columns).fill(''));

describe('resultBlocks', () => {
  it("finds a table by its record, a frozen result by its note, and a formula's result with its function and field", () => {
    const values: unknown[][] = blank(8, 8);
    const formulas = blank(8, 8);
    const notes = blank(8, 8);
    // A ranking table at A1 (2 × 2); a frozen share of search at D1 (3 × 2); a formula at A5 (2 × 1).
    values[0]!.splice(0, 2, 'Search Demand ranking', '');
    values[1]!.splice(0, 2, 'Rank', 'Score');
    values[0]![3] = 'Month';
    values[1]![3] = 0.5;
    notes[0]![3] = frozenNoteText(
      { userNote: '', formula: '=SHARE_OF_SEARCH(A2:A3)', numRows: 3, numColumns: 2, check: '00000000' },
      new Date(0),
    );
    formulas[4]![0] = '=SEARCH_TREND(G1:G2, "peak.month", SDM_REFRESH)';
    values[4]![0] = 'x';
    values[5]![0] = 'y';
    expect(resultBlocks({ values, formulas, notes }, { tables: [{ row: 1, column: 1, numRows: 2, numColumns: 2 }], tracking: [] })).toEqual(
      [
        { row: 1, column: 1, numRows: 2, numColumns: 2, hint: null, field: '' },
        { row: 1, column: 4, numRows: 3, numColumns: 2, hint: 'share', field: '' },
        { row: 5, column: 1, numRows: 2, numColumns: 1, hint: null, field: 'Peak: month' },
      ],
    );
  });

  it("splits a tracking sheet's columns into its parts, each starting in row 1 after a blank column, and leaves the user's columns", () => {
    const values: unknown[][] = [
      ['Stamp', '', '', '', 'Change', '', '', 'Chart', '', 'mine'],
      ['Date', 'Item', 'Score', '', 'Item', 'Latest', '', 'Date', 'x', 'mine'],
      [1, 'x', 3, '', 'x', 3, '', 1, 3, 'mine'],
    ];
    const blocks = resultBlocks(
      { values, formulas: blank(3, 10), notes: blank(3, 10) },
      { tables: [], tracking: [{ row: 1, column: 1, numRows: Number.MAX_SAFE_INTEGER, numColumns: 9 }] },
    );
    expect(blocks.map(({ row, column, numRows, numColumns }) => [row, column, numRows, numColumns])).toEqual([
      [1, 1, 3, 3],
      [1, 5, 3, 2],
      [1, 8, 3, 2],
    ]);
  });
});
