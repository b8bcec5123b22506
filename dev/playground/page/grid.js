// @ts-check
/**
 * The grid, as Sheets behaves: renders a SheetView (the whole sheet, updating only the cells that
 * changed), selects a cell or a range (click, drag, Shift+click, Shift+arrows, row and column headers,
 * Ctrl+A, the name box), edits (type to replace, Enter or F2 to edit, Enter commits and moves down, Tab
 * right, Escape cancels), Delete empties the selection, Ctrl+C copies it, Ctrl+V pastes text or a block
 * (from here, Sheets or a text editor) from the selection's top-left cell, Ctrl+Z / Ctrl+Y undo and redo.
 * Text runs over empty neighbours; a hovered error or cut-off text shows in full in a card.
 */
import { createAutocomplete } from './autocomplete.js';
import { copyRange, parseClipboard } from './clipboard.js';
import { fillCard, keepVisible, placeCard } from './grid-cards.js';
import { COLUMN_WIDTH, a1, buildTable, cellAt as cellOf, columnName, rawOf, renderRow as drawRow } from './grid-cells.js';
import { hit, jump, lastUsed } from './grid-navigation.js';

export { COLUMN_WIDTH, FIRST_COLUMN_WIDTH, columnName } from './grid-cells.js';

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
 */

/**
 * A cell or range typed in the name box ("b5", "A1:C3") within the sheet, or null.
 * @param {string} text
 * @param {{ rows: number, columns: number }} size
 * @returns {Rect | null}
 */
export function parseRange(text, size) {
  const m = /^\s*([A-Za-z]{1,3})(\d+)(?::([A-Za-z]{1,3})(\d+))?\s*$/.exec(text);
  if (!m) return null;
  const column = (/** @type {string} */ letters) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  const a = { row: Number(m[2]), column: column(m[1] ?? '') };
  const b = m[3] ? { row: Number(m[4]), column: column(m[3]) } : a;
  const rect = {
    top: Math.min(a.row, b.row),
    left: Math.min(a.column, b.column),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.column, b.column),
  };
  if (rect.top < 1 || rect.left < 1 || rect.bottom > size.rows || rect.right > size.columns) return null;
  return rect;
}

/**
 * @param {GridParts} parts
 */
export function createGrid(parts) {
  const { scroll, table, editor, formulaInput, nameBox, cellError, hoverCard, selection } = parts;
  const autocomplete = createAutocomplete({ editor, list: parts.suggestions, onComplete: () => fitEditor() });
  /** @type {SheetView | null} */
  let sheet = null;
  /** The active cell (where typing goes) and the other corner of the selected range. */
  let anchor = { row: 1, column: 1 };
  let focus = { row: 1, column: 1 };
  /** Where the open editor writes: the grid's overlay, the formula bar, or nothing. */
  /** @type {'cell' | 'bar' | null} */
  let editing = null;
  let dragging = false;
  /** What this page last copied: its text, where it came from, and each cell's content (formulas as typed). */
  /** @type {{ text: string, top: number, left: number, inputs: string[][] } | null} */
  let copied = null;
  /** @type {HTMLTableCellElement[][]} rows of cells, 1-based on both axes */
  let tds = [];
  /** @type {HTMLElement[]} */
  let columnHeads = [];
  /** @type {HTMLElement[]} */
  let rowHeads = [];
  /** Where each sheet was left (selection and scroll), so its tab opens there again; a new sheet opens at A1. */
  /** @type {Map<string, { anchor: Cell, focus: Cell, top: number, left: number }>} */
  const places = new Map();
  /** Rows showing an edit on its way, drawn again at the next render whatever it brings. */
  /** @type {Set<number>} */
  const pendingRows = new Set();

  const cellAt = (/** @type {number} */ r, /** @type {number} */ c) => cellOf(sheet, r, c);
  /** What a cell holds of its own (a spilled value belongs to its formula). */
  const ownInput = (/** @type {CellView | undefined} */ cell) => (!cell || cell.s ? '' : rawOf(cell));
  const td = (/** @type {number} */ r, /** @type {number} */ c) => tds[r]?.[c] ?? null;
  /** @returns {Rect} */
  const range = () => ({
    top: Math.min(anchor.row, focus.row),
    left: Math.min(anchor.column, focus.column),
    bottom: Math.max(anchor.row, focus.row),
    right: Math.max(anchor.column, focus.column),
  });

  // ---- rendering ---------------------------------------------------------------------------------

  /** @param {SheetView} next */
  function render(next) {
    const previous = sheet;
    const sameGrid = previous?.name === next.name && previous.rows === next.rows && previous.columns === next.columns;
    sheet = next;
    const place = previous?.name !== next.name ? places.get(next.name) : undefined;
    if (previous?.name !== next.name) {
      if (previous) places.set(previous.name, { anchor, focus, top: scroll.scrollTop, left: scroll.scrollLeft });
      anchor = place?.anchor ?? { row: 1, column: 1 };
      focus = place?.focus ?? { row: 1, column: 1 };
      closeEditor();
    }
    scroll.classList.toggle('read-only', !next.editable);
    if (!sameGrid) {
      pendingRows.clear();
      build(next);
    } else {
      const changedRows = new Set(pendingRows);
      for (const address of new Set([...Object.keys(previous.cells), ...Object.keys(next.cells)])) {
        if (JSON.stringify(previous.cells[address]) === JSON.stringify(next.cells[address])) continue;
        const m = /^([A-Z]+)(\d+)$/.exec(address);
        if (!m) continue;
        const r = Number(m[2]);
        changedRows.add(r);
      }
      pendingRows.clear();
      for (const r of changedRows) renderRow(r);
    }
    anchor = clamp(anchor);
    focus = clamp(focus);
    if (previous?.name !== next.name) {
      // Another sheet opens where it was left, a new one at its top-left: never at the last sheet's scroll.
      scroll.scrollTop = place?.top ?? 0;
      scroll.scrollLeft = place?.left ?? 0;
    }
    showSelection(false);
  }

  /** @param {SheetView} s */
  function build(s) {
    ({ tds, columnHeads, rowHeads } = buildTable(table, s));
    const rows = new Set(Object.keys(s.cells).map((address) => Number(/\d+$/.exec(address)?.[0])));
    for (const r of rows) renderRow(r);
  }

  /** @param {number} r */
  function renderRow(r) {
    drawRow(sheet, tds, r);
  }

  /** @param {Cell} cell */
  function clamp(cell) {
    return { row: Math.max(1, Math.min(sheet?.rows ?? 1, cell.row)), column: Math.max(1, Math.min(sheet?.columns ?? 1, cell.column)) };
  }

  /** Marks the selected range, its headers and the active cell; fills the name box and formula bar. */
  function showSelection(scrollIntoView = true) {
    if (!sheet) return;
    const rect = range();
    for (const el of table.querySelectorAll('.on')) el.classList.remove('on');
    for (let c = rect.left; c <= rect.right; c++) columnHeads[c]?.classList.add('on');
    // A whole column selected lights 1,000 row headers: light the visible ones' worth at most.
    for (let r = rect.top; r <= Math.min(rect.bottom, rect.top + 200); r++) rowHeads[r]?.classList.add('on');
    for (const el of table.querySelectorAll('td.sel')) el.classList.remove('sel');
    const active = td(anchor.row, anchor.column);
    active?.classList.add('sel');
    const first = td(rect.top, rect.left);
    const last = td(rect.bottom, rect.right);
    const single = rect.top === rect.bottom && rect.left === rect.right;
    selection.hidden = single || !first || !last;
    if (first && last && !single) {
      selection.style.left = `${first.offsetLeft}px`;
      selection.style.top = `${first.offsetTop}px`;
      selection.style.width = `${last.offsetLeft + last.offsetWidth - first.offsetLeft}px`;
      selection.style.height = `${last.offsetTop + last.offsetHeight - first.offsetTop}px`;
    }
    if (document.activeElement !== nameBox)
      nameBox.value = single ? a1(anchor.row, anchor.column) : `${a1(rect.top, rect.left)}:${a1(rect.bottom, rect.right)}`;
    const view = cellAt(anchor.row, anchor.column);
    if (editing !== 'bar') formulaInput.value = rawOf(view);
    formulaInput.readOnly = !sheet.editable;
    // The active error cell's message, in a card under it (Sheets' error popup), never moving the grid.
    cellError.hidden = !view?.e || editing !== null || !active;
    if (view?.e) fillCard(cellError, view);
    if (view?.e && active && !cellError.hidden) placeCard(scroll, cellError, active);
    if (scrollIntoView && active) keepVisible(scroll, active);
  }

  // ---- selection ---------------------------------------------------------------------------------

  /**
   * Makes (r, c) the active cell; with `extend`, the other corner of the range from the active cell.
   * @param {number} r
   * @param {number} c
   * @param {boolean} [extend]
   */
  function select(r, c, extend = false) {
    if (!sheet) return;
    const next = clamp({ row: r, column: c });
    const before = JSON.stringify(range());
    if (extend) {
      focus = next;
      showSelection(false);
      const cell = td(focus.row, focus.column);
      if (cell) keepVisible(scroll, cell);
    } else {
      anchor = next;
      focus = next;
      showSelection();
    }
    if (JSON.stringify(range()) !== before) parts.onSelect(range());
  }

  /** @param {Rect} rect */
  function selectRect(rect) {
    if (!sheet) return;
    const before = JSON.stringify(range());
    anchor = { row: rect.top, column: rect.left };
    focus = { row: rect.bottom, column: rect.right };
    showSelection();
    if (JSON.stringify(range()) !== before) parts.onSelect(range());
  }

  // ---- editing -----------------------------------------------------------------------------------

  /** @param {string} initial the editor's starting text */
  function openEditor(initial) {
    if (!sheet?.editable) return;
    const cell = td(anchor.row, anchor.column);
    if (!cell) return;
    focus = { ...anchor };
    showSelection(false);
    editing = 'cell';
    cellError.hidden = true;
    hoverCard.hidden = true;
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
    fitEditor();
    autocomplete.update();
  }

  /**
   * Widens the editor to its text, as Sheets does, up to the right edge of the visible grid (beyond
   * it the text scrolls within the editor).
   */
  function fitEditor() {
    const cellWidth = parseFloat(editor.style.minWidth) || COLUMN_WIDTH;
    const room = scroll.scrollLeft + scroll.clientWidth - editor.offsetLeft - 2;
    editor.style.width = `${cellWidth}px`; // measure the text from the cell's width
    const wanted = editor.scrollWidth + 8;
    editor.style.width = `${Math.max(cellWidth, Math.min(wanted, room))}px`;
  }

  function closeEditor() {
    editing = null;
    editor.hidden = true;
    autocomplete.close();
  }

  /**
   * Commits the open edit and moves the selection.
   * @param {number} dRow
   * @param {number} dColumn
   */
  function commit(dRow, dColumn) {
    const input = editing === 'bar' ? formulaInput.value : editor.value;
    const { row: r, column: c } = anchor;
    const before = ownInput(cellAt(r, c));
    closeEditor();
    scroll.focus({ preventScroll: true });
    if (input !== before) {
      showPending(r, c, input);
      parts.onEdit([{ row: r, column: c, input }]);
    }
    select(r + dRow, c + dColumn);
  }

  /**
   * What a cell shows while its edit is on its way.
   * @param {number} r
   * @param {number} c
   * @param {string} input
   */
  function showPending(r, c, input) {
    const cell = td(r, c);
    if (!cell) return;
    pendingRows.add(r);
    cell.textContent = input.startsWith('=') ? 'Loading…' : input;
    cell.className = 'pending';
  }

  function cancel() {
    closeEditor();
    formulaInput.value = rawOf(cellAt(anchor.row, anchor.column));
    scroll.focus({ preventScroll: true });
    showSelection(false);
  }

  /** Empties the selected cells that hold something of their own (Delete). */
  function clearSelection() {
    if (!sheet?.editable) return;
    const rect = range();
    /** @type {CellInput[]} */
    const cells = [];
    for (let r = rect.top; r <= rect.bottom; r++) {
      for (let c = rect.left; c <= rect.right; c++) if (ownInput(cellAt(r, c)) !== '') cells.push({ row: r, column: c, input: '' });
    }
    if (cells.length) parts.onEdit(cells);
  }

  /**
   * Pastes clipboard text from the selection's top-left cell: a block fills as many cells as it has.
   * A block this page copied pastes its formulas, moved as Sheets moves them.
   * @param {string} text
   */
  function paste(text) {
    if (!sheet?.editable || text === '') return;
    const rect = range();
    const own = copied && copied.text === text ? copied : null;
    const rows = own ? own.inputs : parseClipboard(text);
    /** @type {CellInput[]} */
    const cells = [];
    let cut = 0;
    rows.forEach((values, i) =>
      values.forEach((input, j) => {
        const row = rect.top + i;
        const column = rect.left + j;
        if (row > (sheet?.rows ?? 0) || column > (sheet?.columns ?? 0)) cut++;
        else cells.push({ row, column, input });
      }),
    );
    if (cut)
      parts.onNotice(
        `${cut} pasted ${cut === 1 ? 'cell falls' : 'cells fall'} outside the sheet (A1:${columnName(sheet.columns)}${sheet.rows}) and ${cut === 1 ? 'was' : 'were'} left out.`,
      );
    if (!cells.length) return;
    for (const cell of cells.slice(0, 200)) showPending(cell.row, cell.column, cell.input);
    const height = rows.length;
    const width = Math.max(...rows.map((r) => r.length));
    anchor = { row: rect.top, column: rect.left };
    focus = clamp({ row: rect.top + height - 1, column: rect.left + width - 1 });
    showSelection(false);
    parts.onEdit(cells, own ? { rows: rect.top - own.top, columns: rect.left - own.left } : undefined);
  }

  /** The selection as clipboard text (what cells show), remembering its formulas for a paste here. */
  function copy() {
    copied = copyRange(sheet, range());
    return copied.text;
  }

  // ---- events ------------------------------------------------------------------------------------

  table.addEventListener('mousedown', (event) => {
    const at = hit(event);
    if (!at || !sheet || event.button !== 0) return;
    event.preventDefault();
    if (editing) commit(0, 0);
    scroll.focus({ preventScroll: true });
    if (at.kind === 'cell') {
      select(at.cell.row, at.cell.column, event.shiftKey);
      dragging = true;
    } else if (at.kind === 'column') {
      selectRect({ top: 1, left: at.column, bottom: sheet.rows, right: at.column });
    } else if (at.kind === 'row') {
      selectRect({ top: at.row, left: 1, bottom: at.row, right: sheet.columns });
    } else {
      selectRect({ top: 1, left: 1, bottom: sheet.rows, right: sheet.columns });
    }
  });
  table.addEventListener('mouseover', (event) => {
    const at = hit(event);
    if (dragging && at?.kind === 'cell') select(at.cell.row, at.cell.column, true);
    if (at?.kind === 'cell') hover(at.cell);
    else hoverCard.hidden = true;
  });
  table.addEventListener('mouseleave', () => {
    hoverCard.hidden = true;
  });
  window.addEventListener('mouseup', () => {
    dragging = false;
  });
  table.addEventListener('dblclick', (event) => {
    if (hit(event)?.kind === 'cell') openEditor(rawOf(cellAt(anchor.row, anchor.column)));
  });

  /**
   * Shows a hovered cell's error, or its text when the cell cuts it off, in a card under it.
   * @param {Cell} at
   */
  function hover(at) {
    const view = cellAt(at.row, at.column);
    const cell = td(at.row, at.column);
    const active = at.row === anchor.row && at.column === anchor.column && !cellError.hidden;
    if (!view || !cell || editing || active) {
      hoverCard.hidden = true;
      return;
    }
    const shown = /** @type {HTMLElement} */ (cell.querySelector('.run') ?? cell);
    const cutOff = shown.scrollWidth > shown.clientWidth + 1;
    if (!view.e && !cutOff && !view.n) {
      hoverCard.hidden = true;
      return;
    }
    fillCard(hoverCard, view, cutOff);
    hoverCard.classList.toggle('error', Boolean(view.e));
    hoverCard.hidden = false;
    placeCard(scroll, hoverCard, cell);
  }

  scroll.addEventListener('keydown', (event) => {
    if (editing || event.target !== scroll || !sheet) return;
    const ctrl = event.ctrlKey || event.metaKey;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    const key = event.key.toLowerCase();
    if (move && ctrl) {
      // Ctrl+Arrow jumps to the edge of the data, as in Sheets; with Shift it extends the selection.
      event.preventDefault();
      const from = event.shiftKey ? focus : anchor;
      const to = jump(sheet, from, move[0], move[1]);
      select(to.row, to.column, event.shiftKey);
    } else if (move) {
      event.preventDefault();
      if (event.shiftKey) select(focus.row + move[0], focus.column + move[1], true);
      else select(anchor.row + move[0], anchor.column + move[1]);
    } else if (ctrl && (event.key === 'Home' || event.key === 'End')) {
      // Ctrl+Home: A1; Ctrl+End: the last row and column holding something.
      event.preventDefault();
      const to = event.key === 'Home' ? { row: 1, column: 1 } : lastUsed(sheet);
      select(to.row, to.column, event.shiftKey);
    } else if (ctrl && key === 'z') {
      event.preventDefault();
      parts.onHistory(event.shiftKey ? 'redo' : 'undo');
    } else if (ctrl && key === 'y') {
      event.preventDefault();
      parts.onHistory('redo');
    } else if (ctrl && key === 'a') {
      event.preventDefault();
      selectRect({ top: 1, left: 1, bottom: sheet.rows, right: sheet.columns });
    } else if (ctrl) {
      // Ctrl+C and Ctrl+V arrive as copy and paste events.
    } else if (event.key === 'Tab') {
      event.preventDefault();
      select(anchor.row, anchor.column + (event.shiftKey ? -1 : 1));
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      openEditor(rawOf(cellAt(anchor.row, anchor.column)));
    } else if (event.key === 'Escape') {
      select(anchor.row, anchor.column);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      clearSelection();
    } else if (event.key.length === 1 && !event.altKey) {
      event.preventDefault();
      openEditor(event.key);
    }
  });

  scroll.addEventListener('copy', (event) => {
    if (editing || !event.clipboardData) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', copy());
  });
  scroll.addEventListener('paste', (event) => {
    if (editing && event.target === editor) return;
    event.preventDefault();
    paste(event.clipboardData?.getData('text/plain') ?? '');
  });

  editor.addEventListener('input', () => {
    formulaInput.value = editor.value;
    fitEditor();
    autocomplete.update();
  });
  editor.addEventListener('paste', (event) => {
    // Lines or columns pasted into a cell being edited fill cells, as in Sheets; one line is just text.
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (!/[\t\n\r]/.test(text.replace(/\r?\n$/, ''))) return;
    event.preventDefault();
    event.stopPropagation(); // the grid's own paste handler must not paste it a second time
    cancel();
    paste(text);
  });
  editor.addEventListener('keydown', (event) => {
    if (autocomplete.handleKey(event)) {
      formulaInput.value = editor.value;
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.shiftKey ? -1 : 1, 0);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      commit(0, event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  });

  formulaInput.addEventListener('focus', () => {
    if (!sheet?.editable) return;
    if (editing === 'cell') formulaInput.value = editor.value;
    closeEditor();
    editing = 'bar';
    cellError.hidden = true;
  });
  formulaInput.addEventListener('keydown', (event) => {
    if (editing !== 'bar') return;
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(1, 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  });
  formulaInput.addEventListener('blur', () => {
    if (editing === 'bar') {
      editing = null;
      formulaInput.value = rawOf(cellAt(anchor.row, anchor.column));
    }
  });

  // The name box: type a cell or a range and press Enter to go there, as in Sheets.
  nameBox.addEventListener('focus', () => nameBox.select());
  nameBox.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && sheet) {
      event.preventDefault();
      const rect = parseRange(nameBox.value, sheet);
      scroll.focus({ preventScroll: true });
      if (rect) selectRect(rect);
      else {
        parts.onNotice(`"${nameBox.value}" is not a cell or range of this sheet (A1:${columnName(sheet.columns)}${sheet.rows}).`);
        showSelection(false);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      scroll.focus({ preventScroll: true });
      showSelection(false);
    }
  });
  nameBox.addEventListener('blur', () => showSelection(false));

  return {
    render,
    select,
    /** The add-on's functions the editor's autocomplete offers. */
    setFunctions: (/** @type {import('../state.js').FunctionDoc[]} */ docs) => autocomplete.setFunctions(docs),
    /** The active cell, 1-based. */
    selected: () => ({ ...anchor }),
    /** The selected range, 1-based. */
    selectedRange: () => range(),
    /** Whether a cell is being edited (the page holds back re-renders meanwhile). */
    isEditing: () => editing !== null,
    focus: () => scroll.focus({ preventScroll: true }),
    /** The pixel box of a cell within the grid, for things floating over it (charts). */
    box: (/** @type {number} */ r, /** @type {number} */ c) => {
      const cell = td(r, c);
      return cell ? { left: cell.offsetLeft, top: cell.offsetTop, width: cell.offsetWidth, height: cell.offsetHeight } : null;
    },
  };
}
