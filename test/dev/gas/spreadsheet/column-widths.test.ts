/**
 * Column widths in dev/gas: set, read and fitted to what the cells show (our pixel rule, dev/gas/RULES.md),
 * Google's argument rules, moved with inserted and deleted columns, refused in a custom function, and
 * each call charged as one document call.
 */
import { describe, expect, it } from 'vitest';
import { AUTO_RESIZE_BOUNDS, DEFAULT_COLUMN_WIDTH, GasRuntime, textWidth } from '../../../../dev/gas/index.js';

const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

function setup(code: string) {
  const rt = new GasRuntime({ code: `${catchAll}\n${code}` });
  const menu = (fn: string, args: unknown[] = []) => {
    const result = rt.run(fn, args, { mode: 'menu' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result;
  };
  return { rt, menu, sheet: () => rt.spreadsheet.sheet('Sheet1') };
}

describe('the pixel rule (ours: Google does not say how Sheets measures text)', () => {
  it('is 7 px a character, 8 in bold, plus 10 px, by the longest line; nothing for no text', () => {
    expect(textWidth('Rank')).toBe(4 * 7 + 10);
    expect(textWidth('Rank', true)).toBe(4 * 8 + 10);
    expect(textWidth('short\nthe longer line')).toBe(15 * 7 + 10);
    expect(textWidth('')).toBe(0);
  });
});

describe('setting and reading widths', () => {
  it("starts at Sheets' default, sets one column or several, and chains", () => {
    const { menu, sheet } = setup(`function F() {
      var s = SpreadsheetApp.getActiveSheet();
      var before = s.getColumnWidth(2);
      var same = s.setColumnWidth(2, 180) === s && s.setColumnWidths(4, 3, 60) === s;
      return [before, same, s.getColumnWidth(1), s.getColumnWidth(2), s.getColumnWidth(3), s.getColumnWidth(4), s.getColumnWidth(6), s.getColumnWidth(7)];
    }`);
    expect(menu('F').value).toEqual([DEFAULT_COLUMN_WIDTH, true, 100, 180, 100, 60, 60, 100]);
    expect(sheet().columnWidths.entries()).toEqual([
      [2, 180],
      [4, 60],
      [5, 60],
      [6, 60],
    ]);
  });

  it("checks Google's argument rules: positions and counts from 1, within the sheet's columns, integers, whole signatures", () => {
    const { menu, sheet } = setup(`function F() {
      var s = SpreadsheetApp.getActiveSheet();
      return tryAll([
        function () { s.setColumnWidth(0, 120); }, function () { s.setColumnWidth(27, 120); },
        function () { s.setColumnWidths(25, 3, 120); }, function () { s.setColumnWidths(1, 0, 120); },
        function () { s.getColumnWidth(27); }, function () { s.autoResizeColumns(26, 2); }, function () { s.autoResizeColumn(0); },
        function () { s.setColumnWidth(1, 0); }, function () { s.setColumnWidth(1.5, 120); },
        function () { s.setColumnWidth(1); }, function () { s.setColumnWidths(1, 2); }, function () { s.setColumnWidth('A', 120); },
        function () { s.setColumnWidth(26, 120); }, function () { s.setColumnWidths(24, 3, 90); },
      ]);
    }`);
    const out = 'Exception: Those columns are out of bounds.';
    const signature = (method: string, params: string) =>
      `Exception: The parameters (${params}) don't match the method signature for SpreadsheetApp.Sheet.${method}.`;
    expect(menu('F').value).toEqual([
      out,
      out,
      out,
      out,
      out,
      out,
      out,
      expect.stringMatching(/^Exception: dev\/gas: setColumnWidth got a width of 0 pixels/),
      expect.stringMatching(/^Exception: dev\/gas: SpreadsheetApp\.Sheet\.setColumnWidth got 1\.5 where Apps Script takes an integer/),
      signature('setColumnWidth', 'number'),
      signature('setColumnWidths', 'number,number'),
      signature('setColumnWidth', 'String,number'),
      'ok',
      'ok',
    ]);
    // Only the two calls within the rules changed anything.
    expect(sheet().columnWidths.entries()).toEqual([
      [24, 90],
      [25, 90],
      [26, 90],
    ]);
  });

  it('moves widths with inserted and deleted columns; clearing formats keeps them (Google: not width or height)', () => {
    const { menu, sheet } = setup(`function F() {
      var s = SpreadsheetApp.getActiveSheet();
      s.setColumnWidth(2, 150).setColumnWidth(4, 250);
      s.insertColumnsBefore(2, 2);
      var inserted = [s.getColumnWidth(2), s.getColumnWidth(4), s.getColumnWidth(6)];
      s.deleteColumns(1, 4);
      s.clearFormats();
      return [inserted, s.getColumnWidth(1), s.getColumnWidth(2)];
    }`);
    expect(menu('F').value).toEqual([[100, 150, 250], 100, 250]);
    expect(sheet().columnWidths.entries()).toEqual([[2, 250]]);
  });

  it('charges each call as one document call: a read, or a write', () => {
    const { menu } = setup(`function F() {
      var s = SpreadsheetApp.getActiveSheet();
      s.setColumnWidth(1, 120); s.setColumnWidths(2, 5, 130); s.autoResizeColumns(1, 3); s.autoResizeColumn(4);
      return s.getColumnWidth(2);
    }`);
    const result = menu('F');
    expect(result.value).toBe(130);
    expect(result.serviceCalls).toMatchObject({
      'spreadsheet.setColumnWidth': 1,
      'spreadsheet.setColumnWidths': 1,
      'spreadsheet.autoResizeColumns': 1,
      'spreadsheet.autoResizeColumn': 1,
      'spreadsheet.getColumnWidth': 1,
    });
  });
});

describe('autoResizeColumn(s): "to fit their contents", by what each cell shows', () => {
  it('fits the widest text as displayed, number formats and bold included; a column with no text keeps its width', () => {
    const { rt, menu, sheet } = setup(`function F() {
      var s = SpreadsheetApp.getActiveSheet();
      s.getRange('A1:B1').setValues([['Volume', 'Share']]).setFontWeight('bold');
      s.getRange('A2:B3').setValues([[1234567, 0.6049314845], [12, 0.5]]);
      s.getRange('A2:A3').setNumberFormat('#,##0');
      s.getRange('B2:B3').setNumberFormat('0.0%');
      s.setColumnWidth(3, 40);
      s.autoResizeColumns(1, 3);
      return [s.getColumnWidth(1), s.getColumnWidth(2), s.getColumnWidth(3), s.getRange('A2:B2').getDisplayValues()[0]];
    }`);
    const [a, b, c, shown] = menu('F').value as [number, number, number, string[]];
    expect(shown).toEqual(['1,234,567', '60.5%']);
    expect(a).toBe(textWidth('1,234,567')); // wider than the bold header "Volume"
    expect(b).toBe(textWidth('Share', true)); // the header is wider than "60.5%"
    expect(c).toBe(40);
    expect(sheet().columnWidths.get(3)).toBe(40);
    expect(rt.spreadsheet.sheet('Sheet1').columnWidths.get(1)).toBe(a);
  });

  it('lets a long title in the column drive its width, up to our bound: why the add-on sizes from its header row', () => {
    const { menu } = setup(`function F() {
      var s = SpreadsheetApp.getActiveSheet();
      s.getRange('A1:A3').setValues([['Search Demand ranking · Fintech · updated 2026-11-29 06:00 UTC'], ['Rank'], [1]]);
      s.getRange('B1').setValue('x'.repeat(300));
      s.autoResizeColumns(1, 2);
      return [s.getColumnWidth(1), s.getColumnWidth(2)];
    }`);
    expect(menu('F').value).toEqual([textWidth('Search Demand ranking · Fintech · updated 2026-11-29 06:00 UTC'), AUTO_RESIZE_BOUNDS.max]);
  });
});

describe('in a custom function', () => {
  it('reads a width, and is refused every change of one (nothing changes)', () => {
    const { rt } = setup(`function CF() {
      var s = SpreadsheetApp.getActiveSheet();
      return [tryAll([
        function () { return s.getColumnWidth(1); }, function () { s.setColumnWidth(1, 200); }, function () { s.setColumnWidths(1, 2, 200); },
        function () { s.autoResizeColumn(1); }, function () { s.autoResizeColumns(1, 2); },
      ])];
    }`);
    rt.spreadsheet.sheet('Sheet1').setValues('A1', [['a long text to fit']]);
    const deny = (m: string) => `Exception: You do not have permission to call ${m}`;
    expect(rt.run('CF', []).value).toEqual([
      [100, deny('setColumnWidth'), deny('setColumnWidths'), deny('autoResizeColumn'), deny('autoResizeColumns')],
    ]);
    expect(rt.spreadsheet.sheet('Sheet1').columnWidths.entries()).toEqual([]);
  });
});
