import { describe, expect, it } from 'vitest';
import { columnLetters, columnNumber } from '../../../../src/server/spreadsheet/column-letters';

describe("column letters (the product's one conversion)", () => {
  it('writes the letters Sheets shows above each column', () => {
    const cases: [number, string][] = [
      [1, 'A'],
      [26, 'Z'],
      [27, 'AA'],
      [52, 'AZ'],
      [53, 'BA'],
      [702, 'ZZ'],
      [703, 'AAA'],
      [18278, 'ZZZ'],
    ];
    for (const [column, letters] of cases) {
      expect(columnLetters(column)).toBe(letters);
      expect(columnNumber(letters)).toBe(column);
    }
  });

  it('reads letters in either case, and gives no letters for no column', () => {
    expect(columnNumber('xfd')).toBe(16384);
    expect(columnLetters(0)).toBe('');
    expect(columnLetters(-3)).toBe('');
  });

  it('round-trips every column of a sheet', () => {
    for (let column = 1; column <= 18278; column++) expect(columnNumber(columnLetters(column))).toBe(column);
  });
});
