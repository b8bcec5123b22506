// @ts-check
/**
 * Where the keyboard and the pointer land on the grid: Ctrl+Arrow, Ctrl+End, the range typed in the name box,
 * and the cell or header clicked.
 */
import { parseA1 } from '../../gas/spreadsheet/a1.js';
import { cellAt, cellOfA1 } from './grid-cells.js';

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('./grid-cells.js').Cell} Cell */
/** @typedef {import('./grid-cells.js').Rect} Rect */

/**
 * Where Ctrl+Arrow lands from a cell, as in Sheets: inside a run of filled cells, its last one; from an
 * empty cell or the run's end, the next filled cell; with nothing further, the sheet's edge.
 * @param {SheetView | null} sheet
 * @param {Cell} from
 * @param {number} dRow
 * @param {number} dColumn
 * @returns {Cell}
 */
export function jump(sheet, from, dRow, dColumn) {
  const filled = (/** @type {number} */ r, /** @type {number} */ c) => Boolean(cellAt(sheet, r, c)?.t);
  const inside = (/** @type {number} */ r, /** @type {number} */ c) =>
    r >= 1 && c >= 1 && r <= (sheet?.rows ?? 1) && c <= (sheet?.columns ?? 1);
  let r = from.row;
  let c = from.column;
  if (!inside(r + dRow, c + dColumn)) return { row: r, column: c };
  if (filled(r, c) && filled(r + dRow, c + dColumn)) {
    while (inside(r + dRow, c + dColumn) && filled(r + dRow, c + dColumn)) {
      r += dRow;
      c += dColumn;
    }
    return { row: r, column: c };
  }
  r += dRow;
  c += dColumn;
  while (inside(r + dRow, c + dColumn) && !filled(r, c)) {
    r += dRow;
    c += dColumn;
  }
  return { row: r, column: c };
}

/**
 * The last row and the last column holding something (Ctrl+End).
 * @param {SheetView | null} sheet
 * @returns {Cell}
 */
export function lastUsed(sheet) {
  let row = 1;
  let column = 1;
  for (const [address, view] of Object.entries(sheet?.cells ?? {})) {
    const cell = cellOfA1(address);
    if (!cell || !view.t) continue;
    row = Math.max(row, cell.row);
    column = Math.max(column, cell.column);
  }
  return { row, column };
}

/**
 * The cell or header under a pointer event.
 * @param {Event} event
 * @returns {{ kind: 'cell', cell: Cell } | { kind: 'column', column: number } | { kind: 'row', row: number } | { kind: 'all' } | null}
 */
export function hit(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  const cell = target.closest('td');
  if (cell?.dataset.a1) {
    const at = cellOfA1(cell.dataset.a1);
    return at ? { kind: 'cell', cell: at } : null;
  }
  const th = target.closest('th');
  if (!th) return null;
  if (th.classList.contains('corner')) return { kind: 'all' };
  if (th.dataset.column) return { kind: 'column', column: Number(th.dataset.column) };
  if (th.dataset.row) return { kind: 'row', row: Number(th.dataset.row) };
  return null;
}

/**
 * What the name box was given, read as Sheets reads a reference (dev/gas's parseA1): a cell or range
 * ("b5", "A1:C3", "$A$1"), whole columns ("A:C") or rows ("2:5"), maybe on another sheet
 * ("'Ranking: Fintech'!B3"); null when it is none of those.
 * @param {string} text
 * @returns {{ sheet?: string, bounds: (size: { rows: number, columns: number }) => Rect | null } | null}
 *   the sheet it names, and the range within a sheet of that size (null past its edge)
 */
export function readReference(text) {
  const ref = parseA1(text);
  if (!ref) return null;
  const bounds = (/** @type {{ rows: number, columns: number }} */ size) => {
    const rect = {
      top: ref.startRow ?? 1,
      left: ref.startColumn ?? 1,
      bottom: ref.endRow ?? size.rows,
      right: ref.endColumn ?? size.columns,
    };
    return rect.bottom > size.rows || rect.right > size.columns ? null : rect;
  };
  return ref.sheetName === undefined ? { bounds } : { sheet: ref.sheetName, bounds };
}

/**
 * A cell or range typed in the name box ("b5", "A1:C3", "A:C") within a sheet of this size, or null.
 * @param {string} text
 * @param {{ rows: number, columns: number }} size
 * @returns {Rect | null}
 */
export function parseRange(text, size) {
  const ref = readReference(text);
  return ref && ref.sheet === undefined ? ref.bounds(size) : null;
}
