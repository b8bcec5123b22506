/**
 * Tracking a brand watch sheet's brands: the brand slugs in its column A become a tracking list like any
 * other, week by week (its own history sheet, its chart, the scheduled runs: trigger/scheduled-lists.ts),
 * and the sheet records the list, so the sidebar shows it as tracked.
 */
import type { TrackRequest } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { readSubject } from '../spreadsheet/input';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { readTrackRequest } from '../tracking/track-request';
import { startTracking } from '../trigger/scheduled-lists';
import { markTracked, templateOf, trackedListIds, trackedListOf } from './template-marks';
import { brandWatchPlan } from './template-plan';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Starts tracking the brands of a brand watch sheet. Refuses a sheet that is not a brand watch sheet,
 * whose brands are tracked already, or that holds no slug.
 * @param store the open spreadsheet's records
 * @param sheetName the brand watch sheet, as the sidebar sent it
 */
export function trackBrandWatch(store: SpreadsheetStore, sheetName: unknown): void {
  const { sheet, request } = brandWatchRequest(sheetName);
  markTracked(sheet, startTracking(store, request).id);
}

/**
 * The brand slugs in column A of a brand watch sheet as a tracking list's request (week by week, named
 * after the sheet). Refuses a sheet that is not a brand watch sheet, whose brands are tracked already,
 * or that holds no slug.
 * @param sheetName the brand watch sheet, as the sidebar sent it
 */
function brandWatchRequest(sheetName: unknown): { sheet: Sheet; request: TrackRequest } {
  const sheet = typeof sheetName === 'string' ? SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName) : null;
  if (!sheet) throw errors.input('That brand watch sheet is not in this spreadsheet any more: reopen the sidebar to see the sheets.');
  if (templateOf(sheet) !== 'brand-watch') {
    throw errors.input(`"${sheet.getName()}" is not a brand watch sheet: insert the Brand watch template, then track its brands.`);
  }
  if (trackedListOf(sheet, trackedListIds())) {
    throw errors.input(`The brands of "${sheet.getName()}" are tracked already: see "Tracking over time".`);
  }
  const area = brandWatchPlan([], []).items;
  const values = area ? sheet.getRange(area.row, area.column, area.rows, area.columns).getValues().flat() : [];
  const items = values.filter((v) => readSubject(v, 'slug').kind === 'ok');
  if (!items.length) throw errors.input(`No brand slugs in column A of "${sheet.getName()}": type some, then try again.`);
  return { sheet, request: readTrackRequest({ name: sheet.getName(), kind: 'brands', items, period: 'week', fields: null }) };
}
