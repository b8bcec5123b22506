// @ts-check
/**
 * The grid's cells: their sizes, addresses and contents, the table built once per sheet, and a row drawn
 * as Sheets draws it.
 */

import { columnLetters, columnNumber } from '../../gas/spreadsheet/a1.js';
import { drawSparkline } from './sparkline.js';

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('../state.js').CellView} CellView */
/** @typedef {{ row: number, column: number }} Cell */
/** @typedef {{ top: number, left: number, bottom: number, right: number }} Rect */

/** Sheets' width of a column nobody sized. */
export const COLUMN_WIDTH = 100;
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
 * A column's width in pixels, as the spreadsheet holds it (a script's setColumnWidth, the add-on's sizing).
 * @param {SheetView | null} sheet
 * @param {number} column
 */
export const widthOf = (sheet, column) => sheet?.widths[column] ?? COLUMN_WIDTH;

/**
 * Whether two views of a sheet have the same column widths (else its table is built again).
 * @param {SheetView} a
 * @param {SheetView} b
 */
export const sameWidths = (a, b) => JSON.stringify(a.widths) === JSON.stringify(b.widths);

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
 * Rows drawn when a sheet opens; the rest are drawn as they scroll into view or a cell down there is
 * selected. A sheet's every row drawn at once (26,000 cells for a new sheet) made every change to the
 * page lay all of them out again: seconds for a tab or a keystroke on a busy machine.
 */
export const FIRST_ROWS = 250;
/** Rows drawn at a time past those. */
export const MORE_ROWS = 250;

/**
 * The table's parts: its cells and headers, rows 1 to `built` drawn; below them one filler row as tall
 * as the rows not drawn yet, so the scroll bar is the whole sheet's.
 * @typedef {object} Table
 * @property {HTMLTableCellElement[][]} tds rows of cells, 1-based on both axes
 * @property {HTMLElement[]} columnHeads
 * @property {HTMLElement[]} rowHeads
 * @property {HTMLTableSectionElement} tbody
 * @property {HTMLTableRowElement} filler
 * @property {number} built how many rows are drawn
 */

/**
 * Builds the table for a sheet: its headers and the first rows (empty cells; renderRow fills them).
 * Only the cells that changed are touched afterwards; rows further down are added by addRows.
 * @param {HTMLTableElement} table
 * @param {SheetView} s
 * @returns {Table}
 */
export function buildTable(table, s) {
  const group = document.createElement('colgroup');
  const head = document.createElement('col');
  head.style.width = `${ROW_HEADER_WIDTH}px`;
  group.append(head);
  let width = ROW_HEADER_WIDTH;
  for (let c = 1; c <= s.columns; c++) {
    const col = document.createElement('col');
    col.style.width = `${widthOf(s, c)}px`;
    width += widthOf(s, c);
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
  const filler = document.createElement('tr');
  filler.className = 'unbuilt';
  filler.setAttribute('aria-hidden', 'true');
  const space = document.createElement('td');
  space.colSpan = s.columns + 1;
  filler.append(space);
  table.replaceChildren(group, thead, tbody);
  /** @type {Table} */
  const built = { tds: [], columnHeads, rowHeads: [], tbody, filler, built: 0 };
  addRows(built, s, Math.min(s.rows, FIRST_ROWS));
  return built;
}

/**
 * Draws the rows after those drawn, up to `upTo` (empty cells; renderRow fills them), and sizes the
 * filler to the rows still not drawn.
 * @param {Table} t
 * @param {SheetView} s
 * @param {number} upTo a row of the sheet
 * @returns {number[]} the rows added
 */
export function addRows(t, s, upTo) {
  const last = Math.min(upTo, s.rows);
  /** @type {number[]} */
  const added = [];
  const rows = document.createDocumentFragment();
  for (let r = t.built + 1; r <= last; r++) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.textContent = String(r);
    th.dataset.row = String(r);
    t.rowHeads[r] = th;
    tr.append(th);
    /** @type {HTMLTableCellElement[]} */
    const row = [];
    for (let c = 1; c <= s.columns; c++) {
      const cell = document.createElement('td');
      cell.dataset.a1 = a1(r, c);
      row[c] = cell;
      tr.append(cell);
    }
    t.tds[r] = row;
    rows.append(tr);
    added.push(r);
  }
  t.tbody.insertBefore(rows, t.filler.parentNode ? t.filler : null);
  t.built = Math.max(t.built, last);
  const missing = s.rows - t.built;
  if (missing <= 0) t.filler.remove();
  else {
    if (!t.filler.parentNode) t.tbody.append(t.filler);
    const height = t.rowHeads[1]?.offsetHeight || 22;
    t.filler.style.height = `${missing * height}px`;
  }
  return added;
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
    if (view.sp) {
      // A SPARKLINE draws its small chart in the cell, inside the cell's padding.
      classes.push('sparkline');
      cell.replaceChildren(drawSparkline(view.sp, widthOf(sheet, c) - 9, 18));
      cell.className = classes.join(' ');
      continue;
    }
    // Left-aligned text may run over the empty cells to its right, up to the next one holding something.
    let room = widthOf(sheet, c);
    if (!view.k) for (let n = c + 1; n <= sheet.columns && !cellAt(sheet, r, n); n++) room += widthOf(sheet, n);
    if (room > widthOf(sheet, c)) {
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
