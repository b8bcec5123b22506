/**
 * Which formulas' results hold a cell the add-on could not fill (a daily limit's row, one not fetched
 * in time, an error), read before Freeze changes anything, so those formulas are kept untouched. A
 * spilled cell belongs to a formula above and to the left whose rectangle down to it holds no other
 * formula (a spill covers only empty cells). When one formula alone fits, it is the owner; when several
 * do, only removing them tells (spill.ts), so they are checked once their blocks are known. Pure.
 */
import { messageKind, type MessageKind } from '../core/cell-messages';

/** The first of these a result holds is what the user is told: the longest wait first. */
const ORDER: readonly MessageKind[] = ['limit', 'budget', 'error'];

/**
 * What the add-on could not fill in some cells, the longest wait first; undefined when every cell is a
 * value (or blank).
 * @param values rows of values as getValues() gives them
 */
export function gapIn(values: readonly (readonly unknown[])[]): MessageKind | undefined {
  const kinds = new Set(values.flatMap((row) => row.map(messageKind)));
  return ORDER.find((kind) => kinds.has(kind));
}

/** The formulas the add-on's messages may belong to, keyed "row,column" (1-based). */
export interface MessageOwners {
  /** A message has this formula as its only possible owner: what such messages say, the longest wait first. */
  sure: Map<string, MessageKind>;
  /** A message has this formula among several possible owners. */
  unsure: Set<string>;
}

/**
 * The formulas whose spill may hold one of the add-on's messages.
 * @param values the sheet's values from A1
 * @param formulas the formulas from A1 ('' for none)
 */
export function messageOwners(values: readonly (readonly unknown[])[], formulas: readonly (readonly string[])[]): MessageOwners {
  const owners: MessageOwners = { sure: new Map(), unsure: new Set() };
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
      const candidates = cells.filter((f) => f.row <= r && f.column <= c && count(f.row, f.column, r, c) === 1);
      const keys = candidates.map((f) => `${f.row + 1},${f.column + 1}`);
      const [only] = keys;
      if (keys.length === 1 && only) {
        const known = owners.sure.get(only);
        if (!known || ORDER.indexOf(kind) < ORDER.indexOf(known)) owners.sure.set(only, kind);
      } else keys.forEach((key) => owners.unsure.add(key));
    }
  }
  return owners;
}
