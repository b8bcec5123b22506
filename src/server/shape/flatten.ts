/**
 * The "one input, no field" table: any JSON answer as a header row plus rows, by shape alone.
 * Records in a list become rows, a parent's scalars repeat on each of its rows, nested objects become
 * dotted columns, and sibling lists sit side by side (row i holds item i of each), never multiplied.
 */
import { toCell } from './cell-values';
import { isObject, MAX_DEPTH, type Cell, type Json } from './types';

/** A header row's names and the rows under it; every row as long as `headers`. */
export type Table = { headers: string[]; rows: Cell[][] };

/** Caps that keep a pathological answer from exhausting memory or the sheet. */
const MAX_ROWS = 50000;
const MAX_CELLS = 2000000;
const MAX_COLUMNS = 18278; // Sheets' last column, ZZZ

/** The header of a scalar with no name of its own (a root scalar, or items of a root list). */
const VALUE = 'value';

/**
 * Cells of one row are kept as fragments, `[column, cell]` pairs: a parent's scalars are one fragment
 * shared by all of its rows, so repeating them costs nothing until the final grid is written.
 */
type Fragment = [number, Cell][];
type Row = Fragment[];

/**
 * Flattens a JSON answer into a table (docs/use/functions.md, "Fields").
 * - Object: its scalars, and those of nested objects as `peak.month`, repeat on every row; each list
 *   in it (through nested objects too) becomes a sub-table, and sibling sub-tables are zipped: row i
 *   holds row i of each, the row count is the longest (at least 1), shorter ones leave blanks.
 * - List: records give one row each (their own lists flattened the same way); scalars give one
 *   column named by the list's path; an inner list is a record with keys "1", "2", ...
 * - Root scalar or root list of scalars: one column, `value` (or `root`).
 * Headers are full dotted paths from the root, in first appearance order, so one can be pasted back
 * as a `field`. An empty object or list gives no headers and no rows. More than 50,000 rows or about
 * 2,000,000 cells are cut, and the last row then says so. Nesting deeper than 50 shows as JSON text.
 * @param json the answer
 * @param root the path of `json` in the answer, prefixed to every header (when a field was selected)
 */
export function flattenToTable(json: Json, root = ''): Table {
  const columns = new Map<string, number>();
  const column = (name: string): number => {
    let i = columns.get(name);
    if (i === undefined) columns.set(name, (i = columns.size));
    return i;
  };
  const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);
  // A list's items, or an object's fields; an inner list's items are numbered from 1.
  const entries = (v: Json[] | { [k: string]: Json }): [string, Json][] =>
    Array.isArray(v) ? v.map((x, i) => [String(i + 1), x]) : Object.entries(v);

  const rowsOf = (v: Json, path: string, depth: number): Row[] => {
    if (depth > MAX_DEPTH || !(v !== null && typeof v === 'object')) {
      return [[[[column(path || VALUE), toCell(v)]]]];
    }
    if (Array.isArray(v)) {
      const rows: Row[] = [];
      for (const item of v) {
        // Rows past the cap are never shown; stop building them (one extra marks the cut).
        if (rows.length > MAX_ROWS) break;
        const record = Array.isArray(item) && depth < MAX_DEPTH ? Object.fromEntries(entries(item)) : item;
        for (const row of rowsOf(record, path, depth + 1)) rows.push(row);
      }
      return rows;
    }
    const scalars: Fragment = [];
    const lists: Row[][] = [];
    const walk = (o: { [k: string]: Json }, prefix: string, d: number): void => {
      for (const [k, x] of entries(o)) {
        const p = join(prefix, k);
        if (Array.isArray(x)) lists.push(rowsOf(x, p, d + 1));
        else if (isObject(x) && d < MAX_DEPTH) walk(x, p, d + 1);
        else scalars.push([column(p), toCell(x)]);
      }
    };
    walk(v, path, depth);
    let n = 1;
    for (const list of lists) n = Math.max(n, list.length);
    const rows: Row[] = [];
    for (let i = 0; i < n; i++) {
      const row: Row = [scalars];
      for (const list of lists) row.push(...(list[i] ?? []));
      rows.push(row);
    }
    return rows;
  };

  const built = rowsOf(json, root, 0);
  const headers = [...columns.keys()];
  if (!headers.length) return { headers, rows: [] };
  const width = Math.min(headers.length, MAX_COLUMNS);
  const limit = Math.min(MAX_ROWS, Math.floor(MAX_CELLS / width));
  const cut = built.length > limit || width < headers.length;
  const rows: Cell[][] = [];
  for (const row of built.slice(0, cut ? limit - 1 : built.length)) {
    const cells = Array<Cell>(width).fill('');
    for (const fragment of row) for (const [i, cell] of fragment) if (i < width) cells[i] = cell;
    rows.push(cells);
  }
  if (cut) {
    const notice = Array<Cell>(width).fill('');
    notice[0] = `… table cut to ${rows.length} rows and ${width} columns: pass a field to show a part of it`;
    rows.push(notice);
  }
  return { headers: headers.slice(0, width), rows };
}
