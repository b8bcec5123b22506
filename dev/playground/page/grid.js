// @ts-check
/**
 * The grid: renders a SheetView, keeps the selection, and edits cells as Sheets does (type to replace,
 * Enter or F2 to edit, Enter commits and moves down, Tab right, Escape cancels, arrows move, Delete clears).
 */

/** @typedef {import('../state.js').SheetView} SheetView */
/** @typedef {import('../state.js').CellView} CellView */

/**
 * @typedef {object} GridParts
 * @property {HTMLElement} scroll the scrolling container (focusable)
 * @property {HTMLTableElement} table
 * @property {HTMLInputElement} editor the in-cell editor
 * @property {HTMLInputElement} formulaInput
 * @property {HTMLInputElement} nameBox
 * @property {HTMLElement} cellError where an error cell's message shows
 * @property {(row: number, column: number, input: string) => void} onCommit a user entered `input`
 * @property {(row: number, column: number) => void} onSelect the selection moved
 */

export const COLUMN_WIDTH = 100;
export const FIRST_COLUMN_WIDTH = 150;
const ROW_HEADER_WIDTH = 46;

/**
 * Column letters of a 1-based column: 1 → A, 27 → AA.
 * @param {number} column
 */
export function columnName(column) {
  let n = column;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * @param {GridParts} parts
 */
export function createGrid(parts) {
  const { scroll, table, editor, formulaInput, nameBox, cellError } = parts;
  /** @type {SheetView | null} */
  let sheet = null;
  let row = 1;
  let column = 1;
  /** Where the open editor writes: the grid's overlay, the formula bar, or nothing. */
  /** @type {'cell' | 'bar' | null} */
  let editing = null;

  const a1 = (/** @type {number} */ r, /** @type {number} */ c) => `${columnName(c)}${r}`;
  const cellAt = (/** @type {number} */ r, /** @type {number} */ c) => sheet?.cells[a1(r, c)];
  /** What the formula bar shows for a cell: its formula, or its value. */
  const rawOf = (/** @type {CellView | undefined} */ cell) => (cell ? (cell.f ?? cell.t) : '');
  const td = (/** @type {number} */ r, /** @type {number} */ c) =>
    /** @type {HTMLTableCellElement | null} */ (table.querySelector(`td[data-a1="${a1(r, c)}"]`));

  /** @param {SheetView} next */
  function render(next) {
    const sameSheet = sheet?.name === next.name;
    sheet = next;
    if (!sameSheet) {
      row = 1;
      column = 1;
      closeEditor();
    }
    row = Math.min(row, next.rows);
    column = Math.min(column, next.columns);
    scroll.classList.toggle('read-only', !next.editable);
    table.replaceChildren(buildColumns(next), buildHead(next), buildBody(next));
    showSelection(false);
  }

  /** @param {SheetView} s */
  function buildColumns(s) {
    const group = document.createElement('colgroup');
    const head = document.createElement('col');
    head.style.width = `${ROW_HEADER_WIDTH}px`;
    group.append(head);
    for (let c = 1; c <= s.columns; c++) {
      const col = document.createElement('col');
      col.style.width = `${c === 1 ? FIRST_COLUMN_WIDTH : COLUMN_WIDTH}px`;
      group.append(col);
    }
    table.style.width = `${ROW_HEADER_WIDTH + FIRST_COLUMN_WIDTH + (s.columns - 1) * COLUMN_WIDTH}px`;
    return group;
  }

  /** @param {SheetView} s */
  function buildHead(s) {
    const head = document.createElement('thead');
    const line = document.createElement('tr');
    const corner = document.createElement('th');
    corner.className = 'corner';
    line.append(corner);
    for (let c = 1; c <= s.columns; c++) {
      const th = document.createElement('th');
      th.textContent = columnName(c);
      th.dataset.column = String(c);
      line.append(th);
    }
    head.append(line);
    return head;
  }

  /** @param {SheetView} s */
  function buildBody(s) {
    const body = document.createElement('tbody');
    for (let r = 1; r <= s.rows; r++) {
      const line = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = String(r);
      th.dataset.row = String(r);
      line.append(th);
      for (let c = 1; c <= s.columns; c++) {
        const cell = document.createElement('td');
        const address = a1(r, c);
        cell.dataset.a1 = address;
        const view = s.cells[address];
        if (view) decorate(cell, view);
        line.append(cell);
      }
      body.append(line);
    }
    return body;
  }

  /**
   * @param {HTMLTableCellElement} cell
   * @param {CellView} view
   */
  function decorate(cell, view) {
    cell.textContent = view.t;
    const classes = [];
    if (view.k) classes.push(view.k);
    if (view.f !== undefined) classes.push('formula');
    if (view.s) classes.push('spill');
    if (view.b) classes.push('bold');
    if (view.i) classes.push('italic');
    cell.className = classes.join(' ');
    if (view.e) cell.title = view.e;
    else if (view.t.length > 12) cell.title = view.t;
  }

  /** Marks the selected cell and its headers, and fills the name box and formula bar. */
  function showSelection(scrollIntoView = true) {
    for (const el of table.querySelectorAll('.sel, .on')) el.classList.remove('sel', 'on');
    const cell = td(row, column);
    cell?.classList.add('sel');
    table.querySelector(`thead th[data-column="${column}"]`)?.classList.add('on');
    table.querySelector(`tbody th[data-row="${row}"]`)?.classList.add('on');
    nameBox.value = a1(row, column);
    const view = cellAt(row, column);
    if (editing !== 'bar') formulaInput.value = rawOf(view);
    formulaInput.readOnly = !sheet?.editable;
    cellError.hidden = !view?.e;
    cellError.textContent = view?.e ? `${view.t}  ${view.e}` : '';
    if (scrollIntoView && cell) keepVisible(cell);
  }

  /** @param {HTMLElement} cell */
  function keepVisible(cell) {
    const top = cell.offsetTop - 24;
    const left = cell.offsetLeft - ROW_HEADER_WIDTH;
    if (top < scroll.scrollTop) scroll.scrollTop = top;
    else if (cell.offsetTop + cell.offsetHeight > scroll.scrollTop + scroll.clientHeight) {
      scroll.scrollTop = cell.offsetTop + cell.offsetHeight - scroll.clientHeight;
    }
    if (left < scroll.scrollLeft) scroll.scrollLeft = left;
    else if (cell.offsetLeft + cell.offsetWidth > scroll.scrollLeft + scroll.clientWidth) {
      scroll.scrollLeft = cell.offsetLeft + cell.offsetWidth - scroll.clientWidth;
    }
  }

  /**
   * @param {number} r
   * @param {number} c
   */
  function select(r, c) {
    if (!sheet) return;
    const nextRow = Math.max(1, Math.min(sheet.rows, r));
    const nextColumn = Math.max(1, Math.min(sheet.columns, c));
    const moved = nextRow !== row || nextColumn !== column;
    row = nextRow;
    column = nextColumn;
    showSelection();
    if (moved) parts.onSelect(row, column);
  }

  /** @param {string} initial the editor's starting text */
  function openEditor(initial) {
    if (!sheet?.editable) return;
    const cell = td(row, column);
    if (!cell) return;
    editing = 'cell';
    editor.hidden = false;
    editor.style.left = `${cell.offsetLeft}px`;
    editor.style.top = `${cell.offsetTop}px`;
    editor.style.minWidth = `${cell.offsetWidth + 1}px`;
    editor.style.width = `${Math.max(cell.offsetWidth + 1, Math.min(480, 9 * initial.length + 24))}px`;
    editor.style.height = `${cell.offsetHeight + 1}px`;
    editor.value = initial;
    formulaInput.value = initial;
    editor.focus();
    editor.setSelectionRange(initial.length, initial.length);
  }

  function closeEditor() {
    editing = null;
    editor.hidden = true;
  }

  /**
   * Commits the open edit and moves the selection.
   * @param {number} dRow
   * @param {number} dColumn
   */
  function commit(dRow, dColumn) {
    const input = editing === 'bar' ? formulaInput.value : editor.value;
    const r = row;
    const c = column;
    const before = rawOf(cellAt(r, c));
    closeEditor();
    scroll.focus({ preventScroll: true });
    if (input !== before) {
      const cell = td(r, c);
      if (cell) {
        cell.textContent = input.startsWith('=') ? 'Loading…' : input;
        cell.className = 'pending';
      }
      parts.onCommit(r, c, input);
    }
    select(r + dRow, c + dColumn);
  }

  function cancel() {
    closeEditor();
    formulaInput.value = rawOf(cellAt(row, column));
    scroll.focus({ preventScroll: true });
  }

  table.addEventListener('mousedown', (event) => {
    const cell = /** @type {HTMLElement} */ (event.target).closest('td');
    if (!cell?.dataset.a1) return;
    event.preventDefault();
    if (editing) commit(0, 0);
    const match = /^([A-Z]+)(\d+)$/.exec(cell.dataset.a1);
    if (!match) return;
    let c = 0;
    for (const ch of match[1] ?? '') c = c * 26 + ch.charCodeAt(0) - 64;
    scroll.focus({ preventScroll: true });
    select(Number(match[2]), c);
  });
  table.addEventListener('dblclick', (event) => {
    if (/** @type {HTMLElement} */ (event.target).closest('td')) openEditor(rawOf(cellAt(row, column)));
  });

  scroll.addEventListener('keydown', (event) => {
    if (editing || event.target !== scroll) return;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      select(row + move[0], column + move[1]);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      select(row, column + (event.shiftKey ? -1 : 1));
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      openEditor(rawOf(cellAt(row, column)));
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && sheet?.editable) {
      event.preventDefault();
      if (cellAt(row, column)) {
        editing = 'cell';
        editor.value = '';
        commit(0, 0);
      }
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      openEditor(event.key);
    }
  });

  editor.addEventListener('input', () => {
    formulaInput.value = editor.value;
  });
  editor.addEventListener('keydown', (event) => {
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
      formulaInput.value = rawOf(cellAt(row, column));
    }
  });

  return {
    render,
    select,
    /** The selected cell, 1-based. */
    selected: () => ({ row, column }),
    /** Whether a cell is being edited (the page holds back re-renders meanwhile). */
    isEditing: () => editing !== null,
    focus: () => scroll.focus({ preventScroll: true }),
  };
}
