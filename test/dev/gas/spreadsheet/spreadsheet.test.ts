import { describe, expect, it } from 'vitest';
import { GasRuntime, SPREADSHEET_LIMITS, triggerEvent } from '../../../../dev/gas/index.js';

/** A runtime whose Code.js is `code`; `menu(fn)` runs in FULL auth mode, `cell(fn)` as a custom function. */
function setup(code: string, opts: ConstructorParameters<typeof GasRuntime>[0] = {}) {
  const rt = new GasRuntime({ code, ...opts });
  const menu = (fn: string, args: unknown[] = []) => rt.run(fn, args, { mode: 'menu' });
  const cell = (fn: string, args: unknown[] = []) => rt.run(fn, args);
  return { rt, menu, cell };
}

const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

describe('the spreadsheet model', () => {
  it('starts with one sheet "Sheet1" of 1000 × 26 with id 0', () => {
    const { menu, rt } = setup(
      `function F() {
      var ss = SpreadsheetApp.getActiveSpreadsheet(), s = ss.getSheets()[0];
      return [ss.getSheets().length, s.getName(), s.getSheetId(), s.getIndex(), s.getMaxRows(), s.getMaxColumns(),
        s.getLastRow(), s.getLastColumn(), s.getDataRange().getA1Notation(), ss.getSheetByName('Nope'), ss.getUrl(),
        SpreadsheetApp.getActiveSheet().getName(), ss.getSpreadsheetTimeZone()];
    }`,
      { spreadsheetId: 'abc', timeZone: 'Europe/Paris' },
    );
    expect(menu('F').value).toEqual([
      1,
      'Sheet1',
      0,
      1,
      1000,
      26,
      0,
      0,
      'A1',
      null,
      'https://docs.google.com/spreadsheets/d/abc/edit',
      'Sheet1',
      'Europe/Paris',
    ]);
    expect(rt.spreadsheet.totalCells).toBe(26_000);
    expect(SPREADSHEET_LIMITS).toMatchObject({ maxCells: 10_000_000, maxColumns: 18_278 });
  });

  it('lets tests add sheets, cells and formulas, and inspect them', () => {
    const { rt, menu } = setup(`function F() {
      var s = SpreadsheetApp.getActive().getSheetByName('Data');
      return [s.getLastRow(), s.getLastColumn(), s.getDataRange().getValues(), s.getDataRange().getFormulas(), s.getRange('B2').getNote()];
    }`);
    rt.spreadsheet.addSheet('Data', [
      ['keyword', 'trend'],
      ['bikes', { formula: '=SEARCH_TREND(A2)', value: 42, note: 'cached' }],
    ]);
    expect(menu('F').value).toEqual([
      2,
      2,
      [
        ['keyword', 'trend'],
        ['bikes', 42],
      ],
      [
        ['', ''],
        ['', '=SEARCH_TREND(A2)'],
      ],
      'cached',
    ]);
    const data = rt.spreadsheet.sheet('Data');
    expect(data.values).toEqual([
      ['keyword', 'trend'],
      ['bikes', 42],
    ]);
    expect(data.cells[1]?.[1]).toEqual({ value: 42, formula: '=SEARCH_TREND(A2)', note: 'cached' });
    rt.spreadsheet.setValues('Data!C1', [['007']]); // test setup stores text as given
    rt.spreadsheet.setFormula("'Data'!C2", '=1+1', 2);
    expect(rt.spreadsheet.getValues('Data!C1:C2')).toEqual([['007'], [2]]);
    expect(rt.spreadsheet.getFormulas('Data!C1:C2')).toEqual([[''], ['=1+1']]);
    expect(data.id).not.toBe(0);
    expect(() => rt.spreadsheet.addSheet('data')).toThrow(/already exists/);
    expect(() => rt.spreadsheet.sheet('Missing')).toThrow(/no sheet named "Missing"/);
  });
});

describe('Range values', () => {
  const code = `${catchAll}
    function WRITE(rows) { var r = SpreadsheetApp.getActiveSheet().getRange(1, 1, rows.length, rows[0].length); r.setValues(rows);
      return [r.getValues(), r.getDisplayValues(), r.getFormulas()]; }
    function TYPES() { var v = SpreadsheetApp.getActiveSheet().getRange('A1:C1').getValues()[0];
      return v.map(function (x) { return x instanceof Date ? 'Date ' + x.toISOString() : typeof x + ' ' + x; }); }
    function DATE() { var r = SpreadsheetApp.getActiveSheet().getRange('D4'); r.setValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)));
      var v = r.getValue(); return [v instanceof Date, v.getTime(), r.getDisplayValue()]; }
    function TEXTFMT() { var r = SpreadsheetApp.getActiveSheet().getRange('E1:E2'); r.setNumberFormat('@'); r.setValues([['007'], ['=A1']]);
      return [r.getValues(), r.getFormulas(), r.getNumberFormat()]; }
  `;

  it('stores written text as Sheets does when it is typed', () => {
    const { menu } = setup(code);
    const r = menu('WRITE', [[['007', "'007", 'TRUE', '50%', '1,234.5', '$5', 'hello', '=SUM(1)', '', 2.5, false]]]);
    const [values, display, formulas] = r.value as unknown[][][];
    expect(values?.[0]).toEqual([7, '007', true, 0.5, 1234.5, 5, 'hello', '', '', 2.5, false]);
    expect(display?.[0]).toEqual(['7', '007', 'TRUE', '50%', '1,234.50', '$5.00', 'hello', '', '', '2.5', 'FALSE']);
    expect(formulas?.[0]).toEqual(['', '', '', '', '', '', '', '=SUM(1)', '', '', '']);
  });

  it('reads numbers as numbers, empty cells as "" and dates as Dates of the script', () => {
    const { menu, rt } = setup(code);
    rt.spreadsheet.setValues('Sheet1!A1', [[3, '', new Date(Date.UTC(2024, 4, 6))]]);
    expect(menu('TYPES').value).toEqual(['number 3', 'string ', 'Date 2024-05-06T00:00:00.000Z']);
    expect(menu('DATE').value).toEqual([true, Date.UTC(2024, 0, 2, 3, 4, 5), '1/2/2024 3:04:05']);
    const stored = rt.spreadsheet.sheet('Sheet1').cell('D4').value;
    expect(stored).toBeInstanceOf(Date);
  });

  it('parses typed dates in the spreadsheet time zone', () => {
    const { menu } = setup(code, { timeZone: 'America/New_York' });
    const r = menu('WRITE', [[['2024-01-02', '1/2/2024 13:30']]]);
    const [values, display] = r.value as unknown[][][];
    expect((values?.[0]?.[0] as Date).toISOString()).toBe('2024-01-02T05:00:00.000Z');
    expect((values?.[0]?.[1] as Date).toISOString()).toBe('2024-01-02T18:30:00.000Z');
    expect(display?.[0]).toEqual(['2024-01-02', '1/2/2024 13:30:00']);
  });

  it('keeps text as text under the plain-text format "@"', () => {
    const { menu } = setup(code);
    expect(menu('TEXTFMT').value).toEqual([[['007'], ['=A1']], [[''], ['']], '@']);
  });

  it("refuses data whose size does not match the range, with Google's messages", () => {
    const { menu } = setup(`${catchAll} function F() { var r = SpreadsheetApp.getActiveSheet().getRange('A1:C2');
      return tryAll([
        function () { r.setValues([[1, 2, 3]]); },
        function () { r.setValues([[1, 2, 3], [4, 5]]); },
        function () { r.setValues([[1, 2, 3, 4], [4, 5, 6, 7]]); },
        function () { r.setValues([1, 2]); },
        function () { r.setFormulas([['=1'], ['=2']]); },
        function () { r.setValues([[1, 2, 3], [4, 5, 6]]); return r.getValues(); },
      ]); }`);
    expect(menu('F').value).toEqual([
      'Exception: The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
      'Exception: The number of columns in the data does not match the number of columns in the range. The data has 2 but the range has 3.',
      'Exception: The number of columns in the data does not match the number of columns in the range. The data has 4 but the range has 3.',
      "Exception: The parameters (number[]) don't match the method signature for SpreadsheetApp.Range.setValues.",
      'Exception: The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 3.',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ]);
  });

  it('refuses more than 50,000 characters in a cell, writing nothing', () => {
    const { menu, rt } = setup(`${catchAll} function F() { var r = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      return tryAll([
        function () { r.setValues([['ok', 'x'.repeat(50001)]]); },
        function () { r.setValue('y'.repeat(50001)); },
        function () { r.setFormula('=' + 'x'.repeat(50000)); },
        function () { r.setValues([['z'.repeat(50000), 'ok']]); return r.getValues()[0][0].length; },
      ]); }`);
    const msg = 'Exception: Your input contains more than the maximum of 50000 characters in a single cell.';
    expect(menu('F').value).toEqual([msg, msg, msg, 50000]);
    expect(rt.spreadsheet.sheet('Sheet1').cell('B1').value).toBe('ok');
  });

  it('refuses values Sheets would store as meaningless text', () => {
    const { menu } = setup(`${catchAll} function F() { var r = SpreadsheetApp.getActiveSheet().getRange('A1');
      return tryAll([function () { r.setValue({ a: 1 }); }, function () { r.setValues([[NaN]]); }, function () { r.setValue(new Date(NaN)); },
        function () { r.setValues([[null]]); return r.getValue(); }]); }`);
    const v = menu('F').value as string[];
    expect(v[0]).toMatch(/^Exception: dev\/gas: setValue cannot store an object/);
    expect(v[1]).toMatch(/^Exception: dev\/gas: setValues cannot store NaN at row 1, column 1/);
    expect(v[2]).toMatch(/cannot store an invalid Date/);
    expect(v[3]).toBe('');
  });

  it('sets, reads and clears formulas; a formula keeps the value last stored', () => {
    const { menu, rt } = setup(`function F() { var s = SpreadsheetApp.getActiveSheet();
        s.getRange('A1').setValue(5); s.getRange('A1').setFormula('=SEARCH_TREND("x")');
        s.getRange('B1:C1').setFormulas([['=1', 'not a formula']]);
        return [s.getRange('A1').getFormula(), s.getRange('A1').getValue(), s.getRange('B1:C1').getFormulas(), s.getRange('C1').getValue()]; }
      function CLEAR() { var r = SpreadsheetApp.getActiveSheet().getRange('A1'); r.setFormula(''); SpreadsheetApp.flush();
        return [r.getFormula(), r.getValue(), SpreadsheetApp.getActiveSheet().getLastRow()]; }`);
    expect(menu('F').value).toEqual(['=SEARCH_TREND("x")', 5, [['=1', '']], 'not a formula']);
    rt.spreadsheet.sheet('Sheet1').setComputedValue('A1', 99);
    expect(rt.spreadsheet.cell('Sheet1!A1')).toEqual({ value: 99, formula: '=SEARCH_TREND("x")' });
    expect(menu('CLEAR').value).toEqual(['', '', 1]);
    expect(rt.spreadsheet.stats.flushes).toBe(1);
  });

  it('lets a formula engine (or a stub) compute what formulas show', () => {
    const { menu, rt } = setup(
      `function F() { var r = SpreadsheetApp.getActiveSheet().getRange('B3'); r.setFormula('=2*21'); return r.getValue(); }`,
    );
    const seen: unknown[] = [];
    rt.spreadsheet.evaluateFormula = (formula, site) => {
      seen.push([formula, site]);
      return 42;
    };
    expect(menu('F').value).toBe(42);
    expect(seen).toEqual([['=2*21', { sheet: 'Sheet1', row: 3, column: 2 }]]);
  });

  it('finds every formula of every sheet through getDataRange().getFormulas()', () => {
    const { menu, rt } = setup(`function F() { return SpreadsheetApp.getActiveSpreadsheet().getSheets().map(function (s) {
      return [s.getName(), s.getDataRange().getA1Notation(), s.getDataRange().getFormulas()]; }); }`);
    rt.spreadsheet.setValues('Sheet1!A1', [['kw', { formula: '=SEARCH_SCORE(A1)', value: 7 }]]);
    rt.spreadsheet.addSheet('Other', [[''], ['', '', { formula: '=SEARCH_TREND("b")' }]]);
    expect(menu('F').value).toEqual([
      ['Sheet1', 'A1:B1', [['', '=SEARCH_SCORE(A1)']]],
      [
        'Other',
        'A1:C2',
        [
          ['', '', ''],
          ['', '', '=SEARCH_TREND("b")'],
        ],
      ],
    ]);
  });
});

describe('Range positions and bounds', () => {
  it("throws Google's errors for ranges outside the sheet", () => {
    const { menu } = setup(`${catchAll} function F() { var s = SpreadsheetApp.getActiveSheet(), ss = SpreadsheetApp.getActive();
      return tryAll([
        function () { s.getRange(1001, 1); }, function () { s.getRange(1, 27); }, function () { s.getRange(999, 1, 3, 1); },
        function () { s.getRange(0, 1); }, function () { s.getRange(1, 0); }, function () { s.getRange(1, 1, 0); }, function () { s.getRange(1, 1, 1, 0); },
        function () { s.getRange('A1001'); }, function () { s.getRange('AA1'); }, function () { s.getRange('Nope!A1'); }, function () { s.getRange('hello'); },
        function () { s.getRange('1', 1); }, function () { s.getRange(1.5, 1); },
        function () { return s.getRange(1000, 26).getA1Notation(); },
        function () { return s.getRange(2, 2).offset(-1, -1, 2, 3).getA1Notation(); },
        function () { s.getRange(1, 1).offset(-1, 0); },
        function () { return s.getRange('B2:C3').getCell(2, 1).getA1Notation(); },
        function () { s.getRange('B2:C3').getCell(3, 1); },
      ]); }`);
    expect(menu('F').value).toEqual([
      'Exception: The coordinates of the range are outside the dimensions of the sheet.',
      'Exception: The coordinates of the range are outside the dimensions of the sheet.',
      'Exception: The coordinates of the range are outside the dimensions of the sheet.',
      'Exception: The starting row of the range is too small.',
      'Exception: The starting column of the range is too small.',
      'Exception: The number of rows in the range must be at least 1.',
      'Exception: The number of columns in the range must be at least 1.',
      'Exception: Range not found',
      'Exception: Range not found',
      'Exception: Range not found',
      'Exception: Range not found',
      "Exception: The parameters (String,number) don't match the method signature for SpreadsheetApp.Sheet.getRange.",
      'Exception: dev/gas: SpreadsheetApp.Sheet.getRange got 1.5 where Apps Script takes an integer (Google truncates it silently; round it yourself).',
      'Z1000',
      'A1:C2',
      'Exception: The starting row of the range is too small.',
      'B3',
      'Exception: Cell reference out of range',
    ]);
  });

  it('reads A1 notation: sheet names, quotes, whole columns and rows, open ends', () => {
    const { menu, rt } = setup(`function F() { var ss = SpreadsheetApp.getActiveSpreadsheet(), s = ss.getSheetByName('Sheet1');
      function d(r) { return [r.getSheet().getName(), r.getA1Notation(), r.getRow(), r.getColumn(), r.getNumRows(), r.getNumColumns()]; }
      return [d(ss.getRange("'My Sheet'!b2:a1")), d(ss.getRange("'It''s'!$C$3")), d(s.getRange('A:B')), d(s.getRange('2:3')),
        d(s.getRange('B5:C')), d(ss.getRange('Z9')), d(s.getRange('My Sheet!A1'))]; }`);
    rt.spreadsheet.addSheet('My Sheet');
    rt.spreadsheet.addSheet("It's");
    expect(menu('F').value).toEqual([
      ['My Sheet', 'A1:B2', 1, 1, 2, 2],
      ["It's", 'C3', 3, 3, 1, 1],
      ['Sheet1', 'A:B', 1, 1, 1000, 2],
      ['Sheet1', '2:3', 2, 1, 2, 26],
      ['Sheet1', 'B5:C1000', 5, 2, 996, 2],
      ['Sheet1', 'Z9', 9, 26, 1, 1],
      ['My Sheet', 'A1', 1, 1, 1, 1],
    ]);
  });

  it('grows with insertRowsAfter / insertColumnsAfter, shifting content, within the cell and column limits', () => {
    const { menu, rt } = setup(`${catchAll} function F() { var s = SpreadsheetApp.getActiveSheet();
      return tryAll([
        function () { s.insertRowsAfter(1, 2); s.insertColumnsAfter(1, 1); return [s.getMaxRows(), s.getMaxColumns(), s.getRange('C4').getValue()]; },
        function () { s.insertRowsAfter(0, 1); },
        function () { s.insertRowsAfter(1, 400000); },
        function () { s.insertColumnsAfter(1, 18252); },
        function () { s.deleteRows(1, 1002); },
        function () { s.deleteRows(1, 1); return s.getRange('C3').getValue(); },
        function () { s.appendRow(['x', '=1', '42']); return [s.getLastRow(), s.getRange(4, 1, 1, 3).getValues()[0], s.getRange('B4').getFormula()]; },
      ]); }`);
    rt.spreadsheet.setValues('Sheet1!B2', [['moved']]);
    expect(menu('F').value).toEqual([
      [1002, 27, 'moved'],
      'Exception: Those rows are out of bounds.',
      'Exception: This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
      'Exception: This action would increase the number of columns in the sheet above the limit of 18278.',
      "Exception: You can't delete all the rows on the sheet.",
      'moved',
      [4, ['x', '', 42], '=1'],
    ]);
    expect(rt.spreadsheet.sheet('Sheet1').maxRows).toBe(1001);
  });

  it('appendRow adds a row when the sheet is full', () => {
    const { menu, rt } =
      setup(`function F() { var s = SpreadsheetApp.getActive().getSheetByName('Small'); s.appendRow(['a']); s.appendRow(['b', 'c']);
      return [s.getMaxRows(), s.getMaxColumns(), s.getDataRange().getValues()]; }`);
    rt.spreadsheet.addSheet('Small', [['h']], { maxRows: 1, maxColumns: 1 });
    expect(menu('F').value).toEqual([
      3,
      2,
      [
        ['h', ''],
        ['a', ''],
        ['b', 'c'],
      ],
    ]);
  });
});

describe('sheets', () => {
  it('inserts sheets (named, or "SheetN"; 0-based index; becomes active) and refuses duplicate names', () => {
    const { menu, rt } = setup(`${catchAll} function F() { var ss = SpreadsheetApp.getActiveSpreadsheet();
      return tryAll([
        function () { var s = ss.insertSheet(); return [s.getName(), s.getIndex(), ss.getActiveSheet().getName()]; },
        function () { var s = ss.insertSheet('Report', 0); return [s.getName(), s.getIndex(), ss.getSheets().map(function (x) { return x.getName(); })]; },
        function () { ss.insertSheet('Report'); },
        function () { ss.insertSheet('REPORT'); },
        function () { ss.insertSheet('x'.repeat(101)); },
        function () { ss.insertSheet(''); },
        function () { ss.insertSheet('Far', 9); },
        function () { return ss.insertSheet(1).getName(); },
      ]); }`);
    expect(menu('F').value).toEqual([
      ['Sheet2', 2, 'Sheet2'],
      ['Report', 1, ['Report', 'Sheet1', 'Sheet2']],
      'Exception: A sheet with the name "Report" already exists. Please enter another name.',
      'Exception: A sheet with the name "REPORT" already exists. Please enter another name.',
      'Exception: The sheet name cannot be longer than 100 characters.',
      'Exception: The sheet name cannot be empty.',
      'Exception: Invalid argument: sheetIndex',
      'Sheet4',
    ]);
    expect(rt.spreadsheet.sheets.map((s) => s.name)).toEqual(['Report', 'Sheet4', 'Sheet1', 'Sheet2']);
  });

  it('renames (names stay unique), deletes (never the last) and refuses a deleted sheet', () => {
    const { menu } =
      setup(`${catchAll} function F() { var ss = SpreadsheetApp.getActiveSpreadsheet(), a = ss.getSheets()[0], b = ss.insertSheet('B');
      var id = b.getSheetId();
      return tryAll([
        function () { a.setName('B'); },
        function () { a.setName('Alpha'); return [a.getName(), ss.getSheetByName('Sheet1'), ss.getSheetByName('alpha').getName()]; },
        function () { return ss.getSheetById(id).getName(); },
        function () { ss.deleteSheet(b); return ss.getSheets().length; },
        function () { b.getRange('A1').getValue(); },
        function () { ss.deleteSheet(a); },
      ]); }`);
    expect(menu('F').value).toEqual([
      'Exception: A sheet with the name "B" already exists. Please enter another name.',
      ['Alpha', null, 'Alpha'],
      'B',
      1,
      'Exception: The sheet has been deleted.',
      "Exception: You can't remove all the sheets in a document.",
    ]);
  });

  it('refuses a new sheet past 10,000,000 cells in the spreadsheet', () => {
    const { menu, rt } = setup(
      `${catchAll} function F() { var ss = SpreadsheetApp.getActive(); return tryAll([function () { ss.insertSheet('More'); }]); }`,
    );
    rt.spreadsheet.addSheet('Huge', [], { maxRows: 384_000, maxColumns: 26 }); // 9,984,000 + 26,000 = 10,010,000 cells
    expect(menu('F').value).toEqual([
      'Exception: This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
    ]);
  });

  it('clear() removes contents and formats, clearContent() keeps formats, notes stay', () => {
    const { menu, rt } = setup(`function F() { var s = SpreadsheetApp.getActiveSheet(), h = s.getRange('A1:B1');
        h.setValues([['Keyword', 'Trend']]).setFontWeight('bold').setBackground('#eeeeee').setNote('header');
        s.getRange('A2').setValue('x').setFontStyle('italic').setNumberFormat('0.00');
        var before = [h.getFontWeight(), h.getBackground(), s.getRange('A2').getFontStyle(), s.getRange('A2').getNumberFormat()];
        s.getRange('A2').clearContent();
        var kept = [s.getRange('A2').getFontStyle(), s.getRange('A2').getValue()];
        h.clear();
        return [before, kept, h.getValues(), h.getFontWeight(), h.getBackground(), h.getNote(), s.getLastRow()]; }`);
    expect(menu('F').value).toEqual([['bold', '#eeeeee', 'italic', '0.00'], ['italic', ''], [['', '']], 'normal', '#ffffff', 'header', 0]);
    expect(rt.spreadsheet.sheet('Sheet1').cell('B1')).toEqual({ value: '', note: 'header' });
  });

  it('shows numbers and dates through their number format', () => {
    const { menu, rt } = setup(`function F() { var r = SpreadsheetApp.getActiveSheet().getRange('A1:F1');
      var f = ['0.00', '#,##0', '0%', 'yyyy-mm-dd', 'General', '"$"#,##0.00'];
      for (var i = 0; i < 6; i++) r.getCell(1, i + 1).setNumberFormat(f[i]);
      return r.getDisplayValues()[0]; }`);
    rt.spreadsheet.setValues('Sheet1!A1', [[3.14159, 1234567, 0.256, new Date(Date.UTC(2024, 2, 5, 12)), 1 / 3, -5]]);
    expect(menu('F').value).toEqual(['3.14', '1,234,567', '26%', '2024-03-05', '0.3333333333', '-$5.00']);
  });

  it('sets one number format per cell with setNumberFormats, shown as Sheets shows them, values unchanged', () => {
    const { menu, rt } = setup(
      `${catchAll} function F() { var r = SpreadsheetApp.getActiveSheet().getRange('A1:C2'), before = r.getValues();
        r.setNumberFormats([['mmm yyyy', '#,##0', '0.0%'], ['0.00', '0.0"%"', '@" (UTC)"']]);
        return [r.getNumberFormats(), r.getDisplayValues(), r.getValues().join() === before.join(), tryAll([
          function () { r.setNumberFormats([['0.00', '0.00', '0.00']]); },
          function () { r.setNumberFormats([['0.00', '0.00'], ['0.00', '0.00']]); },
          function () { r.setNumberFormats([['0.00', 1, '0.00'], ['0.00', '0.00', '0.00']]); },
        ]), r.getNumberFormat()]; }
      function CELL() { SpreadsheetApp.getActiveSheet().getRange('A1').setNumberFormats([['0.00']]); }`,
      { timeZone: 'Europe/London' },
    );
    rt.spreadsheet.setValues('Sheet1!A1', [
      [new Date(Date.UTC(2025, 10, 1)), 534232, 0.6049314845],
      [1.0996500276, 4.1, 'Fetched at'],
    ]);
    expect(menu('F').value).toEqual([
      [
        ['mmm yyyy', '#,##0', '0.0%'],
        ['0.00', '0.0"%"', '@" (UTC)"'],
      ],
      [
        ['Nov 2025', '534,232', '60.5%'],
        ['1.10', '4.1%', 'Fetched at (UTC)'],
      ],
      true,
      [
        'Exception: The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
        'Exception: The number of columns in the data does not match the number of columns in the range. The data has 2 but the range has 3.',
        "Exception: The parameters (String[][]) don't match the method signature for SpreadsheetApp.Range.setNumberFormats.",
      ],
      'mmm yyyy',
    ]);
    expect(rt.run('CELL', []).error).toBe('You do not have permission to call setNumberFormats');
  });

  it('"General" is Sheets\' automatic format: setting it takes a cell\'s own format away', () => {
    const { menu, rt } = setup(`function F() { var r = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      r.setNumberFormats([['0.00', '#,##0']]); r.setNumberFormats([['General', '#,##0']]); r.getCell(1, 2).setNumberFormat('General');
      r.setValues([['2024-01-02', 1234]]); return [r.getNumberFormats(), r.getDisplayValues()]; }`);
    expect(menu('F').value).toEqual([[['yyyy-mm-dd', 'General']], [['2024-01-02', '1234']]]);
    expect(rt.spreadsheet.sheet('Sheet1').cell('B1').format).toBeUndefined();
  });
});

describe('SpreadsheetApp and the active selection', () => {
  it('gives the active sheet, range and current cell as the test set them', () => {
    const { menu, cell, rt } = setup(`function F() { var r = SpreadsheetApp.getActiveRange(), c = SpreadsheetApp.getCurrentCell();
        return [SpreadsheetApp.getActiveSheet().getName(), r.getA1Notation(), c.getA1Notation(), r.getSheet().getName()]; }
      function ME() { return SpreadsheetApp.getActiveRange().getA1Notation(); }
      function ACT() { var s = SpreadsheetApp.getActive().getSheetByName('Data'); s.activate(); s.getRange('C3').activate(); return SpreadsheetApp.getActiveRange().getA1Notation(); }`);
    rt.spreadsheet.addSheet('Data');
    expect(menu('F').value).toEqual(['Sheet1', 'A1', 'A1', 'Sheet1']);
    rt.spreadsheet.setActive('Data', 'B2:C4');
    expect(menu('F').value).toEqual(['Data', 'B2:C4', 'B2', 'Data']);
    rt.spreadsheet.setActive('Data', 'E7'); // the cell of a custom function
    expect(cell('ME').value).toBe('E7');
    expect(menu('ACT').value).toBe('C3');
    expect(rt.spreadsheet.active.sheet.name).toBe('Data');
  });

  it('records toasts', () => {
    const { menu, rt } = setup(`${catchAll} function F() { var ss = SpreadsheetApp.getActiveSpreadsheet();
      ss.toast('Done'); ss.toast('3 cells', 'Search Demand', 10);
      return tryAll([function () { ss.toast(3); }]); }`);
    expect(menu('F').value).toEqual([
      "Exception: The parameters (number) don't match the method signature for SpreadsheetApp.Spreadsheet.toast.",
    ]);
    expect(rt.toasts.map(({ message, title, timeoutSeconds, user }) => [message, title, timeoutSeconds, user])).toEqual([
      ['Done', '', 5, 'user@example.com'],
      ['3 cells', 'Search Demand', 10, 'user@example.com'],
    ]);
  });

  it('counts reads and writes so tests can catch cell-by-cell loops', () => {
    const { menu, rt } =
      setup(`function SLOW() { var s = SpreadsheetApp.getActiveSheet(); for (var i = 1; i <= 20; i++) s.getRange(i, 1).setValue(i); }
      function FAST() { var rows = []; for (var i = 1; i <= 20; i++) rows.push([i]); SpreadsheetApp.getActiveSheet().getRange(1, 2, 20, 1).setValues(rows); }`);
    menu('SLOW');
    expect(rt.spreadsheet.stats.writes).toBe(20);
    menu('FAST');
    expect(rt.spreadsheet.stats.writes).toBe(21);
    expect(rt.spreadsheet.sheet('Sheet1').getValues('A20:B20')).toEqual([[20, 20]]);
  });
});

describe('auth modes', () => {
  const code = `${catchAll}
    function CF() { var ss = SpreadsheetApp.getActiveSpreadsheet(), s = ss.getSheets()[0], r = s.getRange('A1:B1');
      return [tryAll([
        function () { return r.getValues()[0].join('+'); },
        function () { return s.getLastRow(); },
        function () { r.setValues([[1, 2]]); }, function () { r.setValue(1); }, function () { r.setFormula('=1'); },
        function () { r.clearContent(); }, function () { r.setNote('n'); }, function () { r.setBackground('red'); },
        function () { s.appendRow([1]); }, function () { s.setName('X'); }, function () { s.insertRowsAfter(1, 1); },
        function () { ss.insertSheet('New'); }, function () { ss.deleteSheet(s); }, function () { ss.toast('hi'); },
        function () { SpreadsheetApp.getUi(); }, function () { SpreadsheetApp.flush(); },
      ])]; }
    function onOpen(e) { SpreadsheetApp.getUi().createAddonMenu().addItem('Open', 'open').addToUi();
      return tryAll([
        function () { SpreadsheetApp.getActiveSpreadsheet(); }, function () { SpreadsheetApp.getActiveSheet(); },
        function () { SpreadsheetApp.getActiveRange(); }, function () { SpreadsheetApp.flush(); }, function () { SpreadsheetApp.getActive(); },
      ]); }
    function LIMITED(e) { var ss = SpreadsheetApp.getActive(); ss.getSheets()[0].getRange('C3').setValue('opened'); ss.toast('hello');
      return ss.getSheets()[0].getRange('C3').getValue(); }
  `;

  it('custom functions may read the spreadsheet but not write it', () => {
    const { cell, rt } = setup(code);
    rt.spreadsheet.setValues('Sheet1!A1', [['a', 'b']]);
    const deny = (m: string) => `Exception: You do not have permission to call ${m}`;
    expect(cell('CF').value).toEqual([
      [
        'a+b',
        1,
        deny('setValues'),
        deny('setValue'),
        deny('setFormula'),
        deny('clearContent'),
        deny('setNote'),
        deny('setBackground'),
        deny('appendRow'),
        deny('setName'),
        deny('insertRowsAfter'),
        deny('insertSheet'),
        deny('deleteSheet'),
        deny('toast'),
        'Exception: Cannot call SpreadsheetApp.getUi() from this context.',
        'ok',
      ],
    ]);
    expect(rt.spreadsheet.sheet('Sheet1').values).toEqual([['a', 'b']]);
    expect(rt.spreadsheet.sheets).toHaveLength(1);
    expect(rt.toasts).toEqual([]);
  });

  it('AuthMode.NONE reaches nothing of the document, only the Ui menus', () => {
    const { rt } = setup(code);
    const r = rt.run('onOpen', [triggerEvent('NONE')], { mode: 'simple-trigger', authMode: 'NONE' });
    const deny = (m: string) =>
      `Exception: You do not have permission to call SpreadsheetApp.${m}. Required permissions: https://www.googleapis.com/auth/spreadsheets.currentonly`;
    expect(r.value).toEqual([
      deny('getActiveSpreadsheet'),
      deny('getActiveSheet'),
      deny('getActiveRange'),
      deny('flush'),
      deny('getActive'),
    ]);
    expect(rt.ui.menus).toHaveLength(1);
  });

  it('simple triggers (LIMITED) may read and write the bound spreadsheet and show toasts', () => {
    const { rt } = setup(code);
    const r = rt.run('LIMITED', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    expect(r.value).toBe('opened');
    expect(rt.toasts).toHaveLength(1);
  });
});
