// @ts-check
/**
 * The grid, as Sheets behaves: renders a SheetView (the whole sheet, updating only the cells that
 * changed), selects a cell or a range (click, drag, Shift+click, Shift+arrows, row and column headers,
 * Ctrl+A, the name box), edits (type to replace, Enter or F2 to edit, Enter commits and moves down, Tab
 * right, Escape cancels), Delete empties the selection, Ctrl+C copies it, Ctrl+V pastes text or a block
 * (from here, Sheets or a text editor) from the selection's top-left cell, Ctrl+Z / Ctrl+Y undo and redo.
 * Text runs over empty neighbours; a hovered error or cut-off text shows in full in a card.
 *
 * createGrid composes the parts, which share one GridState (grid-state.js): the selection
 * (grid-selection.js), Delete, copy and paste (grid-edits.js), the in-cell editor and formula bar
 * (grid-editor.js), the rendering (grid-render.js), the keyboard and name box (grid-keys.js) and the
 * pointer (grid-pointer.js).
 */
import { createEdits } from './grid-edits.js';
import { createEditor } from './grid-editor.js';
import { listenKeys, listenNameBox } from './grid-keys.js';
import { listenPointer } from './grid-pointer.js';
import { createRender } from './grid-render.js';
import { createSelection } from './grid-selection.js';
import { createState, rangeOf, tdAt } from './grid-state.js';

export { COLUMN_WIDTH, cellOfA1 } from './grid-cells.js';
export { parseRange } from './grid-navigation.js';

/** @typedef {import('./grid-state.js').GridParts} GridParts */

/**
 * The grid over the page's elements.
 * @param {GridParts} parts
 */
export function createGrid(parts) {
  const state = createState();
  const selection = createSelection(state, parts);
  const edits = createEdits(state, parts, selection);
  const editor = createEditor(state, parts, selection, edits);
  const render = createRender(state, parts, { selection, editor });
  listenPointer(state, parts, { selection, editor });
  listenKeys(state, parts, { selection, editor, edits });
  listenNameBox(state, parts, selection);

  return {
    render,
    select: selection.select,
    /** The add-on's functions the editor's autocomplete offers. */
    setFunctions: editor.setFunctions,
    /** The active cell, 1-based. */
    selected: () => ({ ...state.anchor }),
    /** The selected range, 1-based. */
    selectedRange: () => rangeOf(state),
    /** Whether a cell is being edited (the page holds back re-renders meanwhile). */
    isEditing: () => state.editing !== null,
    focus: () => parts.scroll.focus({ preventScroll: true }),
    /** The pixel box of a cell within the grid, for things floating over it (charts). */
    box: (/** @type {number} */ r, /** @type {number} */ c) => {
      const cell = tdAt(state, r, c);
      return cell ? { left: cell.offsetLeft, top: cell.offsetTop, width: cell.offsetWidth, height: cell.offsetHeight } : null;
    },
  };
}
