// @ts-check
/**
 * The grid's cells: their sizes, addresses and contents, the table built once per sheet, and a row drawn
 * as Sheets draws it.
 */

import { columnLetters, columnNumber } from '../../gas/a1.js';

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('../state.js').CellView} CellView */
/** @typedef {{ row: number, column: number }} Cell */
/** @typedef {{ top: number, left: number, bottom: number, right: number }} Rect */

export const COLUMN_WIDTH = 100;
export const FIRST_COLUMN_WIDTH = 150;
export const ROW_HEADER_WIDTH = 46;

/**
 * The cell an A1 address names ("B5"), or null.
 * @param {string} address
 * @returns {{ row: number, column: number } | null}
 */
export function cellOfA1(address) {
  const m = /^([A-Z]+)(\d+)$/.exec(address);
  return m ? { row: Number(m[2]), column: columnNumber(m[1] ?? '') } : null;
}

/**
 * A column's width in pixels.
 * @param {number} column
 */
export const widthOf = (column) => (column === 1 ? FIRST_COLUMN_WIDTH : COLUMN_WIDTH);

/**
 * A cell's address: (5, 2) → B5.
 * @param {number} r
 * @param {number} c
 */
export const a1 = (r, c) => `${columnLetters(c)}${r}`;

/**
 * What the sheet shows in a cell, if anything.
 * @param {SheetView | null} sheet
 * @param {number} r
 * @param {number} c
 * @returns {CellView | undefined}
 */
export const cellAt = (sheet, r, c) => sheet?.cells[a1(r, c)];

/**
 * What the formula bar shows for a cell: its formula, or its value.
 * @param {CellView | undefined} cell
 */
export const rawOf = (cell) => (cell ? (cell.f ?? cell.t) : '');

/**
 * Builds the whole table once per sheet (1,000 rows are built once, then only changed cells are touched):
 * its headers and empty cells; renderRow fills them.
 * @param {HTMLTableElement} table
 * @param {SheetView} s
 */
export function buildTable(table, s) {
  const group = document.createElement('colgroup');
  const head = document.createElement('col');
  head.style.width = `${ROW_HEADER_WIDTH}px`;
  group.append(head);
  let width = ROW_HEADER_WIDTH;
  for (let c = 1; c <= s.columns; c++) {
    const col = document.createElement('col');
    col.style.width = `${widthOf(c)}px`;
    width += widthOf(c);
    group.append(col);
  }
  table.style.width = `${width}px`;

  const thead = document.createElement('thead');
  const line = document.createElement('tr');
  const corner = document.createElement('th');
  corner.className = 'corner';
  corner.title = 'Select all (Ctrl+A)';
  line.append(corner);
  /** @type {HTMLElement[]} */
  const columnHeads = [];
  for (let c = 1; c <= s.columns; c++) {
    const th = document.createElement('th');
    th.textContent = columnLetters(c);
    th.dataset.column = String(c);
    columnHeads[c] = th;
    line.append(th);
  }
  thead.append(line);

  const tbody = document.createElement('tbody');
  /** @type {HTMLTableCellElement[][]} rows of cells, 1-based on both axes */
  const tds = [];
  /** @type {HTMLElement[]} */
  const rowHeads = [];
  for (let r = 1; r <= s.rows; r++) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = String(r);
    th.dataset.row = String(r);
    rowHeads[r] = th;
    tr.append(th);
    const row = [];
    for (let c = 1; c <= s.columns; c++) {
      const cell = document.createElement('td');
      cell.dataset.a1 = a1(r, c);
      row[c] = cell;
      tr.append(cell);
    }
    tds[r] = row;
    tbody.append(tr);
  }
  table.replaceChildren(group, thead, tbody);
  return { tds, columnHeads, rowHeads };
}

/**
 * Draws one row's cells; text runs over the empty cells to its right, as in Sheets.
 * @param {SheetView | null} sheet
 * @param {HTMLTableCellElement[][]} tds
 * @param {number} r
 */
export function renderRow(sheet, tds, r) {
  if (!sheet) return;
  for (let c = 1; c <= sheet.columns; c++) {
    const cell = tds[r]?.[c] ?? null;
    if (!cell) continue;
    const view = cellAt(sheet, r, c);
    if (!view) {
      if (cell.className || cell.textContent) {
        cell.className = '';
        cell.textContent = '';
        cell.removeAttribute('title');
      }
      continue;
    }
    const classes = [];
    if (view.k) classes.push(view.k);
    if (view.f !== undefined) classes.push('formula');
    if (view.s) classes.push('spill');
    if (view.b) classes.push('bold');
    if (view.i) classes.push('italic');
    if (view.n !== undefined) classes.push('note');
    if (view.e) cell.title = view.e;
    else cell.removeAttribute('title');
    // Left-aligned text may run over the empty cells to its right, up to the next one holding something.
    let room = widthOf(c);
    if (!view.k) for (let n = c + 1; n <= sheet.columns && !cellAt(sheet, r, n); n++) room += widthOf(n);
    if (room > widthOf(c)) {
      classes.push('over');
      const span = document.createElement('span');
      span.className = 'run';
      span.style.maxWidth = `${room - 9}px`;
      span.textContent = view.t;
      cell.replaceChildren(span);
    } else {
      cell.textContent = view.t;
    }
    cell.className = classes.join(' ');
  }
}
