// @ts-check
/**
 * Clipboard text as spreadsheets write it: rows on lines, cells split by tabs, and a cell holding a tab,
 * a line break or a leading quote wrapped in quotes with quotes doubled (what Sheets and Excel copy).
 */

/**
 * Rows of cells from pasted text. Plain lines are one cell each; a trailing line break ends the last row.
 * @param {string} text
 * @returns {string[][]}
 */
export function parseClipboard(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let cell = '';
  let i = 0;
  let atCellStart = true;
  const source = text.replace(/\r\n?/g, '\n');
  while (i < source.length) {
    const ch = source[i];
    if (atCellStart && ch === '"') {
      // A quoted cell: up to the quote that is not doubled and is followed by a tab, a line break or the end.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < source.length) {
        if (source[j] === '"' && source[j + 1] === '"') {
          value += '"';
          j += 2;
        } else if (source[j] === '"') {
          closed = true;
          j++;
          break;
        } else {
          value += source[j];
          j++;
        }
      }
      if (closed && (j === source.length || source[j] === '\t' || source[j] === '\n')) {
        cell = value;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a quoted cell after all ("quoted" words in plain text): read it as it is.
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += ch;
    }
    i++;
  }
  if (!atCellStart || cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * Clipboard text for rows of cells, readable back by parseClipboard, Sheets and Excel.
 * @param {string[][]} rows
 */
export function toClipboard(rows) {
  const quote = (/** @type {string} */ cell) => (/[\t\n\r]|^"/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((row) => row.map(quote).join('\t')).join('\n');
}
