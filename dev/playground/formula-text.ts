/**
 * Formula text as Sheets reads it, rewritten for HyperFormula where the two differ:
 *  - open-ended ranges: `A2:A` is A2 to the sheet's last row, `A:A` the whole column, `2:2` the whole row
 *    (HyperFormula has no `A2:A`, and bounds `A:A` by its own used range, which moves as results spill);
 *  - `TRUE` and `FALSE` are booleans (HyperFormula knows only the functions `TRUE()` and `FALSE()`);
 *  - `""` inside a string is one quote (`"""quoted"""` is `"quoted"`), which HyperFormula cannot parse.
 * The user's text is what the cell keeps and shows; only the engine sees the rewrite. Also: moving a
 * formula's relative references, for pasting a copied formula elsewhere, as Sheets does.
 */
import { columnLetters, columnNumber } from '../gas/index.js';

/** The sheet's size: where open-ended ranges end. */
export interface SheetSize {
  rows: number;
  columns: number;
}

/** One part of a reference: `$B`, `7`, `B$7`. Absent row or column: open-ended. */
interface RefPart {
  column?: number;
  row?: number;
  absColumn: boolean;
  absRow: boolean;
}

// A reference, a range (also open-ended), a whole-column or whole-row range; never a function name.
const REFERENCE =
  /(?<![A-Za-z0-9_.$:'])(?:(\$?[A-Za-z]{1,3}\$?\d+)(?::(\$?[A-Za-z]{1,3}\$?\d+|\$?[A-Za-z]{1,3}))?|(\$?[A-Za-z]{1,3}):(\$?[A-Za-z]{1,3})|(\$?\d+):(\$?\d+))(?![A-Za-z0-9_.(!:$])/g;
const BOOLEAN = /(?<![A-Za-z0-9_.$!])(TRUE|FALSE)(?![A-Za-z0-9_.(!:$]|\s*\()/gi;

/**
 * The formula HyperFormula evaluates for what the user typed (the same text when nothing differs).
 * @param formula text starting with "="
 * @param size the sheet's rows and columns
 */
export function toEngineFormula(formula: string, size: SheetSize): string {
  return mapCode(formula, (code) =>
    code
      .replace(REFERENCE, (match, ...groups: (string | undefined)[]) => engineRange(match, groups, size))
      .replace(BOOLEAN, (word: string) => `${word.toUpperCase()}()`),
  )
    .map((segment) => (segment.kind === 'string' ? engineString(segment.text) : segment.text))
    .join('');
}

/**
 * The formula pasted `rows` down and `columns` right of where it was copied: relative references move,
 * absolute ones ($A$1) stay; a reference moved off the sheet becomes #REF!, as in Sheets.
 */
export function moveFormula(formula: string, rows: number, columns: number, size: SheetSize): string {
  return mapCode(formula, (code) =>
    code.replace(REFERENCE, (_match, ...groups: (string | undefined)[]) => {
      const [first, second, columnA, columnB, rowA, rowB] = groups;
      const parts = first !== undefined ? [first, second] : columnA !== undefined ? [columnA, columnB] : [rowA, rowB];
      const moved = parts.map((text) => (text === undefined ? undefined : move(parsePart(text), rows, columns, size)));
      if (moved.some((p) => p === null)) return '#REF!';
      return moved
        .filter((p): p is RefPart => p !== undefined)
        .map(formatPart)
        .join(':');
    }),
  )
    .map((segment) => segment.text)
    .join('');
}

/** The formula split into code and string literals, with `change` applied to the code. */
function mapCode(formula: string, change: (code: string) => string): { kind: 'code' | 'string'; text: string }[] {
  const segments: { kind: 'code' | 'string'; text: string }[] = [];
  let i = 0;
  let code = '';
  const flush = () => {
    if (code) segments.push({ kind: 'code', text: change(code) });
    code = '';
  };
  while (i < formula.length) {
    const ch = formula[i]!;
    if (ch === '"' || ch === "'") {
      // A string literal, or a quoted sheet name ('My sheet'!A1): a doubled quote is one quote.
      let j = i + 1;
      while (j < formula.length) {
        if (formula[j] === ch && formula[j + 1] === ch) j += 2;
        else if (formula[j] === ch) break;
        else j++;
      }
      const text = formula.slice(i, j + 1);
      if (ch === '"') {
        flush();
        segments.push({ kind: 'string', text });
      } else {
        code += text; // a sheet name belongs to the reference after it
      }
      i = j + 1;
    } else {
      code += ch;
      i++;
    }
  }
  flush();
  return segments;
}

/** A string literal HyperFormula can parse: `"a""b"` becomes `("a"&CHAR(34)&"b")`. */
function engineString(literal: string): string {
  const body = literal.slice(1, literal.endsWith('"') && literal.length > 1 ? -1 : undefined);
  if (!body.includes('""')) return literal;
  return `(${body
    .split('""')
    .map((part) => `"${part}"`)
    .join('&CHAR(34)&')})`;
}

/** A range with its open ends closed at the sheet's edges. */
function engineRange(match: string, groups: (string | undefined)[], size: SheetSize): string {
  const [first, second, columnA, columnB, rowA, rowB] = groups;
  if (first !== undefined) {
    if (second === undefined || /\d$/.test(second)) return match; // A1, A1:B2
    return `${first}:${second}${size.rows}`; // A2:A → A2:A1000
  }
  if (columnA !== undefined && columnB !== undefined) return `${columnA}1:${columnB}${size.rows}`; // A:B
  if (rowA !== undefined && rowB !== undefined) return `A${rowA}:${columnLetters(size.columns)}${rowB}`; // 2:2
  return match;
}

function parsePart(text: string): RefPart {
  const m = /^(\$?)([A-Za-z]*)(\$?)(\d*)$/.exec(text)!;
  const part: RefPart = { absColumn: m[1] === '$', absRow: m[3] === '$' || (m[2] === '' && m[1] === '$') };
  if (m[2]) part.column = columnNumber(m[2]);
  if (m[4]) part.row = Number(m[4]);
  return part;
}

function move(part: RefPart, rows: number, columns: number, size: SheetSize): RefPart | null {
  const out = { ...part };
  if (out.column !== undefined && !out.absColumn) out.column += columns;
  if (out.row !== undefined && !out.absRow) out.row += rows;
  if (out.column !== undefined && (out.column < 1 || out.column > size.columns)) return null;
  if (out.row !== undefined && (out.row < 1 || out.row > size.rows)) return null;
  return out;
}

function formatPart(part: RefPart): string {
  const column = part.column === undefined ? '' : `${part.absColumn ? '$' : ''}${columnLetters(part.column)}`;
  const row = part.row === undefined ? '' : `${part.absRow ? '$' : ''}${part.row}`;
  return column + row;
}
