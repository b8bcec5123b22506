/**
 * Days written as Sheets dates, not text: a cell holding a date is a number of days that Sheets sorts,
 * charts on a time axis and formats, in every locale; text that looks like a date is only text until
 * Sheets guesses otherwise (and in some locales it does not).
 */
import { isoDate, NUMBER_FORMATS } from '../shape/shape';

/** How a day is shown in our date cells: unambiguous in every locale. */
export const DAY_FORMAT = NUMBER_FORMATS.day;

/**
 * The Date that Sheets stores as the day `YYYY-MM-DD` in the spreadsheet's time zone (its midnight
 * there): a Date is an instant, and Sheets shows it in the spreadsheet's zone, so UTC midnight would be
 * the day before west of Greenwich.
 * @param day `YYYY-MM-DD`
 * @param timeZone the spreadsheet's (Spreadsheet.getSpreadsheetTimeZone())
 */
export function dayAsDate(day: string, timeZone: string): Date {
  // The same midnight the formulas' dates fall on (shape/dates.ts); a day that is not one reads as UTC's.
  return isoDate(day, timeZone) ?? new Date(Date.UTC(1970, 0, 1));
}
