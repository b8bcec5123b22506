// @ts-check
/**
 * What changes the grid's cells besides the editor: Delete empties the selection, Ctrl+C copies it and
 * Ctrl+V pastes text or a block from its top-left cell; and a cell showing its edit on the way.
 */
import { copyRange, parseClipboard } from './clipboard.js';
import { columnLetters } from '../../gas/spreadsheet/a1.js';
import { clamp, ownInput, rangeOf, tdAt, viewAt } from './grid-state.js';

/** @typedef {import('./grid-state.js').GridState} GridState */
/** @typedef {import('./grid-state.js').GridParts} GridParts */
/** @typedef {import('./grid-selection.js').Selection} Selection */
/** @typedef {import('../state.js').CellInput} CellInput */

/**
 * @typedef {object} Edits
 * @property {() => void} clear empties the selected cells that hold something of their own (Delete)
 * @property {(text: string) => void} paste pastes clipboard text from the selection's top-left cell
 * @property {() => string} copy the selection as clipboard text, remembered for a paste here
 */

/**
 * What a cell shows while its edit is on its way.
 * @param {GridState} state
 * @param {number} r
 * @param {number} c
 * @param {string} input
 */
export function showPending(state, r, c, input) {
  const cell = tdAt(state, r, c);
  if (!cell) return;
  state.pendingRows.add(r);
  cell.textContent = input.startsWith('=') ? 'Loading…' : input;
  cell.className = 'pending';
}

/**
 * The grid's Delete, copy and paste; listens for the copy and paste events on the grid.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {Selection} selection
 * @returns {Edits}
 */
export function createEdits(state, parts, selection) {
  /** What this page last copied: its text, where it came from, and each cell's content (formulas as typed). */
  /** @type {{ text: string, top: number, left: number, inputs: string[][] } | null} */
  let copied = null;

  function clear() {
    if (!state.sheet?.editable) return;
    const rect = rangeOf(state);
    /** @type {CellInput[]} */
    const cells = [];
    for (let r = rect.top; r <= rect.bottom; r++) {
      for (let c = rect.left; c <= rect.right; c++) if (ownInput(viewAt(state, r, c)) !== '') cells.push({ row: r, column: c, input: '' });
    }
    if (cells.length) parts.onEdit(cells);
  }

  /**
   * A block fills as many cells as it has; a block this page copied pastes its formulas, moved as
   * Sheets moves them.
   * @param {string} text
   */
  function paste(text) {
    const sheet = state.sheet;
    if (!sheet?.editable || text === '') return;
    const rect = rangeOf(state);
    const own = copied && copied.text === text ? copied : null;
    const rows = own ? own.inputs : parseClipboard(text);
    /** @type {CellInput[]} */
    const cells = [];
    let cut = 0;
    rows.forEach((values, i) =>
      values.forEach((input, j) => {
        const row = rect.top + i;
        const column = rect.left + j;
        if (row > sheet.rows || column > sheet.columns) cut++;
        else cells.push({ row, column, input });
      }),
    );
    if (cut)
      parts.onNotice(
        `${cut} pasted ${cut === 1 ? 'cell falls' : 'cells fall'} outside the sheet (A1:${columnLetters(sheet.columns)}${sheet.rows}) and ${cut === 1 ? 'was' : 'were'} left out.`,
      );
    if (!cells.length) return;
    for (const cell of cells.slice(0, 200)) showPending(state, cell.row, cell.column, cell.input);
    const height = rows.length;
    const width = Math.max(...rows.map((r) => r.length));
    state.anchor = { row: rect.top, column: rect.left };
    state.focus = clamp(state, { row: rect.top + height - 1, column: rect.left + width - 1 });
    selection.show(false);
    parts.onEdit(cells, own ? { rows: rect.top - own.top, columns: rect.left - own.left } : undefined);
  }

  function copy() {
    copied = copyRange(state.sheet, rangeOf(state));
    return copied.text;
  }

  parts.scroll.addEventListener('copy', (event) => {
    if (state.editing || !event.clipboardData) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', copy());
  });
  parts.scroll.addEventListener('paste', (event) => {
    if (state.editing && event.target === parts.editor) return;
    event.preventDefault();
    paste(event.clipboardData?.getData('text/plain') ?? '');
  });

  return { clear, paste, copy };
}
