/**
 * What a list shows beside its history, in columns the add-on owns on its sheet: "Change since last
 * period" (item, latest, previous, change, direction: values the user can sort), the chart's data (a
 * date column and one column per item), and Sheets' own line chart over that data, updated as rows are
 * appended. The tracked value is the series' when the answer has one (so backfilled months draw from
 * day one), else the score. Growth to the right never lands on the user's cells.
 */
import { columnFormats, inSentence, type Cell } from '../shape/shape';
import { areaA1, areaIsEmpty, asValues } from '../spreadsheet/sheet-areas';
import { columnTexts, type ColumnTexts } from '../spreadsheet/column-widths';
import { DAY_FORMAT, dayAsDate } from '../spreadsheet/sheet-dates';
import { backfillUnit, historyHeader, holdsData, itemWord, valueWords, type HistoryRow } from './history';
import { monthOf } from './period';
import type { TrackRecord } from './tracking-records';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The chart sits below the change view, left of the chart data: the six columns between them are 600
 * pixels at Sheets' default column width (100), so a narrower chart never covers the data it draws.
 */
const CHART_SIZE = { width: 560, height: 320 };

/** The time axis' labels: month and year (an ICU date pattern, as Google's charts take it). */
const AXIS_FORMAT = 'MMM yyyy';

/** Where the change view and the chart data start, and the columns the add-on owns in all. */
export function summaryColumns(list: TrackRecord): { change: number; data: number; width: number } {
  const change = historyHeader(list).length + 2;
  const data = change + 6;
  return { change, data, width: data + list.items.length };
}

/**
 * An item's readings, one per period of the service's data, oldest first. In a list with a dated series
 * these are the series' points, each under the date the service gives it (a run's row holds no series
 * value: tracking-run.ts seriesRows); otherwise the runs' rows, one per period of the list. A sheet
 * written before runs kept the series apart may hold run rows with the series' newest figure: such a row
 * is left out in a month the series has a point of, and where it repeats the point before it (the same
 * figure, read again a week later), so no month shows twice and no jump appears that did not happen.
 * @param item the item
 * @param rows the history
 */
export function itemReadings(item: string, rows: HistoryRow[]): HistoryRow[] {
  const mine = rows
    .filter((r) => r.item === item && holdsData(r) && r.value !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const seriesMonths = new Set(mine.filter((r) => r.status === 'backfilled').map((r) => monthOf(r.date)));
  const readings: HistoryRow[] = [];
  for (const r of mine) {
    const before = readings[readings.length - 1];
    // In a series list, a run row repeating the reading before it is the same month's figure read again.
    const repeat = seriesMonths.size > 0 && before?.value === r.value;
    if (r.status === 'ok' && (seriesMonths.has(monthOf(r.date)) || repeat)) continue;
    if (before?.date === r.date) readings.pop(); // one point per date: the last written
    readings.push(r);
  }
  return readings;
}

/**
 * Each item's latest and previous readings (itemReadings), as the change view's rows, each item as the
 * sheet names it (a brand by its name).
 * @param list the list
 * @param rows the history
 * @param label an item as shown (default: itself)
 */
export function changeRows(list: TrackRecord, rows: HistoryRow[], label: (item: string) => string = (item) => item): Cell[][] {
  return list.items.map((item) => {
    const readings = itemReadings(item, rows);
    const latest = readings[readings.length - 1]?.value ?? null;
    const previous = readings[readings.length - 2]?.value ?? null;
    const name = `'${label(item)}`;
    if (latest === null) return [name, '', '', '', ''];
    if (previous === null) return [name, latest, '', '', 'new'];
    const change = Math.round((latest - previous) * 1e6) / 1e6;
    return [name, latest, previous, change, change > 0 ? 'up' : change < 0 ? 'down' : 'same'];
  });
}

/** A tracked value that changed between its two latest readings, by the item as the list holds it. */
export interface TrackedChange {
  item: string;
  from: number;
  to: number;
}

/**
 * The changes a change view's rows say (item, latest, previous, change, direction): each item with a
 * latest and a previous value. Reads the rows changeRows makes, and the same rows read back from a sheet.
 * @param view the change view's rows
 */
export function changesOf(view: Cell[][]): TrackedChange[] {
  const out: TrackedChange[] = [];
  for (const [item, latest, previous] of view) {
    if (typeof latest === 'number' && typeof previous === 'number')
      out.push({ item: String(item).replace(/^'/, ''), from: previous, to: latest });
  }
  return out;
}

/**
 * What a run changed: the change view's changes that were not there before it (an item's latest reading
 * new or revised), by the item as the list holds it (alerts/ words them). A run that found nothing new
 * (the service's series has no new month yet) changes nothing, whatever the view's last change says.
 * @param list the list
 * @param before the history before the run
 * @param after the whole history, as written
 */
export function changedItems(list: TrackRecord, before: HistoryRow[], after: HistoryRow[]): TrackedChange[] {
  const known = new Set(changesOf(changeRows(list, before)).map((c) => `${c.item}|${c.from}|${c.to}`));
  return changesOf(changeRows(list, after)).filter((c) => !known.has(`${c.item}|${c.from}|${c.to}`));
}

/**
 * The change view as the sheet shows it now, read in one call: what the sidebar's preview of an alert
 * counts, with no request.
 * @param sheet the history sheet
 * @param list the list
 */
export function shownChanges(sheet: Sheet, list: TrackRecord): TrackedChange[] {
  if (!list.items.length || sheet.getMaxRows() < 3) return [];
  const height = Math.min(list.items.length, sheet.getMaxRows() - 2);
  return changesOf(sheet.getRange(3, summaryColumns(list).change, height, 3).getValues() as Cell[][]);
}

/**
 * What the change view compares, in words: "Volume by month: the latest month against the one before",
 * "Score: the latest week against the one before".
 * @param list the list
 */
export function changeTitle(list: TrackRecord): string {
  const unit = list.series ? backfillUnit(list) : list.period;
  return `${valueWords(list)}: the latest ${unit} against the one before`;
}

/**
 * The chart's data: one row per date a value was recorded on (`YYYY-MM-DD`, oldest first), one column
 * per item, each item's readings one per period (itemReadings).
 * @param list the list
 * @param rows the history
 */
export function chartRows(list: TrackRecord, rows: HistoryRow[]): Cell[][] {
  const byDate = new Map<string, Map<string, number>>();
  for (const item of list.items) {
    for (const r of itemReadings(item, rows)) {
      if (r.value === null) continue;
      const at = byDate.get(r.date) ?? new Map<string, number>();
      at.set(item, r.value);
      byDate.set(r.date, at);
    }
  }
  return [...byDate.keys()].sort().map((date) => [date, ...list.items.map((item) => byDate.get(date)?.get(item) ?? '')]);
}

/**
 * Writes the change view and the chart data, then inserts or updates the chart. Returns the columns
 * now owned, the chart's id and what each column from the change view's first shows of the header and
 * rows written (what its width must fit: spreadsheet/column-widths.ts), or why nothing was written (it
 * would grow into the user's cells).
 * @param sheet the history sheet
 * @param list the list
 * @param timeZone the spreadsheet's (the chart's dates are its days)
 * @param rows the whole history, as written
 * @param names brands' names by slug from this run's answers; an item not answered now keeps the name
 *   the chart's legend gave it before, else its slug
 */
export function writeSummary(
  sheet: Sheet,
  list: TrackRecord,
  timeZone: string,
  rows: HistoryRow[],
  names: ReadonlyMap<string, string> = new Map(),
): { width: number; chartId: number | null; problem: string; shown: ColumnTexts[] } {
  const { change, data, width } = summaryColumns(list);
  const label = itemLabels(sheet, list, names);
  const changes = changeRows(list, rows, label);
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
      shown: [],
    };
  }
  // Only our own columns are cleared: the old view may have been longer (or sorted by the user).
  sheet.getRange(1, change, last, width - change + 1).clearContent();
  const pad = (row: Cell[], n: number) => [...row, ...Array<Cell>(Math.max(0, n - row.length)).fill('')];
  const changeBlock = [pad([changeTitle(list)], 5), [itemWord(list), 'Latest', 'Previous', 'Change', 'Direction'], ...changes];
  sheet.getRange(1, change, changeBlock.length, 5).setValues(asValues(changeBlock));
  const dataBlock = [
    pad([`Chart data: ${inSentence(valueWords(list))}`], list.items.length + 1),
    ['Date', ...list.items.map((item) => `'${label(item)}`)],
    ...points,
  ];
  // The dates as Sheets dates, so the chart's domain is a time axis (drawChart), not text.
  const dated = asValues(dataBlock).map((row, i): (Cell | Date)[] =>
    i < 2 ? row : [dayAsDate(String(row[0]), timeZone), ...row.slice(1)],
  );
  sheet.getRange(1, data, dataBlock.length, list.items.length + 1).setValues(dated);
  if (points.length) sheet.getRange(3, data, points.length, 1).setNumberFormat(DAY_FORMAT);
  // Latest, previous, change and the chart's figures as people read them, named by what the list tracks.
  const words = valueWords(list);
  const figures = (rows: Cell[][], first: number, count: number) => {
    const formats = columnFormats(['', ...Array<string>(count).fill(words)], rows, timeZone).slice(1);
    if (rows.length && formats.some(Boolean)) {
      sheet.getRange(3, first, rows.length, count).setNumberFormats(rows.map(() => formats.map((f) => f ?? 'General')));
    }
    return formats;
  };
  const changeFormats = figures(changes, change + 1, 3);
  const pointFormats = figures(points, data + 1, list.items.length);
  sheet.getRange(1, change, 2, width - change + 1).setFontWeight('bold');
  // From the header rows down: the titles over them run over the empty cells beside them.
  const shown = [
    ...columnTexts(changeBlock[1] ?? [], changes, [null, ...changeFormats]),
    { headers: [], values: [] },
    ...columnTexts(dataBlock[1] ?? [], points, [DAY_FORMAT, ...pointFormats]),
  ];
  return { width, chartId: points.length ? drawChart(sheet, list, dataBlock.length - 1) : list.chartId, problem: '', shown };
}

/**
 * Each item as the change view and the chart's legend name it: a keyword as it is, a brand by the name
 * its answer gives (this run's), else as the legend named it before (read from the sheet, so an item
 * not asked this run keeps its name without a request), else its slug.
 */
function itemLabels(sheet: Sheet, list: TrackRecord, names: ReadonlyMap<string, string>): (item: string) => string {
  if (list.kind === 'keywords') return (item) => item;
  const { data } = summaryColumns(list);
  const before: unknown[] = list.width > data ? (sheet.getRange(2, data + 1, 1, list.width - data).getValues()[0] ?? []) : [];
  return (item) => {
    const shown = before[list.items.indexOf(item)];
    return names.get(item) ?? (typeof shown === 'string' && shown ? shown : item);
  };
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
    .setOption('title', `${list.name}: ${inSentence(valueWords(list))}`)
    .setOption('legend', { position: 'bottom' })
    .setOption('interpolateNulls', true)
    // A time axis: points spaced by their dates (a backfilled month, then weeks), not evenly as text
    // labels would be (Sheets' "Treat labels as text", off), and labels that name month and year
    // ("Nov 2025"), never a bare "Nov 23" that reads as a year.
    .setOption('treatLabelsAsText', false)
    .setOption('hAxis.format', AXIS_FORMAT)
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
