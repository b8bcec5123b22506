/**
 * The cell whose formula runs: while a custom function runs, Google makes its cell the active range.
 * Handles only (a range knows its own address and sheet id): no round trip (dev/gas/RULES.md, "Service
 * calls cost time"); the sheet's name, which would be a read, is looked up where the log is written.
 */

/** Where a formula is: its sheet's id and its cell, such as `B2`. */
export interface FormulaCell {
  sheetId: number;
  cell: string;
}

/** The running formula's cell, or null outside a formula (or where Google gives none). */
export function runningFormulaCell(): FormulaCell | null {
  try {
    const range = SpreadsheetApp.getActiveRange();
    return range ? { sheetId: range.getSheet().getSheetId(), cell: range.getA1Notation() } : null;
  } catch {
    return null;
  }
}
