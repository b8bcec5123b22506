/**
 * Periods of a tracking list, in UTC like the schedules (trigger/due.ts): a day, or a week from Monday.
 * A period is named by its first day, `YYYY-MM-DD`; a history row belongs to the period its date is in.
 */
import type { TrackPeriod } from '../../shared/sidebar-api';
import { DAY_MS } from '../../shared/day';

/**
 * `YYYY-MM-DD` of a time (UTC).
 * @param ms the time
 */
export function dayText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The month (`YYYY-MM`) of a `YYYY-MM-DD` day: a backfilled row stands for its month.
 * @param day the day
 */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/**
 * The period a time falls in, named by its first day.
 * @param ms the time
 * @param period a day or a week
 */
export function periodOf(ms: number, period: TrackPeriod): string {
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: Monday is 3 days before it.
  const start = period === 'week' ? day - ((day + 3) % 7) : day;
  return dayText(start * DAY_MS);
}

/**
 * The period of a `YYYY-MM-DD` date, or null when it is not one.
 * @param date the date as text
 * @param period a day or a week
 */
export function periodOfDate(date: string, period: TrackPeriod): string | null {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return /^\d{4}-\d\d-\d\d$/.test(date) && Number.isFinite(ms) ? periodOf(ms, period) : null;
}

/**
 * How the sidebar and stamps name a period: "the week of 2026-04-06", "2026-04-08".
 * @param key the period's first day
 * @param period a day or a week
 */
export function periodName(key: string, period: TrackPeriod): string {
  return period === 'week' ? `the week of ${key}` : key;
}
