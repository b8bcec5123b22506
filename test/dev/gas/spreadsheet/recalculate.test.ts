import { describe, expect, it } from 'vitest';
import { FORMULA_MESSAGES, GasRuntime, RememberedResults, parseCustomCall, rememberKey } from '../../../../dev/gas/index.js';

const CODE = `
var calls = 0;
function ECHO(x) { return x; }
// Counts its runs in the script cache (Logger is not a service a custom function may call).
function COUNTED(x) { CacheService.getScriptCache().put('ran ' + x + ' ' + Utilities.getUuid(), '1'); return 'ran ' + x; }
function KEYED() { return PropertiesService.getUserProperties().getProperty('SDM_API_KEY') || 'no key'; }
function FAIL(x) { throw new Error('bad ' + x); }
function GRID(rows, cols) { var out = []; for (var r = 0; r < rows; r++) { var line = []; for (var c = 0; c < cols; c++) line.push(r * 10 + c); out.push(line); } return out; }
function DESCRIBE(a, b, c, d) { return [a, b, c, d].map(function (v) {
  if (v === undefined) return 'undefined'; if (v instanceof Date) return 'date'; if (Array.isArray(v)) return 'rows:' + v.length + 'x' + v[0].length + ':' + JSON.stringify(v); return typeof v + ':' + v; }).join(' | '); }
function edit() { var s = SpreadsheetApp.getActiveSheet(); s.getRange('B2').setValue('kept'); s.getRange('B5').clearContent(); }
function ACTIVE() { return SpreadsheetApp.getActiveRange().getA1Notation(); }
function helper_() { return 1; }
`;

describe('remembered custom-function results', () => {
  it('keys results by function name (case-insensitive) and normalised argument values', () => {
    const r = new RememberedResults<string>();
    r.set('SEARCH_TREND', [[['a'], ['']], new Date(5), 1], 'x');
    expect(r.get('search_trend', [[['a'], ['']], new Date(5), 1])).toBe('x');
    expect(r.get('SEARCH_TREND', [[['a'], ['']], new Date(6), 1])).toBeUndefined();
    expect(r.get('SEARCH_TREND', [[['a'], ['']], new Date(5), '1'])).toBeUndefined();
    expect(rememberKey('f', ['', undefined])).not.toBe(rememberKey('f', [undefined, '']));
    expect(r.size).toBe(1);
    r.clear();
    expect(r.size).toBe(0);
  });

  it('hands back a remembered result without running anything, errors included, per spreadsheet', () => {
    const rt = new GasRuntime({ code: CODE, cacheEarlyRemoval: { rate: 0 } }); // the cache counts runs: keep every item
    const runs = () => rt.caches.script.keys().length;
    const first = rt.evaluateCustomFunction('COUNTED', ['a']);
    expect(first).toMatchObject({ remembered: false, result: { ok: true, value: 'ran a' } });
    const again = rt.evaluateCustomFunction('COUNTED', ['a']);
    expect(again).toMatchObject({ remembered: true, result: { ok: true, value: 'ran a', fetchCount: 0 } });
    expect(runs()).toBe(1);
    expect(rt.evaluateCustomFunction('COUNTED', ['b']).remembered).toBe(false);
    expect(rt.evaluateCustomFunction('FAIL', [1]).result.error).toBe('bad 1');
    expect(rt.evaluateCustomFunction('FAIL', [1])).toMatchObject({ remembered: true, result: { ok: false, error: 'bad 1' } });
    // Another spreadsheet remembers its own.
    rt.addSpreadsheet({ id: 'other', owner: 'user@example.com', addonUsed: true });
    expect(rt.evaluateCustomFunction('COUNTED', ['a'], { document: 'other' }).remembered).toBe(false);
    expect(rt.rememberedResults().size).toBe(3);
    rt.rememberedResults().clear();
    expect(rt.evaluateCustomFunction('COUNTED', ['a']).remembered).toBe(false);
  });

  it('runs a formula again when an argument changes; with forgetRemembered, as Sheets may by itself, unchanged ones too', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.spreadsheet.setValues('Sheet1!A1', [['x']]);
    rt.spreadsheet.setFormula('Sheet1!B1', '=COUNTED(A1)');
    rt.spreadsheet.setFormula('Sheet1!B2', '=COUNTED("y")');
    expect(rt.recalculate().map((r) => r.remembered)).toEqual([false, false]);
    expect(rt.recalculate().map((r) => r.remembered)).toEqual([true, true]);
    rt.spreadsheet.setValues('Sheet1!A1', [['z']]); // a changed input always runs
    expect(rt.recalculate().map((r) => [r.cell, r.remembered])).toEqual([
      ['Sheet1!B1', false],
      ['Sheet1!B2', true],
    ]);
    const report = rt.recalculate(undefined, { forgetRemembered: true });
    expect(report.map((r) => [r.remembered, r.ok])).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  it('remembers a formula that failed for want of a key until its arguments change', () => {
    const rt = new GasRuntime({ code: CODE });
    expect(rt.evaluateCustomFunction('KEYED', []).result.value).toBe('no key');
    rt.properties.user.set('SDM_API_KEY', 'k');
    expect(rt.evaluateCustomFunction('KEYED', []).result.value).toBe('no key');
  });
});

describe('parsing formulas', () => {
  it('reads one custom-function call with literal, reference and named-range arguments', () => {
    expect(parseCustomCall('=SEARCH_TREND("say ""hi""", 2.5, TRUE, , A2, \'My Sheet\'!A2:A, Data!B1:C2, Inputs)')).toEqual({
      fn: 'SEARCH_TREND',
      args: [
        { kind: 'value', value: 'say "hi"' },
        { kind: 'value', value: 2.5 },
        { kind: 'value', value: true },
        { kind: 'empty' },
        { kind: 'ref', cells: 'A2' },
        { kind: 'ref', sheetName: 'My Sheet', cells: 'A2:A' },
        { kind: 'ref', sheetName: 'Data', cells: 'B1:C2' },
        { kind: 'name', name: 'Inputs' },
      ],
    });
    expect(parseCustomCall('=API_USAGE()')).toEqual({ fn: 'API_USAGE', args: [] });
    for (const other of ['=SUM(A1:A3)+1', '=F(A1)&"x"', '=F(G(1))', '=F({1,2})', '="text"', '=F("open']) {
      expect(parseCustomCall(other)).toBeNull();
    }
  });
});

describe('runtime.recalculate()', () => {
  it('evaluates custom-function formulas, passing arguments as Sheets does', () => {
    const rt = new GasRuntime({ code: CODE });
    const when = new Date(Date.UTC(2024, 0, 2));
    rt.spreadsheet.addSheet('My Data', [
      ['k1', 1],
      ['k2', when],
    ]);
    rt.spreadsheet.namedRanges.set('Pair', rt.spreadsheet.sheet('My Data'), { row: 1, column: 1, numRows: 1, numColumns: 2 });
    const sheet = rt.spreadsheet.sheet('Sheet1');
    sheet.setValues('A1', [['x', { formula: '=describe(A1, C1, , "q""uote")' }]]);
    sheet.setFormula('B2', "=DESCRIBE('My Data'!A1:B2, 'My Data'!B2, Pair, 'My Data'!A1:A1)");
    const report = rt.recalculate();
    expect(report.map((e) => [e.cell, e.fn, e.ok, e.remembered])).toEqual([
      ['Sheet1!B1', 'DESCRIBE', true, false],
      ['Sheet1!B2', 'DESCRIBE', true, false],
    ]);
    expect(rt.spreadsheet.getValues('Sheet1!B1:B2')).toEqual([
      ['string:x | string: | string: | string:q"uote'],
      [`rows:2x2:[["k1",1],["k2","${when.toISOString()}"]] | date | rows:1x2:[["k1",1]] | string:k1`],
    ]);
    expect(report[0]?.args).toEqual(['x', '', '', 'q"uote']);
    // The formulas stay; the same arguments are remembered on the next recalculation.
    expect(rt.spreadsheet.getFormulas('Sheet1!B1')).toEqual([['=describe(A1, C1, , "q""uote")']]);
    expect(rt.recalculate().every((e) => e.remembered)).toBe(true);
  });

  it('passes an open-ended range down to the last row of the sheet, blanks included', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.spreadsheet.addSheet('Short', [['a'], ['b']], { maxRows: 5, maxColumns: 3 });
    rt.spreadsheet.setFormula('Short!C1', '=DESCRIBE(A1:A)');
    rt.recalculate();
    expect(rt.spreadsheet.getValues('Short!C1')).toEqual([['rows:5x1:[["a"],["b"],[""],[""],[""]] | undefined | undefined | undefined']]);
  });

  it('spills a 2-D result right and down, and clears the old spill on the next run', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.spreadsheet.setFormula('Sheet1!B2', '=GRID(2, 3)');
    expect(rt.recalculate()).toEqual([{ cell: 'Sheet1!B2', fn: 'GRID', args: [2, 3], remembered: false, ok: true }]);
    expect(rt.spreadsheet.getValues('Sheet1!B2:D3')).toEqual([
      [0, 1, 2],
      [10, 11, 12],
    ]);
    rt.spreadsheet.setFormula('Sheet1!B2', '=GRID(1, 1)');
    rt.recalculate();
    expect(rt.spreadsheet.getValues('Sheet1!B2:D3')).toEqual([
      [0, '', ''],
      ['', '', ''],
    ]);
  });

  it('takes the spilled values away with the formula when a script writes a value over it or clears it, as Sheets does', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.spreadsheet.setValues('Sheet1!E3', [['mine']]);
    rt.spreadsheet.setFormula('Sheet1!B2', '=GRID(2, 3)');
    rt.spreadsheet.setFormula('Sheet1!B5', '=GRID(2, 2)');
    rt.recalculate();
    const run = rt.run('edit', [], { mode: 'menu' });
    expect(run.error).toBeUndefined();
    // B2's spill went with its formula; B5 only lost what it spilled (its own cell is cleared); E3 was never spilled.
    expect(rt.spreadsheet.getValues('Sheet1!B2:E6')).toEqual([
      ['kept', '', '', ''],
      ['', '', '', 'mine'],
      ['', '', '', ''],
      ['', '', '', ''],
      ['', '', '', ''],
    ]);
  });

  it("shows #REF! with Sheets' message when a spill would overwrite data or leave the sheet", () => {
    const rt = new GasRuntime({ code: CODE });
    rt.spreadsheet.addSheet('Small', [], { maxRows: 3, maxColumns: 3 });
    rt.spreadsheet.setValues('Sheet1!C3', [['in the way']]);
    rt.spreadsheet.setFormula('Sheet1!B2', '=GRID(2, 2)');
    rt.spreadsheet.setFormula('Small!B2', '=GRID(3, 1)');
    rt.spreadsheet.setFormula('Small!A1', '=GRID(1, 5)');
    const report = rt.recalculate();
    expect(report.map((e) => [e.cell, e.ok, e.error])).toEqual([
      ['Sheet1!B2', false, FORMULA_MESSAGES.overwrite('C3')],
      ['Small!A1', false, 'Result was not automatically expanded, please insert more columns (2).'],
      ['Small!B2', false, 'Result was not automatically expanded, please insert more rows (1).'],
    ]);
    expect(FORMULA_MESSAGES.overwrite('C3')).toBe('Array result was not expanded because it would overwrite data in C3.');
    expect(rt.spreadsheet.getValues('Sheet1!B2:C3')).toEqual([
      ['#REF!', ''],
      ['', 'in the way'],
    ]);
  });

  it('reports script errors as #ERROR!, a formula reading its own cell as circular, other formulas as unsupported', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.spreadsheet.setValues('Sheet1!A1', [
      [
        { formula: '=SUM(1,2)', value: 3 },
        { formula: '=FAIL("x")' },
        { formula: '=helper_()' },
        { formula: '=NOPE(1)' },
        { formula: '=ECHO(D1:E1)' },
      ],
    ]);
    const report = rt.recalculate();
    expect(report.map((e) => [e.cell, e.ok, e.error])).toEqual([
      ['Sheet1!A1', false, 'dev/gas: unsupported formula'],
      ['Sheet1!B1', false, 'bad x'],
      ['Sheet1!C1', false, 'dev/gas: unsupported formula'],
      ['Sheet1!D1', false, 'dev/gas: unsupported formula'],
      ['Sheet1!E1', false, FORMULA_MESSAGES.circular],
    ]);
    expect(rt.spreadsheet.getValues('Sheet1!A1:E1')).toEqual([[3, '#ERROR!', '', '', '#REF!']]);
  });

  it("runs each formula with its own cell active, in the spreadsheet's owner's name", () => {
    const rt = new GasRuntime({ code: CODE, userEmail: 'editor@example.com', owner: 'owner@example.com' });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'editor@example.com');
    rt.userProperties('owner@example.com').set('SDM_API_KEY', 'k');
    rt.spreadsheet.setValues('Sheet1!C4', [[{ formula: '=ACTIVE()' }, { formula: '=KEYED()' }]]);
    rt.recalculate();
    expect(rt.spreadsheet.getValues('Sheet1!C4:D4')).toEqual([['C4', 'k']]);
    expect(rt.spreadsheet.active.rect).toMatchObject({ row: 1, column: 1 });
  });
});
