/**
 * "Unfreeze selected results": puts back each formula a frozen cell's note keeps, clearing the values
 * it froze (so Sheets can spill the result again) and restoring the user's own note. Frozen values
 * someone changed since are left alone: putting the formula back would overwrite that change.
 */
import type { FreezeView } from '../../shared/sidebar-api';
import { cellName, columnRuns, cut, nothingFound, scopeAreas, type Area } from './freeze-cells';
import { fingerprint, readFrozenNote, type FrozenNote } from './freeze-note';
import type { Block } from './spill';

/** A frozen cell to restore: where it is, the block its values fill, and its note's record. */
type Frozen = FrozenNote & Block;

/**
 * Unfreezes the frozen results in the scope.
 * @param spreadsheet the open spreadsheet
 * @param scope 'selection' or 'all' (every sheet)
 */
export function unfreezeResults(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, scope: unknown): FreezeView {
  const areas = scopeAreas(spreadsheet, scope, 'unfreeze');
  const view: FreezeView = { formulas: 0, sheets: 0, skipped: [] };
  let found = 0;
  for (const area of areas) {
    const { row, column, numRows, numColumns } = area.block;
    const frozen: Frozen[] = [];
    area.sheet
      .getRange(row, column, numRows, numColumns)
      .getNotes()
      .forEach((line, i) =>
        line.forEach((note, j) => {
          const record = note ? readFrozenNote(note) : null;
          if (record) frozen.push({ ...record, row: row + i, column: column + j });
        }),
      );
    if (!frozen.length) continue;
    found += frozen.length;
    const data = area.sheet.getDataRange();
    const values = data.getValues();
    const formulas = data.getFormulas();
    const blank = (v: unknown) => v === '' || v === null;
    const intact = frozen.filter((f) => {
      // Unchanged since freezing, or emptied by the user: either way nothing of theirs is overwritten.
      const now = cut(values, f);
      const ok = cut(formulas, f).every((r) => r.every((v) => !v)) && (fingerprint(now) === f.check || now.every((r) => r.every(blank)));
      if (!ok) view.skipped.push({ cell: cellName(area, { ...f, numRows: 1, numColumns: 1 }), area: cellName(area, f), reason: 'changed' });
      return ok;
    });
    if (!intact.length) continue;
    restore(area, intact);
    view.formulas += intact.length;
    view.sheets++;
  }
  if (!found) {
    throw nothingFound(
      scope,
      areas,
      'frozen Search Demand result',
      'unfreeze',
      'Select the cells whose note starts with "Search Demand: frozen".',
    );
  }
  return view;
}

/** Clears the frozen blocks, then puts the formulas and the users' notes back. */
function restore(area: Area, frozen: Frozen[]): void {
  // The spilled values go first, so each formula spills into empty cells, not over its old values.
  for (const f of frozen) {
    if (f.numRows * f.numColumns > 1) area.sheet.getRange(f.row, f.column, f.numRows, f.numColumns).clearContent();
  }
  for (const run of columnRuns(frozen)) {
    const first = run[0] as Frozen;
    const range = area.sheet.getRange(first.row, first.column, run.length, 1);
    range.setFormulas(run.map((f) => [f.formula]));
    range.setNotes(run.map((f) => [f.userNote]));
  }
}
