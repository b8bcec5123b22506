import { describe, expect, it } from 'vitest';
import { rectangular, toCell, transpose } from '../../../../src/server/shape/cell-values';

describe('toCell', () => {
  it('blanks null, undefined and non-finite numbers', () => {
    expect(toCell(null)).toBe('');
    expect(toCell(undefined)).toBe('');
    expect(toCell(NaN)).toBe('');
    expect(toCell(Infinity)).toBe('');
  });
  it('keeps numbers, booleans and text as sent (dates stay text)', () => {
    expect(toCell(0)).toBe(0);
    expect(toCell(-3.25)).toBe(-3.25);
    expect(toCell(false)).toBe(false);
    expect(toCell('2025-12')).toBe('2025-12');
    expect(toCell('73')).toBe('73');
    expect(toCell('')).toBe('');
  });
  it('cuts text to the 50,000 characters a cell holds, ending with …', () => {
    const cell = toCell('x'.repeat(60000));
    expect(typeof cell).toBe('string');
    expect((cell as string).length).toBe(50000);
    expect((cell as string).endsWith('x…')).toBe(true);
    expect(toCell('y'.repeat(50000))).toBe('y'.repeat(50000));
  });
  it('does not split a surrogate pair when cutting', () => {
    const cell = toCell('a' + '😀'.repeat(30000)) as string;
    expect(cell.length).toBeLessThanOrEqual(50000);
    expect(cell.at(-2)).toBe('\udE00'); // low half of the last emoji, then …
  });
  it('shows an object or list that reaches a cell as JSON text', () => {
    expect(toCell({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(toCell([])).toBe('[]');
    expect((toCell(Array(30000).fill('abc')) as string).length).toBe(50000);
  });
});

describe('rectangular and transpose', () => {
  it('pads ragged rows with blanks', () => {
    expect(rectangular([[1], [1, 2, 3], []])).toEqual([
      [1, '', ''],
      [1, 2, 3],
      ['', '', ''],
    ]);
    expect(rectangular([])).toEqual([]);
  });
  it('turns rows into columns', () => {
    expect(transpose([['a', 1], ['b']])).toEqual([
      ['a', 'b'],
      [1, ''],
    ]);
    expect(transpose([])).toEqual([]);
  });
});
