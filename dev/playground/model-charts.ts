/**
 * The charts the add-on inserted (Sheets' own charts, kept by dev/gas on each sheet's model) as the page
 * draws them: the ranges side by side, the first column the labels, the first row the series' names
 * when it holds text over numbers, as Sheets reads a chart's data. Drawn as the chart asked: a LINE
 * chart as lines, a COLUMN chart as columns, its legend hidden when it asked for none; a type the page
 * cannot draw says so instead of being drawn as another. Sized from the chart's width and height options
 * (Sheets' default 600 × 371 pixels) in the page's cells.
 */
import { columnLetters, displayValue, type ChartModel, type SheetModel } from '../gas/index.js';
import type { ChartView } from './state.js';

/** The chart types the page draws, by Sheets' name. */
const KINDS: Record<string, ChartView['kind']> = { LINE: 'line', COLUMN: 'column' };

/** The page's cells, in pixels (page/grid.js and page/style.css). */
const CELL = { width: 100, height: 22 };
const DEFAULT_SIZE = { width: 600, height: 371 };

/**
 * Every chart of a sheet, with its data read now.
 * @param sheet a sheet of the runtime's spreadsheet
 * @param timeZone the spreadsheet's, for date labels
 */
export function modelChartViews(sheet: SheetModel, timeZone: string): ChartView[] {
  return sheet.charts.map((chart) => modelChartView(sheet, chart, timeZone));
}

function modelChartView(sheet: SheetModel, chart: ChartModel, timeZone: string): ChartView {
  const size = (name: 'width' | 'height') => (typeof chart.options[name] === 'number' ? chart.options[name] : DEFAULT_SIZE[name]);
  const view: ChartView = {
    id: `chart-${chart.id}`,
    sheet: sheet.name,
    anchor: `${columnLetters(chart.position.column)}${chart.position.row}`,
    columns: Math.max(2, Math.ceil(size('width') / CELL.width)),
    rows: Math.max(4, Math.ceil(size('height') / CELL.height)),
    title: typeof chart.options.title === 'string' ? chart.options.title : '',
    labels: [],
    series: [],
    deletable: false,
    kind: KINDS[chart.type] ?? 'line',
    legend: !isRecord(chart.options.legend) || chart.options.legend.position !== 'none',
  };
  // The ranges side by side, each read as its cells (Sheets joins several ranges column-wise).
  const grid: { text: string; value: unknown }[][] = [];
  for (const r of chart.ranges) {
    for (let i = 0; i < r.numRows; i++) {
      const line = (grid[i] ??= []);
      for (let j = 0; j < r.numColumns; j++) {
        const cell = sheet.peek(r.row + i, r.column + j);
        line.push({ text: cell ? displayValue(cell.value, cell.format?.numberFormat, timeZone) : '', value: cell?.value ?? '' });
      }
    }
  }
  const [first, ...rest] = grid;
  const headed = !!first && rest.length > 0 && first.slice(1).some((c) => typeof c.value === 'string' && c.value !== '');
  const body = headed ? rest : grid;
  const width = first?.length ?? 0;
  view.labels = body.map((line) => line[0]?.text ?? '');
  for (let j = 1; j < width; j++) {
    view.series.push({
      name: headed ? (first?.[j]?.text ?? '') : `Series ${j}`,
      values: body.map((line) => (typeof line[j]?.value === 'number' ? (line[j]?.value as number) : null)),
    });
  }
  if (!KINDS[chart.type]) view.empty = `The playground draws line and column charts only; Sheets draws this ${chart.type} chart.`;
  else if (!view.series.some((s) => s.values.some((v) => v !== null))) view.empty = "No data in the chart's range yet.";
  return view;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
