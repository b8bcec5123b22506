/**
 * Tracked ranking tables, the schedule and the last run, in document properties: they belong to the
 * spreadsheet. One property per table keeps each value far below the 9 KB limit.
 */
import type { RunLog, Schedule } from '../../shared/sidebar-api';

/** A table as stored. Positions are 1-based; height includes the stamp and header rows. */
export interface TableRecord {
  id: string;
  group: string;
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
}

const TABLE_PREFIX = 'SDM_TABLE_';
const SCHEDULE = 'SDM_SCHEDULE';
const LAST_RUN = 'SDM_LAST_RUN';

const props = () => PropertiesService.getDocumentProperties();

/** Every tracked table, oldest first. */
export function listTables(): TableRecord[] {
  const all = props().getProperties();
  const tables: TableRecord[] = [];
  for (const [name, value] of Object.entries(all)) {
    if (!name.startsWith(TABLE_PREFIX)) continue;
    try {
      tables.push(JSON.parse(value) as TableRecord);
    } catch {
      // an unreadable record is skipped, not fatal
    }
  }
  return tables.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Stores (or replaces) a table record.
 * @param table the record
 */
export function saveTable(table: TableRecord): void {
  props().setProperty(TABLE_PREFIX + table.id, JSON.stringify(table));
}

/**
 * Stops tracking a table.
 * @param id its id
 */
export function forgetTableRecord(id: string): void {
  props().deleteProperty(TABLE_PREFIX + id);
}

/** A new id that sorts by creation time. */
export function newTableId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The stored schedule (off when none). */
export function readSchedule(): Schedule {
  try {
    return (JSON.parse(props().getProperty(SCHEDULE) ?? '') as Schedule) ?? { kind: 'off' };
  } catch {
    return { kind: 'off' };
  }
}

/**
 * Stores the schedule.
 * @param schedule the schedule
 */
export function writeSchedule(schedule: Schedule): void {
  props().setProperty(SCHEDULE, JSON.stringify(schedule));
}

/** The last run's log, if any. */
export function readLastRun(): RunLog | null {
  try {
    return JSON.parse(props().getProperty(LAST_RUN) ?? '') as RunLog;
  } catch {
    return null;
  }
}

/**
 * Stores a run's log, keeping messages short so the property stays small.
 * @param log the run
 */
export function writeLastRun(log: RunLog): void {
  const trimmed = { ...log, results: log.results.slice(0, 40).map((r) => ({ ...r, message: r.message.slice(0, 160) })) };
  props().setProperty(LAST_RUN, JSON.stringify(trimmed));
}
