/**
 * The charts the add-on inserted (Sheets' own charts, kept by dev/gas on each sheet's model) as the page
 * draws them: the ranges side by side, the first column the labels, the first row the series' names
 * when it holds text over numbers, as Sheets reads a chart's data (dev/gas's chartData). A LINE chart
 * whose domain axis is continuous (dev/gas's chartDomain: dates, "Treat labels as text" off) spaces its
 * points by time, with month ticks labelled as the chart's hAxis.format asks (so does a stacked AREA chart).
 * Drawn as the chart asked: a LINE chart as lines, a COLUMN chart as columns, an AREA chart with
 * `isStacked: true` as bands stacked from zero, its legend hidden when it asked for none, its value axis in
 * percentages when `vAxis.format` is "percent"; a type the page cannot draw (an AREA chart not stacked too)
 * says so instead of being drawn as another. Sized from the chart's width and height options
 * (Sheets' default 600 × 371 pixels) in the page's cells.
 */
import {
  chartData,
  chartDomain,
  chartOption,
  columnLetters,
  displayValue,
  type Cell,
  type ChartDomain,
  type ChartModel,
  type SheetModel,
} from '../gas/index.js';
import type { ChartView } from './state.js';

/** The chart types the page draws, by Sheets' name (an AREA chart only stacked: see kindOf). */
const KINDS: Record<string, ChartView['kind']> = { LINE: 'line', COLUMN: 'column', AREA: 'stacked-area' };

/** How the page draws a chart, or undefined when it cannot: an AREA chart only when `isStacked` is true. */
function kindOf(chart: ChartModel): ChartView['kind'] | undefined {
  if (chart.type === 'AREA' && chartOption(chart.options, 'isStacked') !== true) return undefined;
  return KINDS[chart.type];
}

/** The page's rows, in pixels (page/style.css); columns are as wide as the sheet holds them. */
const CELL = { height: 22 };
const DEFAULT_SIZE = { width: 600, height: 371 };

/**
 * Every chart of a sheet, with its data read now.
 * @param sheet a sheet of the runtime's spreadsheet
 * @param timeZone the spreadsheet's, for date labels
 */
export function modelChartViews(sheet: SheetModel, timeZone: string): ChartView[] {
  return sheet.charts.map((chart) => modelChartView(sheet, chart, timeZone));
}

/** How many columns from `first` a chart `width` pixels wide covers, at the sheet's column widths. */
function columnsCovering(sheet: SheetModel, first: number, width: number): number {
  let n = 0;
  for (let covered = 0; covered < width; n++) covered += sheet.columnWidths.get(first + n);
  return n;
}

function modelChartView(sheet: SheetModel, chart: ChartModel, timeZone: string): ChartView {
  const size = (name: 'width' | 'height') => (typeof chart.options[name] === 'number' ? chart.options[name] : DEFAULT_SIZE[name]);
  const view: ChartView = {
    id: `chart-${chart.id}`,
    sheet: sheet.name,
    anchor: `${columnLetters(chart.position.column)}${chart.position.row}`,
    columns: Math.max(2, columnsCovering(sheet, chart.position.column, size('width'))),
    rows: Math.max(4, Math.ceil(size('height') / CELL.height)),
    title: typeof chart.options.title === 'string' ? chart.options.title : '',
    labels: [],
    series: [],
    deletable: false,
    kind: kindOf(chart) ?? 'line',
    percent: chartOption(chart.options, 'vAxis.format') === 'percent',
    legend: !isRecord(chart.options.legend) || chart.options.legend.position !== 'none',
  };
  // The ranges side by side, as Sheets reads them (dev/gas's chartData), the first column the domain.
  const { grid, headed } = chartData(sheet, chart);
  const text = (c: Cell | undefined) => (c ? displayValue(c.value, c.format?.numberFormat, timeZone) : '');
  const first = grid[0];
  const body = headed ? grid.slice(1) : grid;
  const width = first?.length ?? 0;
  view.labels = body.map((line) => text(line[0]));
  for (let j = 1; j < width; j++) {
    view.series.push({
      name: headed ? text(first?.[j]) : `Series ${j}`,
      values: body.map((line) => (typeof line[j]?.value === 'number' ? (line[j]?.value as number) : null)),
    });
  }
  const domain = chartDomain(sheet, chart);
  if ((chart.type === 'LINE' || chart.type === 'AREA') && domain.axis === 'continuous') view.time = timeAxis(domain, timeZone);
  if (!kindOf(chart)) {
    view.empty = `The playground draws line, column and stacked area charts only; Sheets draws this ${chart.type} chart.`;
  } else if (!view.series.some((s) => s.values.some((v) => v !== null))) view.empty = "No data in the chart's range yet.";
  return view;
}

const DAY = 86_400_000;
/** About this many month labels fit under a chart (the page's are at most 6 cells wide). */
const MAX_TICKS = 6;

/**
 * A continuous date axis as Sheets draws it: each point at its day (UTC days of the spreadsheet's
 * dates, so the gaps are true), ticks on the first of a month, every so many months, labelled with the
 * chart's hAxis.format (read as a number format: its month and year letters mean the same) or, when it
 * has none, as the domain's cells are shown.
 */
function timeAxis(domain: ChartDomain, timeZone: string): NonNullable<ChartView['time']> {
  const days = domain.cells.map((c) => {
    if (typeof c.value === 'number') return c.value - 25_569; // a serial number: days since 1899-12-30
    if (!(c.value instanceof Date)) return null;
    return Date.parse(`${displayValue(c.value, 'yyyy-mm-dd', timeZone)}T00:00:00Z`) / DAY;
  });
  const known = days.filter((d): d is number => d !== null);
  const [min, max] = [Math.min(...known), Math.max(...known)];
  const start = new Date(min * DAY);
  const months: number[] = [];
  for (let m = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1)); m.getTime() <= max * DAY;) {
    if (m.getTime() >= min * DAY) months.push(m.getTime() / DAY);
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
  }
  if (!months.length) months.push(min);
  const every = Math.ceil(months.length / MAX_TICKS);
  const format = domain.format ?? domain.cells.find((c) => c.value !== '')?.format?.numberFormat;
  const ticks = months.filter((_, i) => i % every === 0).map((day) => ({ day, label: displayValue(new Date(day * DAY), format, 'UTC') }));
  return { days, ticks };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
