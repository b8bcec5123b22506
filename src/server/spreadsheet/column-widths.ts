/**
 * Column widths for what the add-on writes itself (ranking tables, templates, tracking sheets, the
 * request log): each column wide enough for its header whole and its values as they show (number
 * formats applied), counted from the header row down, so a title line over the columns never widens
 * the first one. Never narrower than Sheets' default (100 px), a value counted up to MAX_VALUE_PIXELS
 * (a longer one runs over its empty neighbours, or is cut, as in Sheets), and only ever wider: a column
 * the user made wider or narrower keeps their width until the add-on writes a longer text into it.
 * How wide a text is, is our estimate (Google says nothing of how Sheets measures text).
 */
import type { Cell } from '../shape/shape';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Sheets' width of a new sheet's columns, in pixels. */
export const DEFAULT_COLUMN_PIXELS = 100;
/** The widest a value makes its column: a header always fits whole. */
const MAX_VALUE_PIXELS = 320;
/** Our estimate of Sheets' default font (Arial 10): pixels a character, bold a little wider; a cell's padding. */
const CHARACTER_PIXELS = { regular: 7, bold: 8 };
const PADDING_PIXELS = 10;
/** Widths are rounded up to this, so neighbours often share one (and one call sets them). */
const STEP_PIXELS = 10;
/** How Sheets shows a Date written by a script when its cell has no format of its own. */
const DATE_TIME_SHOWN = 'M/d/yyyy H:mm:ss';

/** What one column shows, from its header row down: its header's words (bold) and its values' text. */
export interface ColumnTexts {
  headers: string[];
  values: string[];
}

/**
 * What the add-on sized a block's columns for, from its first column: kept with the block's record,
 * so a later write widens only a column whose text got longer (and reads its width first). Empty where
 * nothing is known: each column is read before it is widened.
 */
export type Fitted = readonly number[];

/**
 * The pixels a text needs to show whole: 7 a character of its longest line (8 in bold), plus 10.
 * @param text what the cell shows
 * @param bold whether the cell is bold
 */
export function textPixels(text: string, bold: boolean): number {
  const longest = Math.max(0, ...text.split('\n').map((line) => line.length));
  return longest ? longest * (bold ? CHARACTER_PIXELS.bold : CHARACTER_PIXELS.regular) + PADDING_PIXELS : 0;
}

/**
 * The text a value shows under a number format, as long as Sheets shows it (what its width needs, not
 * always its very characters: a month's name is counted at its longest). Covers the formats the add-on
 * sets (shape/number-formats.ts): grouped digits, fixed decimals, percentages, quoted words, dates.
 * @param value the value written (a leading apostrophe, which keeps text as text, is not shown)
 * @param format its number format; null or General for Sheets' own
 */
export function shownText(value: Cell, format: string | null | undefined): string {
  const pattern = format && format !== 'General' ? format : null;
  if (typeof value === 'string') {
    const text = value.startsWith("'") ? value.slice(1) : value;
    return pattern?.includes('@') ? literalText(pattern.replace('@', '\u0000')).replace('\u0000', text) : text;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(pattern && isDatePattern(pattern) ? pattern : DATE_TIME_SHOWN);
  if (!pattern) return Math.abs(value) >= 1e15 ? value.toExponential(2) : String(Number(value.toFixed(10)));
  return isDatePattern(pattern) ? dateText(pattern) : numberText(value, pattern);
}

/**
 * The width a column wants: its headers whole (bold), its values up to MAX_VALUE_PIXELS, never below
 * Sheets' default, rounded up to STEP_PIXELS.
 * @param column what it shows
 */
export function wantedWidth(column: ColumnTexts): number {
  const header = Math.max(0, ...column.headers.map((text) => textPixels(text, true)));
  const values = Math.min(MAX_VALUE_PIXELS, Math.max(0, ...column.values.map((text) => textPixels(text, false))));
  return Math.ceil(Math.max(DEFAULT_COLUMN_PIXELS, header, values) / STEP_PIXELS) * STEP_PIXELS;
}

/**
 * What each column of a header and its rows shows: the header's words, each value under its column's
 * number format.
 * @param header the header row (bold)
 * @param rows the values under it
 * @param formats each column's number format (null: Sheets' own)
 */
export function columnTexts(
  header: readonly Cell[],
  rows: readonly (readonly Cell[])[],
  formats: readonly (string | null)[],
): ColumnTexts[] {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, c) => ({
    headers: [shownText(header[c] ?? '', null)].filter(Boolean),
    values: rows.map((row) => shownText(row[c] ?? '', formats[c])).filter(Boolean),
  }));
}

/**
 * Widens columns to the widths wanted, never narrowing one: a column is only touched where it wants
 * more than the add-on sized it for before, and then read first (its user may have made it wider),
 * except on a sheet the add-on just made, whose columns are Sheets' default. One call for each run of
 * neighbours given the same width.
 * @param sheet the sheet
 * @param column the first column
 * @param wanted each column's width (wantedWidth), from `column`
 * @param fitted what the add-on sized them for before; 'new' on a sheet it just made
 * @returns what the add-on has sized them for now, to keep for the next write
 */
export function widenColumns(sheet: Sheet, column: number, wanted: readonly number[], fitted: Fitted | 'new'): number[] {
  const known = fitted === 'new' ? [] : fitted;
  const widen: { column: number; width: number }[] = [];
  const now = wanted.map((want, i) => {
    const before = known[i] ?? DEFAULT_COLUMN_PIXELS;
    if (want > before && (fitted === 'new' || sheet.getColumnWidth(column + i) < want)) widen.push({ column: column + i, width: want });
    return Math.max(before, want);
  });
  for (let i = 0; i < widen.length;) {
    const first = widen[i] as { column: number; width: number };
    let n = 1;
    while (widen[i + n]?.width === first.width && widen[i + n]?.column === first.column + n) n++;
    if (n === 1) sheet.setColumnWidth(first.column, first.width);
    else sheet.setColumnWidths(first.column, n, first.width);
    i += n;
  }
  return now;
}

/** A pattern without its quoted words' quotes (`0.0"%"` → `0.0%`). */
function literalText(pattern: string): string {
  return pattern.replace(/"([^"]*)"/g, '$1');
}

/** Whether a number format shows a date or a time: a date letter outside quotes, and no digit placeholder. */
function isDatePattern(pattern: string): boolean {
  const bare = pattern.replace(/"[^"]*"/g, '');
  return /[ydhms]/i.test(bare) && !/[0#]/.test(bare);
}

/** A date pattern's text at its longest: a month's or a day's name at nine letters, each number at two digits or more. */
function dateText(pattern: string): string {
  return pattern.replace(
    /"([^"]*)"|([mM]{4,}|[dD]{4,})|([mM]{3}|[dD]{3})|([A-Za-z])\4*/g,
    (all, quoted?: string, long?: string, short?: string) => {
      if (quoted !== undefined) return quoted;
      if (long) return 'September';
      if (short) return 'Sep';
      return all.length === 1 ? '00' : all;
    },
  );
}

/** A number under a digit pattern (its first section): grouping, fixed decimals, a percentage, quoted words. */
function numberText(value: number, pattern: string): string {
  const section = pattern.split(';')[0] ?? pattern;
  const bare = section.replace(/"[^"]*"/g, '');
  const percent = bare.includes('%');
  const decimals = /\.([0#]+)/.exec(bare)?.[1]?.length ?? 0;
  const n = percent ? value * 100 : value;
  const [whole = '', fraction] = Math.abs(n).toFixed(decimals).split('.');
  const digits = /[0#],[0#]/.test(bare) ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const words = (section.match(/"[^"]*"/g) ?? []).map((q) => q.slice(1, -1)).join('');
  return `${n < 0 ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}${percent ? '%' : ''}${words}`;
}
