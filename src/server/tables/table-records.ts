/**
 * Tracked ranking tables, the spreadsheet's schedule and its last run, kept in the spreadsheet's own
 * developer metadata (see spreadsheet/spreadsheet-store.ts): the sidebar reads them from the open spreadsheet, a
 * scheduled run from the spreadsheet it opened by id. One record per table keeps each one small.
 */
import type { RunLog, Schedule } from '../../shared/sidebar-api';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';

/**
 * A table as stored. Positions are 1-based; height includes the stamp and header rows, and the line
 * under the rows when `moves`.
 */
export interface TableRecord {
  id: string;
  group: string;
  /** The group's name as its list gave it, which the stamp says (absent in tables written before: the group). */
  name?: string;
  sheetId: number;
  sheetName: string;
  row: number;
  column: number;
  height: number;
  width: number;
  columns: string[] | null;
  limit: number | null;
  updatedAt: string | null;
  status: 'ok' | 'error' | 'waiting';
  message: string;
  /**
   * Whether the table has the rank change column and the dropped-out line under its rows
   * (table-moves.ts); absent in tables written before the add-on showed moves (their next refresh adds them).
   */
  moves?: boolean;
  /**
   * What the add-on sized the table's columns for, from its first column (spreadsheet/column-widths.ts):
   * a refresh widens only a column whose text got longer. Absent in tables written before: each column is
   * read before it is widened.
   */
  fitted?: number[];
}

/** The spreadsheet's schedule and who set it (their trigger runs it, with their key). */
export interface ScheduleRecord {
  schedule: Schedule;
  /** The setter's private id (see trigger/registry.ts), to recognise "mine" without an email. */
  by: string;
  /** The setter's email for display; "" when Google did not give it. */
  byEmail: string;
  /**
   * When this schedule was chosen (ISO): its slots count from then, so the first run waits for the
   * chosen hour. Absent in records saved before the add-on kept it (those run at the next run, as then).
   */
  since?: string;
}

const TABLE_PREFIX = 'sdm.table.';
const SCHEDULE = 'sdm.schedule';
const LAST_RUN = 'sdm.lastRun';

/**
 * Every tracked table, oldest first.
 * @param store the spreadsheet's records
 */
export function listTables(store: SpreadsheetStore): TableRecord[] {
  return store.records<TableRecord>(TABLE_PREFIX).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Stores (or replaces) a table record.
 * @param store the spreadsheet's records
 * @param table the record
 */
export function saveTable(store: SpreadsheetStore, table: TableRecord): void {
  store.set(TABLE_PREFIX + table.id, JSON.stringify({ ...table, message: table.message.slice(0, 300) }));
}

/**
 * Stops tracking a table.
 * @param store the spreadsheet's records
 * @param id its id
 */
export function forgetTableRecord(store: SpreadsheetStore, id: string): void {
  store.remove(TABLE_PREFIX + id);
}

/**
 * The spreadsheet's schedule, or null when off.
 * @param store the spreadsheet's records
 */
export function readSchedule(store: SpreadsheetStore): ScheduleRecord | null {
  try {
    const record = JSON.parse(store.get(SCHEDULE) ?? '') as ScheduleRecord;
    return record && record.schedule && record.schedule.kind !== 'off' ? record : null;
  } catch {
    return null;
  }
}

/**
 * Stores the schedule (null: off).
 * @param store the spreadsheet's records
 * @param record the schedule and its setter
 */
export function writeSchedule(store: SpreadsheetStore, record: ScheduleRecord | null): void {
  if (record) store.set(SCHEDULE, JSON.stringify(record));
  else store.remove(SCHEDULE);
}

/**
 * The last run's log, if any.
 * @param store the spreadsheet's records
 */
export function readLastRun(store: SpreadsheetStore): RunLog | null {
  try {
    return JSON.parse(store.get(LAST_RUN) ?? '') as RunLog;
  } catch {
    return null;
  }
}

/**
 * Stores a run's log, kept short: a spreadsheet's metadata is small (METADATA_LIMIT_CHARS in all).
 * @param store the spreadsheet's records
 * @param log the run
 */
export function writeLastRun(store: SpreadsheetStore, log: RunLog): void {
  const trimmed = { ...log, results: log.results.slice(0, 30).map((r) => ({ ...r, message: r.message.slice(0, 160) })) };
  store.set(LAST_RUN, JSON.stringify(trimmed));
}
