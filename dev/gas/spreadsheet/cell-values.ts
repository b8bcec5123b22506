/**
 * What a cell holds and how Sheets turns text into it. Range.setValue("007") stores the number 7,
 * setValue("1/2") a date, setValue("TRUE") a boolean and setValue("=A1") a formula, exactly as if
 * the user had typed it (en_US); a leading apostrophe or the plain-text format "@" keeps text as text.
 * Also the display side (getDisplayValues): Sheets' "Automatic" number format and common patterns.
 */
import { format as formatWithPattern } from 'numfmt';
import { fieldsIn } from '../services/format-date.js';
import { MAX_CELL_TEXT } from '../execution/result.js';

/** A stored value: '' is an empty cell. */
export type CellValue = string | number | boolean | Date;

/** Over MAX_CELL_TEXT characters in one cell (a value or a formula). */
export const CELL_TOO_LONG_MESSAGE = `Your input contains more than the maximum of ${MAX_CELL_TEXT} characters in a single cell.`;

/** The plain-text number format: strings written to such cells are never converted. */
export const TEXT_FORMAT = '@';

/** Epoch milliseconds of a wall-clock time in `timeZone`. */
export function zonedEpoch(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const offset = (at: number): number => fieldsIn(new Date(at), timeZone).offsetMinutes * 60_000;
  let at = guess - offset(guess);
  const second2 = offset(at);
  if (guess - second2 !== at) at = guess - second2;
  return at;
}

/** Days since 1899-12-30 in `timeZone`, as Sheets stores dates. */
export function serialNumber(date: Date, timeZone: string): number {
  const offset = fieldsIn(date, timeZone).offsetMinutes * 60_000;
  return (date.getTime() + offset) / 86_400_000 + 25_569;
}

/** What typing some text stores. `format` is the number format Sheets picks for it automatically. */
export interface Entered {
  value: CellValue;
  formula?: string;
  format?: string;
}

const NUMBER = /^([+-])?(\$)?(?:(\d{1,3}(?:,\d{3})+)|(\d+))?(?:\.(\d*))?(?:[eE]([+-]?\d+))?(%)?$/;
const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp][Mm]))?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T]${TIME})?$`);
const US_DATE = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?: ${TIME})?$`);
const TIME_ONLY = new RegExp(`^${TIME}$`);

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseTime(h?: string, m?: string, s?: string, ampm?: string): [number, number, number] | null {
  if (h === undefined) return [0, 0, 0];
  let hour = Number(h);
  const minute = Number(m);
  const second = s === undefined ? 0 : Number(s);
  if (minute > 59 || second > 59) return null;
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (/p/i.test(ampm) ? 12 : 0);
  } else if (hour > 23) return null;
  return [hour, minute, second];
}

function parseNumber(t: string): Entered | null {
  const m = NUMBER.exec(t);
  if (!m) return null;
  const [, sign, dollar, grouped, plain, decimals, exponent, percent] = m;
  if (!grouped && !plain && !decimals) return null; // no digit at all ("", ".", "$")
  if ((dollar || percent) && exponent !== undefined) return null;
  if (dollar && percent) return null;
  const digits = (grouped ?? plain ?? '0').replace(/,/g, '');
  let n = Number(`${digits}.${decimals || '0'}${exponent !== undefined ? `e${exponent}` : ''}`);
  if (!Number.isFinite(n)) return null;
  if (sign === '-') n = -n;
  const places = decimals ? decimals.length : 0;
  if (percent) return { value: n / 100, format: places ? '0.00%' : '0%' };
  if (dollar) return { value: n, format: '"$"#,##0.00' };
  if (exponent !== undefined) return { value: n, format: '0.00E+00' };
  if (grouped) return { value: n, format: places ? '#,##0.00' : '#,##0' };
  return { value: n };
}

function parseDate(t: string, timeZone: string, now: number): Entered | null {
  let year: number;
  let month: number;
  let day: number;
  let time: [number, number, number] | null;
  let format: string;
  let m = ISO_DATE.exec(t);
  if (m) {
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
    time = parseTime(m[4], m[5], m[6], m[7]);
    format = 'yyyy-mm-dd';
  } else if ((m = US_DATE.exec(t))) {
    month = Number(m[1]);
    day = Number(m[2]);
    if (m[3] === undefined) year = fieldsIn(new Date(now), timeZone).year;
    else if (m[3].length === 2) year = Number(m[3]) + (Number(m[3]) < 30 ? 2000 : 1900);
    else year = Number(m[3]);
    time = parseTime(m[4], m[5], m[6], m[7]);
    format = 'M/d/yyyy';
  } else if ((m = TIME_ONLY.exec(t))) {
    time = parseTime(m[1], m[2], m[3], m[4]);
    if (!time) return null;
    return { value: new Date(zonedEpoch(timeZone, 1899, 12, 30, ...time)), format: 'h:mm:ss am/pm' };
  } else {
    return null;
  }
  if (!time || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (m[4] !== undefined) format += ' H:mm:ss';
  return { value: new Date(zonedEpoch(timeZone, year, month, day, ...time)), format };
}

/**
 * What Sheets stores when `text` is written as a value (Range.setValue / setValues): a formula, a
 * number, a boolean, a date, or the text itself. `plainText` (format "@") keeps it as typed.
 */
export function parseEntered(text: string, ctx: { timeZone: string; now: number; plainText?: boolean }): Entered {
  if (ctx.plainText) return { value: text };
  if (text.startsWith("'")) return { value: text.slice(1) };
  if (text.startsWith('=') && text.length > 1) return { value: '', formula: text };
  const t = text.trim();
  if (t === '') return { value: text };
  if (/^(true|false)$/i.test(t)) return { value: t.toLowerCase() === 'true' };
  return parseNumber(t) ?? parseDate(t, ctx.timeZone, ctx.now) ?? { value: text };
}

// ---- display ---------------------------------------------------------------------------------

/** Sheets' "Automatic" format for a number (an approximation: up to 10 decimals, E notation when huge or tiny). */
export function generalNumber(n: number): string {
  if (n === 0) return '0';
  const abs = Math.abs(n);
  if (abs >= 1e15 || abs < 1e-10) {
    const [mant, exp] = n.toExponential(5).split('e');
    const m = String(Number(mant));
    const e = Number(exp);
    return `${m}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return String(Number(n.toFixed(10)));
}

/**
 * The text Sheets shows for a value under a number format (getDisplayValues). A pattern is applied by
 * numfmt, a library made for spreadsheet number formats (Excel's grammar, which Sheets' patterns follow:
 * `0.0%`, `#,##0`, `mmm yyyy`, quoted literals, `@` for text, sections split by `;`), on the value as
 * Sheets holds it: a Date as its serial number of days in the spreadsheet's time zone. "General" and
 * no format are Sheets' "Automatic" (generalNumber); a Date without one shows as `M/d/yyyy H:mm:ss`.
 */
export function displayValue(value: CellValue, format: string | undefined, timeZone: string): string {
  if (value === '') return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const pattern = format && format !== 'General' && format !== TEXT_FORMAT ? format : undefined;
  if (typeof value === 'string') return pattern ? (applyPattern(pattern, value) ?? value) : value;
  if (value instanceof Date) {
    const n = serialNumber(value, timeZone);
    return applyPattern(pattern ?? 'M/d/yyyy H:mm:ss', n) ?? generalNumber(n);
  }
  return (pattern && applyPattern(pattern, value)) ?? generalNumber(value);
}

/** numfmt's text for a value, or null for a pattern it cannot read (the value then shows as Automatic). */
function applyPattern(pattern: string, value: number | string): string | null {
  try {
    return formatWithPattern(pattern, value, { locale: 'en-US' });
  } catch {
    return null;
  }
}
