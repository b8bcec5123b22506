/**
 * Making and growing a tracking list: the first answer decides its columns (nothing is stored if none
 * comes), the list gets its own history sheet and its record. Its place in the schedule is trigger/'s
 * (trigger/scheduled-lists.ts).
 */
import type { TrackFieldsView, TrackKind, TrackRequest } from '../../shared/sidebar-api';
import { createBudget, type Budget } from '../execution/time-budget';
import { AddonError, errors } from '../errors/errors';
import { lookupAll } from '../lookup/pipeline';
import { headerWords, listForMessage, selectPath, type Json } from '../shape/shape';
import { newTableId, type SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { tableBlock, uniqueSheetName, writeBlock } from '../spreadsheet/sheet-areas';
import { defaultFields, findSeries, numericPaths, scorePath } from './answer';
import { historyHeader, seriesWords, stampText } from './history';
import { ENDPOINT_OF } from './tracking-run';
import { listTracked, saveTracked, type TrackRecord } from './tracking-records';
import { sendingFor } from '../spending/request-log';

/** Most items per list: each costs a request per period, and a chart of more is unreadable. */
export const MAX_TRACKED_ITEMS = 100;
const PREVIEW_LIMIT_MS = 30_000;
/** Items tried, one by one, for the first answer that decides a new list's columns. */
const PROBES = 3;

/**
 * What a list of this kind can keep, from one item's answer (a cached one costs nothing).
 * @param kind keywords or brands
 * @param item one item of the list to be, validated
 */
export function trackFields(kind: TrackKind, item: string): TrackFieldsView {
  const data = firstAnswer(kind, [item], createBudget(PREVIEW_LIMIT_MS));
  const score = scorePath(data, kind);
  const series = findSeries(data)?.value ?? null;
  const fields = numericPaths(data).filter((p) => p !== score && p !== series);
  // In words as the history's header says them: the series by its unit ("Volume by month").
  const said = (p: string) => (p === series ? seriesWords(p, kind) : headerWords(p));
  const words = Object.fromEntries([score, series, ...fields].flatMap((p) => (p ? [[p, said(p)] as const] : [])));
  return { score, series, fields, defaults: defaultFields(data, score).filter((f) => f !== series), words };
}

/**
 * A new list's columns, from the first answer that comes: the series first (if any), then the chosen
 * or main numbers. Throws the error of the last item asked when no answer comes.
 * @param request the sidebar's request, validated
 * @param budget the time left
 */
export function listColumns(request: TrackRequest, budget: Budget): Pick<TrackRecord, 'fields' | 'series'> {
  return columnsOf(firstAnswer(request.kind, request.items, budget), request);
}

/**
 * Makes a list's history sheet and stores its record (waiting for its first run). When the record does
 * not fit, the sheet is taken back out: nothing half-made stays.
 * @param store the open spreadsheet's records
 * @param request the sidebar's request, validated
 * @param columns the list's columns (listColumns)
 * @param owner who runs it: their user id and email
 */
export function makeList(
  store: SpreadsheetStore,
  request: TrackRequest,
  columns: Pick<TrackRecord, 'fields' | 'series'>,
  owner: Pick<TrackRecord, 'by' | 'byEmail'>,
): TrackRecord {
  const spreadsheet = store.spreadsheet;
  const sheet = spreadsheet.insertSheet(uniqueSheetName(spreadsheet, `Tracking: ${request.name}`, 'Tracking'));
  const list: TrackRecord = {
    id: newTableId(),
    ...request,
    ...columns,
    ...owner,
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
  list.fitted = writeBlock(sheet, 1, 1, tableBlock(stampText(list, new Date()), historyHeader(list), []), { fitted: 'new', footer: false });
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
  return list;
}

/**
 * Adds items to a list's record; the list's next run gives them their backfill and this period's row.
 * @param store the spreadsheet's records
 * @param list the list
 * @param items the items to add, validated
 * @returns the list as stored now
 */
export function extendList(store: SpreadsheetStore, list: TrackRecord, items: string[]): TrackRecord {
  const added = items.filter((item) => !list.items.includes(item));
  if (!added.length) throw errors.input(`Those ${list.kind} are tracked in "${list.name}" already.`);
  if (list.items.length + added.length > MAX_TRACKED_ITEMS) {
    throw errors.input(`A list holds at most ${MAX_TRACKED_ITEMS} items: "${list.name}" has ${list.items.length}.`);
  }
  const next = { ...list, items: [...list.items, ...added], retrySoon: true };
  saveTracked(store, next);
  return next;
}

/**
 * A list of this spreadsheet by its id, or a clear message.
 * @param store the spreadsheet's records
 * @param id the sidebar's id
 */
export function findList(store: SpreadsheetStore, id: unknown): TrackRecord {
  const list = listTracked(store).find((l) => l.id === id);
  if (!list) throw errors.input('That list is no longer tracked here: reopen the sidebar to see the lists.');
  return list;
}

/**
 * The first answer that comes, asking for one item at a time (a bad item does not sink the list, and
 * what is asked is what the run needs anyway: the run then reads it from the cache); else the error.
 */
function firstAnswer(kind: TrackKind, items: string[], budget: Budget): Json {
  sendingFor(`A new tracking list's columns (${kind})`);
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
