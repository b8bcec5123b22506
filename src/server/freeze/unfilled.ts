/**
 * Which formulas' results hold a cell the add-on could not fill (a daily limit's row, one not fetched
 * in time, an error), read before Freeze changes anything, so those formulas are kept untouched. A
 * spilled cell belongs to a formula above and to the left whose rectangle down to it holds no other
 * formula (a spill covers only empty cells). Values alone cannot always tell which: a formula beside a
 * table's rows could, by position, have spilled across them. Every formula that could own a message is
 * counted as holding it: a complete result may be kept, an incomplete one is never frozen. Pure.
 */
import { messageKind, type MessageKind } from '../errors/cell-messages';

/** When a result holds several, the user is told the longest wait. */
const ORDER: readonly MessageKind[] = ['limit', 'budget', 'error'];

/**
 * The formulas whose spill may hold one of the add-on's messages, and what it says (the longest wait
 * first), keyed "row,column" (1-based). A formula's own cell is not looked at here.
 * @param values the sheet's values from A1
 * @param formulas the formulas from A1 ('' for none)
 */
export function messageOwners(values: readonly (readonly unknown[])[], formulas: readonly (readonly string[])[]): Map<string, MessageKind> {
  const owners = new Map<string, MessageKind>();
  const rows = values.length;
  const columns = Math.max(0, ...values.map((row) => row.length));
  const isFormula = (r: number, c: number) => !!formulas[r]?.[c];
  // A 2-D prefix sum counts the formulas in any rectangle.
  const sums = new Array<number>((rows + 1) * (columns + 1)).fill(0);
  const at = (r: number, c: number) => sums[r * (columns + 1) + c] ?? 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++)
      sums[(r + 1) * (columns + 1) + c + 1] = (isFormula(r, c) ? 1 : 0) + at(r, c + 1) + at(r + 1, c) - at(r, c);
  }
  const count = (r0: number, c0: number, r1: number, c1: number) => at(r1 + 1, c1 + 1) - at(r0, c1 + 1) - at(r1 + 1, c0) + at(r0, c0);
  const cells: { row: number; column: number }[] = [];
  formulas.forEach((line, r) => line.forEach((f, c) => f && cells.push({ row: r, column: c })));

  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const kind = isFormula(r, c) ? undefined : messageKind(values[r]?.[c]);
      if (!kind) continue;
      for (const f of cells) {
        if (f.row > r || f.column > c || count(f.row, f.column, r, c) !== 1) continue;
        const key = `${f.row + 1},${f.column + 1}`;
        const known = owners.get(key);
        if (!known || ORDER.indexOf(kind) < ORDER.indexOf(known)) owners.set(key, kind);
      }
    }
  }
  return owners;
}
