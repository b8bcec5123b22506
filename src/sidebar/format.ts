/** Pure formatting of the values the sidebar shows (no DOM, so it is unit-tested in node). */
import { DAY_MS } from '../shared/day';
import { resetClock } from '../shared/reset-time';

/** How full an allowance is: blue below 80 %, amber from 80 %, red at the limit. */
export type BarLevel = 'ok' | 'warn' | 'full';

/** Share of the allowance from which a bar turns amber. */
export const WARN_RATIO = 0.8;

/**
 * The colour class of a bar.
 * @param used what is spent
 * @param limit the allowance (0 or less counts as full)
 */
export function barLevel(used: number, limit: number): BarLevel {
  if (!(limit > 0) || used >= limit) return 'full';
  return used / limit >= WARN_RATIO ? 'warn' : 'ok';
}

/**
 * Percentage of the allowance used, 0..100, for the bar's width.
 * @param used what is spent
 * @param limit the allowance
 */
export function percentUsed(used: number, limit: number): number {
  if (!(limit > 0)) return used > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, (used / limit) * 100));
}

/**
 * A count with thousands separators ("1,234"), or the text as it is for a non-number.
 * @param value a number, usually
 * @param locale BCP 47 tag; the browser's by default
 */
export function formatCount(value: string | number | boolean | null | undefined, locale?: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  return value.toLocaleString(locale, { maximumFractionDigits: 2 });
}

/**
 * "HH:MM" in the viewer's time zone, or null if the text is not a date.
 * @param iso a date-time the Date parser understands
 */
export function clockTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return hoursMinutes(date);
}

/**
 * "HH:MM" of a date in the viewer's time zone.
 * @param date the time
 */
export function hoursMinutes(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "YYYY-MM-DD" of a date in the viewer's time zone.
 * @param date the day
 */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Whether two dates fall on the same day in the viewer's time zone.
 * @param a one date
 * @param b the other
 */
export function sameLocalDay(a: Date, b: Date): boolean {
  return dayNumber(a) === dayNumber(b);
}

/**
 * When the allowance resets, as every message of the add-on says it (shared/reset-time.ts): "resets at
 * 00:00 UTC", "resets at 2026-11-03 00:00 UTC" when more than a day away; a value that is not a date is
 * shown as the service sent it.
 * @param resetAt the service's text, or null
 * @param now the current time
 */
export function describeReset(resetAt: string | null, now: Date = new Date()): string | null {
  if (resetAt === null || resetAt.trim() === '') return null;
  const at = Date.parse(resetAt);
  if (Number.isNaN(at)) return `resets ${resetAt.trim()}`;
  return `resets at ${resetClock(at, now.getTime())}`;
}

/**
 * When something was read, for someone deciding whether to trust it: "read at 14:05, 2 h ago", "read on
 * 2026-11-20 at 14:05, 2 days ago"; null if the text is not a date.
 * @param iso when it was read
 * @param now the current time
 */
export function readWhen(iso: string, now: Date = new Date()): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60_000));
  const ago =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : minutes < 48 * 60
          ? `${Math.floor(minutes / 60)} h ago`
          : `${Math.floor(minutes / 1440)} days ago`;
  const day = sameLocalDay(date, now) ? '' : `on ${localDay(date)} `;
  return `read ${day}at ${hoursMinutes(date)}, ${ago}`;
}

/**
 * "1 formula cell", "12 formula cells".
 * @param count how many
 * @param one the singular noun
 * @param many the plural noun
 */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/**
 * A cell of the usage table as text.
 * @param value a string, number or boolean
 */
export function cellText(value: string | number | boolean | null | undefined): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return formatCount(value);
}

/**
 * Two digits: 6 → "06".
 * @param n 0..99
 */
export function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The text with its first character upper-cased.
 * @param text any text
 */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function dayNumber(date: Date): number {
  return Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}
