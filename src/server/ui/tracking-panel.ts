/**
 * The tracking panel's server side: adding a list (its own history sheet, the answer's shape deciding
 * its columns, an immediate first run with backfill), adding items, running now, forgetting. Every
 * argument is checked here (it crosses a trust boundary); bad input changes nothing stored.
 */
import type {
  SelectedItems,
  SpendCost,
  TrackFieldsView,
  TrackingView,
  TrackKind,
  TrackPeriod,
  TrackRequest,
} from '../../shared/sidebar-api';
import { createBudget, type Budget } from '../core/budget';
import { AddonError, errors } from '../core/errors';
import { currentEmail } from '../core/identity';
import { readSubject } from '../core/input';
import { lookupAll } from '../lookup/pipeline';
import { assertRoomFor, userId } from '../trigger/registry';
import { indexSpreadsheet, syncSchedule } from '../trigger/sync';
import { headerWords, listForMessage, selectPath, type Json } from '../shape/shape';
import { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { tableBlock } from '../tables/table-layout';
import { areaA1, uniqueSheetName, writeBlock } from '../spreadsheet/sheet-areas';
import { newTableId } from '../tables/table-records';
import { defaultFields, findSeries, numericPaths, scorePath } from '../tracking/answer';
import { historyHeader, stampText } from '../tracking/history';
import { ENDPOINT_OF, runTracking } from '../tracking/tracking-run';
import { forgetTracked, listTracked, saveTracked, type TrackRecord } from '../tracking/tracking-records';
import { trackingCost } from '../tracking/tracking-cost';
import { trackingView } from './tracking-view';

/** Most items per list: each costs a request per period, and a chart of more is unreadable. */
export const MAX_TRACKED_ITEMS = 100;
/** Sidebar calls have Google's 6 minutes; the run budgets them like a scheduled one. */
const RUN_LIMIT_MS = 360_000;
const PREVIEW_LIMIT_MS = 30_000;
/** Items tried, one by one, for the first answer that decides a new list's columns. */
const PROBES = 3;

const openStore = () => new SpreadsheetStore(SpreadsheetApp.getActiveSpreadsheet());

/** The tracking panel of the open spreadsheet. */
export function getTracking(): TrackingView {
  return trackingView(openStore());
}

/**
 * The selected cells' values as items of a kind, de-duplicated; unusable cells are counted, not kept.
 * @param kind keywords or brands
 */
export function readSelectedItems(kind: unknown): SelectedItems {
  const k = readKind(kind);
  const range = SpreadsheetApp.getActiveRange();
  if (!range) throw errors.input('Select the cells that hold the items first.');
  const items = new Set<string>();
  let skipped = 0;
  for (const value of range.getValues().flat()) {
    const subject = readSubject(value, subjectKind(k));
    if (subject.kind === 'ok') items.add(subject.value);
    else if (subject.kind === 'bad') skipped++;
  }
  const where = areaA1(range.getSheet().getName(), range.getRow(), range.getColumn(), range.getNumRows(), range.getNumColumns());
  return { items: [...items], range: where, skipped };
}

/**
 * What a list of this kind can keep, from one item's answer (a cached one costs nothing).
 * @param kind keywords or brands
 * @param item one item of the list to be
 */
export function previewTrackFields(kind: unknown, item: unknown): TrackFieldsView {
  const k = readKind(kind);
  const [first] = readItems([item], k);
  const data = firstAnswer(k, [first as string], createBudget(PREVIEW_LIMIT_MS));
  const score = scorePath(data, k);
  const series = findSeries(data)?.value ?? null;
  const fields = numericPaths(data).filter((p) => p !== score && p !== series);
  const words = Object.fromEntries([score, series, ...fields].flatMap((p) => (p ? [[p, headerWords(p)] as const] : [])));
  return { score, series, fields, defaults: defaultFields(data, score).filter((f) => f !== series), words };
}

/**
 * What tracking these items sends now (no request).
 * @param kind keywords or brands
 * @param items the items, as typed
 */
export function estimateTracking(kind: unknown, items: unknown): SpendCost {
  const k = readKind(kind);
  return trackingCost(ENDPOINT_OF[k], readItems(items, k));
}

/**
 * Starts tracking a list: the first answer decides the columns (nothing is stored if none comes), the
 * list gets its own history sheet, its runner's schedule and trigger, and a first run at once.
 * @param raw the sidebar's request
 */
export function addTrackingList(raw: unknown): TrackingView {
  const request = readRequest(raw);
  const budget = createBudget(RUN_LIMIT_MS);
  const data = firstAnswer(request.kind, request.items, budget);
  const layout = columnsOf(data, request);
  const store = openStore();
  const spreadsheet = store.spreadsheet;
  assertRoomFor(spreadsheet.getId());
  const sheet = spreadsheet.insertSheet(uniqueSheetName(spreadsheet, `Tracking: ${request.name}`, 'Tracking'));
  const list: TrackRecord = {
    id: newTableId(),
    ...request,
    ...layout,
    by: userId(),
    byEmail: currentEmail(),
    sheetId: sheet.getSheetId(),
    sheetName: sheet.getName(),
    width: 0,
    chartId: null,
    lastRun: null,
    ranFor: '',
    retrySoon: true,
    status: 'waiting',
    message: 'Not run yet.',
  };
  list.width = historyHeader(list).length;
  writeBlock(sheet, 1, 1, tableBlock(stampText(list, new Date()), historyHeader(list), []));
  sheet.setFrozenRows(2);
  try {
    saveTracked(store, list);
  } catch {
    // The record did not fit (Google's METADATA_LIMIT_CHARS of settings): nothing half-made stays.
    spreadsheet.deleteSheet(sheet);
    throw errors.input(
      "This spreadsheet cannot hold more tracked items (Google's limit on its settings): forget a list, or track fewer items.",
    );
  }
  syncSchedule(store);
  runTracking(store, [list], { budget, scheduled: false });
  indexSpreadsheet(store); // due again next period (or next hour, with items to retry)
  return trackingView(store);
}

/**
 * Adds items to a list and runs it: the new items get their backfill and this period's row.
 * @param id the list
 * @param items the items to add
 */
export function addTrackedItems(id: unknown, items: unknown): TrackingView {
  const store = openStore();
  const list = findList(store, id);
  const added = readItems(items, list.kind).filter((item) => !list.items.includes(item));
  if (!added.length) throw errors.input(`Those ${list.kind} are tracked in "${list.name}" already.`);
  if (list.items.length + added.length > MAX_TRACKED_ITEMS) {
    throw errors.input(`A list holds at most ${MAX_TRACKED_ITEMS} items: "${list.name}" has ${list.items.length}.`);
  }
  const next = { ...list, items: [...list.items, ...added], retrySoon: true };
  saveTracked(store, next);
  runTracking(store, [next], { budget: createBudget(RUN_LIMIT_MS), scheduled: false });
  indexSpreadsheet(store);
  return trackingView(store);
}

/**
 * Asks now for the items of a list that have no row this period, or a failed one.
 * @param id the list
 */
export function runTrackingNow(id: unknown): TrackingView {
  const store = openStore();
  if (!runTracking(store, [findList(store, id)], { budget: createBudget(RUN_LIMIT_MS), scheduled: false })) {
    throw errors.input('Another tracking run is going on in this spreadsheet: try again in a minute.');
  }
  indexSpreadsheet(store);
  return trackingView(store);
}

/**
 * Stops tracking a list; its history sheet stays as it is.
 * @param id the list
 */
export function forgetTrackingList(id: unknown): TrackingView {
  const store = openStore();
  forgetTracked(store, findList(store, id).id);
  syncSchedule(store);
  return trackingView(store);
}

function findList(store: SpreadsheetStore, id: unknown): TrackRecord {
  const list = listTracked(store).find((l) => l.id === id);
  if (!list) throw errors.input('That list is no longer tracked here: reopen the sidebar to see the lists.');
  return list;
}

function readKind(raw: unknown): TrackKind {
  if (raw === 'keywords' || raw === 'brands') return raw;
  throw errors.input('Choose what to track: keywords or brands.');
}

const subjectKind = (kind: TrackKind) => (kind === 'keywords' ? 'keyword' : 'slug');

/** Items normalised as the custom functions do, de-duplicated; the first bad one is the error. */
function readItems(raw: unknown, kind: TrackKind): string[] {
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

function readRequest(raw: unknown): TrackRequest {
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
 * The first answer that comes, asking for one item at a time (a bad item does not sink the list, and
 * what is asked is what the run needs anyway: the run then reads it from the cache); else the error.
 */
function firstAnswer(kind: TrackKind, items: string[], budget: Budget): Json {
  let failure: AddonError = errors.budget();
  for (const item of items.slice(0, PROBES)) {
    const answer = lookupAll(ENDPOINT_OF[kind], [item], budget, 'user').answers.get(item);
    if (answer?.ok) return answer.data;
    if (!answer) break;
    failure = answer.error;
    // Only an item's own failure is worth trying the next item for.
    if (!['not-found', 'bad-request', 'input'].includes(failure.kind)) break;
  }
  throw failure;
}

/** The columns, from the answer's shape: the series first (if any), then the chosen or main numbers. */
function columnsOf(data: Json, request: TrackRequest): Pick<TrackRecord, 'fields' | 'series'> {
  const score = scorePath(data, request.kind);
  const series = findSeries(data);
  let chosen = request.fields ?? defaultFields(data, score);
  if (request.fields) {
    chosen = request.fields.map((field) => {
      const picked = selectPath(data, field);
      if (!picked.ok)
        throw errors.input(
          `Unknown field "${field}": the fields are ${listForMessage(numericPaths(data).filter((p) => p !== score && p !== series?.value))}.`,
        );
      return picked.path;
    });
  }
  const fields = [...new Set([...(series ? [series.value] : []), ...chosen.filter((f) => f !== score)])];
  return { fields, series };
}
