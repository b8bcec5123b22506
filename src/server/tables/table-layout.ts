/**
 * What a ranking table looks like in the sheet: a stamp row (what it is, when it was updated, the last
 * failure), a header row, the ranked rows and a line under them (what dropped out: table-moves.ts),
 * written as values. The stamp also proves, before each
 * refresh, that the cells still hold our table.
 */
import { flattenToTable, headerWords, isCodeOf, isObject, readsAsCode, repeatedCodes, type Cell, type Json } from '../shape/shape';
import { tableBlock } from '../spreadsheet/sheet-areas';
import { tableMoves, withRankChange, type FoundMoves, type PreviousTable } from './table-moves';

const STAMP_PREFIX = 'Search Demand ranking · ';

/**
 * The stamp cell's text: the group by its name ("Search Demand ranking · Fintech · updated …").
 * @param name the group's name (groupName), or the group itself
 * @param updatedAt when its values were last written
 * @param failure the last refresh's failure, if the values are older than that attempt
 */
export function stampText(name: string, updatedAt: Date, failure?: { at: Date; message: string }): string {
  const base = `${STAMP_PREFIX}${name} · updated ${formatUtc(updatedAt)}`;
  return failure ? `${base} · refresh failed ${formatUtc(failure.at)}: ${failure.message}` : base;
}

/**
 * Whether a cell holds this table's stamp (so the area is still ours): by the group's name, or by the
 * group itself (how tables written before said it).
 * @param value the cell's value
 * @param names the group's name and the group
 */
export function isOurStamp(value: unknown, ...names: string[]): boolean {
  return typeof value === 'string' && names.some((name) => value.startsWith(`${STAMP_PREFIX}${name} · `));
}

/**
 * A group's name as its list gives it, for the stamp and the sheet's name: the list's own text the group
 * is written from (`Fintech` for `sector:fintech`, `All AI` for `ai:all`), else its first single text in
 * words (`United States` for `market:us`), else the group itself.
 * @param data the /ranking/list answer
 * @param group the group asked for
 */
export function groupName(data: Json, group: string): string {
  if (!isObject(data)) return group;
  const texts = Object.values(data).filter((v): v is string => typeof v === 'string' && v.trim() !== '' && !readsAsCode(v));
  const name = texts.find((v) => isCodeOf(group, v, true)) ?? texts.find((v) => v.length <= 60);
  return name?.trim() ?? group;
}

/**
 * A time as the stamp and the line under a table say it: `2026-11-21 06:00 UTC`.
 * @param date the time
 */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The rows of a ranking answer: its longest list of records, flattened (the answer's other scalars,
 * such as the group's name and total, are in the stamp, not repeated on every row).
 * @param data the /ranking/list answer
 * @param columns the columns' field paths to keep, in this order (null = all)
 * @param limit most rows to keep (null = all)
 * @param once the group's name, to say each fact once as the formulas do: a column of codes that repeat
 *   another column's names (a slug beside the brand's name) is left out, and so is a column holding on
 *   every row the group the stamp names (`fintech` in Fintech's table); omitted, every kept column stays
 * @returns the kept columns' paths (what a table's record keeps), their header in words (what the sheet
 *   shows, as the formulas say it), and the rows
 */
export function rankingRows(
  data: Json,
  columns: string[] | null,
  limit: number | null,
  once?: { name: string },
): { paths: string[]; header: string[]; rows: Cell[][] } {
  const table = flattenToTable(longestList(data) ?? data);
  let keep = columns ? columns.map((c) => table.headers.indexOf(c)).filter((i) => i >= 0) : table.headers.map((_, i) => i);
  const all = limit ? table.rows.slice(0, limit) : table.rows;
  if (once) {
    const values = keep.map((i) => all.map((row) => row[i] ?? ''));
    const repeated = repeatedCodes(values, all.length >= 3);
    const ofGroup = (column: Cell[]) => all.length >= 3 && column.every((v) => v === column[0] && isCodeOf(v, once.name, true));
    keep = keep.filter((_, k) => !repeated.has(k) && !ofGroup(values[k] ?? []));
  }
  const rows = all.map((row) => keep.map((i) => row[i] ?? ''));
  const paths = keep.map((i) => table.headers[i] ?? '');
  return { paths, header: paths.map(headerWords), rows };
}

function longestList(data: Json): Json[] | undefined {
  let best: Json[] | undefined;
  const visit = (v: Json, depth: number) => {
    if (depth > 3 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      if (v.some((x) => x !== null && typeof x === 'object' && !Array.isArray(x)) && v.length > (best?.length ?? 0)) best = v;
      return;
    }
    for (const child of Object.values(v)) visit(child, depth + 1);
  };
  visit(data, 0);
  return best;
}

/**
 * A ranking table's block: stamp, header and rows with the rank change column beside the rank, and
 * the dropped-out line under the rows, the moves counted from the previous values (none: blank).
 * @param stamp the stamp text
 * @param header the service's columns in words
 * @param rows their values, in the list's order
 * @param previous the table as the sheet held it before (null: just inserted, nothing to compare with)
 * @param found told what the moves found, when they were just counted (alerts/ reads them)
 */
export function rankingBlock(
  stamp: string,
  header: string[],
  rows: Cell[][],
  previous: PreviousTable | null,
  found?: (moves: FoundMoves) => void,
): Cell[][] {
  const moves = tableMoves(header, rows, previous, previous ? formatUtc(previous.at) : '');
  if (moves.found) found?.(moves.found);
  const shown = withRankChange(header, rows, moves.changes);
  return tableBlock(stamp, shown.header, shown.rows, moves.footer);
}
