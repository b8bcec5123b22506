/**
 * The request log's rows as people read them (pure): when (a Sheets date-time, the spreadsheet's zone
 * said in the header), what sent it in words, the counts as numbers, what went wrong in words. Kept for
 * the last LOG_DAYS days, at most LOG_MAX_ROWS rows, oldest first.
 */
import type { Batch, Sender } from '../spending/request-log';
import type { Cell } from '../shape/shape';
import { DAY_MS } from '../../shared/day';

/** The log sheet's name (a number is added when a sheet of the user's has it). */
export const LOG_SHEET_NAME = 'Search Demand log';
/** Days of rows kept. */
export const LOG_DAYS = 30;
/** Rows kept at most (the oldest go first). */
export const LOG_MAX_ROWS = 2_000;
/** Columns of a row. */
export const LOG_COLUMNS = 7;

/** What a row says when formulas' batches were lost before a log writer came (the cache keeps them 6 hours at most). */
export const LOST_BATCHES =
  "Some formulas' batches before this row are missing: they wait in the cache, which keeps them at most 6 hours, until the sidebar opens or a menu item runs.";

/**
 * The header, in words.
 * @param timeZone the spreadsheet's time zone, which its date-times are shown in
 */
export function logHeader(timeZone: string): string[] {
  return [
    `When (${timeZone})`,
    'What sent it',
    'Requests',
    'Fresh searches',
    "Answers from the service's cache",
    'Refused (daily limit)',
    'What went wrong',
  ];
}

/**
 * What sent a batch, in words: a formula's cell and sheet, or the action that sent it.
 * @param sender what sent it
 * @param sheetNames each sheet's name by its id
 */
export function senderWords(sender: Sender, sheetNames: ReadonlyMap<number, string>): string {
  if (sender.kind === 'action') return sender.what || 'The sidebar or the menu';
  if (!sender.cell) return 'A formula (Google did not say which cell)';
  const name = sheetNames.get(sender.sheetId);
  return name === undefined ? `A formula in ${sender.cell} of a sheet deleted since` : `Formula in '${name}'!${sender.cell}`;
}

/**
 * A batch as a row.
 * @param batch the batch
 * @param sheetNames each sheet's name by its id
 */
export function batchRow(batch: Batch, sheetNames: ReadonlyMap<number, string>): Cell[] {
  return [
    new Date(batch.at),
    senderWords(batch.sender, sheetNames),
    batch.requests,
    batch.freshSearches,
    batch.serviceCached,
    batch.refused,
    batch.problems.join('; '),
  ];
}

/**
 * The rows to keep, oldest first: those of the last LOG_DAYS days, at most the LOG_MAX_ROWS newest. A
 * row whose first cell is no date (a note such as LOST_BATCHES) keeps its place after the row before it.
 * @param rows the rows held and the new ones
 * @param now the time (ms)
 */
export function keptRows(rows: Cell[][], now: number): Cell[][] {
  const timeOf = (row: Cell[], before: number) => (row[0] instanceof Date ? row[0].getTime() : before);
  let last = 0;
  const timed = rows.map((row, i) => {
    last = timeOf(row, last);
    return { row, at: last, i };
  });
  timed.sort((a, b) => a.at - b.at || a.i - b.i);
  const recent = timed.filter(({ at }) => at > now - LOG_DAYS * DAY_MS);
  return recent.slice(Math.max(0, recent.length - LOG_MAX_ROWS)).map(({ row }) => row);
}
