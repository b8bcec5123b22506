/**
 * The playground's workbook keeps HyperFormula in step with the dev/gas spreadsheet, here with a small
 * Code.js in place of the add-on: results Sheets remembers, and a script that refreshes formulas the way
 * the add-on's "Refresh all formulas" does (a hidden sheet, the named cell SDM_REFRESH, formulas
 * rewritten to read it, then the cell changed), seen through the sheet views the page shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GasRuntime } from '../../../dev/gas/index.js';
import { evaluateCustomFunction } from '../../../dev/playground/evaluate.js';
import { Workbook } from '../../../dev/playground/workbook.js';

/** A custom function, and the add-on's refresh in a few lines (src/server/spreadsheet/addon-formulas.ts does the same calls). */
const CODE = `
function SEARCH_SCORE(keyword) { return String(keyword).length; }
function refresh() {
  var book = SpreadsheetApp.getActiveSpreadsheet();
  var counter = book.getRangeByName('SDM_REFRESH');
  if (!counter) {
    var active = book.getActiveSheet();
    var sheet = book.insertSheet('Search Demand add-on');
    counter = sheet.getRange(1, 1);
    counter.setValue('sdm-refresh:0');
    book.setNamedRange('SDM_REFRESH', counter);
    sheet.hideSheet();
    book.setActiveSheet(active);
  }
  var cell = book.getSheets()[0].getRange('A1');
  var formula = cell.getFormula();
  if (formula.indexOf('SDM_REFRESH') < 0) cell.setFormula(formula.replace(/\\)$/, ', SDM_REFRESH)'));
  counter.setValue('sdm-refresh:' + (Number(String(counter.getValue()).split(':')[1]) + 1));
}`;

let workbook: Workbook | undefined;
afterEach(() => workbook?.destroy());

/** A workbook over a runtime running CODE, counting executions and remembered results. */
function open(): { workbook: Workbook; runtime: GasRuntime; runs: unknown[][]; remembered: unknown[][]; refresh: () => void } {
  const runtime = new GasRuntime({ code: CODE, latency: false }); // no modelled latency: this is about what runs, not how long
  const runs: unknown[][] = [];
  const remembered: unknown[][] = [];
  workbook = new Workbook(runtime, {
    evaluate: (fn, args) => evaluateCustomFunction(runtime, fn, args),
    onEvaluation: ({ remembered: wasRemembered, fn }) => (wasRemembered ? remembered : runs).push([fn]),
    onInternalError: (error) => {
      throw error;
    },
  });
  const book = workbook;
  const refresh = () => {
    const result = runtime.run('refresh', [], { mode: 'menu' });
    expect(result.error).toBeUndefined();
    book.afterScript();
  };
  return { workbook, runtime, runs, remembered, refresh };
}

const a1 = (wb: Workbook) => wb.sheetViews()[0]!.cells.A1;

describe('the workbook, as Sheets runs custom functions', () => {
  it('a formula deleted and typed again gets its remembered result: nothing runs', () => {
    const { workbook, runs, remembered } = open();
    workbook.edit([{ row: 0, col: 0, input: '=SEARCH_SCORE("tea")' }]);
    workbook.edit([{ row: 1, col: 0, input: '=SEARCH_SCORE("tea")' }]);
    expect(runs).toHaveLength(1);
    expect(remembered).toHaveLength(1);
    workbook.edit([{ row: 0, col: 0, input: '' }]);
    workbook.edit([{ row: 0, col: 0, input: '=SEARCH_SCORE("tea")' }]);
    expect(runs).toHaveLength(1);
    expect(remembered).toHaveLength(2);
    expect(a1(workbook)).toMatchObject({ t: '3', f: '=SEARCH_SCORE("tea")' });
  });

  it('a refresh adds SDM_REFRESH and changes its cell: the formula runs again each time, on a sheet with no tab', () => {
    const { workbook, runtime, runs, remembered, refresh } = open();
    workbook.edit([{ row: 0, col: 0, input: '=SEARCH_SCORE("tea")' }]);
    expect(runs).toHaveLength(1);

    refresh();
    expect(a1(workbook)).toMatchObject({ t: '3', f: '=SEARCH_SCORE("tea", SDM_REFRESH)' });
    expect(runs).toHaveLength(2);
    // The hidden sheet holding the counter is not a tab, as in Sheets.
    expect(workbook.sheetViews().map((s) => s.name)).toEqual(['Sheet1']);
    expect(runtime.spreadsheet.findSheet('Search Demand add-on')?.hidden).toBe(true);

    refresh(); // nothing to rewrite now, but the counter changed
    expect(a1(workbook)?.f).toBe('=SEARCH_SCORE("tea", SDM_REFRESH)');
    expect(runs).toHaveLength(3);

    // A formula typed with SDM_REFRESH reads the counter too: the same call as A1, so remembered.
    workbook.edit([{ row: 2, col: 0, input: '=SEARCH_SCORE("tea", SDM_REFRESH)' }]);
    expect(workbook.sheetViews()[0]!.cells.A3).toMatchObject({ t: '3' });
    expect(runs).toHaveLength(3);
    expect(remembered).toHaveLength(1);
  });
});

describe('every sheet, as in Sheets', () => {
  it('formulas work on a sheet a script inserted, and refer across sheets by quoted name', () => {
    const { workbook, runtime } = open();
    const sheet = runtime.spreadsheet.insertSheet('sector:fintech');
    sheet.setValues('B3:B4', [['tea'], ['matcha']]);
    workbook.afterScript();
    const id = workbook.sheetId('sector:fintech');
    expect(id).toBeDefined();
    workbook.edit([{ sheet: id, row: 9, col: 0, input: '=SEARCH_SCORE(B3)' }]);
    workbook.edit([{ row: 0, col: 0, input: "=SEARCH_SCORE('sector:fintech'!B4)" }]);
    const views = workbook.sheetViews();
    expect(views.find((v) => v.name === 'sector:fintech')?.cells.A10).toMatchObject({ t: '3', f: '=SEARCH_SCORE(B3)' });
    expect(views[0]!.cells.A1).toMatchObject({ t: '6', f: "=SEARCH_SCORE('sector:fintech'!B4)" });
    // What the scripts see on that sheet: the formula with its value.
    expect(sheet.peek(10, 1)).toMatchObject({ formula: '=SEARCH_SCORE(B3)', value: 3 });
  });

  it('a script writing values over a formula keeps them: its spill is emptied first, as in Sheets', () => {
    const { workbook, runtime } = open();
    workbook.edit([
      { row: 0, col: 0, input: 'tea' },
      { row: 1, col: 0, input: 'matcha' },
      { row: 0, col: 1, input: '=SEARCH_SCORE(A1:A2)' },
    ]);
    const sheet = runtime.spreadsheet.sheets[0]!;
    // Freeze's order: the formula cell becomes its value, the spilled cell empties, the values go back.
    sheet.setValues('B1', [[3]]);
    expect(sheet.peek(2, 2)?.value ?? '').toBe('');
    sheet.setValues('B2', [[6]]);
    workbook.afterScript();
    const cells = workbook.sheetViews()[0]!.cells;
    expect(cells.B1).toEqual({ t: '3', k: 'n' });
    expect(cells.B2).toEqual({ t: '6', k: 'n' });
  });

  it('a sheet a script grew past 1,000 rows is shown whole, and formulas reach its last row', () => {
    const { workbook, runtime } = open();
    const sheet = runtime.spreadsheet.insertSheet('market:us');
    // A long ranking table: 1,967 brands under a title and a header (insertRankingTable adds a line under them).
    sheet.insertRows(1001, 969);
    sheet.setValues(
      'A1:B1969',
      Array.from({ length: 1969 }, (_, i) => [i < 2 ? 'head' : i - 1, `brand-${i}`]),
    );
    workbook.afterScript();
    const view = workbook.sheetViews().find((v) => v.name === 'market:us')!;
    expect([view.rows, view.columns]).toEqual([1969, 26]);
    expect(view.cells.A1969).toEqual({ t: '1967', k: 'n' });
    expect(view.cells.B1500).toEqual({ t: 'brand-1499' });
    const id = workbook.sheetId('market:us');
    workbook.edit([{ sheet: id, row: 1968, col: 3, input: '=SEARCH_SCORE(B1969)' }]);
    expect(workbook.sheetViews().find((v) => v.name === 'market:us')!.cells.D1969).toMatchObject({ t: '10' });
    // Sheet1 still has 1,000 rows: a result past them is #REF!, as in Sheets.
    expect(workbook.sheetViews()[0]!.rows).toBe(1000);
  });
});
