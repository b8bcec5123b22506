/**
 * The refresh schedule: exactly one time-driven trigger per user per document (an add-on may not have
 * more), replaced idempotently, never duplicated.
 */
import type { Schedule } from '../../shared/sidebar-api';
import { errors } from '../errors';
import { readSchedule, writeSchedule } from './store';

/** The trigger's handler: a public top-level function. */
export const REFRESH_HANDLER = 'refreshRankingTables';

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

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
 * Makes this user's trigger in this document match the schedule: deletes extra or different ones,
 * creates one if needed. Running it twice changes nothing.
 * @param schedule the wanted schedule
 */
export function applySchedule(schedule: Schedule): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const mine = ScriptApp.getUserTriggers(spreadsheet).filter((t) => t.getHandlerFunction() === REFRESH_HANDLER);
  const unchanged = JSON.stringify(readSchedule()) === JSON.stringify(schedule);
  if (unchanged && mine.length === (schedule.kind === 'off' ? 0 : 1)) return;
  for (const trigger of mine) ScriptApp.deleteTrigger(trigger);
  if (schedule.kind !== 'off') {
    const builder = ScriptApp.newTrigger(REFRESH_HANDLER).timeBased();
    if (schedule.kind === 'hourly') builder.everyHours(1);
    else if (schedule.kind === 'every6h') builder.everyHours(6);
    else if (schedule.kind === 'daily') builder.everyDays(1).atHour(schedule.hour);
    else builder.onWeekDay(ScriptApp.WeekDay[WEEKDAYS[schedule.weekday - 1] ?? 'MONDAY']).atHour(schedule.hour);
    builder.create();
  }
  writeSchedule(schedule);
}
