/**
 * When a schedule is due. The user's one trigger runs every hour (at a minute Google picks); each run
 * refreshes the spreadsheets whose latest slot (the last whole hour, 6-hour mark, day at the hour or
 * week day at the hour, in UTC) came after their last refresh. A new schedule is due at the next run;
 * a missed slot is made up once, never twice.
 */
import type { Schedule } from '../../shared/sidebar-api';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
 * Whether a spreadsheet's refresh is due now.
 * @param schedule its schedule
 * @param lastRun when it last ran (ms), or 0 if never
 * @param now the time
 */
export function isDue(schedule: Schedule, lastRun: number, now: number): boolean {
  const slot = latestSlot(schedule, now);
  return slot !== null && slot > lastRun;
}

/** How far apart a schedule's slots are. */
const PERIOD: Record<Exclude<Schedule['kind'], 'off'>, number> = { hourly: HOUR, every6h: 6 * HOUR, daily: DAY, weekly: 7 * DAY };

/**
 * When a schedule is next due after a run: its first slot after that run (0, at the next run, when it
 * never ran), or null when off. `isDue(schedule, lastRun, now)` is `nextDue(schedule, lastRun) <= now`.
 * @param schedule the schedule
 * @param lastRun when it last ran (ms), or 0 if never
 */
export function nextDue(schedule: Schedule, lastRun: number): number | null {
  if (schedule.kind === 'off') return null;
  if (!lastRun) return 0;
  return (latestSlot(schedule, lastRun) as number) + PERIOD[schedule.kind];
}
