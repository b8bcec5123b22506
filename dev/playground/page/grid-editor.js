// @ts-check
/**
 * The grid's editors: the in-cell editor (type to replace, Enter or F2 to edit, Enter commits and moves
 * down, Tab right, Escape cancels; it widens as the text grows and offers the add-on's functions) and the
 * formula bar, both writing the active cell.
 */
import { createAutocomplete } from './autocomplete.js';
import { COLUMN_WIDTH, rawOf } from './grid-cells.js';
import { showPending } from './grid-edits.js';
import { ownInput, tdAt, viewAt } from './grid-state.js';

/** @typedef {import('./grid-state.js').GridState} GridState */
/** @typedef {import('./grid-state.js').GridParts} GridParts */
/** @typedef {import('./grid-selection.js').Selection} Selection */
/** @typedef {import('./grid-edits.js').Edits} Edits */

/**
 * @typedef {object} Editor
 * @property {(initial: string) => void} open opens the in-cell editor on the active cell with this text
 * @property {() => void} close closes whichever editor is open, keeping nothing
 * @property {(dRow: number, dColumn: number) => void} commit commits the open edit and moves the selection
 * @property {() => void} cancel drops the open edit
 * @property {(docs: import('../state.js').FunctionDoc[]) => void} setFunctions the add-on's functions the autocomplete offers
 */

/**
 * The in-cell editor and the formula bar of one grid.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {Selection} selection
 * @param {Edits} edits
 * @returns {Editor}
 */
export function createEditor(state, parts, selection, edits) {
  const { scroll, editor, formulaInput } = parts;
  const autocomplete = createAutocomplete({ editor, list: parts.suggestions, onComplete: () => fit() });

  /** @param {string} initial */
  function open(initial) {
    if (!state.sheet?.editable) return;
    const cell = tdAt(state, state.anchor.row, state.anchor.column);
    if (!cell) return;
    state.focus = { ...state.anchor };
    selection.show(false);
    state.editing = 'cell';
    parts.cellError.hidden = true;
    parts.hoverCard.hidden = true;
    editor.hidden = false;
    editor.style.left = `${cell.offsetLeft}px`;
    editor.style.top = `${cell.offsetTop}px`;
    editor.style.minWidth = `${cell.offsetWidth + 1}px`;
    editor.style.width = `${cell.offsetWidth + 1}px`;
    editor.style.height = `${cell.offsetHeight + 1}px`;
    editor.value = initial;
    formulaInput.value = initial;
    editor.focus();
    editor.setSelectionRange(initial.length, initial.length);
    fit();
    autocomplete.update();
  }

  /**
   * Widens the editor to its text, as Sheets does, up to the right edge of the visible grid (beyond
   * it the text scrolls within the editor).
   */
  function fit() {
    const cellWidth = parseFloat(editor.style.minWidth) || COLUMN_WIDTH;
    const room = scroll.scrollLeft + scroll.clientWidth - editor.offsetLeft - 2;
    editor.style.width = `${cellWidth}px`; // measure the text from the cell's width
    const wanted = editor.scrollWidth + 8;
    editor.style.width = `${Math.max(cellWidth, Math.min(wanted, room))}px`;
  }

  function close() {
    state.editing = null;
    editor.hidden = true;
    autocomplete.close();
  }

  /** @type {Editor['commit']} */
  function commit(dRow, dColumn) {
    const input = state.editing === 'bar' ? formulaInput.value : editor.value;
    const { row: r, column: c } = state.anchor;
    const before = ownInput(viewAt(state, r, c));
    close();
    scroll.focus({ preventScroll: true });
    if (input !== before) {
      showPending(state, r, c, input);
      parts.onEdit([{ row: r, column: c, input }]);
    }
    selection.select(r + dRow, c + dColumn);
  }

  function cancel() {
    close();
    formulaInput.value = rawOf(viewAt(state, state.anchor.row, state.anchor.column));
    scroll.focus({ preventScroll: true });
    selection.show(false);
  }

  const self = {
    open,
    close,
    commit,
    cancel,
    setFunctions: (/** @type {import('../state.js').FunctionDoc[]} */ docs) => autocomplete.setFunctions(docs),
  };
  listenInCell(parts, self, edits, { fit, autocomplete });
  listenFormulaBar(state, parts, self);
  return self;
}

/**
 * The in-cell editor's typing, pasting and keys.
 * @param {GridParts} parts
 * @param {Editor} self
 * @param {Edits} edits
 * @param {{ fit: () => void, autocomplete: ReturnType<typeof createAutocomplete> }} helpers
 */
function listenInCell(parts, self, edits, { fit, autocomplete }) {
  const { editor, formulaInput } = parts;
  editor.addEventListener('input', () => {
    formulaInput.value = editor.value;
    fit();
    autocomplete.update();
  });
  editor.addEventListener('paste', (event) => {
    // Lines or columns pasted into a cell being edited fill cells, as in Sheets; one line is just text.
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (!/[\t\n\r]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    event.stopPropagation(); // the grid's own paste handler must not paste it a second time
    self.cancel();
    edits.paste(text);
  });
  editor.addEventListener('keydown', (event) => {
    if (autocomplete.handleKey(event)) {
      formulaInput.value = editor.value;
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      self.commit(event.shiftKey ? -1 : 1, 0);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      self.commit(0, event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      self.cancel();
    }
  });
}

/**
 * The formula bar: focusing it moves the edit there; Enter commits, Escape cancels, leaving it drops it.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {Editor} self
 */
function listenFormulaBar(state, parts, self) {
  const { editor, formulaInput } = parts;
  formulaInput.addEventListener('focus', () => {
    if (!state.sheet?.editable) return;
    if (state.editing === 'cell') formulaInput.value = editor.value;
    self.close();
    state.editing = 'bar';
    parts.cellError.hidden = true;
  });
  formulaInput.addEventListener('keydown', (event) => {
    if (state.editing !== 'bar') return;
    if (event.key === 'Enter') {
      event.preventDefault();
      self.commit(1, 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      self.cancel();
    }
  });
  formulaInput.addEventListener('blur', () => {
    if (state.editing === 'bar') {
      state.editing = null;
      formulaInput.value = rawOf(viewAt(state, state.anchor.row, state.anchor.column));
    }
  });
}
