// @ts-check
/**
 * The grid's keyboard, as in Sheets: arrows (with Shift to extend, with Ctrl to the edge of the data),
 * Ctrl+Home / Ctrl+End, Ctrl+A, Ctrl+Z / Ctrl+Y, Tab, Enter or F2 to edit, typing to replace, Delete;
 * and the name box, where a cell or range typed and Enter goes there.
 */
import { columnLetters } from '../../gas/spreadsheet/a1.js';
import { rawOf } from './grid-cells.js';
import { jump, lastUsed, readReference } from './grid-navigation.js';
import { viewAt } from './grid-state.js';

/** @typedef {import('./grid-state.js').GridState} GridState */
/** @typedef {import('./grid-state.js').GridParts} GridParts */
/** @typedef {import('./grid-selection.js').Selection} Selection */
/** @typedef {import('./grid-editor.js').Editor} Editor */
/** @typedef {import('./grid-edits.js').Edits} Edits */

/** @type {Record<string, [number, number]>} */
const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * Listens for keys on the grid (not while a cell is being edited: the editor has its own).
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {{ selection: Selection, editor: Editor, edits: Edits }} with
 */
export function listenKeys(state, parts, { selection, editor, edits }) {
  const { scroll } = parts;
  scroll.addEventListener('keydown', (event) => {
    const sheet = state.sheet;
    if (state.editing || event.target !== scroll || !sheet) return;
    const { anchor, focus } = state;
    const ctrl = event.ctrlKey || event.metaKey;
    const move = MOVES[event.key];
    const key = event.key.toLowerCase();
    if (move && ctrl) {
      // Ctrl+Arrow jumps to the edge of the data, as in Sheets; with Shift it extends the selection.
      event.preventDefault();
      const from = event.shiftKey ? focus : anchor;
      const to = jump(sheet, from, move[0], move[1]);
      selection.select(to.row, to.column, event.shiftKey);
    } else if (move) {
      event.preventDefault();
      if (event.shiftKey) selection.select(focus.row + move[0], focus.column + move[1], true);
      else selection.select(anchor.row + move[0], anchor.column + move[1]);
    } else if (ctrl && (event.key === 'Home' || event.key === 'End')) {
      // Ctrl+Home: A1; Ctrl+End: the last row and column holding something.
      event.preventDefault();
      const to = event.key === 'Home' ? { row: 1, column: 1 } : lastUsed(sheet);
      selection.select(to.row, to.column, event.shiftKey);
    } else if (ctrl && key === 'z') {
      event.preventDefault();
      parts.onHistory(event.shiftKey ? 'redo' : 'undo');
    } else if (ctrl && key === 'y') {
      event.preventDefault();
      parts.onHistory('redo');
    } else if (ctrl && key === 'a') {
      event.preventDefault();
      selection.selectRect({ top: 1, left: 1, bottom: sheet.rows, right: sheet.columns });
    } else if (ctrl) {
      // Ctrl+C and Ctrl+V arrive as copy and paste events.
    } else if (event.key === 'Tab') {
      event.preventDefault();
      selection.select(anchor.row, anchor.column + (event.shiftKey ? -1 : 1));
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      editor.open(rawOf(viewAt(state, anchor.row, anchor.column)));
    } else if (event.key === 'Escape') {
      selection.select(anchor.row, anchor.column);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      edits.clear();
    } else if (event.key.length === 1 && !event.altKey) {
      event.preventDefault();
      editor.open(event.key);
    }
  });
}

/**
 * The name box: type a cell or a range (on this sheet or, named before "!", another) and press Enter to
 * go there, as in Sheets; what cannot be gone to says why, naming what was typed.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {Selection} selection
 */
export function listenNameBox(state, parts, selection) {
  const { scroll, nameBox } = parts;
  nameBox.addEventListener('focus', () => nameBox.select());
  nameBox.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && state.sheet) {
      event.preventDefault();
      // Read before the focus moves: leaving the box shows the selected cell in it again.
      const typed = nameBox.value.trim();
      scroll.focus({ preventScroll: true });
      const problem = goTo(state, parts, selection, typed);
      if (problem) {
        parts.onNotice(problem);
        selection.show(false);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      scroll.focus({ preventScroll: true });
      selection.show(false);
    }
  });
  nameBox.addEventListener('blur', () => selection.show(false));
}

/**
 * Selects what the name box was given; why not, when it cannot.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {Selection} selection
 * @param {string} typed
 * @returns {string | null}
 */
function goTo(state, parts, selection, typed) {
  const ref = readReference(typed);
  if (!ref) return `"${typed}" is not a cell or range: type one such as B5, A1:C10 or 'Sheet name'!A1.`;
  if (ref.sheet !== undefined && ref.sheet.toLowerCase() !== state.sheet?.name.toLowerCase() && !parts.onGoToSheet(ref.sheet)) {
    return `There is no sheet "${ref.sheet}" in this spreadsheet.`;
  }
  const sheet = state.sheet;
  if (!sheet) return null;
  const rect = ref.bounds(sheet);
  if (!rect) return `${typed} is outside the sheet "${sheet.name}" (A1:${columnLetters(sheet.columns)}${sheet.rows}).`;
  selection.selectRect(rect);
  return null;
}
