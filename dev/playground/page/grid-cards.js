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
