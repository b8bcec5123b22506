/**
 * Arguments as Sheets passes them to a custom function, made from HyperFormula's values. The rules are
 * Google's (Apps Script guide, "Custom functions › Data types") and what Sheets does around them:
 *
 * | In the sheet                                  | The function receives                            |
 * | --------------------------------------------- | ------------------------------------------------ |
 * | a number (also a currency)                    | a Number, at Sheets' 15 significant digits       |
 * | a percentage (10%)                            | its fraction (0.1)                               |
 * | a date, a date-time                           | a Date: that wall-clock time in the spreadsheet's time zone |
 * | a time or a duration (10:30)                  | a Date on 1899-12-30 (Sheets' day 0) at that time |
 * | text                                          | a String                                         |
 * | TRUE / FALSE                                  | a Boolean                                        |
 * | an empty cell                                 | ""                                               |
 * | a range                                       | rows of columns (a 2-D array), "" for blanks; one cell: its value |
 * | an error in the argument or in its range      | nothing: the function is not called, the cell shows the error |
 */
import { CellError, EmptyValue, SimpleRangeValue } from 'hyperformula';
import { zonedEpoch } from '../gas/index.js';

/** An argument whose cells HyperFormula has not computed yet. */
export const NOT_READY: unique symbol = Symbol('not computed yet');

/** Sheets' day 0: serial numbers count days from 1899-12-30. */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * One argument of a custom function as Sheets passes it.
 * @param value what HyperFormula computed for the argument (a value, a rich number or a range)
 * @param timeZone the spreadsheet's time zone (dates are wall-clock times in it)
 * @returns the value, the argument's error (the function must not run), or NOT_READY
 */
export function toSheetsArgument(value: unknown, timeZone: string): unknown {
  if (value instanceof SimpleRangeValue) {
    const rows = value.rawData().map((row) => row.map((cell) => toSheetsValue(cell, timeZone)));
    for (const row of rows) for (const cell of row) if (cell instanceof CellError || cell === NOT_READY) return cell;
    return rows.length === 1 && rows[0]!.length === 1 ? rows[0]![0] : rows;
  }
  return toSheetsValue(value, timeZone);
}

/** One cell's value as Sheets passes it. */
function toSheetsValue(value: unknown, timeZone: string): unknown {
  if (value === EmptyValue || value === undefined || value === null) return '';
  if (value instanceof CellError) return value;
  if (typeof value === 'number') return sheetsNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (isRichNumber(value)) {
    const type = value.getDetailedType();
    // A time of day is a Date on day 0 (1899-12-30), as Sheets passes times and durations.
    if (type === 'NUMBER_DATE' || type === 'NUMBER_DATETIME' || type === 'NUMBER_TIME') return serialToDate(value.val, timeZone);
    return sheetsNumber(value.val); // percent (already a fraction), currency, raw
  }
  return NOT_READY;
}

/** HyperFormula's typed numbers (dates, times, percentages, currency): a value and its kind. */
interface RichNumber {
  val: number;
  getDetailedType(): string;
}

function isRichNumber(value: unknown): value is RichNumber {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RichNumber).val === 'number' &&
    typeof (value as RichNumber).getDetailedType === 'function'
  );
}

/** Sheets keeps 15 significant digits: =0.1+0.2 passes 0.3, not 0.30000000000000004. */
function sheetsNumber(n: number): number {
  return Number.isFinite(n) ? Number(n.toPrecision(15)) : n;
}

/**
 * A serial number (days since 1899-12-30, the fraction a time of day) as the Date Sheets passes: that
 * wall-clock time in the spreadsheet's time zone.
 */
export function serialToDate(serial: number, timeZone: string): Date {
  // Whole milliseconds, as Sheets stores times to the millisecond.
  const wall = new Date(SERIAL_EPOCH_MS + Math.round(serial * DAY_MS));
  const epoch = zonedEpoch(
    timeZone,
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
  return new Date(epoch + wall.getUTCMilliseconds());
}
