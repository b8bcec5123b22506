/**
 * The history block of a tracking list's own sheet: a stamp in A1 (what it is; it also proves the sheet
 * is still ours), a header row, then one row per item per period: date | item | score | fields… |
 * status (ok, backfilled, or "failed: why"). A list with a dated series also has, before the month of an
 * item's first period, one backfilled row per earlier point of the series (a keyword's months), holding only
 * the series' value: the stamp says so, since those rows are not the list's periods. Rows are found by their content, not their place, so the
 * user may sort them; a rerun replaces its period's row; new rows go after the last one. Only these
 * columns are read or written here: the user's own columns beside them are never touched.
 */
import { errors } from '../errors/errors';
import { columnFormats, headerWords, inSentence, type Cell } from '../shape/shape';
import { areaA1, areaIsEmpty, asValues } from '../spreadsheet/sheet-areas';
import { columnTexts, type ColumnTexts } from '../spreadsheet/column-widths';
import { DAY_FORMAT, dayAsDate } from '../spreadsheet/sheet-dates';
import type { TrackRecord } from './tracking-records';
import { periodOfDate } from './period';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** History rows start below the stamp and the header. */
export const FIRST_ROW = 3;
const STAMP = 'Search Demand tracking · ';
/**
 * A brand's row shows the brand's name; its slug, what the row is read back by (a name may change, or
 * be two brands'), is the name cell's note, said for what it is: BRAND_PROFILE and the others take it.
 */
const SLUG_NOTE = 'Brand ID (for formulas): ';

/** A history row as read. */
export interface HistoryRow {
  /** Its row in the sheet (0 for a row not written yet). */
  row: number;
  period: string;
  date: string;
  item: string;
  /** The tracked value (the series' when the list has one, else the score), if a number. */
  value: number | null;
  status: string;
}

/**
 * Whether a row holds data for its period (a failed row is retried and replaced).
 * @param row a history row
 */
export const holdsData = (row: HistoryRow): boolean => row.status === 'ok' || row.status === 'backfilled';

/**
 * The header row: Date, Keyword (or Brand), Score, the kept fields, Status.
 * @param list the list
 */
export function historyHeader(list: TrackRecord): string[] {
  // The kept fields in words, as the formulas' headers say them (the list keeps their paths).
  const words = (field: string) => (field === list.series?.value ? valueWords(list) : headerWords(field));
  return ['Date', itemWord(list), 'Score', ...list.fields.map(words), 'Status'];
}

/**
 * What one item of the list is: "Keyword" or "Brand".
 * @param list the list
 */
export function itemWord(list: TrackRecord): string {
  return list.kind === 'keywords' ? 'Keyword' : 'Brand';
}

/**
 * The tracked value in words: the series' value as its list names it, by the series' unit ("Volume by
 * month", never the path's "Months volume"), else the score.
 * @param list the list
 */
export function valueWords(list: TrackRecord): string {
  return list.series ? seriesWords(list.series.value, list.kind) : 'Score';
}

/**
 * A series' value in words, as its list of records names it, by the series' unit: "Volume by month".
 * @param path the series' value path (`months.volume`)
 * @param kind what the list follows (a keyword's series is its months)
 */
export function seriesWords(path: string, kind: TrackRecord['kind']): string {
  return `${headerWords(path.slice(path.lastIndexOf('.') + 1))} by ${backfillUnit({ kind })}`;
}

/**
 * The stamp cell's text: what a row is (one per item per period, and, where the answer has a dated
 * series, one per earlier point of it, backfilled) and when it was last written.
 * @param list the list
 * @param at when it was last written
 */
export function stampText(list: TrackRecord, at: Date): string {
  const per = list.period === 'week' ? 'week' : 'day';
  const earlier = list.series ? `, and one per ${backfillUnit(list)} the service gives (backfilled)` : '';
  return `${STAMP}${list.name} · one row per ${inSentence(itemWord(list))} per ${per}${earlier} · updated ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * What one backfilled row stands for: a keyword's series is its 12 months (the specification's trend);
 * any other series is only known by its dates.
 * @param list the list
 */
export function backfillUnit(list: Pick<TrackRecord, 'kind'>): string {
  return list.kind === 'keywords' ? 'month' : 'date';
}

/**
 * Whether A1 still holds this list's stamp (the sheet is still ours).
 * @param value the cell's value
 * @param list the list
 */
export function isOurStamp(value: unknown, list: TrackRecord): boolean {
  return typeof value === 'string' && value.startsWith(`${STAMP}${list.name} · `);
}

/** Which column (0-based in a row) holds the tracked value: the series' (first field) or the score. */
export function valueColumn(list: TrackRecord): number {
  return list.series ? 3 : 2;
}

/**
 * Every history row with an item, and the last row used in the history columns (2 when none).
 * @param sheet the history sheet
 * @param list the list
 * @param timeZone the spreadsheet's (dates are read back in it)
 */
export function readHistory(sheet: Sheet, list: TrackRecord, timeZone: string): { rows: HistoryRow[]; lastUsed: number } {
  const width = historyHeader(list).length;
  const last = sheet.getLastRow();
  const rows: HistoryRow[] = [];
  let lastUsed = FIRST_ROW - 1;
  if (last < FIRST_ROW) return { rows, lastUsed };
  const values = sheet.getRange(FIRST_ROW, 1, last - FIRST_ROW + 1, width).getValues();
  // A brand named in its row is read back by the slug its note keeps (rows written with the slug have none).
  const notes = list.kind === 'brands' ? sheet.getRange(FIRST_ROW, 2, last - FIRST_ROW + 1, 1).getNotes() : [];
  values.forEach((cells, i) => {
    if (cells.some((c) => c !== '')) lastUsed = FIRST_ROW + i;
    const note = String(notes[i]?.[0] ?? '');
    const item = note.startsWith(SLUG_NOTE) ? note.slice(SLUG_NOTE.length) : String(cells[1] ?? '');
    const date = dateText(cells[0], timeZone);
    const period = date && periodOfDate(date, list.period);
    if (!item || !date || !period) return;
    const value: unknown = cells[valueColumn(list)];
    rows.push({
      row: FIRST_ROW + i,
      period,
      date,
      item,
      value: typeof value === 'number' ? value : null,
      status: String(cells[width - 1] ?? ''),
    });
  });
  return { rows, lastUsed };
}

/** A date cell as `YYYY-MM-DD`: a Date read in the spreadsheet's time zone, or text already so. */
function dateText(cell: unknown, timeZone: string): string | null {
  if (Object.prototype.toString.call(cell) === '[object Date]') return Utilities.formatDate(cell as Date, timeZone, 'yyyy-MM-dd');
  return typeof cell === 'string' && /^\d{4}-\d\d-\d\d$/.test(cell.trim()) ? cell.trim() : null;
}

/**
 * A row's cells, as values Sheets keeps as they are (the item stays text: "007" is not 7).
 * @param date `YYYY-MM-DD` (writeHistory writes it as a date)
 * @param item the item
 * @param cells score, fields and status
 */
export function rowCells(date: string, item: string, cells: Cell[]): Cell[] {
  const [safe = []] = asValues([cells]);
  return [date, `'${item}`, ...safe];
}

/**
 * Writes rows: a replacement in its own row, new rows after the last used one, never over anything.
 * The Date column is written as Sheets dates (not text), shown as `yyyy-mm-dd`, so the history sorts
 * and charts by time in any locale. A brand is shown by its name where its answer gave one, its slug
 * kept in the cell's note (SLUG_NOTE); a brand nothing names shows its slug. Returns what each history
 * column shows of the header and the rows written (what its width must fit: spreadsheet/column-widths.ts).
 * @param sheet the history sheet
 * @param list the list
 * @param replaced rows to write over (a failed row of the same item and period)
 * @param appended rows to add (rowCells)
 * @param lastUsed the last row used in the history columns
 * @param timeZone the spreadsheet's (a day is its midnight there)
 * @param names brands' names by slug, from this run's answers
 */
export function writeHistory(
  sheet: Sheet,
  list: TrackRecord,
  replaced: { row: number; cells: Cell[] }[],
  appended: Cell[][],
  lastUsed: number,
  timeZone: string,
  names: ReadonlyMap<string, string> = new Map(),
): ColumnTexts[] {
  const width = historyHeader(list).length;
  const itemOf = (cells: Cell[]) => String(cells[1] ?? '').replace(/^'/, '');
  const nameOf = (cells: Cell[]) => (list.kind === 'brands' ? names.get(itemOf(cells)) : undefined);
  const dated = (cells: Cell[]): (Cell | Date)[] => {
    const name = nameOf(cells);
    return [dayAsDate(String(cells[0]), timeZone), name === undefined ? (cells[1] ?? '') : `'${name}`, ...cells.slice(2)];
  };
  const note = (cells: Cell[]) => (nameOf(cells) === undefined ? '' : `${SLUG_NOTE}${itemOf(cells)}`);
  for (const { row, cells } of replaced) {
    sheet.getRange(row, 1, 1, width).setValues([dated(cells)]);
    if (list.kind === 'brands') sheet.getRange(row, 2).setNote(note(cells));
  }
  const start = lastUsed + 1;
  if (appended.length) {
    const missing = start + appended.length - 1 - sheet.getMaxRows();
    if (missing > 0) sheet.insertRowsAfter(sheet.getMaxRows(), missing);
    if (!areaIsEmpty(sheet, start, 1, appended.length, width)) {
      throw errors.input(
        `New rows would be written over cells at ${areaA1(sheet.getName(), start, 1, appended.length, width)}: empty them to continue.`,
      );
    }
    sheet.getRange(start, 1, appended.length, width).setValues(appended.map(dated));
    if (list.kind === 'brands') sheet.getRange(start, 2, appended.length, 1).setNotes(appended.map((cells) => [note(cells)]));
  }
  // One format for the whole Date column (older rows too): a Date written by a script shows its time.
  const last = appended.length ? start + appended.length - 1 : Math.max(lastUsed, ...replaced.map((r) => r.row));
  if (last >= FIRST_ROW) sheet.getRange(FIRST_ROW, 1, last - FIRST_ROW + 1, 1).setNumberFormat(DAY_FORMAT);
  // The score and the fields as people read them (shape/number-formats.ts), older rows too.
  const values = columnFormats(historyHeader(list), [...appended, ...replaced.map((r) => r.cells)], timeZone).slice(2, -1);
  if (last >= FIRST_ROW && values.some(Boolean)) {
    const rows = last - FIRST_ROW + 1;
    sheet
      .getRange(FIRST_ROW, 3, rows, values.length)
      .setNumberFormats(Array.from({ length: rows }, () => values.map((f) => f ?? 'General')));
  }
  // As the Item column shows it: the brand's name where one is known.
  const shown = [...appended, ...replaced.map((r) => r.cells)].map((cells) => {
    const name = nameOf(cells);
    return name === undefined ? cells : [cells[0] ?? '', name, ...cells.slice(2)];
  });
  return columnTexts(historyHeader(list), shown, [DAY_FORMAT, null, ...values, null]);
}
