/**
 * Which fields a template's formulas ask for, chosen from answers fetched at insert time, never from a
 * list of names: the service's field names are not in its specification (docs/functions.md, "Fields").
 * What the specification does say is what each answer holds (a trend: 12 months, growth, peak, Search
 * Score; a brand: index score, signals, ranks), so a field is found by that meaning in the answer's own
 * keys and shape, as SEARCH_SCORE finds "the score" and a tracking list finds "the dated series".
 */
import { findSeries, dateOf } from '../../tracking/answer';
import { isObject, normaliseName, type Json } from '../../shape/shape';

/** A field reached through objects only (not inside a list), with its value. */
interface Leaf {
  path: string;
  /** The whole path normalised: `growth.yoy_pct` → `growthyoypct`. */
  name: string;
  value: Json;
}

/** Objects are walked this deep for single values (a trend's growth and peak sit one level down). */
const LEAF_DEPTH = 3;

function leaves(data: Json): Leaf[] {
  const out: Leaf[] = [];
  const walk = (v: Json, path: string, depth: number): void => {
    if (isObject(v)) {
      if (depth < LEAF_DEPTH) for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, depth + 1);
    } else if (!Array.isArray(v) && path) out.push({ path, name: normaliseName(path), value: v });
  };
  walk(data, '', 0);
  return out;
}

const isNumber = (v: Json): v is number => typeof v === 'number' && Number.isFinite(v);

/** What the keyword research sheet asks of each keyword, besides its score. */
export interface TrendFields {
  /** The year-on-year change: a number whose name says "year on year" (`yoy`), else "growth". */
  growth: string | null;
  /** The peak's month: a date-like text whose name says "peak". */
  peakMonth: string | null;
  /** The 12 monthly volumes: the longest dated series' numbers (as a tracking list finds it). */
  monthsVolume: string | null;
}

/**
 * The trend fields, from the first answer that has each (answers of several keywords may differ in
 * what they hold; one with a null peak says nothing of the others).
 * @param answers trend answers
 */
export function trendFields(answers: Json[]): TrendFields {
  const first = <T>(pick: (data: Json) => T | null): T | null => {
    for (const data of answers) {
      const found = pick(data);
      if (found !== null) return found;
    }
    return null;
  };
  return {
    growth: first((data) => {
      const numbers = leaves(data).filter((l) => isNumber(l.value));
      const yearly = numbers.find((l) => /yoy|yearoveryear|yearonyear|annual/.test(l.name));
      return (yearly ?? numbers.find((l) => /growth|change/.test(l.name)))?.path ?? null;
    }),
    peakMonth: first((data) => leaves(data).find((l) => l.name.includes('peak') && dateOf(l.value) !== null)?.path ?? null),
    monthsVolume: first((data) => findSeries(data)?.value ?? null),
  };
}

/** What the brand watch sheet asks of each brand, besides its index score. */
export interface BrandFields {
  /** The numbers inside the object whose name says "signal". */
  signals: string[];
  /** The numbers inside the object whose name says "rank". */
  ranks: string[];
}

/** Most columns taken from one group: the main ones, and a sheet that stays readable. */
const MAX_GROUP_FIELDS = 6;

/**
 * The signal and rank fields: the numbers directly inside the top-level object whose name contains
 * "signal" (or "rank"), numeric in at least one answer (a brand outside AI has no AI rank).
 * @param answers brand answers
 */
export function brandFields(answers: Json[]): BrandFields {
  const group = (word: string): string[] => {
    const found: string[] = [];
    for (const data of answers) {
      if (!isObject(data)) continue;
      for (const [key, value] of Object.entries(data)) {
        if (!isObject(value) || !normaliseName(key).includes(word)) continue;
        for (const [inner, x] of Object.entries(value)) {
          const path = `${key}.${inner}`;
          if (isNumber(x) && !found.includes(path)) found.push(path);
        }
        break;
      }
    }
    return found.slice(0, MAX_GROUP_FIELDS);
  };
  return { signals: group('signal'), ranks: group('rank') };
}

/** One table of an answer that a market overview shows. */
export type OverviewTable =
  /** An object of single values (the universe's statistics): one formula, turned to read down. */
  | { kind: 'stats'; field: string }
  /** A list of flat records: one formula, the add-on's own table with its header row. */
  | { kind: 'records'; field: string }
  /** A list of records holding lists (baskets with members): one formula per single-value column. */
  | { kind: 'columns'; field: string; columns: string[] };

/**
 * The tables of an answer, in its own order: each top-level object of single values, and each
 * top-level list of records. `onlyScored` keeps only lists whose records have a number named "…score"
 * (the ranking overview's leaders and breakouts are brands with their scores; its lists of groups are not).
 * @param data the answer
 * @param onlyScored keep only lists of scored records
 */
export function overviewTables(data: Json, onlyScored = false): OverviewTable[] {
  if (!isObject(data)) return [];
  const tables: OverviewTable[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (isObject(value)) {
      const values = Object.values(value);
      if (values.length > 1 && values.every((v) => !isObject(v) && !Array.isArray(v))) tables.push({ kind: 'stats', field: key });
      continue;
    }
    if (!Array.isArray(value) || value.length < 2 || !value.every(isObject)) continue;
    const records = value as { [k: string]: Json }[];
    if (onlyScored && !records.some((r) => Object.entries(r).some(([k, v]) => isNumber(v) && normaliseName(k).endsWith('score')))) continue;
    const nested = records.some((r) => Object.values(r).some((v) => Array.isArray(v)));
    if (!nested) {
      tables.push({ kind: 'records', field: key });
      continue;
    }
    const columns: string[] = [];
    for (const r of records)
      for (const [k, v] of Object.entries(r)) if (!isObject(v) && !Array.isArray(v) && !columns.includes(k)) columns.push(k);
    tables.push({ kind: 'columns', field: key, columns: columns.map((k) => `${key}.${k}`) });
  }
  return tables;
}

/**
 * The label and value columns a chart of a "columns" table draws: the text column that reads as a name
 * (its values hold spaces; else the first text column), and the number named "…score" (else the first number).
 * @param data the answer
 * @param table the table
 */
export function chartColumns(data: Json, table: OverviewTable & { kind: 'columns' }): { label: string; value: string } | null {
  const records = isObject(data) ? data[table.field] : null;
  if (!Array.isArray(records)) return null;
  const valuesOf = (path: string): Json[] => records.map((r) => (isObject(r) ? (r[path.slice(table.field.length + 1)] ?? null) : null));
  const texts = table.columns.filter((c) => valuesOf(c).every((v) => typeof v === 'string'));
  const numbers = table.columns.filter((c) => valuesOf(c).every(isNumber));
  const label = texts.find((c) => valuesOf(c).some((v) => typeof v === 'string' && v.includes(' '))) ?? texts[0];
  const value = numbers.find((c) => normaliseName(c).endsWith('score')) ?? numbers[0];
  return label && value ? { label, value } : null;
}
