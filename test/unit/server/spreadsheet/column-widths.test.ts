/**
 * The add-on's column widths (src/server/spreadsheet/column-widths.ts): the text a value shows under the
 * formats the add-on sets, never shorter than Sheets shows it (dev/gas's displayValue, numfmt); the width
 * a column wants; and widening that keeps the user's widths, with as few calls as it can.
 */
import { describe, expect, it } from 'vitest';
import { displayValue, textWidth } from '../../../../dev/gas/index.js';
import { NUMBER_FORMATS, dateTimeWithZone } from '../../../../src/server/shape/number-formats';
import { columnTexts, shownText, wantedWidth, widenColumns } from '../../../../src/server/spreadsheet/column-widths';

const ZONE = 'America/New_York';

describe('shownText', () => {
  it('is at least as long as what Sheets shows, for every format the add-on sets', () => {
    const date = new Date(Date.UTC(2026, 8, 30, 16, 5, 9));
    const cases: [number | Date, string | null][] = [
      [534232, NUMBER_FORMATS.count],
      [-1234567.6, NUMBER_FORMATS.count],
      [0.6049314845, NUMBER_FORMATS.share],
      [1, NUMBER_FORMATS.share],
      [4.1, NUMBER_FORMATS.percent],
      [-12.25, NUMBER_FORMATS.percent],
      [1.0996500276, NUMBER_FORMATS.index],
      [0.6049314845, null],
      [123456789012, null],
      [date, NUMBER_FORMATS.month],
      [date, NUMBER_FORMATS.day],
      [date, NUMBER_FORMATS.dateTime],
      [date, dateTimeWithZone(ZONE)],
      [date, 'yyyy-mm-dd hh:mm:ss'],
      [date, null],
    ];
    for (const [value, format] of cases) {
      const sheets = displayValue(value, format ?? undefined, ZONE);
      expect(
        shownText(value, format).length,
        `${String(value)} as ${format ?? 'Automatic'}: Sheets shows "${sheets}"`,
      ).toBeGreaterThanOrEqual(sheets.length);
    }
    // Exactly, where the text is the number's own.
    expect(shownText(534232, '#,##0')).toBe('534,232');
    expect(shownText(0.6049314845, '0.0%')).toBe('60.5%');
    expect(shownText(4.1, '0.0"%"')).toBe('4.1%');
  });

  it('shows text without the apostrophe that keeps it text, a text format with its words, booleans as Sheets does', () => {
    expect(shownText("'007", null)).toBe('007');
    expect(shownText('Fetched at', '@" (UTC)"')).toBe('Fetched at (UTC)');
    expect(shownText(true, null)).toBe('TRUE');
  });
});

describe('wantedWidth', () => {
  it("fits the header whole (bold), values up to 320 px, never under Sheets' 100, in steps of 10", () => {
    expect(wantedWidth({ headers: ['Rank'], values: ['1', '2'] })).toBe(100);
    const header = 'Answers from the service’s cache';
    expect(wantedWidth({ headers: [header], values: [] })).toBeGreaterThanOrEqual(textWidth(header, true));
    expect(wantedWidth({ headers: [header], values: [] }) % 10).toBe(0);
    expect(wantedWidth({ headers: ['Status'], values: ['failed: '.repeat(40)] })).toBe(320);
  });

  it('counts each column of a header and its rows under its format', () => {
    const texts = columnTexts(['Volume', 'Share'], [[534232, 0.25]], [NUMBER_FORMATS.count, NUMBER_FORMATS.share]);
    expect(texts).toEqual([
      { headers: ['Volume'], values: ['534,232'] },
      { headers: ['Share'], values: ['25.0%'] },
    ]);
  });
});

/** A sheet that records the width calls made on it, its columns at the widths given. */
function recordingSheet(widths: Record<number, number> = {}) {
  const calls: string[] = [];
  const sheet = {
    getColumnWidth: (c: number) => {
      calls.push(`get ${c}`);
      return widths[c] ?? 100;
    },
    setColumnWidth: (c: number, w: number) => {
      calls.push(`set ${c} ${w}`);
      widths[c] = w;
    },
    setColumnWidths: (c: number, n: number, w: number) => {
      calls.push(`set ${c}+${n} ${w}`);
      for (let i = 0; i < n; i++) widths[c + i] = w;
    },
  };
  return { sheet: sheet as unknown as GoogleAppsScript.Spreadsheet.Sheet, calls, widths };
}

describe('widenColumns', () => {
  it('on a sheet just made: sets what is wider than the default without reading, one call per run of equal widths', () => {
    const { sheet, calls } = recordingSheet();
    const fitted = widenColumns(sheet, 2, [100, 150, 150, 200, 100, 150], 'new');
    expect(calls).toEqual(['set 3+2 150', 'set 5 200', 'set 7 150']);
    expect(fitted).toEqual([100, 150, 150, 200, 100, 150]);
  });

  it('touches nothing where the text is no longer than what the columns were sized for, whatever the user did since', () => {
    const { sheet, calls } = recordingSheet({ 1: 60, 2: 400 });
    expect(widenColumns(sheet, 1, [150, 150, 100], [150, 200, 100])).toEqual([150, 200, 100]);
    expect(calls).toEqual([]);
  });

  it('reads a column before widening it past what it was sized for, and keeps a user-made wider width', () => {
    const { sheet, calls, widths } = recordingSheet({ 1: 400, 2: 120 });
    expect(widenColumns(sheet, 1, [250, 250, 100], [150, 150])).toEqual([250, 250, 100]);
    expect(calls).toEqual(['get 1', 'get 2', 'set 2 250']);
    expect(widths).toEqual({ 1: 400, 2: 250 });
  });

  it('knowing nothing (a sheet of the user, a table written before), reads each column wanting more than the default', () => {
    const { sheet, calls } = recordingSheet({ 3: 300 });
    widenColumns(sheet, 1, [100, 180, 180], []);
    expect(calls).toEqual(['get 2', 'get 3', 'set 2 180']);
  });
});
