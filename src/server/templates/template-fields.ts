/**
 * Which fields a template's formulas ask for, chosen from answers fetched at insert time, never from a
 * list of names: the service's field names are not in its specification (docs/use/functions.md, "Fields").
 * What the specification does say is what each answer holds (a trend: 12 months, growth, peak, Search
 * Score; a brand: index score, signals, ranks), so a field is found by that meaning in the answer's own
 * keys and shape, as SEARCH_SCORE finds "the score" and a tracking list finds "the dated series".
 */
import { findSeries, dateOf } from '../tracking/answer';
import { headerWords, isObject, nameOf, normaliseName, repeatedCodes, type Json } from '../shape/shape';

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
  /** The same series' dates: which month each volume is. */
  monthsDate: string | null;
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
    monthsDate: first((data) => findSeries(data)?.date ?? null),
  };
}

/** What the brand watch sheet asks of each brand, besides its index score. */
export interface BrandFields {
  /** The brand's name: the text field its slug is written from (`Flovim Cash` beside `flovim-cash`). */
  name: string | null;
  /** The numbers inside the object whose name says "signal". */
  signals: string[];
  /** The numbers inside the object whose name says "rank". */
  ranks: string[];
}

/** Most columns taken from one group: the main ones, and a sheet that stays readable. */
const MAX_GROUP_FIELDS = 6;

/**
 * The name field, found by meaning: the top-level text field each answer's slug is written from; and the
 * signal and rank fields: the numbers directly inside the top-level object whose name contains "signal"
 * (or "rank"), numeric in at least one answer (a brand outside AI has no AI rank).
 * @param answers brand answers
 * @param slugs the slugs asked for (any order)
 */
export function brandFields(answers: Json[], slugs: string[] = []): BrandFields {
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
  const name = answers.flatMap((data) => {
    if (!isObject(data)) return [];
    const named = slugs.map((slug) => nameOf(data, slug)).find((n) => n !== undefined);
    return Object.keys(data).filter((key) => named !== undefined && data[key] === named);
  })[0];
  return { name: name ?? null, signals: group('signal'), ranks: group('rank') };
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
    const all: string[] = [];
    for (const r of records) for (const [k, v] of Object.entries(r)) if (!isObject(v) && !Array.isArray(v) && !all.includes(k)) all.push(k);
    // A fact once, as the formulas' own tables say it: a code column beside the name it repeats is left out.
    const repeated = repeatedCodes(
      all.map((k) => records.map((r) => r[k] ?? '')),
      records.length >= 3,
    );
    const columns = all.filter((_, i) => !repeated.has(i));
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

/** A brand's identifier as a service would put it in a URL: one word of letters, digits, `-`, `_` or `.`. */
const SLUG = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;

/** A display name as a slug: lower case, every run of other characters one `-` (`Acme Pay` → `acme-pay`). */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/**
 * Which field of a list of brands holds each one's slug, by meaning: among the text fields that read as
 * slugs and tell the records apart, the one whose name says slug, else the one holding each record's
 * name as a slug (`acme-pay` beside `Acme Pay`), else the one whose name says id, else the first.
 */
function slugField(records: { [k: string]: Json }[]): string | null {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const texts = (k: string) => records.map((r) => r[k]);
  const candidates = keys.filter((k) => {
    const values = texts(k);
    return values.every((v) => typeof v === 'string' && SLUG.test(v)) && new Set(values).size === values.length;
  });
  const named = (word: string) => candidates.find((k) => normaliseName(k).endsWith(word));
  const ofNames = candidates.find((k) =>
    keys.some((n) => n !== k && records.every((r) => typeof r[n] === 'string' && slugOf(r[n]) === r[k])),
  );
  return named('slug') ?? ofNames ?? named('id') ?? candidates[0] ?? null;
}

/**
 * The field of a list of brands that holds each one's name, by meaning: a text field, other than the
 * slug field, whose every value is that record's slug when written as one (`Zorix Pay` beside `zorix-pay`).
 */
function nameField(records: { [k: string]: Json }[], slug: string): string | null {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return keys.find((n) => n !== slug && records.every((r) => typeof r[n] === 'string' && slugOf(r[n]) === r[slug])) ?? null;
}

/**
 * Brands the service itself names, for examples: from its ranking overview's lists of scored records
 * (its leaders, then its breakouts, in the answer's order; its lists of groups have no score), each
 * list's slug field found by meaning (slugField). Each brand is its slug, or with `take: 'name'` its
 * name (nameField; its slug where the list has no name field). At most `count`, without repeats; none
 * when the answer names no brand.
 * @param overview the ranking overview's answer
 * @param count how many
 * @param take the slug or the name of each
 */
export function exampleBrands(overview: Json, count: number, take: 'slug' | 'name' = 'slug'): string[] {
  const out: string[] = [];
  if (!isObject(overview)) return out;
  for (const value of Object.values(overview)) {
    if (!Array.isArray(value) || !value.length || !value.every(isObject)) continue;
    const records = value as { [k: string]: Json }[];
    const scored = records.every((r) => Object.entries(r).some(([k, v]) => isNumber(v) && normaliseName(k).endsWith('score')));
    const field = scored ? slugField(records) : null;
    if (!field) continue;
    const shown = take === 'name' ? (nameField(records, field) ?? field) : field;
    for (const r of records) {
      const brand = r[shown];
      if (typeof brand === 'string' && !out.includes(brand)) out.push(brand);
      if (out.length >= count) return out;
    }
  }
  return out;
}

/**
 * A field path's last name in words, for a chart's title: `industries.avg_index_score` → "average index
 * score", `baskets.averageScore` → "average score" (the headers' rule, shape/words.ts, in lower case).
 * @param path a field path
 */
export function fieldWords(path: string): string {
  const words = headerWords(path.split('.').pop() ?? path);
  return words.charAt(0).toLowerCase() + words.slice(1);
}
