// @ts-check
/**
 * What the grid's parts share: the page's elements and callbacks (GridParts), and one small state object
 * (GridState) that the selection, the editor, the keys and the pointer read and write, with its readers.
 */
import { cellAt, rawOf } from './grid-cells.js';

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('../state.js').CellView} CellView */
/** @typedef {import('../state.js').CellInput} CellInput */
/** @typedef {import('./grid-cells.js').Cell} Cell */
/** @typedef {import('./grid-cells.js').Rect} Rect */

/**
 * @typedef {object} GridParts
 * @property {HTMLElement} scroll the scrolling container (focusable)
 * @property {HTMLTableElement} table
 * @property {HTMLInputElement} editor the in-cell editor (it widens as the text grows, as in Sheets)
 * @property {HTMLElement} suggestions the editor's autocomplete list of the add-on's functions
 * @property {HTMLInputElement} formulaInput
 * @property {HTMLInputElement} nameBox
 * @property {HTMLElement} cellError the selected error cell's message, under the cell
 * @property {HTMLElement} hoverCard a hovered cell's full text or error
 * @property {HTMLElement} selection the selected range's box
 * @property {(cells: CellInput[], move?: { rows: number, columns: number }) => void} onEdit cells the user set at once;
 *   `move`: formulas copied from that far away, to move as Sheets does
 * @property {(rect: Rect) => void} onSelect the selected range changed (its top-left cell is the active one
 *   unless the range was extended from another corner; the add-on's getActiveRange() is the whole range)
 * @property {(what: 'undo' | 'redo') => void} onHistory
 * @property {(message: string) => void} onNotice something to tell the user (a paste cut at the sheet's edge)
 * @property {(name: string) => boolean} onGoToSheet shows the sheet of this name (the name box named it); false if there is none
 */

/**
 * @typedef {object} GridState
 * @property {SheetView | null} sheet the sheet shown
 * @property {Cell} anchor the active cell (where typing goes)
 * @property {Cell} focus the other corner of the selected range
 * @property {'cell' | 'bar' | null} editing where the open editor writes: the grid's overlay, the formula bar, or nothing
 * @property {HTMLTableCellElement[][]} tds rows of cells, 1-based on both axes (the rows drawn so far)
 * @property {HTMLElement[]} columnHeads
 * @property {HTMLElement[]} rowHeads
 * @property {(row: number) => void} grow draws the rows down to `row` (and a few more), if not drawn yet
 * @property {Set<number>} pendingRows rows showing an edit on its way, drawn again at the next render whatever it brings
 */

/**
 * A grid with no sheet yet, A1 selected.
 * @returns {GridState}
 */
export function createState() {
  return {
    sheet: null,
    anchor: { row: 1, column: 1 },
    focus: { row: 1, column: 1 },
    editing: null,
    tds: [],
    columnHeads: [],
    rowHeads: [],
    grow: () => {},
    pendingRows: new Set(),
  };
}

/**
 * The selected range, from the active cell to the other corner.
 * @param {GridState} state
 * @returns {Rect}
 */
export function rangeOf(state) {
  const { anchor, focus } = state;
  return {
    top: Math.min(anchor.row, focus.row),
    left: Math.min(anchor.column, focus.column),
    bottom: Math.max(anchor.row, focus.row),
    right: Math.max(anchor.column, focus.column),
  };
}

/**
 * A cell moved inside the sheet.
 * @param {GridState} state
 * @param {Cell} cell
 * @returns {Cell}
 */
export function clamp(state, cell) {
  return {
    row: Math.max(1, Math.min(state.sheet?.rows ?? 1, cell.row)),
    column: Math.max(1, Math.min(state.sheet?.columns ?? 1, cell.column)),
  };
}

/**
 * A cell's element (its row drawn first if it is not yet), or null outside the sheet.
 * @param {GridState} state
 * @param {number} r
 * @param {number} c
 */
export function tdAt(state, r, c) {
  if (!state.tds[r]) state.grow(r);
  return state.tds[r]?.[c] ?? null;
}

/**
 * What the sheet shows in a cell, if anything.
 * @param {GridState} state
 * @param {number} r
 * @param {number} c
 */
export const viewAt = (state, r, c) => cellAt(state.sheet, r, c);

/**
 * What a cell holds of its own (a spilled value belongs to its formula).
 * @param {CellView | undefined} cell
 */
export const ownInput = (cell) => (!cell || cell.s ? '' : rawOf(cell));
