// @ts-check
/** The cards over the grid (a cell's error, cut-off text or note) and keeping a cell in view. */
import { ROW_HEADER_WIDTH } from './grid-cells.js';

/** @typedef {import('../state.js').CellView} CellView */

/**
 * A card's text: an error as Sheets' popup shows it ("Error", then the message), else the cell's text;
 * then the cell's note.
 * @param {HTMLElement} card
 * @param {CellView} view
 * @param {boolean} [withText] show a cut-off text (not when only the note is worth showing)
 */
export function fillCard(card, view, withText = true) {
  /** @type {Node[]} */
  const parts = [];
  if (view.e) {
    const title = document.createElement('strong');
    title.textContent = `Error ${view.t}`;
    parts.push(title, document.createTextNode(view.e));
  } else if (withText && view.t) {
    parts.push(document.createTextNode(view.t));
  }
  // The cell's note, as Sheets shows it on hover.
  if (view.n) {
    const note = document.createElement('span');
    note.className = 'card-note';
    note.textContent = view.n;
    parts.push(note);
  }
  card.replaceChildren(...parts);
}

/**
 * Places a card under a cell, inside the visible grid.
 * @param {HTMLElement} scroll the grid's scrolling container
 * @param {HTMLElement} card
 * @param {HTMLElement} cell
 */
export function placeCard(scroll, card, cell) {
  // Under the cell, kept inside the visible grid: moved left near its right edge (the sidebar), and
  // above the cell near its bottom edge.
  card.style.left = `${cell.offsetLeft}px`;
  card.style.top = `${cell.offsetTop + cell.offsetHeight + 2}px`;
  const right = scroll.scrollLeft + scroll.clientWidth - 4;
  const bottom = scroll.scrollTop + scroll.clientHeight - 4;
  if (cell.offsetLeft + card.offsetWidth > right)
    card.style.left = `${Math.max(scroll.scrollLeft + ROW_HEADER_WIDTH, right - card.offsetWidth)}px`;
  if (cell.offsetTop + cell.offsetHeight + 2 + card.offsetHeight > bottom && cell.offsetTop - card.offsetHeight - 2 > scroll.scrollTop)
    card.style.top = `${cell.offsetTop - card.offsetHeight - 2}px`;
}

/**
 * Scrolls the grid just enough to show a cell (not under the headers).
 * @param {HTMLElement} scroll the grid's scrolling container
 * @param {HTMLElement} cell
 */
export function keepVisible(scroll, cell) {
  // Measured on screen, not in whole pixels (offsetTop): a page laid out at a fraction of a pixel would
  // otherwise leave the cell's last fraction under the edge.
  const view = scroll.getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  const top = view.top + scroll.clientTop + 24; // under the column headers
  // clientHeight and clientWidth are whole pixels, rounded: never past the box itself.
  const bottom = Math.min(view.bottom, view.top + scroll.clientTop + scroll.clientHeight);
  const left = view.left + scroll.clientLeft + ROW_HEADER_WIDTH; // right of the row headers
  const right = Math.min(view.right, view.left + scroll.clientLeft + scroll.clientWidth);
  if (box.top < top) scroll.scrollTop -= Math.ceil(top - box.top);
  else if (box.bottom > bottom) scroll.scrollTop += Math.ceil(box.bottom - bottom);
  if (box.left < left) scroll.scrollLeft -= Math.ceil(left - box.left);
  else if (box.right > right) scroll.scrollLeft += Math.ceil(box.right - right);
}
