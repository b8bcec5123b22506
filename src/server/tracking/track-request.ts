/**
 * Reading what a tracking list is asked for (the sidebar's arguments cross a trust boundary; a sheet's
 * cells are whatever was typed): a kind, items normalised as the custom functions do, a list's
 * request. Bad input is a clear message and changes nothing stored.
 */
import type { SelectedItems, TrackKind, TrackPeriod, TrackRequest } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { readSubject } from '../spreadsheet/input';
import { areaA1 } from '../spreadsheet/sheet-areas';
import { MAX_TRACKED_ITEMS } from './list-setup';

/**
 * What to track: keywords or brands.
 * @param raw the sidebar's value
 */
export function readKind(raw: unknown): TrackKind {
  if (raw === 'keywords' || raw === 'brands') return raw;
  throw errors.input('Choose what to track: keywords or brands.');
}

/** How a kind's items are read as subjects of the custom functions. */
const subjectKind = (kind: TrackKind) => (kind === 'keywords' ? 'keyword' : 'slug');

/**
 * Items normalised as the custom functions do, de-duplicated; the first bad one is the error.
 * @param raw the sidebar's items
 * @param kind keywords or brands
 */
export function readItems(raw: unknown, kind: TrackKind): string[] {
  const items = new Set<string>();
  for (const value of Array.isArray(raw) ? raw : []) {
    const subject = readSubject(value, subjectKind(kind));
    if (subject.kind === 'bad') throw errors.input(subject.message);
    if (subject.kind === 'ok') items.add(subject.value);
  }
  if (!items.size) throw errors.input(`Type or select at least one ${kind === 'keywords' ? 'keyword' : 'brand slug'} to track.`);
  if (items.size > MAX_TRACKED_ITEMS) throw errors.input(`A list holds at most ${MAX_TRACKED_ITEMS} items: these are ${items.size}.`);
  return [...items];
}

/**
 * A new list's request: kind, items, period, a name (made from the items when none is typed), fields.
 * @param raw the sidebar's request
 */
export function readTrackRequest(raw: unknown): TrackRequest {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof TrackRequest, unknown>>;
  const kind = readKind(r.kind);
  const items = readItems(r.items, kind);
  const period: TrackPeriod | null = r.period === 'day' || r.period === 'week' ? r.period : null;
  if (!period) throw errors.input('Choose how often a row is recorded: every day or every week.');
  const typed = typeof r.name === 'string' ? r.name.replace(/\s+/g, ' ').trim() : '';
  const name = (typed || (items.length > 1 ? `${items[0]} + ${items.length - 1} more` : (items[0] as string))).slice(0, 60);
  let fields: string[] | null = null;
  if (Array.isArray(r.fields))
    fields = r.fields.filter((f): f is string => typeof f === 'string' && f.trim() !== '' && f.length < 200).slice(0, 30);
  return { name, kind, items, period, fields };
}

/**
 * The values of a range of cells as items of a kind, de-duplicated; unusable cells are counted, not kept.
 * @param range the cells (the sidebar's: the selection)
 * @param kind keywords or brands
 */
export function itemsInRange(range: GoogleAppsScript.Spreadsheet.Range, kind: TrackKind): SelectedItems {
  const items = new Set<string>();
  let skipped = 0;
  for (const value of range.getValues().flat()) {
    const subject = readSubject(value, subjectKind(kind));
    if (subject.kind === 'ok') items.add(subject.value);
    else if (subject.kind === 'bad') skipped++;
  }
  const where = areaA1(range.getSheet().getName(), range.getRow(), range.getColumn(), range.getNumRows(), range.getNumColumns());
  return { items: [...items], range: where, skipped };
}
