/**
 * What a digest would say now, read from the sheets (each scheduled ranking table's rank change column
 * and the line under it, each tracking list's change view) with the thresholds set: what the sidebar
 * shows before anything is sent. Reads the spreadsheet only: no request, no mail.
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
import { crossing, listPart, tablePart, type DigestPart } from './digest';
import { digestMail, mailTime, type Mail } from './mail-text';

/**
 * The parts the sheets show now: the tables' last moves (when the spreadsheet refreshes on a schedule)
 * and every tracking list's latest changes.
 * @param store the spreadsheet's records
 */
export function shownParts(store: SpreadsheetStore): DigestPart[] {
  const parts: DigestPart[] = [];
  if (readSchedule(store)) {
    for (const table of listTables(store)) {
      const moves = tableShown(store, table);
      if (moves) parts.push(tablePart(table, moves));
    }
  }
  for (const list of listTracked(store)) {
    const sheet = findSheet(store.spreadsheet, list.sheetId);
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
 * The digest the sheets' values would make now with these thresholds, or null when nothing crosses them.
 * @param store the spreadsheet's records
 * @param settings the thresholds
 */
export function previewDigest(store: SpreadsheetStore, settings: AlertSettings): Mail | null {
  const parts = crossing(shownParts(store), settings);
  if (!parts.length) return null;
  const spreadsheet = store.spreadsheet;
  // The last run's time, as the digest after it would say.
  const times = [...listTables(store).map((t) => t.updatedAt), ...listTracked(store).map((l) => l.lastRun)];
  const latest = times.reduce<string>((a, b) => (b && b > a ? b : a), '');
  const when = mailTime(latest ? new Date(latest) : new Date(), spreadsheet.getSpreadsheetTimeZone());
  return digestMail(parts, settings, { name: spreadsheet.getName(), url: spreadsheet.getUrl(), when });
}
