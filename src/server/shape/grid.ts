/** Selected values and per-input answers as grids for a custom function to return. */
import { rectangular, toCell } from './cell-values';
import { flattenToTable, type Table } from './flatten';
import { isObject, MAX_DEPTH, type Cell, type Grid, type Json } from './types';

/** The single cell shown for an empty list or object: a custom function cannot return nothing. */
export const NO_DATA = 'no data';

const isScalar = (v: Json): boolean => v === null || typeof v !== 'object';

/**
 * The output of a selected `field` for one input:
 * - a scalar: one cell, never a header;
 * - a list of scalars: one column, no header;
 * - a list of lists of scalars (`baskets.members.slug`): one row per inner list, no header;
 * - an object, or a list holding records: the {@link flattenToTable} table, headed unless
 *   `headers` is false, its headers prefixed with `name` so that each is a pasteable field;
 * - an empty list or object: the single cell `no data`.
 * @param value the selected value
 * @param opts headers: show the header row of tables; name: the selected path (original names)
 */
export function valueToGrid(value: Json, opts: { headers: boolean; name?: string }): Grid {
  if (isScalar(value)) return [[toCell(value)]];
  const plain = Array.isArray(value) && value.every((v) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)));
  return tableToGrid(flattenToTable(value, opts.name ?? ''), opts.headers && !plain);
}

/**
 * A table as a grid: the header row (if `headers`) then the rows; `no data` if it has no columns.
 * @param table from {@link flattenToTable}
 * @param headers whether to include the header row
 */
export function tableToGrid(table: Table, headers: boolean): Grid {
  if (!table.headers.length) return [[NO_DATA]];
  // A header is a key path: cut like any text that would not fit in a cell.
  const grid = headers ? [table.headers.map(toCell), ...table.rows] : table.rows;
  return grid.length ? rectangular(grid) : [[NO_DATA]];
}

/**
 * The answer's scalar fields, for a range input without a field (one row per input). Nested objects
 * give dotted names (`peak.month`); lists are left out entirely, also inside nested objects. A root
 * scalar is named `value`; a root list has no scalar fields.
 * @param json one input's answer
 */
export function scalarFields(json: Json): { names: string[]; values: Map<string, Cell> } {
  const values = new Map<string, Cell>();
  const walk = (v: Json, path: string, d: number): void => {
    if (Array.isArray(v)) return;
    if (!isObject(v) || d > MAX_DEPTH) values.set(path || 'value', toCell(v));
    else for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, d + 1);
  };
  walk(json, '', 0);
  return { names: [...values.keys()], values };
}

/**
 * One output row per input row under one header row (the union of names, first appearance order;
 * left out if `headers` is false). A Map gives its cells under the header (missing names blank),
 * `{error}` gives the error text in the first column and blanks elsewhere, `null` (a blank input)
 * gives a blank row. With no names at all there is a single column headed `value`.
 * @param rows per input: its scalar fields, its error, or null
 * @param opts headers: include the header row
 */
export function rowsUnderUnionHeader(rows: (Map<string, Cell> | { error: string } | null)[], opts: { headers: boolean }): Grid {
  const names = new Set<string>();
  for (const row of rows) if (row instanceof Map) for (const k of row.keys()) names.add(k);
  const header = names.size ? [...names] : ['value'];
  const out: Grid = opts.headers ? [header.map(toCell)] : [];
  for (const row of rows) {
    if (row instanceof Map) out.push(header.map((n) => row.get(n) ?? ''));
    else out.push(header.map((_, i) => (row && !i ? row.error : '')));
  }
  return out.length ? out : [['']];
}
