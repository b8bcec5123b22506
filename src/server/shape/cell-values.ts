/** JSON values to cells, and grid helpers. */
import type { Cell, Grid, Json } from './types';

/** Sheets refuses a cell longer than this. */
const MAX_CELL = 50000;

/**
 * One JSON value as a cell: null/undefined and non-finite numbers become blank, numbers and booleans
 * stay as they are, strings stay as sent (a date stays text). Text longer than a cell may hold is cut
 * and ends with "…". Objects and arrays should not reach a cell; if one does it is shown as JSON text.
 * @param v the value
 */
export function toCell(v: Json | undefined): Cell {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? v : '';
  if (typeof v === 'boolean') return v;
  let s = v;
  if (typeof s !== 'string') {
    try {
      s = JSON.stringify(s) ?? '';
    } catch {
      s = '…'; // nested beyond the engine's stack: nothing sensible to show
    }
  }
  if (s.length <= MAX_CELL) return s;
  let end = MAX_CELL - 1;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // do not split a surrogate pair
  return s.slice(0, end) + '…';
}

/**
 * The grid with every row padded with blanks to the widest row's length.
 * @param grid rows of possibly different lengths
 */
export function rectangular(grid: Cell[][]): Grid {
  let width = 0;
  for (const row of grid) width = Math.max(width, row.length);
  return grid.map((row) => (row.length < width ? row.concat(Array<Cell>(width - row.length).fill('')) : row));
}

/**
 * Rows become columns (the `transpose` option). Ragged rows are padded first.
 * @param grid the grid to turn
 */
export function transpose(grid: Cell[][]): Grid {
  const g = rectangular(grid);
  const width = g[0]?.length ?? 0;
  const out: Grid = [];
  for (let c = 0; c < width; c++) out.push(g.map((row) => row[c] ?? ''));
  return out;
}
