// @ts-check
/**
 * Clipboard text as spreadsheets write it: rows on lines, cells split by tabs, and a cell holding a tab,
 * a line break or a leading quote wrapped in quotes with quotes doubled (what Sheets and Excel copy).
 */
import { cellAt, rawOf } from './grid-cells.js';

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('./grid-cells.js').Rect} Rect */

/**
 * Rows of cells from pasted text. Plain lines are one cell each; a trailing line break ends the last row.
 * @param {string} text
 * @returns {string[][]}
 */
export function parseClipboard(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let cell = '';
  let i = 0;
  let atCellStart = true;
  const source = text.replace(/\r\n?/g, '\n');
  while (i < source.length) {
    const ch = source[i];
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the quote that is not doubled and is followed by a tab, a line break or the end.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < source.length) {
        if (source[j] === '"' && source[j + 1] === '"') {
          value += '"';
          j += 2;
        } else if (source[j] === '"') {
          closed = true;
          j++;
          break;
        } else {
          value += source[j];
          j++;
        }
      }
      if (closed && (j === source.length || source[j] === '\t' || source[j] === '\n')) {
        cell = value;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a quoted cell after all ("quoted" words in plain text): read it as it is.
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += ch;
    }
    i++;
  }
  if (!atCellStart || cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * Clipboard text for rows of cells, readable back by parseClipboard, Sheets and Excel.
 * @param {string[][]} rows
 */
export function toClipboard(rows) {
  const quote = (/** @type {string} */ cell) => (/[\t\n\r]|^"/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((row) => row.map(quote).join('\t')).join('\n');
}

/**
 * A range as clipboard text (what cells show), with its formulas for a paste on this page.
 * @param {SheetView | null} sheet
 * @param {Rect} rect
 * @returns {{ text: string, top: number, left: number, inputs: string[][] }}
 */
export function copyRange(sheet, rect) {
  /** @type {string[][]} */
  const shown = [];
  /** @type {string[][]} */
  const inputs = [];
  for (let r = rect.top; r <= rect.bottom; r++) {
    shown.push([]);
    inputs.push([]);
    for (let c = rect.left; c <= rect.right; c++) {
      const view = cellAt(sheet, r, c);
      shown[shown.length - 1]?.push(view?.t ?? '');
      // A spilled value comes back with its formula when that is copied too (above or left of it);
      // copied alone, it pastes as a value.
      let withFormula = false;
      for (let fr = rect.top; fr <= r && !withFormula; fr++) {
        for (let fc = rect.left; fc <= c && !withFormula; fc++) withFormula = cellAt(sheet, fr, fc)?.f !== undefined;
      }
      inputs[inputs.length - 1]?.push(view?.s ? (withFormula ? '' : view.t) : rawOf(view));
    }
  }
  const text = toClipboard(shown);
  return { text, top: rect.top, left: rect.left, inputs };
}
