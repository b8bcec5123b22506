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
 *
 * A refresh that runs only some formulas again (those it can answer now: spending/refresh-plan.ts) must leave
 * the others' arguments as they are, so Sheets keeps showing what they show. So the counters are a
 * pool, `SDM_REFRESH`, `SDM_REFRESH_2`, …: the formulas that run again end with the first counter none
 * of the others ends with, whose value then changes; the others are not touched.
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

/** The named range every formula of ours ends with (the pool's first counter). */
export const REFRESH_NAME = 'SDM_REFRESH';
/** The pool's counters: SDM_REFRESH, SDM_REFRESH_2, SDM_REFRESH_3, … */
const REFRESH_NAMES = /^SDM_REFRESH(?:_([1-9]\d*))?$/i;
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
 * Whether an argument's text names one of the refresh counters (SDM_REFRESH, SDM_REFRESH_2, …).
 * @param text an argument's text, trimmed
 */
export function isRefreshName(text: string): boolean {
  return REFRESH_NAMES.test(text);
}

/** The pool's counter number `i` by name: SDM_REFRESH for the first. */
function refreshName(i: number): string {
  return i === 1 ? REFRESH_NAME : `${REFRESH_NAME}_${i}`;
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

/** Which formula cells run again: all, or those `runs` picks (1-based row and column). */
export type RerunFilter = (sheet: GoogleAppsScript.Spreadsheet.Sheet, cell: { row: number; column: number }) => boolean;

/**
 * Makes Sheets re-run the formulas of ours that `runs` picks (every one by default) and no other: they
 * get the first refresh counter none of the others ends with (the argument added where missing), whose
 * value then changes; the others keep their arguments, so Sheets keeps what they show. Cached answers
 * still cost nothing; only what is not cached is fetched.
 * @param spreadsheet the spreadsheet
 * @param runs which cells run again (default: all)
 * @returns formula cells that re-run, those rewritten now, sheets touched
 */
export function refreshOurFormulas(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  runs: RerunFilter = () => true,
): {
  formulaCells: number;
  formulasRewritten: number;
  sheets: number;
} {
  const found = findOurFormulas(spreadsheet).filter(({ cells }) => cells.length);
  const rerun = found
    .map(({ sheet, cells }) => ({ sheet, cells: cells.filter((cell) => runs(sheet, cell)) }))
    .filter((f) => f.cells.length);
  if (!rerun.length) return { formulaCells: 0, formulasRewritten: 0, sheets: 0 };
  // The counters the formulas left as they are end with: none of them may change.
  const taken = new Set<string>();
  for (const { sheet, cells } of found)
    for (const cell of cells) if (!runs(sheet, cell)) for (const name of refreshNamesIn(cell.formula)) taken.add(name);
  let i = 1;
  while (taken.has(refreshName(i))) i++;
  const name = refreshName(i);
  const counter = refreshCounter(spreadsheet, i);
  let rewritten = 0;
  for (const { sheet, cells } of rerun) {
    for (const cell of cells) {
      const next = withRefreshArgument(cell.formula, name);
      if (next === cell.formula) continue;
      sheet.getRange(cell.row, cell.column).setFormula(next);
      rewritten++;
    }
  }
  // A value no counter held: a formula moved from another counter sees a new argument too.
  const values = counter
    .getSheet()
    .getRange(1, 1, Math.max(i, counter.getSheet().getLastRow(), 1), 1)
    .getValues();
  const n = Math.max(0, ...values.map(([v]) => (isRefreshArgument(v) ? Number(String(v).slice(REFRESH_PREFIX.length)) || 0 : 0)));
  counter.setValue(`${REFRESH_PREFIX}${n + 1}`);
  return { formulaCells: rerun.reduce((sum, { cells }) => sum + cells.length, 0), formulasRewritten: rewritten, sheets: rerun.length };
}

/**
 * The refresh counters a formula's calls of ours end with, upper-cased.
 * @param formula a cell's formula
 */
export function refreshNamesIn(formula: string): string[] {
  const names: string[] = [];
  walkOurCalls(formula, (lastArg) => {
    if (isRefreshName(lastArg.trim())) names.push(lastArg.trim().toUpperCase());
  });
  return names;
}

/**
 * The formula with a refresh counter (`SDM_REFRESH` unless named) as the last argument of every call of
 * ours: another counter there is replaced, none is added. Text in quotes and quoted sheet names are
 * skipped; nested calls are handled at every depth.
 * @param formula a formula such as `=SEARCH_SCORE(A2:A10)`
 * @param name the counter to end with
 */
export function withRefreshArgument(formula: string, name: string = REFRESH_NAME): string {
  return walkOurCalls(formula, (lastArg, hasArgs) => {
    const trimmed = lastArg.trim();
    if (isRefreshName(trimmed)) return trimmed.toUpperCase() === name ? lastArg : lastArg.replace(trimmed, name);
    return `${lastArg}${hasArgs ? `, ${name}` : name}`;
  });
}

/**
 * Walks a formula's calls of ours, innermost first, handing each one's last argument's text to `visit`,
 * which may return new text for it; returns the formula with those replacements.
 */
function walkOurCalls(formula: string, visit: (lastArg: string, hasArgs: boolean) => string | void): string {
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
      if (frame?.ours) {
        const next = visit(out.slice(frame.argStart), frame.argStart > frame.start || out.slice(frame.start).trim() !== '');
        if (typeof next === 'string') out = out.slice(0, frame.argStart) + next;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

/**
 * The pool's counter cell number `i` (row i of the hidden sheet, named SDM_REFRESH or SDM_REFRESH_<i>),
 * created, with the hidden sheet, when missing or broken.
 */
function refreshCounter(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, i: number): GoogleAppsScript.Spreadsheet.Range {
  const existing = spreadsheet.getRangeByName(refreshName(i));
  if (existing) return existing.getCell(1, 1);
  const sheet = i === 1 ? helperSheet(spreadsheet) : refreshCounter(spreadsheet, 1).getSheet();
  const cell = sheet.getRange(i, 1);
  cell.setValue(`${REFRESH_PREFIX}0`);
  spreadsheet.setNamedRange(refreshName(i), cell);
  return cell;
}

/** A new hidden sheet for the counters (a number added if a sheet of the user's has the name). */
function helperSheet(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): GoogleAppsScript.Spreadsheet.Sheet {
  let name = HELPER_SHEET;
  for (let i = 2; spreadsheet.getSheetByName(name); i++) name = `${HELPER_SHEET} ${i}`;
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(name);
  sheet
    .getRange(1, 2)
    .setValue(
      'Search Demand: every formula of the add-on ends with SDM_REFRESH (or SDM_REFRESH_2, …, column A). Refresh all formulas changes the one its formulas end with, so Sheets runs them again.',
    );
  sheet.hideSheet();
  // insertSheet activates the new sheet; give the user back the one they were on.
  if (active) spreadsheet.setActiveSheet(active);
  return sheet;
}

/** The id of the sheet holding SDM_REFRESH, or -1. */
function helperSheetId(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): number {
  try {
    return spreadsheet.getRangeByName(REFRESH_NAME)?.getSheet().getSheetId() ?? -1;
  } catch {
    return -1;
  }
}
