/**
 * Sheets' own charts in dev/gas: the newChart() builder, insertChart, getCharts, updateChart,
 * removeChart and Charts.ChartType, with the same write rules as cells (refused in custom functions and
 * in AuthMode.NONE) and dev/gas's strict rules where Google is silent.
 */
import { describe, expect, it } from 'vitest';
import { CHART_MESSAGES, GasRuntime, chartDomain, triggerEvent } from '../../../../dev/gas/index.js';

const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

function setup(code: string) {
  const rt = new GasRuntime({ code: `${catchAll}\n${code}`, latency: false });
  rt.spreadsheet.addSheet('Data', [
    ['Date', 'coffee', 'tea'],
    ['2026-01-05', 10, 4],
    ['2026-01-12', 12, 5],
  ]);
  const menu = (fn: string, args: unknown[] = []) => rt.run(fn, args, { mode: 'menu' });
  return { rt, menu };
}

describe('charts', () => {
  it('inserts a line chart over a range of its sheet, lists it with an id, updates and removes it', () => {
    const { rt, menu } = setup(`
      function INSERT() {
        var s = SpreadsheetApp.getActive().getSheetByName('Data');
        var built = s.newChart().setChartType(Charts.ChartType.LINE).addRange(s.getRange('A1:C3')).addRange(s.getRange('A1:C3'))
          .setPosition(5, 2, 0, 0).setOption('title', 'Coffee and tea').build();
        s.insertChart(built);
        var c = s.getCharts()[0];
        return [built.getChartId(), typeof c.getChartId(), c.getRanges().map(function (r) { return r.getA1Notation(); }),
          c.getOptions().get('title'), c.getOptions().get('width'), c.getContainerInfo().getAnchorRow(), c.getContainerInfo().getAnchorColumn()];
      }
      function GROW() {
        var s = SpreadsheetApp.getActive().getSheetByName('Data');
        s.getRange('A4:C4').setValues([['2026-01-19', 15, 6]]);
        var c = s.getCharts()[0];
        s.updateChart(c.modify().clearRanges().addRange(s.getRange('A1:C4')).setOption('title', 'Grown').build());
        var after = s.getCharts();
        return [after.length, after[0].getChartId() === c.getChartId(), after[0].getRanges()[0].getA1Notation(), after[0].getOptions().get('title')];
      }
      function REMOVE() {
        var s = SpreadsheetApp.getActive().getSheetByName('Data');
        var c = s.getCharts()[0];
        s.removeChart(c);
        return tryAll([function () { return s.getCharts().length; }, function () { s.removeChart(c); }, function () { s.updateChart(c.modify().build()); }]);
      }`);
    const inserted = menu('INSERT');
    expect(inserted.error).toBeUndefined();
    // A chart only built has no id; the one on the sheet has (a range added twice is kept once).
    expect(inserted.value).toEqual([null, 'number', ['A1:C3'], 'Coffee and tea', null, 5, 2]);
    const [chart] = rt.spreadsheet.sheet('Data').charts;
    expect(chart).toMatchObject({
      type: 'LINE',
      ranges: [{ row: 1, column: 1, numRows: 3, numColumns: 3 }],
      options: { title: 'Coffee and tea' },
    });

    expect(menu('GROW').value).toEqual([1, true, 'A1:C4', 'Grown']);
    expect(rt.spreadsheet.sheet('Data').charts[0]?.id).toBe(chart?.id);
    expect(menu('REMOVE').value).toEqual([0, `Exception: ${CHART_MESSAGES.notOnSheet}`, `Exception: ${CHART_MESSAGES.notOnSheet}`]);
  });

  it('is strict where Google is silent: a type, a range on its own sheet, inside it, inserted once', () => {
    const { menu } = setup(`
      function F() {
        var ss = SpreadsheetApp.getActive(), s = ss.getSheetByName('Data'), other = ss.getSheetByName('Sheet1');
        var ok = s.newChart().setChartType(Charts.ChartType.LINE).addRange(s.getRange('A1:C3')).build();
        return tryAll([
          function () { s.newChart().addRange(s.getRange('A1:B2')).build(); },
          function () { s.newChart().addRange(other.getRange('A1:B2')); },
          function () { s.insertChart(s.newChart().setChartType(Charts.ChartType.LINE).build()); },
          function () { other.insertChart(ok); },
          function () { s.insertChart(s.newChart().setChartType(Charts.ChartType.LINE).addRange(s.getRange('A1:B2')).setPosition(5000, 1, 0, 0).build()); },
          function () { s.newChart().setChartType('DONUT'); },
          function () { s.insertChart(ok); s.insertChart(s.getCharts()[0]); },
          function () { return s.getCharts().length; },
        ]);
      }`);
    expect(menu('F').value).toEqual([
      `Exception: ${CHART_MESSAGES.noType}`,
      `Exception: ${CHART_MESSAGES.otherSheet}`,
      `Exception: ${CHART_MESSAGES.noRange}`,
      `Exception: ${CHART_MESSAGES.builtElsewhere}`,
      `Exception: ${CHART_MESSAGES.badAnchor}`,
      "Exception: The parameters (String) don't match the method signature for SpreadsheetApp.EmbeddedChartBuilder.setChartType.",
      `Exception: ${CHART_MESSAGES.alreadyInserted}`,
      1,
    ]);
  });

  it('refuses chart writes in a custom function, and reaches no sheet in AuthMode.NONE', () => {
    const { rt, menu } = setup(`
      function SETUP() { var s = SpreadsheetApp.getActive().getSheetByName('Data');
        s.insertChart(s.newChart().setChartType(Charts.ChartType.LINE).addRange(s.getRange('A1:C3')).build()); }
      function CELL() {
        var s = SpreadsheetApp.getActive().getSheetByName('Data');
        var built = s.newChart().setChartType(Charts.ChartType.LINE).addRange(s.getRange('A1:C3')).build();
        return tryAll([function () { s.insertChart(built); }, function () { s.updateChart(s.getCharts()[0].modify().build()); },
          function () { s.removeChart(s.getCharts()[0]); }, function () { return s.getCharts().length; }]).join(' | ');
      }
      function onOpen(e) { return tryAll([function () { return Charts.ChartType.LINE; }, function () { SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getCharts(); }]); }`);
    expect(menu('SETUP').ok).toBe(true);
    expect(rt.run('CELL').value).toBe(
      'Exception: You do not have permission to call insertChart | Exception: You do not have permission to call updateChart | ' +
        'Exception: You do not have permission to call removeChart | 1',
    );
    const none = rt.run('onOpen', [triggerEvent('NONE')], { mode: 'simple-trigger', authMode: 'NONE' });
    expect(none.value).toEqual([
      'LINE',
      'Exception: You do not have permission to call SpreadsheetApp.getActiveSpreadsheet. Required permissions: https://www.googleapis.com/auth/spreadsheets.currentonly',
    ]);
    expect(rt.spreadsheet.sheet('Data').charts).toHaveLength(1);
  });

  it('goes with its sheet, and costs a document write to insert', () => {
    const { rt, menu } = setup(`
      function F() { var s = SpreadsheetApp.getActive().getSheetByName('Data');
        s.insertChart(s.newChart().setChartType(Charts.ChartType.COLUMN).addRange(s.getRange('A1:B3')).build()); }`);
    const result = menu('F');
    expect(result.serviceCalls).toMatchObject({ 'spreadsheet.insertChart': 1 });
    expect(result.serviceCalls['spreadsheet.newChart']).toBeUndefined();
    const data = rt.spreadsheet.sheet('Data');
    expect(data.charts).toHaveLength(1);
    rt.spreadsheet.deleteSheet('Data');
    expect(rt.spreadsheet.sheets.flatMap((s) => s.charts)).toEqual([]);
  });

  it('reads the domain axis as Sheets draws it: time only for dates with Treat labels as text off, labelled by hAxis.format', () => {
    const { rt, menu } = setup(`
      function CHART(options) {
        var s = SpreadsheetApp.getActive().getSheetByName('Data');
        var b = s.newChart().setChartType(Charts.ChartType.LINE).addRange(s.getRange('A1:C3'));
        Object.keys(options).forEach(function (k) { b = b.setOption(k, options[k]); });
        s.insertChart(b.build());
      }
      function DATES(rows) {
        SpreadsheetApp.getActive().getSheetByName('Data').getRange('A2:A3').setValues(rows);
      }`);
    const data = rt.spreadsheet.sheet('Data');
    const axis = () => data.charts.map((c) => chartDomain(data, c)).map((d) => [d.axis, d.format]);
    // Typed dates ('2026-01-05' is stored as a date): a time axis only once the chart turns labels-as-text off.
    expect(menu('DATES', [[['2026-01-05'], ['2026-01-12']]]).error).toBeUndefined();
    expect(menu('CHART', [{}]).error).toBeUndefined();
    expect(menu('CHART', [{ treatLabelsAsText: false, 'hAxis.format': 'MMM yyyy' }]).error).toBeUndefined();
    expect(menu('CHART', [{ treatLabelsAsText: false, hAxis: { format: 'MMM d' } }]).error).toBeUndefined();
    expect(axis()).toEqual([
      ['discrete', null],
      ['continuous', 'MMM yyyy'],
      ['continuous', 'MMM d'],
    ]);
    // The header row is not the domain: the two dates are.
    expect(chartDomain(data, data.charts[1]!).cells.map((c) => c.value instanceof Date)).toEqual([true, true]);
    // Dates kept as text are categories, whatever the chart asks.
    expect(menu('DATES', [[["'2026-01-05"], ["'2026-01-12"]]]).error).toBeUndefined();
    expect(axis().map(([a]) => a)).toEqual(['discrete', 'discrete', 'discrete']);
  });
});
