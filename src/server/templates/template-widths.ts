/**
 * A template's columns sized for what it writes itself (spreadsheet/column-widths.ts): its headers whole,
 * its typed examples, and what a table's formula will show as the answers fetched at insert time shape
 * it (its number formats applied); never for a line (its title, its note, a table's title: they run over
 * the cells beside them).
 */
import { shownText, wantedWidth, type ColumnTexts } from '../spreadsheet/column-widths';
import type { Area, SheetPlan } from './template-plan';

/**
 * The width each column of a template's sheet wants, from column A.
 * @param plan what is written
 */
export function planWidths(plan: SheetPlan): number[] {
  const at = (areas: Area[], row: number, column: number) =>
    areas.some((a) => row >= a.row && row < a.row + a.rows && column >= a.column && column < a.column + a.columns);
  const columns: ColumnTexts[] = Array.from({ length: plan.size.columns }, () => ({ headers: [], values: [] }));
  for (const { row, column, value } of plan.cells) {
    const texts = columns[column - 1];
    if (value === undefined || !texts || at(plan.lines, row, column)) continue;
    (at(plan.bold, row, column) ? texts.headers : texts.values).push(shownText(value, null));
  }
  // The format a cell ends with: the last given for it (writePlan writes them in order).
  const formatAt = (row: number, column: number) =>
    plan.formats.reduce<string | null>((last, { area, format }) => (at([area], row, column) ? format : last), null);
  for (const { row, column, grid } of plan.results) {
    grid.forEach((line, i) =>
      line.forEach((value, j) => columns[column + j - 1]?.values.push(shownText(value, formatAt(row + i, column + j)))),
    );
  }
  return columns.map(wantedWidth);
}
