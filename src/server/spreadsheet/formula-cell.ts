/**
 * The cell whose formula runs: while a custom function runs, its cell is the active range (developers
 * rely on it; Google's guide does not say it, so a formula without one is logged as "a formula":
 * dev/gas/RULES.md). Handles only (a range knows its own address and sheet id): no round trip in
 * dev/gas's model; the sheet's name, which would be a read, is looked up where the log is written.
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
