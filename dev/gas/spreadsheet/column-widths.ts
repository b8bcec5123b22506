/**
 * Column widths as a sheet keeps them, and how wide a text is as a cell shows it. Google documents the
 * methods (setColumnWidth(s), getColumnWidth, autoResizeColumn(s): "to fit their contents") but not how
 * Sheets measures a text: the pixel rule here is ours (dev/gas/RULES.md), used by autoResizeColumn(s) and by
 * tests that ask whether a text fits its column as a user would see it.
 */

/** Sheets' width of a new sheet's columns, in pixels. */
export const DEFAULT_COLUMN_WIDTH = 100;

/** Our rule: pixels per character of Sheets' default font (Arial 10), regular and bold, and the cell's padding. */
export const TEXT_WIDTH_RULE = Object.freeze({ regular: 7, bold: 8, padding: 10 });

/** The narrowest and widest autoResizeColumn(s) makes a column (our bounds: Google gives none). */
export const AUTO_RESIZE_BOUNDS = Object.freeze({ min: 21, max: 1000 });

/**
 * The pixels a cell's text needs to show whole, by our rule: its longest line's characters at 7 px
 * (8 in bold), plus 10 px of padding; an empty text needs none.
 * @param text what the cell shows (its display value)
 * @param bold whether the cell is bold
 */
export function textWidth(text: string, bold = false): number {
  const longest = Math.max(0, ...text.split('\n').map((line) => [...line].length));
  if (longest === 0) return 0;
  return longest * (bold ? TEXT_WIDTH_RULE.bold : TEXT_WIDTH_RULE.regular) + TEXT_WIDTH_RULE.padding;
}

/**
 * The width autoResizeColumn(s) gives a column: its widest text's (textWidth) within AUTO_RESIZE_BOUNDS;
 * null when it shows no text (its width is left as it is: Google does not say).
 * @param texts each cell's display value and whether it is bold
 */
export function fittedWidth(texts: Iterable<{ text: string; bold: boolean }>): number | null {
  let widest = 0;
  for (const { text, bold } of texts) widest = Math.max(widest, textWidth(text, bold));
  if (widest === 0) return null;
  return Math.min(AUTO_RESIZE_BOUNDS.max, Math.max(AUTO_RESIZE_BOUNDS.min, widest));
}

/** A sheet's column widths: only those set are kept; the others are Sheets' default. */
export class ColumnWidths {
  readonly #set = new Map<number, number>();

  /** The width of a column (1-based), in pixels. */
  get(column: number): number {
    return this.#set.get(column) ?? DEFAULT_COLUMN_WIDTH;
  }

  /** Sets `count` columns from `start` to `width` pixels. */
  set(start: number, count: number, width: number): void {
    for (let c = start; c < start + count; c++) {
      if (width === DEFAULT_COLUMN_WIDTH) this.#set.delete(c);
      else this.#set.set(c, width);
    }
  }

  /** The widths set (not the default), by column. */
  entries(): [number, number][] {
    return [...this.#set.entries()].sort((a, b) => a[0] - b[0]);
  }

  /**
   * Moves widths as columns are inserted (by > 0, before `from`) or deleted (by < 0, the `-by` columns
   * before `from` are gone): an inserted column has the default width.
   */
  shift(from: number, by: number): void {
    const moved = this.entries();
    this.#set.clear();
    for (const [c, width] of moved) {
      if (by < 0 && c >= from + by && c < from) continue;
      this.#set.set(c >= from ? c + by : c, width);
    }
  }
}
