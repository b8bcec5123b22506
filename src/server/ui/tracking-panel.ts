/**
 * The tracking panel: each sidebar call's arguments read by tracking/track-request.ts, the list started,
 * extended, run or forgotten by trigger/scheduled-lists.ts, shown by tracking-view.
 */
import type { SelectedItems, SpendCost, TrackFieldsView, TrackingView } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { findList, trackFields } from '../tracking/list-setup';
import { trackingCost } from '../spending/tracking-cost';
import { ENDPOINT_OF } from '../tracking/tracking-run';
import { itemsInRange, readItems, readKind, readTrackRequest } from '../tracking/track-request';
import { runListNow, startTracking, stopTracking, trackMoreItems } from '../trigger/scheduled-lists';
import { trackingView } from './tracking-view';

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
  return itemsInRange(range, k);
}

/**
 * What a list of this kind can keep, from one item's answer (a cached one costs nothing).
 * @param kind keywords or brands
 * @param item one item of the list to be
 */
export function previewTrackFields(kind: unknown, item: unknown): TrackFieldsView {
  const k = readKind(kind);
  const [first] = readItems([item], k);
  return trackFields(k, first as string);
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
 * Starts tracking a list, with its own history sheet and a first run at once.
 * @param raw the sidebar's request
 */
export function addTrackingList(raw: unknown): TrackingView {
  const request = readTrackRequest(raw);
  const store = openStore();
  startTracking(store, request);
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
  trackMoreItems(store, list, readItems(items, list.kind));
  return trackingView(store);
}

/**
 * Asks now for the items of a list that have no row this period, or a failed one.
 * @param id the list
 */
export function runTrackingNow(id: unknown): TrackingView {
  const store = openStore();
  runListNow(store, id);
  return trackingView(store);
}

/**
 * Stops tracking a list; its history sheet stays as it is.
 * @param id the list
 */
export function forgetTrackingList(id: unknown): TrackingView {
  const store = openStore();
  stopTracking(store, id);
  return trackingView(store);
}
