/**
 * Whether a spreadsheet is in the current user's schedule follows from what of theirs runs there: the
 * ranking tables' schedule they set, or a tracking list they added. So does when it is next due (the
 * index a run reads instead of opening spreadsheets), and their one trigger.
 */
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { readLastRun, readSchedule, type ScheduleRecord } from '../tables/table-records';
import { listTracked, type TrackRecord } from '../tracking/tracking-records';
import { nextDue, slotsCountFrom } from './due';
import { setScheduled, userId } from './registry';
import { syncTrigger } from './user-trigger';
import { DAY_MS } from '../../shared/day';

/**
 * Whether anything in this spreadsheet is run by the user with this id.
 * @param store the spreadsheet's records
 * @param me the user's private id
 */
export function runsHere(store: SpreadsheetStore, me: string): boolean {
  return readSchedule(store)?.by === me || listTracked(store).some((list) => list.by === me);
}

/**
 * When something of this user's in the spreadsheet is next due (0: at the next run), or null when
 * nothing of theirs runs there: the tables' next slot after their last run, a list's next period
 * (or the next run, while it has items to retry).
 * @param store the spreadsheet's records
 * @param me the user's private id
 */
export function nextDueHere(store: SpreadsheetStore, me: string): number | null {
  const times: number[] = [];
  const tables = tableSchedule(store);
  if (tables?.record.by === me) {
    const due = nextDue(tables.record.schedule, tables.from);
    if (due !== null) times.push(due);
  }
  for (const list of listTracked(store)) if (list.by === me) times.push(listDue(list));
  return times.length ? Math.min(...times) : null;
}

/**
 * The ranking tables' schedule and since when its slots count (due.ts, slotsCountFrom): the last run,
 * or when the schedule was chosen if later. Null when off.
 * @param store the spreadsheet's records
 */
export function tableSchedule(store: SpreadsheetStore): { record: ScheduleRecord; from: number } | null {
  const record = readSchedule(store);
  if (!record) return null;
  const ms = (iso: string | undefined) => {
    const at = Date.parse(iso ?? '');
    return Number.isFinite(at) ? at : 0;
  };
  return { record, from: slotsCountFrom(ms(readLastRun(store)?.startedAt), ms(record.since)) };
}

/** A list is due when its period has none of its rows yet (tracking/tracking-run.ts skips it otherwise). */
function listDue(list: TrackRecord): number {
  const ranFor = Date.parse(`${list.ranFor}T00:00:00Z`);
  if (list.retrySoon || !Number.isFinite(ranFor)) return 0;
  return ranFor + (list.period === 'week' ? 7 : 1) * DAY_MS;
}

/**
 * Writes the open spreadsheet's entry in the current user's index: when it is next due, or removed
 * when nothing of theirs runs there.
 * @param store the spreadsheet's records
 */
export function indexSpreadsheet(store: SpreadsheetStore): void {
  const spreadsheet = store.spreadsheet;
  const due = nextDueHere(store, userId());
  setScheduled(spreadsheet.getId(), due === null ? null : { name: spreadsheet.getName(), due });
}

/**
 * Lists or unlists the open spreadsheet in the current user's schedule, then syncs their trigger.
 * @param store the open spreadsheet's records
 */
export function syncSchedule(store: SpreadsheetStore): void {
  indexSpreadsheet(store);
  syncTrigger(store.spreadsheet);
}
