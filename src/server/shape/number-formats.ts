/**
 * Number formats for results, decided by shape and words (docs/use/functions.md, "Formatted as people
 * read them"): months `mmm yyyy`, days and times as the add-on writes them elsewhere, volumes and counts
 * `#,##0`, shares and mixes (fractions) `0.0%`, a value the service gives in percent units `0.0"%"`,
 * indexes `0.00`. No field name is known here: a series of values is judged by the words of its header
 * or label (made from the field names), by its values (their kind and range) and by how they sit
 * together (a group of fractions adding up to one is a mix). A date-time says its time zone where its
 * header or label can say it (its words already, or a text format on that cell), else in its own
 * format. Pure: a grid in, formats out; the caller gives the time zone the cells are read in.
 */
import { wallClock } from './dates';
import type { Cell } from './types';

/** The patterns, one per kind of value. */
export const NUMBER_FORMATS = {
  month: 'mmm yyyy',
  /** As tracking sheets and ranking tables write a day: unambiguous in every locale. */
  day: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
  count: '#,##0',
  share: '0.0%',
  /** A number the service gives in percent units (4.1 is 4.1 %): the same look as a share. */
  percent: '0.0"%"',
  index: '0.00',
} as const;

/** What kind of value a series holds, as far as formatting goes. */
export type FormatKind = keyof typeof NUMBER_FORMATS;

/** What a result's own function says its numbers are (our functions, never a field name). */
export type ResultHint = 'share' | 'index' | 'count' | null;

/** One series: the cells one header or label describes. */
interface Series {
  /** The header's or label's words ('' for none). */
  words: string;
  /** Its cells, [row, column] in the block (blank ones too, inside a table). */
  cells: [number, number][];
  /** The header or label cell, when it is in the block. */
  label?: [number, number];
  /** Its cells add up to one with their neighbours (a mix). */
  mix?: boolean;
}

/** How a block is read. */
export interface BlockOptions {
  /** The spreadsheet's time zone: where a date's midnight and first of the month fall. */
  timeZone: string;
  /** What the result's function says its numbers are. */
  hint?: ResultHint;
  /**
   * Words above the block's columns (a header typed over a formula's column), used when the block's
   * first row is not a header of its own.
   */
  above?: readonly (string | null)[];
}

const words = (pattern: string): RegExp => new RegExp(`(?:^|[^\\p{L}])(?:${pattern})(?:$|[^\\p{L}])`, 'iu');
const PERCENT = /%|(?:^|[^\p{L}])(?:percent|percentage|pct)(?:$|[^\p{L}])/iu;
const SHARE = words('shares?|mix|mixes|ratio|ratios|fraction|proportion|portion|split');
const INDEX = words('index|indexes|indices');
const SCORE = words('score|scores');
const COUNT = words(
  'volumes?|searches|count|counts|total|totals|number|visits|traffic|headcount|employees|members|brands|companies|products|' +
    'calls|used|limit|remaining|size|clicks|views|impressions|users|requests',
);
const YEAR = words('year|years|founded|established|since');
const MONTH = words('month|months|period|periods');
const MOMENT = words('at|time|timestamp|when|updated|fetched|retrieved');

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';
const isBlank = (v: unknown): boolean => v === '' || v === null || v === undefined;
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';
/** A fraction of a mix: between 0 and 1. */
const fraction = (v: number): boolean => v >= 0 && v <= 1;
/** Fractions that add up to one (rounding allowed). */
const addsUpToOne = (values: readonly number[]): boolean =>
  values.length >= 2 && values.every(fraction) && Math.abs(values.reduce((a, b) => a + b, 0) - 1) <= 0.011;

/**
 * The format kind of the numbers of one series, or null to leave them as they are.
 * @param text the header's or label's words
 * @param numbers its numbers
 * @param hint what the result's function says its numbers are
 * @param mix whether they add up to one with their neighbours
 */
export function numberKind(text: string, numbers: readonly number[], hint: ResultHint = null, mix = false): FormatKind | null {
  if (!numbers.length) return null;
  const integers = numbers.every(Number.isInteger);
  const fractions = numbers.every(fraction) && !integers;
  if (fractions && hint === 'share') return 'share';
  if (PERCENT.test(text)) return 'percent';
  if (fractions && (mix || SHARE.test(text))) return 'share';
  if (!integers && (hint === 'index' || (INDEX.test(text) && !SCORE.test(text))) && numbers.every((v) => Math.abs(v) < 100)) return 'index';
  if (YEAR.test(text)) return null;
  const largest = Math.max(...numbers.map(Math.abs));
  // Counts are whole numbers, or averages of large ones: a small decimal under a count's word is a score.
  if (COUNT.test(text) && (integers || largest >= 1_000)) return 'count';
  if (integers && largest >= 10_000) return 'count';
  return integers && (hint === 'count' || hint === 'index') ? 'count' : null;
}

/**
 * The format kind of the dates of one series.
 * @param text the header's or label's words
 * @param dates its dates
 * @param timeZone where they are read
 */
export function dateKind(text: string, dates: readonly Date[], timeZone: string): FormatKind | null {
  if (!dates.length) return null;
  const clocks = dates.map((d) => wallClock(d, timeZone));
  const midnight = clocks.every((c) => c.hour === 0 && c.minute === 0 && c.second === 0);
  if (!midnight || MOMENT.test(text)) return 'dateTime';
  if (clocks.every((c) => c.day === 1) && (MONTH.test(text) || dates.length >= 2)) return 'month';
  return 'day';
}

/**
 * How a date-time's zone is said: "UTC" for the zones that are UTC, else the zone's name in words.
 * @param timeZone the spreadsheet's
 */
export function zoneWords(timeZone: string): string {
  return /^(?:Etc\/)?(?:UTC|GMT|UCT|Universal|Zulu|Greenwich)(?:[+-]?0)?$/i.test(timeZone) ? 'UTC' : timeZone.replace(/_/g, ' ');
}

/**
 * A date-time's format saying its zone, for a cell whose header or label cannot say it.
 * @param timeZone the spreadsheet's
 */
export function dateTimeWithZone(timeZone: string): string {
  return `${NUMBER_FORMATS.dateTime} "${zoneWords(timeZone).replace(/"/g, '')}"`;
}

/**
 * A header's or label's text format that adds the zone its date-times are in: "Fetched at (UTC)".
 * @param timeZone the spreadsheet's
 */
export function zoneLabelFormat(timeZone: string): string {
  return `@" (${zoneWords(timeZone).replace(/"/g, '')})"`;
}

/**
 * The zone a label already says in its closing parentheses ("Fetched at (UTC)" → "UTC"), or null.
 * @param text the label's or header's words
 */
function zoneSaidIn(text: string): string | null {
  return /\(([^()]+)\)\s*$/.exec(text)?.[1]?.trim() ?? null;
}

/**
 * The formats of a block of cells as one result of the add-on lays them out (functions.md, "What a cell
 * shows"): label | value rows, tables (a title, a header row in words, rows), a row of months over rows
 * of numbers, bare columns. Each cell gets a pattern, or null where it is left as it is.
 * @param grid the block's values, as getValues() gives them
 * @param options the time zone, what the function says, words above the block
 */
export function blockFormats(grid: readonly (readonly Cell[])[], options: BlockOptions): (string | null)[][] {
  const out: (string | null)[][] = grid.map((row) => row.map(() => null));
  for (const series of seriesOf(grid, options.above)) {
    const values = series.cells.map(([r, c]) => grid[r]?.[c]);
    const numbers = values.filter((v): v is number => typeof v === 'number');
    const dates = values.filter(isDate);
    const forNumbers = numberKind(series.words, numbers, options.hint ?? null, series.mix);
    const forDates = dateKind(series.words, dates, options.timeZone);
    // Where the label says the zone already ("Fetched at (UTC)", as the functions write it), the value
    // needs none; a label saying another ("(spreadsheet time zone)") is left so, and the value says it.
    const labelled = forDates === 'dateTime' && series.label !== undefined;
    const saidZone = labelled ? zoneSaidIn(series.words) : null;
    const zoneSaid = labelled && saidZone === null; // the label gets a format adding the zone
    const zoneInLabel = zoneSaid || (saidZone !== null && zoneWords(saidZone) === zoneWords(options.timeZone));
    const dateFormat = forDates === 'dateTime' && !zoneInLabel ? dateTimeWithZone(options.timeZone) : forDates && NUMBER_FORMATS[forDates];
    const numberFormat = forNumbers && NUMBER_FORMATS[forNumbers];
    const blankFormat = dates.length > numbers.length ? dateFormat : numberFormat;
    series.cells.forEach(([r, c], i) => {
      const v = values[i];
      const format = isDate(v) ? dateFormat : typeof v === 'number' ? numberFormat : isBlank(v) ? blankFormat : null;
      const line = out[r];
      if (format && line) line[c] = format;
    });
    if (zoneSaid && series.label) {
      const line = out[series.label[0]];
      if (line) line[series.label[1]] = zoneLabelFormat(options.timeZone);
    }
  }
  return out;
}

/**
 * The format of one series of values under one header's words (the add-on's own columns, a field a
 * template's formula asks for): its dates' format when dates are most of it, else its numbers'; a
 * date-time's format says its zone (no label is written to say it). Null where no rule applies.
 * @param text the header's words
 * @param values the values (text and blanks are left out)
 * @param timeZone the spreadsheet's
 */
export function seriesFormat(text: string, values: readonly unknown[], timeZone: string): string | null {
  const dates = values.filter(isDate);
  const numbers = values.filter((v): v is number => typeof v === 'number');
  if (dates.length > numbers.length) {
    const kind = dateKind(text, dates, timeZone);
    return kind === 'dateTime' ? dateTimeWithZone(timeZone) : kind && NUMBER_FORMATS[kind];
  }
  const kind = numberKind(text, numbers, null, numbers.length >= 3 && addsUpToOne(numbers));
  return kind && NUMBER_FORMATS[kind];
}

/**
 * One format per column of rows the add-on writes under a header of its own (a ranking table's, a
 * tracking sheet's), each column a series under its header's words; null where none.
 * @param header the header's words
 * @param rows the rows written
 * @param timeZone the spreadsheet's
 */
export function columnFormats(header: readonly string[], rows: readonly (readonly Cell[])[], timeZone: string): (string | null)[] {
  return header.map((words, c) =>
    seriesFormat(
      words,
      rows.map((row) => row[c]),
      timeZone,
    ),
  );
}

/**
 * The series of a block: each table column under its header, each label's values, a row of dates,
 * bare columns. Blank rows end a table; a row of text alone at the left is a title.
 */
function seriesOf(grid: readonly (readonly Cell[])[], above?: readonly (string | null)[]): Series[] {
  const out: Series[] = [];
  /** The table being read: its series by column. */
  let table: Map<number, Series> | null = null;
  /** Label | value rows read since the last table or blank row, for mixes. */
  let facts: { label: string; series: Series[] }[] = [];
  const endFacts = () => {
    markMixes(grid, facts);
    facts = [];
  };
  const newTable = (headerWords: string[], r: number | null): Map<number, Series> => {
    endFacts();
    const columns = new Map<number, Series>();
    headerWords.forEach((w, c) => {
      const series: Series = { words: w, cells: [] };
      if (r !== null && isText(grid[r]?.[c])) series.label = [r, c];
      columns.set(c, series);
      out.push(series);
    });
    return columns;
  };
  const endTable = () => {
    if (table) markTableMixes(grid, table);
  };

  /** Whether the row before was a title. */
  let titled = false;
  for (const [r, row] of grid.entries()) {
    const filled = row.map((v, c) => (isBlank(v) ? -1 : c)).filter((c) => c >= 0);
    const wasTitled = titled;
    titled = false;
    if (!filled.length) {
      endTable();
      table = null;
      endFacts();
      continue;
    }
    if (!table) {
      const words = filled.every((c) => isText(row[c]));
      if (words && !(filled.length === 2 && filled[1] === 1 && (facts.length > 0 || labelFirst(grid, r, wasTitled)))) {
        if (filled.length === 1 && filled[0] === 0) {
          titled = true; // a title: the next row of words is its table's header
          continue;
        }
        table = newTable(
          row.map((v) => (isText(v) ? v : '')),
          r,
        );
        continue;
      }
      if (filled.length >= 2 && filled.every((c) => isDate(row[c]))) {
        // A row of dates over rows of numbers (months across): its own series, and bare columns below.
        table = newTable(
          row.map(() => ''),
          null,
        );
        out.push({ words: '', cells: filled.map((c): [number, number] => [r, c]) });
        continue;
      }
      const label = row[0];
      if (isText(label) && filled.length >= 2) {
        // Label | value (| value…): each value under its label.
        const series = filled.filter((c) => c > 0).map((c): Series => ({ words: label, cells: [[r, c]], label: [r, 0] }));
        out.push(...series);
        facts.push({ label, series });
        continue;
      }
      // Values without a header: bare columns, named by the words above the block if any.
      table = newTable(
        row.map((_, c) => (r === 0 ? (above?.[c] ?? '') : '')),
        null,
      );
    }
    for (const [c, series] of table) if (c < row.length) series.cells.push([r, c]);
  }
  endTable();
  endFacts();
  return out;
}

/**
 * Whether a row of two words at the left is a label and its value, not a two-column table's header: a
 * readable layout states its single values first, so it is, unless a title stands above it, a row below
 * it (to the next blank row) starts with a value, or every row below holds one kind of value beside a
 * word, as a table's column does.
 */
function labelFirst(grid: readonly (readonly Cell[])[], r: number, titled: boolean): boolean {
  if (titled) return false;
  const kinds = new Set<string>();
  let rows = 0;
  for (let i = r + 1; i < grid.length; i++) {
    const row = grid[i] ?? [];
    if (row.every(isBlank)) break;
    if (row.slice(2).some((v) => !isBlank(v))) return true;
    if (!isText(row[0])) return false; // a column of values under its header
    kinds.add(isDate(row[1]) ? 'date' : typeof row[1]);
    rows++;
  }
  return !(rows >= 2 && kinds.size === 1 && !kinds.has('string'));
}

/** Consecutive labels sharing their first words whose values are fractions adding up to one: a mix. */
function markMixes(grid: readonly (readonly Cell[])[], facts: { label: string; series: Series[] }[]): void {
  // An object's fields are said after its words and a colon ("Intent mix: navigational", words.ts).
  const stem = (label: string) =>
    label.includes(': ')
      ? label.slice(0, label.indexOf(': '))
      : label
          .split(/\s+/)
          .slice(0, Math.max(1, Math.min(2, label.split(/\s+/).length - 1)))
          .join(' ');
  for (let i = 0; i < facts.length;) {
    let j = i;
    const key = stem(facts[i]?.label ?? '').toLowerCase();
    while (j < facts.length && stem(facts[j]?.label ?? '').toLowerCase() === key) j++;
    const group = facts.slice(i, j).flatMap((f) => f.series);
    const numbers = group.flatMap((s) => s.cells.map(([r, c]) => grid[r]?.[c])).filter((v): v is number => typeof v === 'number');
    if (numbers.length === group.length && addsUpToOne(numbers)) for (const s of group) s.mix = true;
    i = j;
  }
}

/** Columns of a table whose rows (or whose one column) add up to one: shares of a whole. */
function markTableMixes(grid: readonly (readonly Cell[])[], columns: ReadonlyMap<number, Series>): void {
  const numeric = [...columns.values()].filter((s) => s.cells.some(([r, c]) => typeof grid[r]?.[c] === 'number'));
  const value = (r: number, c: number) => grid[r]?.[c];
  // A column of fractions adding up to one (a share of each row in the whole).
  for (const s of numeric) {
    const numbers = s.cells.map(([r, c]) => value(r, c)).filter((v): v is number => typeof v === 'number');
    if (numbers.length >= 3 && addsUpToOne(numbers)) s.mix = true;
  }
  // Rows of fractions adding up to one across the columns (each one's share, row by row).
  const fractions = numeric.filter((s) =>
    s.cells.every(([r, c]) => {
      const v = value(r, c);
      return typeof v !== 'number' || fraction(v);
    }),
  );
  if (fractions.length < 2) return;
  const rows = new Set(fractions.flatMap((s) => s.cells.map(([r]) => r)));
  let summed = 0;
  for (const r of rows) {
    const numbers = fractions
      .map((s) => s.cells.find(([row]) => row === r))
      .flatMap((cell) => {
        const v = cell && value(cell[0], cell[1]);
        return typeof v === 'number' ? [v] : [];
      });
    if (numbers.length < 2) continue;
    if (!addsUpToOne(numbers)) return;
    summed++;
  }
  if (summed) for (const s of fractions) s.mix = true;
}
