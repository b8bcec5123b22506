/**
 * Which cells each formula filled. Apps Script cannot tell a spilled value from a typed one: both are a
 * value without a formula. Sheets can: removing a formula empties what it spilled. So freezing removes
 * the formulas first and compares the sheet before and after. Each emptied cell belongs to the nearest
 * formula above and to the left whose rectangle down to the cell holds no other formula and nothing
 * that stayed (a spill covers only empty cells, so its owner's rectangle is clear), one of those removed
 * first. Pure: grids in, rectangles out.
 */
import { AS_OF } from '../shape/shape';

/** A rectangle of a sheet, 1-based. */
export interface Block {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

/** A cell, 1-based. */
export interface Position {
  row: number;
  column: number;
}

const blank = (v: unknown): boolean => v === '' || v === null || v === undefined;
const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';
/** A result's As of (shape/readable.ts): its words, then the date-time beside or under them. */
const asOf = (label: unknown, when: unknown): boolean => typeof label === 'string' && label.startsWith(`${AS_OF} (`) && isDate(when);

/**
 * The block each removed formula filled: its own cell, grown to every cell it spilled a value into.
 * @param before the sheet's values from A1, formulas still in place
 * @param formulas the formulas from A1 at that time ('' for none)
 * @param after the values from A1 once the formulas at `removed` were replaced by values
 * @param removed the formula cells replaced
 * @returns one block per removed formula, in the same order
 */
export function spillBlocks(
  before: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
  after: readonly (readonly unknown[])[],
  removed: readonly Position[],
): Block[] {
  const rows = before.length;
  const columns = before[0]?.length ?? 0;
  const isFormula = (r: number, c: number) => !!formulas[r]?.[c];
  // Obstacles: formula cells, and values still there. A 2-D prefix sum counts them in any rectangle.
  const sums = new Array<number>((rows + 1) * (columns + 1)).fill(0);
  const at = (r: number, c: number) => sums[r * (columns + 1) + c] ?? 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const obstacle = isFormula(r, c) || !blank(after[r]?.[c]) ? 1 : 0;
      sums[(r + 1) * (columns + 1) + c + 1] = obstacle + at(r, c + 1) + at(r + 1, c) - at(r, c);
    }
  }
  const obstacles = (r0: number, c0: number, r1: number, c1: number) => at(r1 + 1, c1 + 1) - at(r0, c1 + 1) - at(r1 + 1, c0) + at(r0, c0);

  const owners: Position[] = [];
  formulas.forEach((line, r) => line.forEach((f, c) => f && owners.push({ row: r, column: c })));
  const blocks = removed.map(({ row, column }) => ({ row, column, lastRow: row, lastColumn: column }));
  const blockAt = new Map(removed.map((p, i) => [`${p.row - 1},${p.column - 1}`, blocks[i]]));

  const nearer = (f: Position, than: Position | undefined) => !than || f.row > than.row || (f.row === than.row && f.column > than.column);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (isFormula(r, c) || blank(before[r]?.[c]) || !blank(after[r]?.[c])) continue; // not emptied
      // The nearest formula we removed that could have spilled here, else the nearest other one. A
      // formula left in place empties cells only when its own result shrank: one beside a spill with a
      // blank column between (a template's SPARKLINE left of the months it draws) could reach the cell
      // too, but it is not what emptied it.
      let removedOwner: Position | undefined;
      let otherOwner: Position | undefined;
      for (const f of owners) {
        if (f.row > r || f.column > c || obstacles(f.row, f.column, r, c) !== 1) continue;
        if (blockAt.has(`${f.row},${f.column}`)) {
          if (nearer(f, removedOwner)) removedOwner = f;
        } else if (nearer(f, otherOwner)) otherOwner = f;
      }
      const owner = removedOwner ?? otherOwner;
      const block = owner && blockAt.get(`${owner.row},${owner.column}`);
      if (!block) continue; // emptied by a formula we did not remove (one that depended on ours)
      block.lastRow = Math.max(block.lastRow, r + 1);
      block.lastColumn = Math.max(block.lastColumn, c + 1);
    }
  }
  return blocks.map((b) => ({ row: b.row, column: b.column, numRows: b.lastRow - b.row + 1, numColumns: b.lastColumn - b.column + 1 }));
}

/** A test of whether a cell (1-based) already belongs to something else. */
export type Taken = (row: number, column: number) => boolean;

/**
 * The block a formula's result most likely fills, read from the values alone, for what must not remove
 * the formula (Format results): its own cell grown right and down over the neighbouring rows and columns
 * that hold a value, and, where `bridge` allows, across one blank row (or column) after which a titled
 * part of the same result follows (the readable layout's parts: a blank row, a title alone at the left,
 * then its rows), or its As of (a blank row, then "As of" and its date-time). It never covers another formula's cell nor a taken one, as a spill cannot. A value
 * typed right against a result cannot be told from it by values alone, and is taken in.
 * @param values the sheet's values from A1
 * @param formulas the formulas from A1 ('' for none)
 * @param anchor the formula's cell (or a block's top-left cell)
 * @param taken cells that belong to something else
 * @param bridge whether a blank row or column before a titled part may be crossed (default true)
 */
export function likelySpill(
  values: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
  anchor: Position,
  taken: Taken = () => false,
  bridge = true,
): Block {
  const rows = values.length;
  const columns = Math.max(0, ...values.map((row) => row.length));
  const r0 = anchor.row - 1;
  const c0 = anchor.column - 1;
  let r1 = r0;
  let c1 = c0;
  const free = (r: number, c: number) => r < rows && c < columns && !formulas[r]?.[c] && !taken(r + 1, c + 1);
  const value = (r: number, c: number) => values[r]?.[c];
  const rowFree = (r: number) => range(c0, c1).every((c) => free(r, c));
  const columnFree = (c: number) => range(r0, r1).every((r) => free(r, c));
  const rowFilled = (r: number) => range(c0, c1).some((c) => !blank(value(r, c)));
  const columnFilled = (c: number) => range(r0, r1).some((r) => !blank(value(r, c)));
  /** A part's title: text alone at the left of its row (or the top of its column). */
  const text = (v: unknown) => typeof v === 'string' && v !== '';
  const titleRow = (r: number) => text(value(r, c0)) && range(c0 + 1, c1).every((c) => blank(value(r, c)));
  const titleColumn = (c: number) => text(value(r0, c)) && range(r0 + 1, r1).every((r) => blank(value(r, c)));
  for (let grew = true; grew;) {
    grew = false;
    if (columnFree(c1 + 1) && columnFilled(c1 + 1)) {
      c1++;
      grew = true;
    } else if (rowFree(r1 + 1) && rowFilled(r1 + 1)) {
      r1++;
      grew = true;
    } else if (bridge && [1, 2, 3].every((d) => rowFree(r1 + d)) && !rowFilled(r1 + 1) && titleRow(r1 + 2) && rowFilled(r1 + 3)) {
      r1 += 3;
      grew = true;
    } else if (bridge && [1, 2].every((d) => rowFree(r1 + d)) && !rowFilled(r1 + 1) && asOf(value(r1 + 2, c0), value(r1 + 2, c0 + 1))) {
      r1 += 2; // a single answer's As of, below it
      grew = true;
    } else if (
      bridge &&
      [1, 2].every((d) => columnFree(c1 + d)) &&
      !columnFilled(c1 + 1) &&
      asOf(value(r0, c1 + 2), value(r0 + 1, c1 + 2))
    ) {
      c1 += 2; // the same, transposed
      grew = true;
    } else if (
      bridge &&
      [1, 2, 3].every((d) => columnFree(c1 + d)) &&
      !columnFilled(c1 + 1) &&
      titleColumn(c1 + 2) &&
      columnFilled(c1 + 3)
    ) {
      c1 += 3;
      grew = true;
    }
  }
  return { row: anchor.row, column: anchor.column, numRows: r1 - r0 + 1, numColumns: c1 - c0 + 1 };
}

/** The whole numbers from `from` to `to`, both included (none when `to` < `from`). */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
