/**
 * Tracking lists, one developer-metadata record each (`sdm.track.<id>`, see spreadsheet/spreadsheet-store.ts): the
 * sidebar reads them from the open spreadsheet, a scheduled run from the spreadsheet it opened by id.
 */
import type { TrackKind, TrackPeriod } from '../../shared/sidebar-api';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';

/** A list as stored. */
export interface TrackRecord {
  id: string;
  name: string;
  kind: TrackKind;
  period: TrackPeriod;
  /** Normalised as the custom functions normalise them (spreadsheet/input.ts), in the order added. */
  items: string[];
  /** Answer paths kept beside the score; the series' value path first when the answer has one. */
  fields: string[];
  /** The answer's dated series (by shape): what backfills past periods and what the chart draws. */
  series: { value: string; date: string } | null;
  /** Who runs it on schedule (their private id, trigger/registry.ts) and their email for display. */
  by: string;
  byEmail: string;
  sheetId: number;
  sheetName: string;
  /** Columns the add-on owns on the history sheet (history, change view, chart data). */
  width: number;
  chartId: number | null;
  /**
   * What the add-on sized the sheet's columns for, from column A (spreadsheet/column-widths.ts): a run
   * widens only a column whose text got longer. Absent in lists made before: each is read before it is widened.
   */
  fitted?: number[];
  lastRun: string | null;
  /** The period the last run was for, and whether it left items worth retrying within it. */
  ranFor: string;
  retrySoon: boolean;
  status: 'ok' | 'error' | 'waiting';
  message: string;
}

const PREFIX = 'sdm.track.';

/**
 * Every tracking list of the spreadsheet, oldest first.
 * @param store the spreadsheet's records
 */
export function listTracked(store: SpreadsheetStore): TrackRecord[] {
  return store.records<TrackRecord>(PREFIX);
}

/**
 * Stores (or replaces) a list.
 * @param store the spreadsheet's records
 * @param list the list
 */
export function saveTracked(store: SpreadsheetStore, list: TrackRecord): void {
  store.set(PREFIX + list.id, JSON.stringify({ ...list, message: list.message.slice(0, 300) }));
}

/**
 * Stops tracking a list (its sheet stays).
 * @param store the spreadsheet's records
 * @param id the list's id
 */
export function forgetTracked(store: SpreadsheetStore, id: string): void {
  store.remove(PREFIX + id);
}
