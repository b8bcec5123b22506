/**
 * Which cells each formula filled. Apps Script cannot tell a spilled value from a typed one: both are a
 * value without a formula. Sheets can: removing a formula empties what it spilled. So freezing removes
 * the formulas first and compares the sheet before and after. Each emptied cell belongs to the nearest
 * formula above and to the left whose rectangle down to the cell holds no other formula and nothing
 * that stayed (a spill covers only empty cells, so its owner's rectangle is clear). Pure: grids in,
 * rectangles out.
 */

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

  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (isFormula(r, c) || blank(before[r]?.[c]) || !blank(after[r]?.[c])) continue; // not emptied
      let owner: Position | undefined;
      for (const f of owners) {
        if (f.row > r || f.column > c || obstacles(f.row, f.column, r, c) !== 1) continue;
        if (!owner || f.row > owner.row || (f.row === owner.row && f.column > owner.column)) owner = f;
      }
      const block = owner && blockAt.get(`${owner.row},${owner.column}`);
      if (!block) continue; // emptied by a formula we did not remove (one that depended on ours)
      block.lastRow = Math.max(block.lastRow, r + 1);
      block.lastColumn = Math.max(block.lastColumn, c + 1);
    }
  }
  return blocks.map((b) => ({ row: b.row, column: b.column, numRows: b.lastRow - b.row + 1, numColumns: b.lastColumn - b.column + 1 }));
}
