/**
 * Finding the add-on's formulas, and making Sheets re-run them.
 *
 * Sheets re-runs a custom function only when its arguments change, and may hand back a remembered
 * result for the same function and arguments even after the formula is typed again (docs/develop/how-it-works.md,
 * "Google's rules"). Rewriting the same formula therefore re-runs nothing. Instead,
 * every formula of the add-on gets one extra last argument, `SDM_REFRESH`: a named cell on a hidden sheet
 * holding a counter. "Refresh all formulas" adds the argument where it is missing (once) and changes
 * the counter, so every formula sees a new argument and runs again. The functions ignore that argument,
 * so results never change because of it, and the formula a user typed stays readable.
 */

/** The custom functions, for recognising our formulas. */
export const CUSTOM_FUNCTION_NAMES = [
  'SEARCH_TREND',
  'SEARCH_SCORE',
  'SEARCH_COMPARE',
  'SHARE_OF_SEARCH',
  'SEARCH_SEASONALITY',
  'BRAND_SCORE',
  'BRAND_PROFILE',
  'COMPANY_PROFILE',
  'MARKET_ANALYSIS',
  'AI_INDUSTRIES',
  'RANKING_OVERVIEW',
  'RANKING_LIST',
  'API_USAGE',
] as const;

/** The named range every formula of ours ends with. */
export const REFRESH_NAME = 'SDM_REFRESH';
/** The counter's text: functions recognise (and drop) an argument that starts with this. */
const REFRESH_PREFIX = 'sdm-refresh:';
/** The hidden sheet that holds the counter (a number is added if a sheet of the user's has the name). */
const HELPER_SHEET = 'Search Demand add-on';

const OURS = new RegExp(`(^|[^A-Z0-9_.])(${CUSTOM_FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');
const OUR_NAMES = new Set<string>(CUSTOM_FUNCTION_NAMES);

/**
 * Whether an argument is the refresh counter (every function ignores it).
 * @param value an argument as Sheets passes it
 */
export function isRefreshArgument(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(REFRESH_PREFIX);
}

/**
 * The arguments with the refresh counter left out (as if that argument were not given).
 * @param values the declared arguments of a custom function
 */
export function withoutRefresh<T extends unknown[]>(...values: T): T {
  return values.map((v) => (isRefreshArgument(v) ? undefined : v)) as T;
}

/**
 * Whether a formula calls one of the add-on's functions.
 * @param formula a cell's formula ('' for none)
 */
export function isOurFormula(formula: string): boolean {
  return !!formula && OURS.test(formula);
}

/**
 * The spreadsheet's sheets but the add-on's hidden one (which holds SDM_REFRESH).
 * @param spreadsheet the spreadsheet
 */
export function userSheets(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): GoogleAppsScript.Spreadsheet.Sheet[] {
  const helper = helperSheetId(spreadsheet);
  return spreadsheet.getSheets().filter((sheet) => sheet.getSheetId() !== helper);
}

/** One formula cell of ours. */
interface FormulaCell {
  row: number;
  column: number;
  formula: string;
}

/**
 * Every cell of every sheet (but the add-on's hidden one) whose formula calls one of the add-on's functions.
 * @param spreadsheet the spreadsheet
 */
export function findOurFormulas(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): { sheet: GoogleAppsScript.Spreadsheet.Sheet; cells: FormulaCell[] }[] {
  return userSheets(spreadsheet).map((sheet) => {
    const cells: FormulaCell[] = [];
    const formulas = sheet.getDataRange().getFormulas();
    formulas.forEach((row, r) =>
      row.forEach((formula, c) => {
        if (isOurFormula(formula)) cells.push({ row: r + 1, column: c + 1, formula });
      }),
    );
    return { sheet, cells };
  });
}

/**
 * Makes Sheets re-run every formula of ours: adds the refresh argument where missing, then changes the
 * counter. Cached answers still cost nothing; only what is not cached is fetched.
 * @param spreadsheet the spreadsheet
 * @returns formula cells that re-run, those rewritten now, sheets touched
 */
export function refreshOurFormulas(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): {
  formulaCells: number;
  formulasRewritten: number;
  sheets: number;
} {
  const counter = refreshCounter(spreadsheet);
  const found = findOurFormulas(spreadsheet).filter(({ cells }) => cells.length);
  let rewritten = 0;
  for (const { sheet, cells } of found) {
    for (const cell of cells) {
      const next = withRefreshArgument(cell.formula);
      if (next === cell.formula) continue;
      sheet.getRange(cell.row, cell.column).setFormula(next);
      rewritten++;
    }
  }
  const current = String(counter.getValue());
  const n = isRefreshArgument(current) ? Number(current.slice(REFRESH_PREFIX.length)) || 0 : 0;
  counter.setValue(`${REFRESH_PREFIX}${n + 1}`);
  return { formulaCells: found.reduce((sum, { cells }) => sum + cells.length, 0), formulasRewritten: rewritten, sheets: found.length };
}

/**
 * The formula with `SDM_REFRESH` as the last argument of every call of ours that lacks it. Text in
 * quotes and quoted sheet names are skipped; nested calls are handled at every depth.
 * @param formula a formula such as `=SEARCH_SCORE(A2:A10)`
 */
export function withRefreshArgument(formula: string): string {
  let out = '';
  const open: { ours: boolean; start: number; argStart: number }[] = [];
  for (let i = 0; i < formula.length;) {
    const ch = formula[i] ?? '';
    if (ch === '"' || ch === "'") {
      // A quoted string or sheet name; the quote doubled inside it is an escaped quote.
      let j = i + 1;
      while (j < formula.length && !(formula[j] === ch && formula[j + 1] !== ch)) j += formula[j] === ch ? 2 : 1;
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '(' || ch === '{') {
      const name = ch === '(' ? /(?:^|[^A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_.]*)\s*$/.exec(out)?.[1] : undefined;
      open.push({ ours: !!name && OUR_NAMES.has(name.toUpperCase()), start: out.length + 1, argStart: out.length + 1 });
    } else if (ch === ',' && open.length) {
      const frame = open[open.length - 1];
      if (frame) frame.argStart = out.length + 1;
    } else if ((ch === ')' || ch === '}') && open.length) {
      const frame = open.pop();
      if (frame?.ours && out.slice(frame.argStart).trim().toUpperCase() !== REFRESH_NAME) {
        out += out.slice(frame.start).trim() ? `, ${REFRESH_NAME}` : REFRESH_NAME;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

/** The counter cell behind SDM_REFRESH, created (on a hidden sheet) when missing or broken. */
function refreshCounter(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): GoogleAppsScript.Spreadsheet.Range {
  const existing = spreadsheet.getRangeByName(REFRESH_NAME);
  if (existing) return existing.getCell(1, 1);
  let name = HELPER_SHEET;
  for (let i = 2; spreadsheet.getSheetByName(name); i++) name = `${HELPER_SHEET} ${i}`;
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(name);
  sheet
    .getRange(1, 2)
    .setValue(
      'Search Demand: every formula of the add-on ends with SDM_REFRESH (cell A1). Refresh all formulas changes A1, so Sheets runs them again.',
    );
  const cell = sheet.getRange(1, 1);
  cell.setValue(`${REFRESH_PREFIX}0`);
  spreadsheet.setNamedRange(REFRESH_NAME, cell);
  sheet.hideSheet();
  // insertSheet activates the new sheet; give the user back the one they were on.
  if (active) spreadsheet.setActiveSheet(active);
  return cell;
}

/** The id of the sheet holding SDM_REFRESH, or -1. */
function helperSheetId(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): number {
  try {
    return spreadsheet.getRangeByName(REFRESH_NAME)?.getSheet().getSheetId() ?? -1;
  } catch {
    return -1;
  }
}
