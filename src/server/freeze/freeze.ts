/**
 * "Freeze selected results as values": each formula of the add-on in the scope becomes the values it
 * shows, in its own cell and every cell it spilled into, so recalculating can never spend or change
 * them and people without the add-on see the numbers. The formula and the time go in the cell's note
 * (after the user's own note), where Unfreeze finds them. A result that is not complete (a row a daily
 * limit or the time budget left unfetched, an error, still loading) is never frozen: its formula stays,
 * so Refresh all formulas can still fill it, and the view says which were kept and why.
 */
import type { FreezeView, KeptReason } from '../../shared/sidebar-api';
import { messageKind, type MessageKind } from '../errors/cell-messages';
import { wallClock } from '../shape/shape';
import { isOurFormula } from '../spreadsheet/addon-formulas';
import { asTyped, cellName, columnRuns, contains, cut, nothingFound, scopeAreas, type Area } from './freeze-cells';
import { fingerprint, frozenNoteText } from './freeze-note';
import { spillBlocks, type Block, type Position } from './spill';
import { messageOwners } from './unfilled';

/** What a cell shows when its formula failed (a thrown message shows on hover only): no result to keep. */
const SHEETS_ERROR = /^#(?:ERROR!|REF!|NAME\?|N\/A|VALUE!|DIV\/0!|NUM!|NULL!|SPILL!)$/;

/**
 * Why a formula's result is not complete, or undefined when it is: what its own cell shows, else what a
 * message it may have spilled says.
 * @param shown its cell's value
 * @param spilled what messageOwners found for it
 */
function whyNotComplete(shown: unknown, spilled: MessageKind | undefined): KeptReason | undefined {
  if (shown === 'Loading...') return 'loading';
  if (typeof shown === 'string' && SHEETS_ERROR.test(shown)) return 'error';
  return messageKind(shown) ?? spilled;
}

/**
 * Freezes the add-on's formulas in the scope.
 * @param spreadsheet the open spreadsheet
 * @param scope 'selection' or 'all' (every sheet)
 */
export function freezeResults(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, scope: unknown): FreezeView {
  const areas = scopeAreas(spreadsheet, scope, 'freeze');
  const view: FreezeView = { formulas: 0, sheets: 0, skipped: [] };
  let found = 0;
  const at = new Date();
  for (const area of areas) {
    const data = area.sheet.getDataRange();
    const values = data.getValues();
    // Formats are read only where a date may be frozen (keepDatesShown needs them as they were).
    const formats = values.some((row) => row.some(isDate)) ? data.getNumberFormats() : null;
    const sheet = { values, formulas: data.getFormulas(), notes: data.getNotes(), formats };
    const anchors: Position[] = [];
    const owners = messageOwners(sheet.values, sheet.formulas);
    const keep = (cell: Position, reason: KeptReason) => {
      const one = cellName(area, { ...cell, numRows: 1, numColumns: 1 });
      view.skipped.push({ cell: one, area: one, reason });
    };
    sheet.formulas.forEach((line, r) =>
      line.forEach((formula, c) => {
        const cell = { row: r + 1, column: c + 1 };
        if (!isOurFormula(formula) || !contains(area.block, cell)) return;
        found++;
        const reason = whyNotComplete(sheet.values[r]?.[c], owners.get(`${cell.row},${cell.column}`));
        if (reason) keep(cell, reason);
        else anchors.push(cell);
      }),
    );
    if (!anchors.length) continue;
    freezeCells(area, sheet, anchors, at);
    view.formulas += anchors.length;
    view.sheets++;
  }
  if (!found) {
    throw nothingFound(
      scope,
      areas,
      'Search Demand formula',
      'freeze',
      "Select the cells that hold the formulas (a table's formula is in its top-left cell).",
    );
  }
  return view;
}

/** One sheet's data, read from A1 before anything changes. */
interface SheetData {
  values: unknown[][];
  formulas: string[][];
  notes: string[][];
  /** The number formats, read when the sheet holds a date (null: it holds none). */
  formats: string[][] | null;
}

/** Replaces the formulas at `anchors` by their values, spilled ones included, each with its note. */
function freezeCells(area: Area, data: SheetData, anchors: Position[], at: Date): void {
  const note = (cell: Position, block: Block) =>
    frozenNoteText(
      {
        userNote: data.notes[cell.row - 1]?.[cell.column - 1] ?? '',
        formula: data.formulas[cell.row - 1]?.[cell.column - 1] ?? '',
        numRows: block.numRows,
        numColumns: block.numColumns,
        check: fingerprint(cut(data.values, block)),
      },
      at,
    );
  // 1. Each formula cell gets its value and a note keeping its formula. The note is written with the
  //    value, so a formula is never gone without its note, even if the run stops here.
  for (const run of columnRuns(anchors)) {
    const first = run[0] as Position;
    const range = area.sheet.getRange(first.row, first.column, run.length, 1);
    range.setValues(run.map((cell) => [asTyped(data.values[cell.row - 1]?.[cell.column - 1])]));
    range.setNotes(run.map((cell) => [note(cell, { ...cell, numRows: 1, numColumns: 1 })]));
  }
  // 2. Sheets emptied what those formulas spilled: the cells that emptied are each formula's block.
  SpreadsheetApp.flush();
  const blocks = spillBlocks(data.values, data.formulas, area.sheet.getDataRange().getValues(), anchors);
  // 3. The spilled values go back as values, and the note records the block Unfreeze must clear.
  blocks.forEach((block, i) => {
    const cell = anchors[i] as Position;
    if (block.numRows * block.numColumns === 1) return;
    area.sheet
      .getRange(block.row, block.column, block.numRows, block.numColumns)
      .setValues(cut(data.values, block).map((row) => row.map(asTyped)));
    area.sheet.getRange(cell.row, cell.column).setNote(note(cell, block));
  });
  keepDatesShown(area, data, blocks);
}

/**
 * A frozen date shows as the formula's did. Sheets shows a date a formula returns by itself (a day, or a
 * day and a time); a Date a script writes gets a date-and-time format, so a month would read
 * "5/1/2026 0:00:00": each such cell without a format of its own gets the one it was shown with.
 */
function keepDatesShown(area: Area, data: SheetData, blocks: Block[]): void {
  if (!data.formats) return;
  let zone: string | undefined;
  for (const block of blocks) {
    const values = cut(data.values, block);
    if (!values.some((row) => row.some(isDate))) continue;
    zone ??= area.sheet.getParent().getSpreadsheetTimeZone();
    const before = cut(data.formats, block);
    const formats = values.map((row, i) =>
      row.map((v, j) => {
        const had = before[i]?.[j] || 'General';
        if (!isDate(v) || had !== 'General') return had;
        const clock = wallClock(v, zone as string);
        return clock.hour || clock.minute || clock.second ? 'M/d/yyyy H:mm:ss' : 'M/d/yyyy';
      }),
    );
    area.sheet.getRange(block.row, block.column, block.numRows, block.numColumns).setNumberFormats(formats);
  }
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';
