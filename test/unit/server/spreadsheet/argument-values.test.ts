/**
 * What each subject argument of the add-on's calls passes, read without running the formula
 * (src/server/spreadsheet/argument-values.ts), as the refresh estimate reads it.
 */
import { describe, expect, it } from 'vitest';
import { ArgumentReader } from '../../../../src/server/spreadsheet/argument-values';

/** A spreadsheet of two sheets and a named range, as far as the reader uses it. */
function fakeSpreadsheet() {
  const sheet = (id: number, values: unknown[][]) => ({ getSheetId: () => id, getDataRange: () => ({ getValues: () => values }) });
  const sheets: Record<string, ReturnType<typeof sheet>> = {
    sheet1: sheet(0, [
      ['keyword', 'x'],
      ['Coffee', 1],
      ['tea', 2],
      ['', 3],
      ['cocoa', 4],
    ]),
    'my sheet': sheet(1, [['acme-pay'], ['strypo']]),
  };
  let reads = 0;
  const spreadsheet = {
    getSheetByName: (name: string) => sheets[name.toLowerCase()] ?? null,
    getRangeByName: (name: string) => (name.toLowerCase() === 'brands' ? { getValues: () => [['acme-pay'], ['nimbus-chat']] } : null),
  };
  const counted = (s: ReturnType<typeof sheet>) => ({
    ...s,
    getDataRange: () => {
      reads++;
      return s.getDataRange();
    },
  });
  const home = counted(sheets.sheet1!);
  return { reader: new ArgumentReader(spreadsheet as never), home: home as never, reads: () => reads };
}

describe('ArgumentReader', () => {
  it('reads literals as Sheets passes them', () => {
    const { reader, home } = fakeSpreadsheet();
    expect(reader.read('"Electric ""e"" bikes"', home)).toEqual({ known: true, values: ['Electric "e" bikes'] });
    expect(reader.read('2024', home)).toEqual({ known: true, values: [2024] });
    expect(reader.read('-1.5e2', home)).toEqual({ known: true, values: [-150] });
    expect(reader.read('50%', home)).toEqual({ known: true, values: [0.5] });
    expect(reader.read('true', home)).toEqual({ known: true, values: [true] });
    expect(reader.read('', home)).toEqual({ known: true, values: [''] });
    expect(reader.read('SDM_REFRESH', home)).toEqual({ known: true, values: [''] });
  });

  it('reads cells, ranges, whole and open-ended columns, other sheets and named ranges, each sheet once', () => {
    const { reader, home, reads } = fakeSpreadsheet();
    expect(reader.read('A2', home)).toEqual({ known: true, values: ['Coffee'] });
    expect(reader.read('$A$2:$A$3', home)).toEqual({ known: true, values: ['Coffee', 'tea'] });
    expect(reader.read('A3:A', home)).toEqual({ known: true, values: ['tea', '', 'cocoa'] });
    expect(reader.read('A:A', home)).toEqual({ known: true, values: ['keyword', 'Coffee', 'tea', '', 'cocoa'] });
    expect(reader.read('2:2', home)).toEqual({ known: true, values: ['Coffee', 1] });
    expect(reader.read('A9:A12', home)).toEqual({ known: true, values: [] }); // past the data: blanks
    expect(reader.read("'My Sheet'!A1:A2", home)).toEqual({ known: true, values: ['acme-pay', 'strypo'] });
    expect(reader.read('Brands', home)).toEqual({ known: true, values: ['acme-pay', 'nimbus-chat'] });
    expect(reads()).toBe(1);
  });

  it('calls anything else unknown: expressions, unknown sheets and names', () => {
    const { reader, home } = fakeSpreadsheet();
    for (const text of ['LOWER(A2)', 'A2&" bikes"', '{"a","b"}', "'Gone'!A1", 'NoSuchName', 'A2:B3:C4', 'A:2']) {
      expect(reader.read(text, home), text).toEqual({ known: false });
    }
  });
});
