/**
 * What Sheets accepts from a custom function, and what google.script.run can carry back to a sidebar.
 * Values are checked in the script's realm and rebuilt in node's.
 */
import { describeValue, isDate, isPlainObject, toOuter } from './realm.js';

/** One cell: undefined is a blank cell. */
export type CellValue = string | number | boolean | Date | undefined;

/** Longest text Sheets accepts in one cell. */
export const MAX_CELL_TEXT = 50_000;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const ALLOWED =
  'a custom function may return a string, a finite number, a boolean, a Date, undefined (a blank cell), or an array of rows of those';

/** Checks one cell; returns the node-realm value or an error message. */
function cell(fn: string, value: unknown, where: string): Checked<CellValue> {
  switch (typeof value) {
    case 'string':
      if (value.length > MAX_CELL_TEXT) {
        return { ok: false, error: `Text result of ${fn} is longer than the limit of ${MAX_CELL_TEXT} characters.` };
      }
      return { ok: true, value };
    case 'boolean':
    case 'undefined':
      return { ok: true, value };
    case 'number':
      if (Number.isFinite(value)) return { ok: true, value };
      break;
    default:
      if (isDate(value) && !Number.isNaN(value.getTime())) return { ok: true, value: new Date(value.getTime()) };
  }
  return { ok: false, error: `Result of ${fn} contains an invalid value${where}: ${describeValue(value)} (${ALLOWED}).` };
}

/**
 * Validates a custom function's result like Sheets: a scalar, a row (1-D array, normalised to
 * [[...]]), or rows (2-D array; short rows are padded with ""). Errors:
 *   "Result of FN contains an invalid value at row R, column C: null (...)."   null, objects, NaN, deeper arrays
 *   "Text result of FN is longer than the limit of 50000 characters."
 *   "Result of FN is empty: return "" for a blank cell, not an empty array."
 */
export function checkCustomFunctionResult(fn: string, value: unknown): Checked<CellValue | CellValue[][]> {
  if (!Array.isArray(value)) return cell(fn, value, '');
  const rowsIn: unknown[][] = value.every((v) => !Array.isArray(v))
    ? [value]
    : value.every((v) => Array.isArray(v))
      ? (value as unknown[][])
      : [];
  if (rowsIn.length === 0 && value.length > 0) {
    const i = value.findIndex((v) => !Array.isArray(v));
    return { ok: false, error: `Result of ${fn} mixes rows and single values (row ${i + 1}): return an array of rows (${ALLOWED}).` };
  }
  const width = Math.max(0, ...rowsIn.map((r) => r.length));
  if (width === 0) return { ok: false, error: `Result of ${fn} is empty: return "" for a blank cell, not an empty array.` };
  const rows: CellValue[][] = [];
  for (let r = 0; r < rowsIn.length; r++) {
    const rowIn = rowsIn[r] ?? [];
    const row: CellValue[] = [];
    for (let c = 0; c < width; c++) {
      if (c >= rowIn.length) {
        row.push('');
        continue;
      }
      const checked = cell(fn, rowIn[c], ` at row ${r + 1}, column ${c + 1}`);
      if (!checked.ok) {
        const nested = Array.isArray(rowIn[c]) ? ` at row ${r + 1}, column ${c + 1}: a nested array (${ALLOWED}).` : '';
        return nested ? { ok: false, error: `Result of ${fn} contains an invalid value${nested}` } : checked;
      }
      row.push(checked.value);
    }
    rows.push(row);
  }
  return { ok: true, value: rows };
}

/** Throws unless `value` is something Sheets passes to a custom function (a cell value or a 2-D range). */
export function checkCustomFunctionArg(value: unknown, index: number): void {
  const bad = (why: string): never => {
    throw new TypeError(`dev/gas: custom-function argument ${index + 1} is not something Sheets passes: ${why}`);
  };
  const scalar = (v: unknown): boolean =>
    typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || v instanceof Date;
  if (scalar(value) || value === undefined) return;
  if (!Array.isArray(value)) return bad(describeValue(value));
  if (value.length === 0) return bad('an empty array');
  const width = Array.isArray(value[0]) ? value[0].length : -1;
  for (const row of value) {
    if (!Array.isArray(row)) return bad('a 1-D array (a range is an array of rows)');
    if (row.length !== width || width === 0) return bad('rows of a range all have the same, non-zero length');
    for (const v of row) if (!scalar(v)) return bad(`a range holding ${describeValue(v)} (a blank cell is "")`);
  }
}

/**
 * google.script.run carries primitives, arrays and plain objects. Google delivers null instead of a
 * result holding anything else (a Date, a function, a class instance); so do we, with the reason.
 */
export function checkSidebarResult(value: unknown): { value: unknown; problem?: string } {
  const problem = findIllegal(value, '$', new Set());
  return problem ? { value: null, problem } : { value: toOuter(value) };
}

function findIllegal(value: unknown, path: string, seen: Set<object>): string | undefined {
  if (value === null || value === undefined) return undefined;
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return undefined;
  if (t !== 'object') return `${path} is ${describeValue(value)}`;
  const obj: object = value;
  if (seen.has(obj)) return `${path} is a circular reference`;
  seen.add(obj);
  if (Array.isArray(obj)) {
    for (let i = 0; i < obj.length; i++) {
      const p = findIllegal(obj[i], `${path}[${i}]`, seen);
      if (p) return p;
    }
  } else if (isPlainObject(obj)) {
    for (const [k, v] of Object.entries(obj)) {
      const p = findIllegal(v, `${path}.${k}`, seen);
      if (p) return p;
    }
  } else {
    return `${path} is ${isDate(obj) ? 'a Date' : describeValue(obj)}`;
  }
  seen.delete(obj);
  return undefined;
}
