/**
 * SEARCH_COMPARE, SHARE_OF_SEARCH and SEARCH_SEASONALITY: arithmetic over the same /trend answers as
 * SEARCH_TREND, looked up the same way (lookupRange: same cache, batch and pacing), so keywords already
 * fetched cost nothing. Each answer's monthly searches are found by shape (findSeries), since the
 * service's field names are unknown.
 */
import { AddonError, errors } from '../errors/errors';
import { readOptions, readSubjects, requireSubject, type Options, type Subject } from '../spreadsheet/input';
import { finish, type Output } from '../lookup/answer-shaping';
import type { Answer } from '../lookup/pipeline';
import { ENDPOINTS } from '../service/endpoints';
import { isoDate, rectangular, type Cell, type TimeZone } from '../shape/shape';
import { findSeries, seriesPoints } from '../tracking/answer';
import { lookupRange } from './custom-functions';

/** What SEARCH_SEASONALITY says under a keyword's table. */
export const SEASON_NOTE = 'One year of data cannot tell a season from a trend.';

/** One input: blank, what its column (or row) says instead, or its searches by month (`YYYY-MM-DD`). */
type Item = { keyword: string; text?: string; months?: Map<string, number> };

/** The input's keywords, each with its monthly searches or its message; a single input's error is thrown. */
function readItems(keywordArg: unknown): { single: boolean; items: Item[]; months: string[]; date: (m: string) => Cell } {
  const input = readSubjects(keywordArg, 'keyword');
  const first = input.cells[0]?.[0];
  if (input.single && first) requireSubject(first, 'keyword');
  if (input.cells.length > 1 && input.cells.some((row) => row.length > 1)) {
    throw errors.input('Bad input: use one column (or one row) of keywords.');
  }
  const cells = input.cells.length === 1 ? (input.cells[0] ?? []) : input.cells.map((row) => row[0] ?? { kind: 'blank' as const });
  // Headers say each keyword as typed ("Zorix Pay"), not as normalised for the cache key ("zorix pay").
  const typed = (Array.isArray(keywordArg) ? (keywordArg as unknown[]) : [keywordArg]).flat();
  const label = (subject: Subject, i: number) => {
    const cell = typed[i];
    return subject.kind !== 'ok' ? '' : (typeof cell === 'string' && cell.trim()) || subject.value;
  };
  const { answers, timeZone } = lookupRange(ENDPOINTS.trend, [cells]);
  const seen = new Set<string>();
  const items = cells.map((subject, i): Item => {
    try {
      return { keyword: label(subject, i), months: monthsOf(subject, answers) };
    } catch (error) {
      if (input.single || !(error instanceof AddonError)) throw error;
      return { keyword: label(subject, i), text: error.message };
    }
  });
  for (const item of items) item.months?.forEach((_, m) => seen.add(m));
  return { single: input.single, items, months: [...seen].sort(), date: (m) => dateCell(m, timeZone) };
}

/** A subject's searches by month, or undefined for a blank; throws what its cell should say. */
function monthsOf(subject: Subject, answers: Map<string, Answer>): Map<string, number> | undefined {
  if (subject.kind === 'blank') return undefined;
  if (subject.kind === 'bad') throw errors.input(subject.message);
  const answer = answers.get(subject.value) ?? { ok: false, error: errors.budget() };
  if (!answer.ok) throw answer.error;
  const series = findSeries(answer.data);
  const points = series ? seriesPoints(answer.data, series) : [];
  if (!points.length) throw errors.input(`No monthly searches in the answer for "${subject.value}".`);
  return new Map(points.map((p) => [p.date, p.value]));
}

const dateCell = (month: string, timeZone: TimeZone): Cell => isoDate(month, timeZone) ?? month;

/** An item's searches over some months (none for an item without searches). */
const total = (item: Item, ms: string[]): number => ms.reduce((n, m) => n + (item.months?.get(m) ?? 0), 0);

/** The last 12 months (the year the totals and indexes are over). */
const lastYear = (months: string[]): string[] => months.slice(-12);

/** Rows of months, one column per item: its values, or its message on the first row. */
function byMonth(months: string[], items: Item[], value: (item: Item, month: string) => Cell, date: (m: string) => Cell): Cell[][] {
  const rows = months.length ? months : [''];
  return rows.map((m, i) => [m && date(m), ...items.map((item) => (item.months ? value(item, m) : i === 0 ? (item.text ?? '') : ''))]);
}

const withHeader = (header: Cell[], rows: Cell[][], options: Options): Output =>
  finish(rectangular(options.noHeaders ? rows : [header, ...rows]), options);

/**
 * SEARCH_COMPARE: months down, one column per keyword of its monthly searches.
 * @param keywordArg a keyword or a range of them
 * @param optionsArg noHeaders, transpose
 */
export function compareSearches(keywordArg: unknown, optionsArg: unknown): Output {
  const options = readOptions(optionsArg);
  const { items, months, date } = readItems(keywordArg);
  const rows = byMonth(months, items, (item, m) => item.months?.get(m) ?? '', date);
  return withHeader(['Month', ...items.map((i) => i.keyword)], rows, options);
}

/**
 * SHARE_OF_SEARCH: each keyword's share of the group's searches per month, then over the last 12 months.
 * A keyword listed again says so in its column: counted twice, the shares would lie.
 * @param keywordArg a keyword or a range of them
 * @param optionsArg noHeaders, transpose
 */
export function shareOfSearch(keywordArg: unknown, optionsArg: unknown): Output {
  const options = readOptions(optionsArg);
  const { items, months, date } = readItems(keywordArg);
  const counted = new Set<string>();
  for (const item of items) {
    if (!item.months) continue;
    if (!counted.has(item.keyword)) counted.add(item.keyword);
    else [item.months, item.text] = [undefined, `Bad input: "${item.keyword}" is listed already (counted once).`];
  }
  const share = (item: Item, ms: string[]) => {
    const all = items.reduce((n, i) => n + total(i, ms), 0);
    return all > 0 ? total(item, ms) / all : '';
  };
  const rows = byMonth(months, items, (item, m) => (item.months?.has(m) ? share(item, [m]) : ''), date);
  const year = lastYear(months);
  rows.push(['12 months', ...items.map((item) => (item.months ? share(item, year) : ''))]);
  return withHeader(['Month', ...items.map((i) => i.keyword)], rows, options);
}

/**
 * SEARCH_SEASONALITY: a keyword's months with their seasonal index (searches over the 12-month mean),
 * its peak and low months; for a range, one row of indexes per keyword under the months.
 * @param keywordArg a keyword or a range of them
 * @param optionsArg noHeaders, transpose
 */
export function seasonality(keywordArg: unknown, optionsArg: unknown): Output {
  const options = readOptions(optionsArg);
  const { single, items, months, date } = readItems(keywordArg);
  const year = lastYear(months);
  const indexes = (item: Item): Map<string, number> => {
    const ms = year.filter((m) => item.months?.has(m));
    const mean = total(item, ms) / ms.length;
    return new Map(mean > 0 ? ms.map((m) => [m, total(item, [m]) / mean]) : []);
  };
  const first = items[0];
  if (single && first?.months) {
    const index = indexes(first);
    const rows: Cell[][] = year.map((m) => [date(m), first.months?.get(m) ?? '', index.get(m) ?? '']);
    const ranked = year.filter((m) => index.has(m)).sort((a, b) => (index.get(b) ?? 0) - (index.get(a) ?? 0));
    const label = (name: string, m: string | undefined): Cell[] => [name, m ? date(m) : '', m ? (index.get(m) ?? '') : ''];
    rows.push(label('Peak month', ranked[0]), label('Low month', ranked[ranked.length - 1]), [SEASON_NOTE, '', '']);
    return withHeader(['Month', 'Searches', 'Seasonal index'], rows, options);
  }
  const rows = items.map((item): Cell[] => {
    if (!item.months) return [item.text ?? ''];
    const index = indexes(item);
    return year.map((m) => index.get(m) ?? '');
  });
  return withHeader(year.map(date), rows, options);
}
