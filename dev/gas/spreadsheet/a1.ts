/**
 * A1 notation as Sheets reads it: "A1", "$B$2", "A1:C3", whole columns "A:C", whole rows "2:5",
 * open-ended "A2:C" (to the last row), optionally after a sheet name ("Data!A1", "'My sheet'!A1:B2",
 * quotes doubled inside: "'It''s'!A1"). Letters are case-insensitive; a reversed range is normalised.
 */

/** Sheets' widest sheet: column ZZZ. */
export const MAX_COLUMNS = 18_278;

/** 1 → "A", 27 → "AA", 18278 → "ZZZ". */
export function columnLetters(column: number): string {
  if (!Number.isInteger(column) || column < 1) throw new RangeError(`dev/gas: bad column ${column}`);
  let n = column;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "A" → 1, "aa" → 27; NaN for anything that is not letters. */
export function columnNumber(letters: string): number {
  if (!/^[A-Za-z]+$/.test(letters)) return NaN;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** A parsed reference; `null` bounds are open (whole column, whole row, or to the last row). */
export interface A1Ref {
  /** The sheet named before "!", unquoted; undefined when none. */
  sheetName?: string;
  startRow: number | null;
  startColumn: number | null;
  endRow: number | null;
  endColumn: number | null;
  /** "A:C" (every row) or "2:5" (every column): getA1Notation() keeps that form. */
  whole: 'columns' | 'rows' | null;
}

/** Splits "Sheet!A1" into the sheet name (unquoted) and the cell part; undefined name when none. */
export function splitSheetName(ref: string): { sheetName?: string; cells: string } | null {
  if (ref.startsWith("'")) {
    let i = 1;
    let name = '';
    for (;;) {
      if (i >= ref.length) return null;
      const ch = ref[i] as string;
      if (ch === "'") {
        if (ref[i + 1] === "'") {
          name += "'";
          i += 2;
          continue;
        }
        break;
      }
      name += ch;
      i++;
    }
    if (ref[i + 1] !== '!') return null;
    return { sheetName: name, cells: ref.slice(i + 2) };
  }
  const bang = ref.lastIndexOf('!');
  if (bang < 0) return { cells: ref };
  return { sheetName: ref.slice(0, bang), cells: ref.slice(bang + 1) };
}

interface Part {
  column: number | null;
  row: number | null;
}

function parsePart(text: string): Part | null {
  const m = /^\$?([A-Za-z]{1,3})?\$?([0-9]+)?$/.exec(text);
  if (!m || (!m[1] && !m[2])) return null;
  const column = m[1] ? columnNumber(m[1]) : null;
  const row = m[2] ? Number(m[2]) : null;
  if (column !== null && column > MAX_COLUMNS) return null;
  if (row !== null && (!Number.isSafeInteger(row) || row < 1)) return null;
  return { column, row };
}

/** Parses an A1 reference; null when Sheets would not find it ("Range not found"). */
export function parseA1(ref: string): A1Ref | null {
  if (typeof ref !== 'string') return null;
  const split = splitSheetName(ref.trim());
  if (!split) return null;
  const { sheetName, cells } = split;
  if (sheetName !== undefined && sheetName === '') return null;
  const pieces = cells.split(':');
  if (pieces.length > 2) return null;
  const a = parsePart(pieces[0] as string);
  if (!a) return null;
  const named = sheetName !== undefined ? { sheetName } : {};
  if (pieces.length === 1) {
    if (a.column === null || a.row === null) return null;
    return { ...named, startRow: a.row, startColumn: a.column, endRow: a.row, endColumn: a.column, whole: null };
  }
  const b = parsePart(pieces[1] as string);
  if (!b) return null;
  const order = (x: number, y: number): [number, number] => (x <= y ? [x, y] : [y, x]);
  if (a.column !== null && a.row !== null && b.column !== null && b.row !== null) {
    const [r1, r2] = order(a.row, b.row);
    const [c1, c2] = order(a.column, b.column);
    return { ...named, startRow: r1, startColumn: c1, endRow: r2, endColumn: c2, whole: null };
  }
  if (a.row === null && b.row === null && a.column !== null && b.column !== null) {
    const [c1, c2] = order(a.column, b.column);
    return { ...named, startRow: null, startColumn: c1, endRow: null, endColumn: c2, whole: 'columns' };
  }
  if (a.column === null && b.column === null && a.row !== null && b.row !== null) {
    const [r1, r2] = order(a.row, b.row);
    return { ...named, startRow: r1, startColumn: null, endRow: r2, endColumn: null, whole: 'rows' };
  }
  if (a.column !== null && a.row !== null && b.column !== null && b.row === null) {
    // "A2:C": from row 2 to the last row.
    const [c1, c2] = order(a.column, b.column);
    return { ...named, startRow: a.row, startColumn: c1, endRow: null, endColumn: c2, whole: null };
  }
  return null;
}

/** "A1" for one cell, else "A1:C3". */
export function a1Notation(row: number, column: number, numRows: number, numColumns: number): string {
  const start = `${columnLetters(column)}${row}`;
  if (numRows === 1 && numColumns === 1) return start;
  return `${start}:${columnLetters(column + numColumns - 1)}${row + numRows - 1}`;
}
