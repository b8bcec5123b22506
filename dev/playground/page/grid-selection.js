// @ts-check
/**
 * The grid's selection: the active cell and the selected range, their marks on the cells and headers,
 * the range's box, and what the name box, the formula bar and the active cell's error card show.
 */
import { fillCard, keepVisible, placeCard } from './grid-cards.js';
import { a1, rawOf } from './grid-cells.js';
import { clamp, rangeOf, tdAt, viewAt } from './grid-state.js';

/** @typedef {import('./grid-state.js').GridState} GridState */
/** @typedef {import('./grid-state.js').GridParts} GridParts */
/** @typedef {import('./grid-cells.js').Rect} Rect */

/**
 * @typedef {object} Selection
 * @property {(scrollIntoView?: boolean) => void} show marks the selection and fills the name box and formula bar
 * @property {() => void} showCard shows the active cell's error card, unless a hovered cell's card is showing
 * @property {(r: number, c: number, extend?: boolean) => void} select makes (r, c) the active cell; with
 *   `extend`, the other corner of the range from the active cell
 * @property {(rect: Rect) => void} selectRect selects a range, its top-left cell active
 */

/**
 * The selection of one grid.
 * @param {GridState} state
 * @param {GridParts} parts
 * @returns {Selection}
 */
export function createSelection(state, parts) {
  const { scroll } = parts;

  /** @param {boolean} [scrollIntoView] */
  function show(scrollIntoView = true) {
    if (!state.sheet) return;
    const active = markRange(state, parts);
    const { anchor } = state;
    const view = viewAt(state, anchor.row, anchor.column);
    if (state.editing !== 'bar') parts.formulaInput.value = rawOf(view);
    parts.formulaInput.readOnly = !state.sheet.editable;
    showCard();
    if (scrollIntoView && active) keepVisible(scroll, active);
  }

  /**
   * The active error cell's message, in a card under it (Sheets' error popup), never moving the grid;
   * not while another cell's card shows on hover: one card at a time, as in Sheets.
   */
  function showCard() {
    const { cellError, hoverCard } = parts;
    const { anchor } = state;
    // The hovered cell just became the selected one: its own card replaces the hover card.
    if (hoverCard.dataset.a1 === a1(anchor.row, anchor.column)) hoverCard.hidden = true;
    const view = viewAt(state, anchor.row, anchor.column);
    const active = view?.e ? tdAt(state, anchor.row, anchor.column) : null;
    cellError.hidden = !view?.e || state.editing !== null || !active || !hoverCard.hidden;
    if (view?.e && active && !cellError.hidden) {
      fillCard(cellError, view);
      placeCard(scroll, cellError, active);
    }
  }

  /**
   * Runs a change of the selection and tells the page when the range changed.
   * @param {() => void} change
   */
  function tellingChange(change) {
    const before = JSON.stringify(rangeOf(state));
    change();
    if (JSON.stringify(rangeOf(state)) !== before) parts.onSelect(rangeOf(state));
  }

  /** @type {Selection['select']} */
  function select(r, c, extend = false) {
    if (!state.sheet) return;
    const next = clamp(state, { row: r, column: c });
    tellingChange(() => {
      if (extend) {
        state.focus = next;
        show(false);
        const cell = tdAt(state, state.focus.row, state.focus.column);
        if (cell) keepVisible(scroll, cell);
      } else {
        state.anchor = next;
        state.focus = next;
        show();
      }
    });
  }

  /** @type {Selection['selectRect']} */
  function selectRect(rect) {
    if (!state.sheet) return;
    tellingChange(() => {
      state.anchor = { row: rect.top, column: rect.left };
      state.focus = { row: rect.bottom, column: rect.right };
      show();
    });
  }

  return { show, showCard, select, selectRect };
}

/**
 * Marks the selected range's headers and the active cell, draws the range's box and fills the name box.
 * @param {GridState} state
 * @param {GridParts} parts
 * @returns {HTMLTableCellElement | null} the active cell's element
 */
function markRange(state, parts) {
  const { table, selection, nameBox } = parts;
  const { anchor } = state;
  const rect = rangeOf(state);
  // The cells first: a row further down than those drawn is drawn now.
  const active = tdAt(state, anchor.row, anchor.column);
  const first = tdAt(state, rect.top, rect.left);
  const last = tdAt(state, rect.bottom, rect.right);
  for (const el of table.querySelectorAll('.on')) el.classList.remove('on');
  for (let c = rect.left; c <= rect.right; c++) state.columnHeads[c]?.classList.add('on');
  // A whole column selected lights 1,000 row headers: light the visible ones' worth at most.
  for (let r = rect.top; r <= Math.min(rect.bottom, rect.top + 200); r++) state.rowHeads[r]?.classList.add('on');
  for (const el of table.querySelectorAll('td.sel')) el.classList.remove('sel');
  active?.classList.add('sel');
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
  return active;
}
