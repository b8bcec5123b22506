// @ts-check
/**
 * The grid's rendering of a SheetView: the table built when another sheet (or size, or column widths) arrives, its first
 * rows then the rest as they scroll into view, else only the rows whose cells changed; each sheet opens
 * where it was left (selection and scroll).
 */
import { MORE_ROWS, addRows, buildTable, cellAt, renderRow, sameWidths } from './grid-cells.js';
import { clamp } from './grid-state.js';

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('./grid-state.js').GridState} GridState */
/** @typedef {import('./grid-state.js').GridParts} GridParts */
/** @typedef {import('./grid-selection.js').Selection} Selection */
/** @typedef {import('./grid-editor.js').Editor} Editor */
/** @typedef {import('./grid-cells.js').Cell} Cell */

/**
 * The render function of one grid.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {{ selection: Selection, editor: Editor }} with
 * @returns {(next: SheetView) => void}
 */
export function createRender(state, parts, { selection, editor }) {
  const { scroll } = parts;
  /** Where each sheet was left (selection and scroll), so its tab opens there again; a new sheet opens at A1. */
  /** @type {Map<string, { anchor: Cell, focus: Cell, top: number, left: number }>} */
  const places = new Map();
  /** @type {import('./grid-cells.js').Table | null} */
  let table = null;
  // Rows not drawn yet are drawn as they scroll into view (the filler below the drawn ones keeps their place).
  scroll.addEventListener('scroll', () => {
    if (!table?.filler.parentNode) return;
    const below = scroll.scrollTop + 2 * scroll.clientHeight - table.filler.offsetTop;
    const rows = state.sheet?.rows ?? 0;
    if (below > 0) state.grow(Math.min(rows, table.built + Math.ceil(below / (table.rowHeads[1]?.offsetHeight || 22))));
  });

  return (next) => {
    const previous = state.sheet;
    const sameGrid =
      previous?.name === next.name && previous.rows === next.rows && previous.columns === next.columns && sameWidths(previous, next);
    state.sheet = next;
    const place = previous?.name !== next.name ? places.get(next.name) : undefined;
    if (previous?.name !== next.name) {
      if (previous) places.set(previous.name, { anchor: state.anchor, focus: state.focus, top: scroll.scrollTop, left: scroll.scrollLeft });
      state.anchor = place?.anchor ?? { row: 1, column: 1 };
      state.focus = place?.focus ?? { row: 1, column: 1 };
      editor.close();
    }
    scroll.classList.toggle('read-only', !next.editable);
    if (!sameGrid) {
      state.pendingRows.clear();
      table = build(state, parts.table, next);
    } else {
      const changedRows = changedRowsOf(previous, next, state.pendingRows);
      state.pendingRows.clear();
      for (const r of changedRows) renderRow(state.sheet, state.tds, r);
    }
    state.anchor = clamp(state, state.anchor);
    state.focus = clamp(state, state.focus);
    if (previous?.name !== next.name) {
      // Another sheet opens where it was left, a new one at its top-left: never at the last sheet's scroll.
      scroll.scrollTop = place?.top ?? 0;
      scroll.scrollLeft = place?.left ?? 0;
    }
    selection.show(false);
  };
}

/**
 * Builds the table for a sheet and draws its rows that hold something. Rows past the first ones
 * (FIRST_ROWS) are drawn when asked for (state.grow: a cell selected or scrolled to down there).
 * @param {GridState} state
 * @param {HTMLTableElement} table
 * @param {SheetView} s
 * @returns {import('./grid-cells.js').Table}
 */
function build(state, table, s) {
  const built = buildTable(table, s);
  ({ tds: state.tds, columnHeads: state.columnHeads, rowHeads: state.rowHeads } = built);
  state.grow = (row) => {
    const sheet = state.sheet; // the latest view of this sheet (a new one arrives with each change)
    if (!sheet || row <= built.built || row > sheet.rows) return;
    for (const r of addRows(built, sheet, row + MORE_ROWS)) if (rowHolds(sheet, r)) renderRow(sheet, state.tds, r);
  };
  const rows = new Set(Object.keys(s.cells).map((address) => Number(/\d+$/.exec(address)?.[0])));
  for (const r of rows) if (r <= built.built) renderRow(state.sheet, state.tds, r);
  return built;
}

/**
 * Whether a row of the sheet holds anything to draw.
 * @param {SheetView} sheet
 * @param {number} r
 */
function rowHolds(sheet, r) {
  for (let c = 1; c <= sheet.columns; c++) if (cellAt(sheet, r, c)) return true;
  return false;
}

/**
 * The rows to draw again: those with a cell that changed, and those showing an edit on its way.
 * @param {SheetView} previous
 * @param {SheetView} next
 * @param {Set<number>} pendingRows
 */
function changedRowsOf(previous, next, pendingRows) {
  const changedRows = new Set(pendingRows);
  for (const address of new Set([...Object.keys(previous.cells), ...Object.keys(next.cells)])) {
    if (JSON.stringify(previous.cells[address]) === JSON.stringify(next.cells[address])) continue;
    const m = /^([A-Z]+)(\d+)$/.exec(address);
    if (!m) continue;
    changedRows.add(Number(m[2]));
  }
  return changedRows;
}
