/**
 * Writes a template's plan on a new sheet: every cell in one setValues (a formula is written as its
 * text, which Sheets stores as a formula; other text that Sheets would read as one gets the quote
 * prefix), headers bold, the growth column's colours, number formats (shares as percentages, months as
 * months…), columns as wide as their headers, and the chart.
 */
import type { Cell } from '../shape/shape';
import { asValues } from '../spreadsheet/sheet-areas';
import { CHART_PIXELS, type Area, type SheetPlan } from './template-plan';
import { widenColumns } from '../spreadsheet/column-widths';
import { planWidths } from './template-widths';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** A time axis's labels: month and year ("Mar 2026"), as tracking charts say them. */
const MONTH_AXIS_FORMAT = 'MMM yyyy';

/** Growth above zero and below, in Sheets' own light green and light red. */
const GREEN = '#d9ead3';
const RED = '#f4cccc';

/**
 * Writes the plan on an empty sheet, growing it where the plan reaches further.
 * @param sheet a new sheet
 * @param plan what to write
 */
export function writePlan(sheet: Sheet, plan: SheetPlan): void {
  const { rows, columns } = plan.size;
  if (rows > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), rows - sheet.getMaxRows());
  if (columns > sheet.getMaxColumns()) sheet.insertColumnsAfter(sheet.getMaxColumns(), columns - sheet.getMaxColumns());
  const grid: Cell[][] = Array.from({ length: rows }, () => Array.from({ length: columns }, () => ''));
  for (const cell of plan.cells) {
    const line = grid[cell.row - 1];
    if (line) line[cell.column - 1] = cell.formula ?? asValues([[cell.value ?? '']])[0]?.[0] ?? '';
  }
  sheet.getRange(1, 1, rows, columns).setValues(grid);
  for (const area of plan.bold) rangeOf(sheet, area).setFontWeight('bold');
  if (plan.growth) {
    const range = rangeOf(sheet, plan.growth);
    sheet.setConditionalFormatRules([
      SpreadsheetApp.newConditionalFormatRule().whenNumberGreaterThan(0).setBackground(GREEN).setRanges([range]).build(),
      SpreadsheetApp.newConditionalFormatRule().whenNumberLessThan(0).setBackground(RED).setRanges([range]).build(),
    ]);
  }
  if (plan.formats.length) {
    // Every format in one write (the sheet is new: its other cells keep Sheets' own).
    const formats = Array.from({ length: rows }, () => Array.from({ length: columns }, () => 'General'));
    for (const { area, format } of plan.formats) {
      for (let r = area.row; r < area.row + area.rows; r++)
        for (let c = area.column; c < area.column + area.columns; c++) {
          const line = formats[r - 1];
          if (line && c <= columns) line[c - 1] = format;
        }
    }
    sheet.getRange(1, 1, rows, columns).setNumberFormats(formats);
  }
  widenColumns(sheet, 1, planWidths(plan), 'new'); // its headers and examples whole (the sheet is new)
  if (plan.chart) insertChart(sheet, plan.chart);
}

function insertChart(sheet: Sheet, chart: NonNullable<SheetPlan['chart']>): void {
  const stacked = chart.kind === 'stacked-area';
  let builder = sheet.newChart().setChartType(stacked ? Charts.ChartType.AREA : Charts.ChartType.COLUMN);
  for (const area of chart.ranges) builder = builder.addRange(rangeOf(sheet, area));
  builder = builder
    .setPosition(chart.row, chart.column, 0, 0)
    .setOption('title', chart.title)
    .setOption('width', CHART_PIXELS.width)
    .setOption('height', CHART_PIXELS.height);
  if (stacked) {
    // Each month's shares stacked (Google Charts' isStacked: they add up to 100 %), one series per
    // name with its legend, on a time axis of months labelled "Mar 2026" (as tracking charts are).
    builder = builder
      .setOption('isStacked', true)
      .setOption('legend', { position: 'bottom' })
      .setOption('vAxis.format', 'percent')
      .setOption('treatLabelsAsText', false)
      .setOption('hAxis.format', MONTH_AXIS_FORMAT);
  } else {
    // One series, named by the title: a legend would only repeat its raw header.
    builder = builder.setOption('legend', { position: 'none' });
  }
  sheet.insertChart(builder.build());
}

function rangeOf(sheet: Sheet, area: Area): GoogleAppsScript.Spreadsheet.Range {
  return sheet.getRange(area.row, area.column, area.rows, area.columns);
}
