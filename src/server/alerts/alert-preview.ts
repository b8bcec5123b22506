/**
 * What the next digest would say now, read from the sheets (each scheduled ranking table's rank change
 * column and the line under it, each tracking list's change view) with the thresholds set: what the
 * sidebar shows before anything is sent. Only what runs found since the last digest, with what waits
 * for the next one: a change a digest already told is never shown again as if new. Reads the
 * spreadsheet only: no request, no mail.
 */
import type { Cell } from '../shape/shape';
import { findSheet } from '../spreadsheet/sheet-areas';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { isOurStamp } from '../tables/table-layout';
import { shownMoves } from '../tables/table-moves';
import { listTables, readSchedule, type TableRecord } from '../tables/table-records';
import { shownChanges } from '../tracking/summary';
import { listTracked } from '../tracking/tracking-records';
import type { AlertSettings } from './alert-settings';
import type { AlertState } from './alert-state';
import { crossing, listPart, mergeParts, tablePart, type DigestPart } from './digest';
import { digestMail, mailTime, type Mail } from './mail-text';

/**
 * The parts the sheets show now, of the runs after a time: the tables' last moves (when the spreadsheet
 * refreshes on a schedule) and every tracking list's latest changes.
 * @param store the spreadsheet's records
 * @param after the last digest's time (ISO): what a run at or before it found, that digest told; null: none
 */
export function shownParts(store: SpreadsheetStore, after: string | null = null): DigestPart[] {
  const parts: DigestPart[] = [];
  const since = (run: string | null) => run !== null && (after === null || run > after);
  if (readSchedule(store)) {
    for (const table of listTables(store)) {
      const moves = since(table.updatedAt) ? tableShown(store, table) : null;
      if (moves) parts.push(tablePart(table, moves));
    }
  }
  for (const list of listTracked(store)) {
    const sheet = since(list.lastRun) ? findSheet(store.spreadsheet, list.sheetId) : null;
    if (sheet) parts.push(listPart(list, shownChanges(sheet, list)));
  }
  return parts;
}

/** A table's moves as its cells show them, or null (no moves shown, or the cells are no longer ours). */
function tableShown(store: SpreadsheetStore, table: TableRecord) {
  const sheet = findSheet(store.spreadsheet, table.sheetId);
  if (!sheet || !table.moves || !table.updatedAt || table.height < 3) return null;
  const [stamp = [], header = [], ...rest] = sheet.getRange(table.row, table.column, table.height, table.width).getValues() as Cell[][];
  if (!isOurStamp(stamp[0], table.name ?? table.group, table.group)) return null;
  return shownMoves(header, rest.slice(0, -1), String(rest[rest.length - 1]?.[0] ?? ''));
}

/**
 * The next digest as the sheets' values would make it now with these thresholds: what waits since the
 * last digest, with what the sheets show of the runs after it; null when nothing crosses them.
 * @param store the spreadsheet's records
 * @param settings the thresholds
 * @param state the alerts' memory: the last digest's time, what waits
 */
export function previewDigest(store: SpreadsheetStore, settings: AlertSettings, state: AlertState): Mail | null {
  const parts = crossing(mergeParts(state.waiting, shownParts(store, state.digestAt)), settings);
  if (!parts.length) return null;
  const spreadsheet = store.spreadsheet;
  // The last run's time, as the digest after it would say.
  const times = [...listTables(store).map((t) => t.updatedAt), ...listTracked(store).map((l) => l.lastRun)];
  const latest = times.reduce<string>((a, b) => (b && b > a ? b : a), '');
  const when = mailTime(latest ? new Date(latest) : new Date(), spreadsheet.getSpreadsheetTimeZone());
  return digestMail(parts, settings, { name: spreadsheet.getName(), url: spreadsheet.getUrl(), when });
}
