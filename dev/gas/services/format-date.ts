/**
 * Utilities.formatDate: Java SimpleDateFormat patterns in a time zone. Supports the letters
 * y M d H h k K m s S E u a z Z X and 'quoted text'; any other letter throws, as Java does.
 */
import { GasException } from '../execution/execution.js';

/** English month names, January first (also the spreadsheet's display formats, cell-values.ts). */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** English day names, Sunday first (Fields.weekday indexes it). */
export const DAY_NAMES: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `n` with leading zeros to `width` digits. */
export const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** A moment's calendar fields in a time zone. */
export interface Fields {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number; // 0..23
  minute: number;
  second: number;
  ms: number;
  weekday: number; // 0 = Sunday
  offsetMinutes: number;
  zoneName: string;
}

/** "GMT+2", "GMT-05:30", "UTC+1" as a fixed offset in minutes, or undefined. */
function fixedOffset(timeZone: string): number | undefined {
  const m = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(timeZone);
  if (!m) return undefined;
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/** One formatter per zone: making one costs far more than using it (a sheet of dates is formatted often). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterIn(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    formatters.set(zone, formatter); // a bad zone throws above, and is never kept
  }
  return formatter;
}

/** The calendar fields of `date` in `timeZone` (IANA, or a fixed "GMT+2"); bad zone: `Invalid argument: timeZone`. */
export function fieldsIn(date: Date, timeZone: string): Fields {
  const fixed = fixedOffset(timeZone);
  const zone = fixed === undefined ? timeZone : 'UTC';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterIn(zone).formatToParts(new Date(date.getTime() + (fixed ?? 0) * 60_000));
  } catch {
    throw new GasException('Invalid argument: timeZone');
  }
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '0';
  const f = {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    ms: ((date.getTime() % 1000) + 1000) % 1000,
  };
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.ms);
  const offsetMinutes = fixed ?? Math.round((asUtc - date.getTime()) / 60_000);
  const weekday = new Date(Date.UTC(f.year, f.month - 1, f.day)).getUTCDay();
  const zoneName = fixed === undefined ? get('timeZoneName') : offsetText(fixed, 'GMT', ':');
  return { ...f, weekday, offsetMinutes, zoneName };
}

function offsetText(minutes: number, zeroAs: string | undefined, sep: string, withMinutes = true): string {
  if (minutes === 0 && zeroAs !== undefined) return zeroAs;
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${zeroAs === 'GMT' ? 'GMT' : ''}${sign}${hh}${withMinutes ? sep + mm : ''}`;
}

function field(letter: string, count: number, f: Fields): string {
  switch (letter) {
    case 'y':
      return count === 2 ? pad(f.year % 100, 2) : pad(f.year, count);
    case 'M':
      if (count >= 4) return MONTH_NAMES[f.month - 1] ?? '';
      if (count === 3) return (MONTH_NAMES[f.month - 1] ?? '').slice(0, 3);
      return pad(f.month, count);
    case 'd':
      return pad(f.day, count);
    case 'H':
      return pad(f.hour, count);
    case 'k':
      return pad(f.hour === 0 ? 24 : f.hour, count);
    case 'K':
      return pad(f.hour % 12, count);
    case 'h':
      return pad(f.hour % 12 === 0 ? 12 : f.hour % 12, count);
    case 'm':
      return pad(f.minute, count);
    case 's':
      return pad(f.second, count);
    case 'S':
      return pad(f.ms, count);
    case 'E':
      return count >= 4 ? (DAY_NAMES[f.weekday] ?? '') : (DAY_NAMES[f.weekday] ?? '').slice(0, 3);
    case 'u':
      return pad(f.weekday === 0 ? 7 : f.weekday, count);
    case 'a':
      return f.hour < 12 ? 'AM' : 'PM';
    case 'z':
      return f.zoneName;
    case 'Z':
      return offsetText(f.offsetMinutes, undefined, '');
    case 'X':
      if (count === 1) return offsetText(f.offsetMinutes, 'Z', '', false);
      return offsetText(f.offsetMinutes, 'Z', count === 2 ? '' : ':');
    default:
      throw new GasException(`Illegal pattern character '${letter}'`);
  }
}

/** Formats `date` in `timeZone` with a SimpleDateFormat pattern. */
export function formatDate(date: Date, timeZone: string, pattern: string): string {
  const f = fieldsIn(date, timeZone);
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) {
        out += "'";
        i += 2;
        continue;
      }
      if (end < 0) throw new GasException('Unterminated quote');
      out += pattern.slice(i + 1, end).replace(/''/g, "'");
      i = end + 1;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      out += field(c, j - i, f);
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
