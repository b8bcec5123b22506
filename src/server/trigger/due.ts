/**
 * When a schedule is due. The user's one trigger runs every hour (at a minute Google picks); each run
 * refreshes the spreadsheets whose latest slot (the last whole hour, 6-hour mark, day at the hour or
 * week day at the hour, in UTC) came after their last refresh, or after the schedule was chosen if that
 * is later: a new schedule's first run waits for its first slot (daily at 06:00 set at 00:30 runs at
 * 06:00, not at the next hourly run). A missed slot is made up once, never twice.
 */
import type { Schedule } from '../../shared/sidebar-api';
import { DAY_MS as DAY } from '../../shared/day';

const HOUR = 3_600_000;

/**
 * The start of the latest slot at or before `now`, or null when the schedule is off.
 * @param schedule the schedule
 * @param now the time
 */
export function latestSlot(schedule: Schedule, now: number): number | null {
  switch (schedule.kind) {
    case 'off':
      return null;
    case 'hourly':
      return Math.floor(now / HOUR) * HOUR;
    case 'every6h':
      return Math.floor(now / (6 * HOUR)) * 6 * HOUR;
    case 'daily': {
      const today = Math.floor(now / DAY) * DAY + schedule.hour * HOUR;
      return today <= now ? today : today - DAY;
    }
    case 'weekly': {
      // 1970-01-01 was a Thursday (weekday 4, Monday = 1).
      const dayIndex = Math.floor(now / DAY);
      const weekday = ((dayIndex + 3) % 7) + 1;
      let slot = (dayIndex - ((weekday - schedule.weekday + 7) % 7)) * DAY + schedule.hour * HOUR;
      if (slot > now) slot -= 7 * DAY;
      return slot;
    }
  }
}

/**
 * Since when a schedule's slots count: its last run, or the time it was chosen when that is later.
 * 0 when neither is known (a schedule kept before the add-on recorded when it was chosen, never run):
 * due at the next run, as it was then.
 * @param lastRun when it last ran (ms), or 0 if never
 * @param chosenAt when the schedule was chosen (ms), or 0 if unknown
 */
export function slotsCountFrom(lastRun: number, chosenAt: number): number {
  return Math.max(lastRun, chosenAt);
}

/**
 * Whether a spreadsheet's refresh is due now.
 * @param schedule its schedule
 * @param from since when its slots count (slotsCountFrom), or 0
 * @param now the time
 */
export function isDue(schedule: Schedule, from: number, now: number): boolean {
  const slot = latestSlot(schedule, now);
  return slot !== null && slot > from;
}

/** How far apart a schedule's slots are. */
const PERIOD: Record<Exclude<Schedule['kind'], 'off'>, number> = { hourly: HOUR, every6h: 6 * HOUR, daily: DAY, weekly: 7 * DAY };

/**
 * When a schedule is next due: its first slot after `from` (0, at the next run, when `from` is 0), or
 * null when off. `isDue(schedule, from, now)` is `nextDue(schedule, from) <= now`.
 * @param schedule the schedule
 * @param from since when its slots count (slotsCountFrom), or 0
 */
export function nextDue(schedule: Schedule, from: number): number | null {
  if (schedule.kind === 'off') return null;
  if (!from) return 0;
  return (latestSlot(schedule, from) as number) + PERIOD[schedule.kind];
}
