/**
 * What a tracking list reads from an answer, found by shape and meaning, since field names are unknown:
 * the score (findScore, as SEARCH_SCORE / BRAND_SCORE do), the main numbers (the top-level numeric
 * fields), and the dated series (the longest list of records that each hold a date-like text and a
 * number: a trend's months), which backfills past periods and is what the chart draws.
 */
import type { TrackKind } from '../../shared/sidebar-api';
import { findScore, isObject, listPaths, selectPath, type Cell, type Json } from '../shape/shape';

/** A series' paths: its values and their dates (`months.volume`, `months.month`). */
export interface SeriesPaths {
  value: string;
  date: string;
}

/** One point of a series: its date as `YYYY-MM-DD` and its value. */
export interface Point {
  date: string;
  value: number;
}

/** The score's preferred names per kind: the same by-meaning rule as SEARCH_SCORE and BRAND_SCORE. */
const PREFERRED: Record<TrackKind, string[]> = { keywords: ['searchscore'], brands: ['indexscore'] };

/** Lists of records are looked for this deep (a trend's months sit at the top). */
const SERIES_DEPTH = 3;

/**
 * `2025-04`, `2025-04-15`, `2025-04-15T08:00:00Z` as `YYYY-MM-DD` (a month is its first day); null else.
 * @param v a value
 */
export function dateOf(v: Json | undefined): string | null {
  const m = typeof v === 'string' ? /^(\d{4})-(\d\d)(?:-(\d\d))?(?:[T ].*)?$/.exec(v.trim()) : null;
  return m ? `${m[1]}-${m[2]}-${m[3] ?? '01'}` : null;
}

/**
 * The answer's score by meaning, or '' when it has none (or several tie).
 * @param data the answer
 * @param kind what the list follows
 */
export function scoreOf(data: Json, kind: TrackKind): number | '' {
  const found = findScore(data, PREFERRED[kind]);
  return found.ok ? found.value : '';
}

/**
 * The score's path, if the answer has one.
 * @param data the answer
 * @param kind what the list follows
 */
export function scorePath(data: Json, kind: TrackKind): string | null {
  const found = findScore(data, PREFERRED[kind]);
  return found.ok ? found.path : null;
}

/**
 * The dated series of an answer: the longest list of records (two or more) whose every record has a
 * date-like text field and a number field (the first such keys); null when there is none.
 * @param data the answer
 */
export function findSeries(data: Json): SeriesPaths | null {
  const found: { paths: SeriesPaths; length: number }[] = [];
  const visit = (v: Json, path: string, depth: number): void => {
    if (!isObject(v) || depth > SERIES_DEPTH) return;
    for (const [key, child] of Object.entries(v)) {
      const at = path ? `${path}.${key}` : key;
      if (!Array.isArray(child)) {
        visit(child, at, depth + 1);
        continue;
      }
      const records = child.filter(isObject);
      const first = records[0];
      if (records.length < 2 || records.length !== child.length || !first) continue;
      const keys = Object.keys(first);
      const date = keys.find((k) => records.every((r) => dateOf(r[k]) !== null));
      const value = keys.find((k) => records.every((r) => typeof r[k] === 'number' && Number.isFinite(r[k])));
      if (date && value) found.push({ paths: { value: `${at}.${value}`, date: `${at}.${date}` }, length: records.length });
    }
  };
  visit(data, '', 0);
  // The longest wins; among equals, the first met.
  return found.reduce<(typeof found)[number] | null>((best, f) => (!best || f.length > best.length ? f : best), null)?.paths ?? null;
}

/**
 * A series' points, oldest first (records without a date or a number are left out).
 * @param data the answer
 * @param series the series' paths
 */
export function seriesPoints(data: Json, series: SeriesPaths): Point[] {
  const dates = selectPath(data, series.date);
  const values = selectPath(data, series.value);
  if (!dates.ok || !values.ok || !Array.isArray(dates.value) || !Array.isArray(values.value)) return [];
  const points: Point[] = [];
  dates.value.forEach((d, i) => {
    const date = dateOf(d);
    const value = (values.value as Json[])[i];
    if (date && typeof value === 'number' && Number.isFinite(value)) points.push({ date, value });
  });
  return points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The main numbers of an answer: its top-level numeric fields, the score left out (it has its column).
 * @param data the answer
 * @param score the score's path, if any
 */
export function defaultFields(data: Json, score: string | null): string[] {
  if (!isObject(data)) return [];
  return Object.entries(data)
    .filter(([key, v]) => key !== score && typeof v === 'number' && Number.isFinite(v))
    .map(([key]) => key);
}

/**
 * The paths a list may keep: those that select a number, or a list of numbers (a row keeps its last).
 * @param data the answer
 */
export function numericPaths(data: Json): string[] {
  return listPaths(data).filter((path) => {
    const picked = selectPath(data, path);
    if (!picked.ok) return false;
    const v = picked.value;
    return typeof v === 'number' || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number'));
  });
}

/**
 * One field's cell in a row: a number or text as it is, a list's last value, '' for anything else.
 * @param data the answer
 * @param path the field
 */
export function fieldCell(data: Json, path: string): Cell {
  const picked = selectPath(data, path);
  if (!picked.ok) return '';
  const v = Array.isArray(picked.value) ? picked.value[picked.value.length - 1] : picked.value;
  return typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : '';
}
