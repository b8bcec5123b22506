/**
 * What an argument's text passes to a custom function, read without running anything: a text, number
 * or TRUE/FALSE literal, a cell or range reference (`A2`, `A2:A501`, `A2:A`, `A:A`, `'My Sheet'!B2:B9`),
 * or a named range. Anything else (a nested expression such as `LOWER(A2)` or `A2&" bikes"`) is unknown.
 * Each sheet's values are read once, however many formulas refer to it.
 */
import { isRefreshName } from './addon-formulas';
import { columnNumber } from './column-letters';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The cell values an argument passes (one for a literal), or unknown. */
export type ArgumentValues = { known: true; values: unknown[] } | { known: false };

/** A rectangle of a sheet, 1-based; an open end is Infinity. */
interface Area {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const UNKNOWN: ArgumentValues = { known: false };
const STRING = /^"((?:[^"]|"")*)"$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?%?$/i;
const NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const PART = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/;

/** Reads arguments' values from one spreadsheet, remembering each sheet's values and each named range's. */
export class ArgumentReader {
  private readonly sheets = new Map<number, unknown[][]>();
  private readonly named = new Map<string, unknown[] | null>();

  /** @param spreadsheet the spreadsheet the formulas are in */
  constructor(private readonly spreadsheet: Spreadsheet) {}

  /**
   * What an argument passes.
   * @param text the argument's text, trimmed
   * @param home the formula's own sheet (for a reference without a sheet name)
   */
  read(text: string, home: Sheet): ArgumentValues {
    if (text === '' || isRefreshName(text)) return { known: true, values: [''] }; // the functions drop SDM_REFRESH
    const quoted = STRING.exec(text);
    if (quoted) return { known: true, values: [(quoted[1] ?? '').replace(/""/g, '"')] };
    if (NUMBER.test(text)) {
      const percent = text.endsWith('%');
      const n = Number(percent ? text.slice(0, -1) : text);
      return { known: true, values: [percent ? n / 100 : n] };
    }
    if (/^(TRUE|FALSE)$/i.test(text)) return { known: true, values: [text.toUpperCase() === 'TRUE'] };
    const reference = splitSheet(text);
    const area = reference && parseArea(reference.cells);
    if (reference && area) {
      const sheet = reference.sheetName === undefined ? home : this.spreadsheet.getSheetByName(reference.sheetName);
      return sheet ? { known: true, values: valuesIn(this.sheetValues(sheet), area) } : UNKNOWN;
    }
    if (NAME.test(text)) {
      const values = this.namedValues(text);
      return values ? { known: true, values } : UNKNOWN;
    }
    return UNKNOWN;
  }

  private sheetValues(sheet: Sheet): unknown[][] {
    const id = sheet.getSheetId();
    let values = this.sheets.get(id);
    if (!values) {
      values = sheet.getDataRange().getValues();
      this.sheets.set(id, values);
    }
    return values;
  }

  private namedValues(name: string): unknown[] | null {
    const key = name.toUpperCase();
    if (!this.named.has(key)) {
      const range = this.spreadsheet.getRangeByName(name);
      this.named.set(key, range ? range.getValues().flat() : null);
    }
    return this.named.get(key) ?? null;
  }
}

/** `'It''s'!A1` → sheet `It's`, cells `A1`; no `!` → no sheet name; null when malformed. */
function splitSheet(text: string): { sheetName?: string; cells: string } | null {
  const quoted = /^'((?:[^']|'')+)'!(.*)$/.exec(text);
  if (quoted) return { sheetName: (quoted[1] ?? '').replace(/''/g, "'"), cells: quoted[2] ?? '' };
  const plain = /^([A-Za-z0-9_.]+)!(.*)$/.exec(text);
  if (plain) return { sheetName: plain[1] ?? '', cells: plain[2] ?? '' };
  return text.includes('!') ? null : { cells: text };
}

/** A1 notation → the area it names: a cell, a range, whole columns or rows, or open-ended `A2:A`. */
function parseArea(cells: string): Area | null {
  const ends = cells.split(':');
  if (ends.length > 2) return null;
  const [a, b] = ends.map(part);
  if (!a) return null;
  if (ends.length === 1) return a.column && a.row ? { top: a.row, left: a.column, bottom: a.row, right: a.column } : null;
  if (!b) return null;
  const columns = span(a.column, b.column);
  const rows = span(a.row, b.row);
  // `A2:A` runs from row 2 to the last; a mixed column side (`A:2`) is not a reference.
  if (!columns || (!a.column && !b.column && !(a.row && b.row))) return null;
  return { top: rows?.[0] ?? a.row ?? b.row ?? 1, bottom: rows?.[1] ?? Infinity, left: columns[0], right: columns[1] };
}

/** Both ends given: their order; neither: everything; one only: null (the caller decides). */
function span(x: number | null, y: number | null): [number, number] | null {
  if (x !== null && y !== null) return [Math.min(x, y), Math.max(x, y)];
  if (x === null && y === null) return [1, Infinity];
  return null;
}

function part(text: string): { column: number | null; row: number | null } | null {
  const m = PART.exec(text);
  if (!m || (!m[1] && !m[2])) return null;
  const column = m[1] ? columnNumber(m[1]) : null;
  const row = m[2] ? Number(m[2]) : null;
  return row === 0 ? null : { column, row };
}

/** The values inside an area (cells past the sheet's data are blank, so left out). */
function valuesIn(grid: unknown[][], area: Area): unknown[] {
  const out: unknown[] = [];
  for (let r = area.top; r <= Math.min(area.bottom, grid.length); r++) {
    const row = grid[r - 1] ?? [];
    for (let c = area.left; c <= Math.min(area.right, row.length); c++) out.push(row[c - 1]);
  }
  return out;
}
