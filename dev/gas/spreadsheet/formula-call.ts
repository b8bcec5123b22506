/**
 * Parses the one kind of formula dev/gas evaluates: a single call of a custom function,
 * `=NAME(arg, arg, ...)`, each argument a string literal ("" escapes a quote), a number, TRUE/FALSE,
 * nothing (an empty argument), an A1 cell or range (optionally sheet-qualified: `'My Sheet'!A2:A10`,
 * `Data!B:B`, open-ended `A2:A`) or a named range. Anything else (other functions, operators, nested
 * calls, arrays) is not parsed: the caller reports it as unsupported rather than guess.
 */
import { parseA1 } from './a1.js';

/** One argument as written in the formula. */
export type ArgExpr =
  | { kind: 'value'; value: string | number | boolean }
  | { kind: 'empty' }
  | { kind: 'ref'; sheetName?: string; cells: string }
  | { kind: 'name'; name: string };

export interface CallExpr {
  /** The function name as typed (Sheets matches it case-insensitively). */
  fn: string;
  args: ArgExpr[];
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

class Cursor {
  i = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.i >= this.text.length;
  }
  peek(): string {
    return this.text.charAt(this.i);
  }
  skipSpaces(): void {
    while (!this.done && /\s/.test(this.peek())) this.i++;
  }
}

/** A quoted string starting at the cursor ("" inside is one quote); null when unterminated. */
function quoted(c: Cursor, quote: string): string | null {
  let out = '';
  c.i++;
  for (;;) {
    if (c.done) return null;
    const ch = c.peek();
    c.i++;
    if (ch === quote) {
      if (c.peek() === quote) {
        out += quote;
        c.i++;
        continue;
      }
      return out;
    }
    out += ch;
  }
}

/** The characters of a bare token (a reference, a name, a number, TRUE/FALSE). */
function bare(c: Cursor): string {
  const start = c.i;
  while (!c.done && /[A-Za-z0-9_.$:!+-]/.test(c.peek())) c.i++;
  return c.text.slice(start, c.i);
}

function classify(token: string, sheetName?: string): ArgExpr | null {
  if (sheetName !== undefined) return parseA1(token) ? { kind: 'ref', sheetName, cells: token } : null;
  const bang = token.indexOf('!');
  if (bang >= 0) {
    const sheet = token.slice(0, bang);
    const cells = token.slice(bang + 1);
    return /^[A-Za-z0-9_.]+$/.test(sheet) && parseA1(cells) ? { kind: 'ref', sheetName: sheet, cells } : null;
  }
  if (/^true$/i.test(token)) return { kind: 'value', value: true };
  if (/^false$/i.test(token)) return { kind: 'value', value: false };
  if (NUMBER.test(token)) return { kind: 'value', value: Number(token) };
  if (parseA1(token)) return { kind: 'ref', cells: token };
  if (NAME.test(token)) return { kind: 'name', name: token };
  return null;
}

function argument(c: Cursor): ArgExpr | null {
  c.skipSpaces();
  const ch = c.peek();
  if (ch === ',' || ch === ')') return { kind: 'empty' };
  if (ch === '"') {
    const s = quoted(c, '"');
    return s === null ? null : { kind: 'value', value: s };
  }
  if (ch === "'") {
    const sheet = quoted(c, "'");
    if (sheet === null || c.peek() !== '!') return null;
    c.i++;
    return classify(bare(c), sheet);
  }
  const token = bare(c);
  return token === '' ? null : classify(token);
}

/** The call a formula makes, or null when it is anything but one plain custom-function call. */
export function parseCustomCall(formula: string): CallExpr | null {
  if (!formula.startsWith('=')) return null;
  const c = new Cursor(formula.slice(1));
  c.skipSpaces();
  const start = c.i;
  while (!c.done && /[A-Za-z0-9_.]/.test(c.peek())) c.i++;
  const fn = c.text.slice(start, c.i);
  if (!FUNCTION_NAME.test(fn)) return null;
  c.skipSpaces();
  if (c.peek() !== '(') return null;
  c.i++;
  const args: ArgExpr[] = [];
  c.skipSpaces();
  if (c.peek() === ')') {
    c.i++;
  } else {
    for (;;) {
      const arg = argument(c);
      if (!arg) return null;
      args.push(arg);
      c.skipSpaces();
      const sep = c.peek();
      c.i++;
      if (sep === ')') break;
      if (sep !== ',') return null;
    }
  }
  c.skipSpaces();
  return c.done ? { fn, args } : null;
}
