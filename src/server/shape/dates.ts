/**
 * ISO dates in answers as Sheets dates. Sheets keeps a date as a moment in the spreadsheet's time zone,
 * so a calendar date or month becomes midnight of that day there (not UTC's midnight, which a
 * spreadsheet west of UTC would show as the evening before); an instant with a zone stays that instant.
 */

/**
 * A time zone's name, or how to learn it when first needed (reading it may cost a service call); `known`
 * says it without reading, once something has (a label need not pay for a read a date did not make).
 */
export type TimeZone = string | ((() => string) & { known?: () => string | undefined });

/**
 * The zone an instant's label names, as it is known without a read: `UTC`, `Europe/London`, or, when
 * nothing has read it yet, the spreadsheet's zone in words.
 * @param timeZone the spreadsheet's time zone, or how to learn it
 */
export function zoneLabel(timeZone: TimeZone): string {
  const known = typeof timeZone === 'string' ? timeZone : timeZone.known?.();
  return known ? zoneName(known) : 'spreadsheet time zone';
}

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * The moment a wall-clock time in `timeZone` is, found from the zone's offset at about that moment
 * (twice, so a day on which the offset changes lands right). An unknown zone reads as UTC.
 */
function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall;
  for (let i = 0; i < 2; i++) at = wall - offsetAt(at, timeZone);
  return new Date(at);
}

/** How far `timeZone`'s wall clock is ahead of UTC at the moment `ms` (0 for an unknown zone). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(new Date(ms), timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** A moment as a clock in one time zone shows it (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * What a clock in `timeZone` reads at a moment (an unknown zone reads as UTC): where a cell's date
 * falls for the people who read the spreadsheet.
 * @param date the moment
 * @param timeZone an IANA zone, such as the spreadsheet's
 */
export function wallClock(date: Date, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(date);
  } catch {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    };
  }
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/**
 * Whether a text is an instant: a date and a time with its zone (`2026-11-29T01:18:37Z`), which a cell
 * shows in the spreadsheet's time zone (so its label says which).
 * @param text a value
 */
export function isInstant(text: string): boolean {
  return INSTANT.test(text) && Number.isFinite(Date.parse(text));
}

/**
 * A time zone as a label says it: `UTC` for Sheets' `Etc/UTC`, else its name (`Europe/London`).
 * @param timeZone an IANA name
 */
export function zoneName(timeZone: string): string {
  return /^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal)$/i.test(timeZone) ? 'UTC' : timeZone.replace(/^Etc\//, '');
}

/**
 * The Sheets date an ISO text stands for, or null when it is not unambiguously one: a month
 * (`2025-03`: its first day), a date (`2025-03-01`) or an instant with its zone (`…T12:00:00Z`,
 * `…+02:00`). A time without a zone is left as text: whose clock it reads is unknown.
 * @param text a cell's text
 * @param timeZone the spreadsheet's time zone, where a calendar date's midnight falls (asked only for a calendar date)
 */
export function isoDate(text: string, timeZone: TimeZone): Date | null {
  const zone = () => (typeof timeZone === 'function' ? timeZone() : timeZone);
  const month = MONTH.exec(text);
  if (month) {
    const m = Number(month[2]);
    return m >= 1 && m <= 12 && Number(month[1]) >= 1000 ? zonedMidnight(Number(month[1]), m, 1, zone()) : null;
  }
  const day = DAY.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (y < 1000 || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
    return zonedMidnight(y, m, d, zone());
  }
  if (!INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms) : null;
}
