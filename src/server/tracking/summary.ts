/**
 * What a list shows beside its history, in columns the add-on owns on its sheet: "Change since last
 * period" (item, latest, previous, change, direction: values the user can sort), the chart's data (a
 * date column and one column per item), and Sheets' own line chart over that data, updated as rows are
 * appended. The tracked value is the series' when the answer has one (so backfilled months draw from
 * day one), else the score. Growth to the right never lands on the user's cells.
 */
import type { Cell } from '../shape/shape';
import { areaA1, areaIsEmpty, asValues } from '../spreadsheet/sheet-areas';
import { historyHeader, holdsData, type HistoryRow } from './history';
import type { TrackRecord } from './tracking-records';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The chart sits below the change view, left of the chart data: the six columns between them are 600
 * pixels at Sheets' default column width (100), so a narrower chart never covers the data it draws.
 */
const CHART_SIZE = { width: 560, height: 320 };

/** Where the change view and the chart data start, and the columns the add-on owns in all. */
export function summaryColumns(list: TrackRecord): { change: number; data: number; width: number } {
  const change = historyHeader(list).length + 2;
  const data = change + 6;
  return { change, data, width: data + list.items.length };
}

/** What the chart and the change view are about: the series' path, or the score. */
export function valueLabel(list: TrackRecord): string {
  return list.series?.value ?? 'Score';
}

/**
 * Each item's latest and previous values (by period), as the change view's rows. In a list with a series,
 * a run's row holds the series' newest point, which the same run backfilled under its own month: that
 * backfilled row is the same figure, so the previous value is the point before it (last month's).
 * @param list the list
 * @param rows the history
 */
export function changeRows(list: TrackRecord, rows: HistoryRow[]): Cell[][] {
  return list.items.map((item) => {
    const points = rows.filter((r) => r.item === item && holdsData(r) && r.value !== null).sort((a, b) => (a.period < b.period ? -1 : 1));
    const newestBackfill = points.filter((p) => p.status === 'backfilled').pop();
    const readings = points.filter((p, i) => {
      const next = points[i + 1];
      return !(list.series && p === newestBackfill && next?.status === 'ok' && next.value === p.value);
    });
    const latest = readings[readings.length - 1]?.value ?? null;
    const previous = readings[readings.length - 2]?.value ?? null;
    if (latest === null) return [`'${item}`, '', '', '', ''];
    if (previous === null) return [`'${item}`, latest, '', '', 'new'];
    const change = Math.round((latest - previous) * 1e6) / 1e6;
    return [`'${item}`, latest, previous, change, change > 0 ? 'up' : change < 0 ? 'down' : 'same'];
  });
}

/**
 * The chart's data: one row per date a value was recorded on, one column per item.
 * @param list the list
 * @param rows the history
 */
export function chartRows(list: TrackRecord, rows: HistoryRow[]): Cell[][] {
  const byDate = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (!holdsData(r) || r.value === null) continue;
    const at = byDate.get(r.date) ?? new Map<string, number>();
    at.set(r.item, r.value);
    byDate.set(r.date, at);
  }
  return [...byDate.keys()].sort().map((date) => [date, ...list.items.map((item) => byDate.get(date)?.get(item) ?? '')]);
}

/**
 * Writes the change view and the chart data, then inserts or updates the chart. Returns the columns
 * now owned and the chart's id, or why nothing was written (it would grow into the user's cells).
 * @param sheet the history sheet
 * @param list the list
 * @param rows the whole history, as written
 */
export function writeSummary(
  sheet: Sheet,
  list: TrackRecord,
  rows: HistoryRow[],
): { width: number; chartId: number | null; problem: string } {
  const { change, data, width } = summaryColumns(list);
  const label = valueLabel(list);
  const changes = changeRows(list, rows);
  const points = chartRows(list, rows);
  const height = 2 + Math.max(changes.length, points.length);
  const last = Math.max(sheet.getLastRow(), height);
  if (width > sheet.getMaxColumns()) sheet.insertColumnsAfter(sheet.getMaxColumns(), width - sheet.getMaxColumns());
  if (height > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), height - sheet.getMaxRows());
  if (width > list.width && !areaIsEmpty(sheet, 1, list.width + 1, last, width - list.width)) {
    const area = areaA1(sheet.getName(), 1, list.width + 1, last, width - list.width);
    return {
      width: list.width,
      chartId: list.chartId,
      problem: `The chart data would grow into your cells at ${area}: move them to update the chart.`,
    };
  }
  // Only our own columns are cleared: the old view may have been longer (or sorted by the user).
  sheet.getRange(1, change, last, width - change + 1).clearContent();
  const pad = (row: Cell[], n: number) => [...row, ...Array<Cell>(Math.max(0, n - row.length)).fill('')];
  const changeBlock = [pad([`Change since last period · ${label}`], 5), ['Item', 'Latest', 'Previous', 'Change', 'Direction'], ...changes];
  sheet.getRange(1, change, changeBlock.length, 5).setValues(asValues(changeBlock));
  const dataBlock = [pad([`Chart data · ${label}`], list.items.length + 1), ['Date', ...list.items.map((item) => `'${item}`)], ...points];
  sheet.getRange(1, data, dataBlock.length, list.items.length + 1).setValues(asValues(dataBlock));
  sheet.getRange(1, change, 2, width - change + 1).setFontWeight('bold');
  return { width, chartId: points.length ? drawChart(sheet, list, dataBlock.length - 1) : list.chartId, problem: '' };
}

/** Inserts the list's line chart of its data, or updates the one it has; returns its id. */
function drawChart(sheet: Sheet, list: TrackRecord, dataRows: number): number | null {
  const { change, data } = summaryColumns(list);
  const range = sheet.getRange(2, data, dataRows, list.items.length + 1);
  const charts = sheet.getCharts();
  const existing = charts.find((c) => c.getChartId() === list.chartId);
  const builder = (existing ? existing.modify().clearRanges() : sheet.newChart().setChartType(Charts.ChartType.LINE))
    .addRange(range)
    // Below the change view (which grows with the items), beside the chart data (CHART_SIZE).
    .setPosition(list.items.length + 4, change, 0, 0)
    .setOption('title', `${list.name}: ${valueLabel(list)}`)
    .setOption('legend', { position: 'bottom' })
    .setOption('interpolateNulls', true)
    .setOption('width', CHART_SIZE.width)
    .setOption('height', CHART_SIZE.height);
  if (existing) {
    sheet.updateChart(builder.build());
    return list.chartId;
  }
  sheet.insertChart(builder.build());
  const known = new Set(charts.map((c) => c.getChartId()));
  return (
    sheet
      .getCharts()
      .map((c) => c.getChartId())
      .find((id) => id !== null && !known.has(id)) ?? null
  );
}
