/**
 * Days written as Sheets dates, not text: a cell holding a date is a number of days that Sheets sorts,
 * charts on a time axis and formats, in every locale; text that looks like a date is only text until
 * Sheets guesses otherwise (and in some locales it does not).
 */

/** How a day is shown in our date cells: unambiguous in every locale. */
export const DAY_FORMAT = 'yyyy-mm-dd';

/**
 * The Date that Sheets stores as the day `YYYY-MM-DD` in the spreadsheet's time zone (its midnight
 * there): a Date is an instant, and Sheets shows it in the spreadsheet's zone, so UTC midnight would be
 * the day before west of Greenwich.
 * @param day `YYYY-MM-DD`
 * @param timeZone the spreadsheet's (Spreadsheet.getSpreadsheetTimeZone())
 */
export function dayAsDate(day: string, timeZone: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  // The zone's offset at an instant, from its "+hhmm" form; asked twice, as it may differ at midnight
  // (a change of summer time) from what it is at UTC midnight.
  const offset = (at: number): number => {
    const z = /^([+-])(\d\d)(\d\d)$/.exec(Utilities.formatDate(new Date(at), timeZone, 'Z'));
    return z ? (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000 : 0;
  };
  return new Date(wall - offset(wall - offset(wall)));
}
