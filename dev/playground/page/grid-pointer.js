// @ts-check
/**
 * The grid's pointer: click selects a cell (Shift+click extends), drag selects a range, a row or column
 * header or the corner selects it whole, double-click edits; a hovered error or cut-off text shows in
 * full in a card.
 */
import { fillCard, placeCard } from './grid-cards.js';
import { a1, rawOf } from './grid-cells.js';
import { hit } from './grid-navigation.js';
import { tdAt, viewAt } from './grid-state.js';

/** @typedef {import('./grid-state.js').GridState} GridState */
/** @typedef {import('./grid-state.js').GridParts} GridParts */
/** @typedef {import('./grid-selection.js').Selection} Selection */
/** @typedef {import('./grid-editor.js').Editor} Editor */
/** @typedef {import('./grid-cells.js').Cell} Cell */

/**
 * Listens for the pointer on the grid's table.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {{ selection: Selection, editor: Editor }} with
 */
export function listenPointer(state, parts, { selection, editor }) {
  const { table, scroll, hoverCard } = parts;
  let dragging = false;
  table.addEventListener('mousedown', (event) => {
    const at = hit(event);
    const sheet = state.sheet;
    if (!at || !sheet || event.button !== 0) return;
    event.preventDefault();
    if (state.editing) editor.commit(0, 0);
    scroll.focus({ preventScroll: true });
    if (at.kind === 'cell') {
      selection.select(at.cell.row, at.cell.column, event.shiftKey);
      dragging = true;
    } else if (at.kind === 'column') {
      selection.selectRect({ top: 1, left: at.column, bottom: sheet.rows, right: at.column });
    } else if (at.kind === 'row') {
      selection.selectRect({ top: at.row, left: 1, bottom: at.row, right: sheet.columns });
    } else {
      selection.selectRect({ top: 1, left: 1, bottom: sheet.rows, right: sheet.columns });
    }
  });
  /** Hides the hovered cell's card; the selected cell's error card shows again. */
  const unhover = () => {
    if (hoverCard.hidden) return;
    hoverCard.hidden = true;
    selection.showCard();
  };
  table.addEventListener('mouseover', (event) => {
    const at = hit(event);
    if (dragging && at?.kind === 'cell') selection.select(at.cell.row, at.cell.column, true);
    if (at?.kind === 'cell' && hover(state, parts, at.cell))
      parts.cellError.hidden = true; // one card at a time
    else unhover();
  });
  table.addEventListener('mouseleave', unhover);
  window.addEventListener('mouseup', () => {
    dragging = false;
  });
  table.addEventListener('dblclick', (event) => {
    if (hit(event)?.kind === 'cell') editor.open(rawOf(viewAt(state, state.anchor.row, state.anchor.column)));
  });
}

/**
 * Shows a hovered cell's error, or its text when the cell cuts it off, or its note, in a card under it.
 * @param {GridState} state
 * @param {GridParts} parts
 * @param {Cell} at
 * @returns {boolean} whether the card shows (false: nothing to show, or the cell's own error card is showing)
 */
function hover(state, parts, at) {
  const { hoverCard } = parts;
  const view = viewAt(state, at.row, at.column);
  const cell = tdAt(state, at.row, at.column);
  const active = at.row === state.anchor.row && at.column === state.anchor.column && !parts.cellError.hidden;
  if (!view || !cell || state.editing || active) return false;
  const shown = /** @type {HTMLElement} */ (cell.querySelector('.run') ?? cell);
  const cutOff = shown.scrollWidth > shown.clientWidth + 1;
  if (!view.e && !cutOff && !view.n) return false;
  fillCard(hoverCard, view, cutOff);
  hoverCard.dataset.a1 = a1(at.row, at.column);
  hoverCard.classList.toggle('error', Boolean(view.e));
  hoverCard.hidden = false;
  placeCard(parts.scroll, hoverCard, cell);
  return true;
}
