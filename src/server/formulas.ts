/** Finds and rewrites the add-on's formulas in this spreadsheet (for "Refresh all formulas"). */

/** The custom functions, for recognising our formulas. */
export const CUSTOM_FUNCTION_NAMES = [
  'SEARCH_TREND',
  'SEARCH_SCORE',
  'BRAND_SCORE',
  'BRAND_PROFILE',
  'COMPANY_PROFILE',
  'MARKET_ANALYSIS',
  'AI_INDUSTRIES',
  'RANKING_OVERVIEW',
  'RANKING_LIST',
  'API_USAGE',
] as const;

const OURS = new RegExp(`(^|[^A-Z0-9_.])(${CUSTOM_FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');

/** One formula cell of ours. */
interface FormulaCell {
  row: number;
  column: number;
  formula: string;
}

/**
 * Every cell of every sheet whose formula calls one of the add-on's functions.
 * @param spreadsheet the active spreadsheet
 */
export function findOurFormulas(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): { sheet: GoogleAppsScript.Spreadsheet.Sheet; cells: FormulaCell[] }[] {
  return spreadsheet.getSheets().map((sheet) => {
    const cells: FormulaCell[] = [];
    const formulas = sheet.getDataRange().getFormulas();
    formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (formula && OURS.test(formula)) cells.push({ row: r + 1, column: c + 1, formula });
      }),
    );
    return { sheet, cells };
  });
}

/**
 * Makes Sheets recalculate our formulas: Sheets only re-runs a custom function when its formula
 * changes, so each is cleared, the change flushed, and the same formula written back.
 * @param spreadsheet the active spreadsheet
 * @returns cells rewritten and sheets touched
 */
export function rewriteOurFormulas(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): { cells: number; sheets: number } {
  const found = findOurFormulas(spreadsheet).filter(({ cells }) => cells.length);
  for (const { sheet, cells } of found) for (const c of cells) sheet.getRange(c.row, c.column).setFormula('');
  SpreadsheetApp.flush();
  for (const { sheet, cells } of found) for (const c of cells) sheet.getRange(c.row, c.column).setFormula(c.formula);
  return { cells: found.reduce((n, { cells }) => n + cells.length, 0), sheets: found.length };
}
