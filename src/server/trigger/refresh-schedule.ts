/**
 * A spreadsheet's refresh schedule, as the sidebar sets it: stored in the spreadsheet, listed in the
 * setter's own schedule, run by the setter's one trigger.
 */
import type { Schedule } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { currentEmail } from '../settings/identity';
import { requirePermissions, SCHEDULED_RUN_NEEDS } from '../execution/permissions';
import { assertRoomFor, userId } from './registry';
import { syncSchedule } from './sync';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { readSchedule, writeSchedule } from '../tables/table-records';

/**
 * Validates a schedule from the sidebar.
 * @param raw the sidebar's value
 */
export function readScheduleRequest(raw: unknown): Schedule {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const hour = Number(r.hour);
  const weekday = Number(r.weekday);
  const validHour = Number.isInteger(hour) && hour >= 0 && hour <= 23;
  switch (r.kind) {
    case 'off':
    case 'hourly':
    case 'every6h':
      return { kind: r.kind };
    case 'daily':
      if (!validHour) throw errors.input('Pick the hour of the daily refresh (0 to 23).');
      return { kind: 'daily', hour };
    case 'weekly':
      if (!validHour || !Number.isInteger(weekday) || weekday < 1 || weekday > 7) {
        throw errors.input('Pick the day (Monday to Sunday) and hour of the weekly refresh.');
      }
      return { kind: 'weekly', weekday, hour };
    default:
      throw errors.input('Pick a schedule: off, hourly, every 6 hours, daily or weekly.');
  }
}

/**
 * Sets this spreadsheet's schedule. A schedule (not off) is refused, changing nothing, while a permission
 * its runs need is missing (execution/permissions.ts, SCHEDULED_RUN_NEEDS). The one who sets it becomes its
 * runner: their trigger refreshes it, with their key (a schedule someone else set before is theirs no more; their next run drops it). A new
 * or changed schedule counts its slots from now, so its first run waits for the chosen hour; the same
 * schedule saved again by its runner keeps its time, so a slot it missed still runs, once.
 * @param store the open spreadsheet's records
 * @param schedule the wanted schedule
 */
export function applySchedule(store: SpreadsheetStore, schedule: Schedule): void {
  if (schedule.kind !== 'off') {
    // Only a schedule whose runs can run is saved: every permission they need, before anything is written.
    requirePermissions(SCHEDULED_RUN_NEEDS);
    assertRoomFor(store.spreadsheet.getId());
  }
  const me = userId();
  const previous = readSchedule(store);
  const kept = previous?.by === me && sameSchedule(previous.schedule, schedule);
  const since = kept ? previous.since : new Date().toISOString();
  writeSchedule(store, schedule.kind === 'off' ? null : { schedule, by: me, byEmail: currentEmail(), ...(since ? { since } : {}) });
  // Off here may still leave the user's tracking lists to run in this spreadsheet.
  syncSchedule(store);
}

/** Whether two schedules have the same slots (the stored one may carry fields of an older add-on). */
function sameSchedule(a: Schedule, b: Schedule): boolean {
  const key = (s: Schedule) => `${s.kind}|${'hour' in s ? s.hour : ''}|${'weekday' in s ? s.weekday : ''}`;
  return key(a) === key(b);
}
