/**
 * What this spreadsheet spent today, as its own cap counts it and the sidebar shows it: the spend record
 * its formulas, sidebar and menu keep in the document cache (spend-log.ts), and what its scheduled runs
 * spent. A scheduled run has no document cache (Google gives a time-driven trigger no document), so it
 * keeps its own spend in the spreadsheet's records, and each side sees the other's through a copy the
 * sidebar and the menu bring up to date whenever they run (mirrorDaySpend):
 *
 * - the document cache holds the runs' spend (`sdm-runs|<day>`), which a formula reads with the spend
 *   record, in the round trip it reads its marks back (lookup/pipeline.ts);
 * - the spreadsheet's record (`sdm.daySpend`) holds the runs' own spend and the document's as last copied,
 *   which the scheduled run reads (it opened the spreadsheet anyway).
 *
 * So a formula does not see what a scheduled run spent until the sidebar or a menu item runs, nor a
 * scheduled run what formulas spent since: each can go past the cap by what the other spent meanwhile
 * (docs/use/sidebar.md says so). All counts are of the spend record's UTC day.
 */
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { getAll, openDocumentCache, putAll } from '../cache/cache-store';
import { todaysSpendKeys, totals, type Spend } from './spend-log';

/** The spreadsheet's record of what its scheduled runs spent today, and the document's spend as last copied. */
const RECORD = 'sdm.daySpend';

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The cache key of the runs' spend copied into the document cache. */
export const runsCopyKey = (now: number): string => `sdm-runs|${dayOf(now)}`;

/** The record as stored: the day, the runs' own spend, and the document's as copied. */
interface DayRecord {
  d: string;
  r: number;
  f: number;
  dr: number;
  df: number;
}

/**
 * The cache keys a lookup reads to count what this spreadsheet spent today: the spend record's shards
 * and the runs' copy.
 * @param now the time (ms)
 */
export function daySpendKeys(now: number): string[] {
  return [...todaysSpendKeys(now), runsCopyKey(now)];
}

/**
 * What this spreadsheet spent today, from the cache entries read (daySpendKeys): the spend record and
 * the runs' copy (pure, so it is unit-tested).
 * @param heads the entries as read
 * @param now the time (ms)
 */
export function daySpendIn(heads: Record<string, string>, now: number): Spend {
  const day = dayOf(now);
  const document = totals(day, heads);
  const runs = readCopy(heads[runsCopyKey(now)]);
  return { requests: document.requests + runs.requests, freshSearches: document.freshSearches + runs.freshSearches };
}

/**
 * What this spreadsheet spent today as far as this execution can count: with a document, the spend
 * record and the runs' own spend (the record); in a scheduled run, the runs' spend and the document's
 * as last copied.
 * @param store the spreadsheet's records
 * @param now the time (ms)
 */
export function readDaySpend(store: SpreadsheetStore, now: number = Date.now()): Spend {
  const record = readRecord(store, now);
  const cache = openDocumentCache();
  if (!cache) return { requests: record.r + record.dr, freshSearches: record.f + record.df };
  const document = totals(dayOf(now), getAll(cache, todaysSpendKeys(now)));
  return { requests: document.requests + record.r, freshSearches: document.freshSearches + record.f };
}

/**
 * Adds what a scheduled run spent in this spreadsheet to its record.
 * @param store the spreadsheet's records
 * @param spent what the run sent here
 * @param now the time (ms)
 */
export function addRunSpend(store: SpreadsheetStore, spent: Spend, now: number = Date.now()): void {
  if (!spent.requests) return;
  const record = readRecord(store, now);
  store.set(RECORD, JSON.stringify({ ...record, r: record.r + spent.requests, f: record.f + spent.freshSearches }));
}

/**
 * Brings both copies up to date (the sidebar or a menu item, with a document): the document's spend into
 * the record, and the runs' spend into the document cache. One cache read, and a write of each only when
 * it changed.
 * @param store the spreadsheet's records
 * @param heads the document cache's entries of daySpendKeys, if already read
 * @param now the time (ms)
 */
export function mirrorDaySpend(store: SpreadsheetStore, heads?: Record<string, string>, now: number = Date.now()): void {
  const cache = openDocumentCache();
  if (!cache) return;
  const read = heads ?? getAll(cache, daySpendKeys(now));
  const document = totals(dayOf(now), read);
  const record = readRecord(store, now);
  if (record.dr !== document.requests || record.df !== document.freshSearches || !store.get(RECORD)) {
    store.set(RECORD, JSON.stringify({ ...record, dr: document.requests, df: document.freshSearches }));
  }
  const copy = readCopy(read[runsCopyKey(now)]);
  if (copy.requests !== record.r || copy.freshSearches !== record.f) {
    putAll(cache, { [runsCopyKey(now)]: JSON.stringify({ r: record.r, f: record.f }) });
  }
}

/** Today's record (an older day's counts nothing). */
function readRecord(store: SpreadsheetStore, now: number): DayRecord {
  const empty: DayRecord = { d: dayOf(now), r: 0, f: 0, dr: 0, df: 0 };
  try {
    const stored = JSON.parse(store.get(RECORD) ?? '') as Partial<DayRecord>;
    if (stored.d !== empty.d) return empty;
    const n = (x: unknown) => (typeof x === 'number' && x >= 0 ? x : 0);
    return { d: empty.d, r: n(stored.r), f: n(stored.f), dr: n(stored.dr), df: n(stored.df) };
  } catch {
    return empty;
  }
}

function readCopy(text: string | undefined): Spend {
  try {
    const { r, f } = JSON.parse(text ?? '') as { r?: unknown; f?: unknown };
    return { requests: typeof r === 'number' ? r : 0, freshSearches: typeof f === 'number' ? f : 0 };
  } catch {
    return { requests: 0, freshSearches: 0 };
  }
}
