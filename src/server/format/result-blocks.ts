/**
 * Where the add-on's results are on a sheet, from what one read of it holds (values, formulas, notes)
 * and the records of what the add-on wrote: a ranking table's area as its record says, a tracking
 * sheet's blocks (history, change view, chart data) inside the columns its list owns, a frozen result
 * as its note says, and a formula's result as far as its values reach (freeze/spill.ts, likelySpill:
 * Apps Script does not say what a formula spilled). Each block also says the function that made it and
 * the words of the field it asked for, which name its numbers where it has no header of its own. Pure.
 */
import { readFrozenNote } from '../freeze/freeze-note';
import { likelySpill, type Block } from '../freeze/spill';
import { headerWords } from '../shape/shape';
import type { ResultHint } from '../shape/number-formats';
import { isOurFormula } from '../spreadsheet/addon-formulas';
import { callsIn, type CustomFunctionName } from '../spreadsheet/formula-calls';

/** One result of the add-on on a sheet. */
export interface ResultBlock extends Block {
  /** What its function says its numbers are. */
  hint: ResultHint;
  /** The words of the field its formula asked for ('' for none). */
  field: string;
}

/** A sheet as one read gives it, from A1. */
export interface SheetRead {
  values: unknown[][];
  formulas: string[][];
  notes: string[][];
}

/** What the add-on's records say it wrote on this sheet. */
export interface Written {
  /** Ranking tables' areas. */
  tables: Block[];
  /** Tracking lists' columns (from column 1, `numColumns` wide; every row). */
  tracking: Block[];
}

/** Where each function that takes one has its field: the argument after the subject, or the first. */
const FIELD_AT: Partial<Record<CustomFunctionName, number>> = {
  SEARCH_TREND: 1,
  BRAND_PROFILE: 1,
  COMPANY_PROFILE: 1,
  RANKING_LIST: 1,
  MARKET_ANALYSIS: 0,
  AI_INDUSTRIES: 0,
  RANKING_OVERVIEW: 0,
  API_USAGE: 0,
};

/** What the analyst's functions' numbers are: their own answers, whatever the service names. */
const HINTS: Partial<Record<CustomFunctionName, ResultHint>> = {
  SHARE_OF_SEARCH: 'share',
  SEARCH_SEASONALITY: 'index',
  SEARCH_COMPARE: 'count',
};

/**
 * Every result of the add-on on a sheet: ranking tables, tracking blocks, frozen results, formulas'
 * results, none overlapping another (what is found first keeps its cells).
 * @param read the sheet's values, formulas and notes from A1
 * @param written the areas the add-on's records name on this sheet
 */
export function resultBlocks(read: SheetRead, written: Written): ResultBlock[] {
  const rows = read.values.length;
  const columns = Math.max(0, ...read.values.map((row) => row.length));
  const claimed = new Set<number>();
  const key = (row: number, column: number) => row * (columns + 1) + column;
  const taken = (row: number, column: number) => claimed.has(key(row, column));
  const out: ResultBlock[] = [];
  const claim = (block: Block, formula = ''): void => {
    const clipped = {
      ...block,
      numRows: Math.max(0, Math.min(block.numRows, rows - block.row + 1)),
      numColumns: Math.max(0, Math.min(block.numColumns, columns - block.column + 1)),
    };
    if (!clipped.numRows || !clipped.numColumns) return;
    for (let r = clipped.row; r < clipped.row + clipped.numRows; r++)
      for (let c = clipped.column; c < clipped.column + clipped.numColumns; c++) claimed.add(key(r, c));
    out.push({ ...clipped, ...callOf(formula) });
  };

  for (const table of written.tables) claim(table);
  for (const area of written.tracking) {
    // Its parts start in row 1, each after a blank column: history, the change view, the chart's data.
    const outside = (row: number, column: number) => column < area.column || column >= area.column + area.numColumns || taken(row, column);
    for (let c = area.column; c < area.column + area.numColumns; c++) {
      const starts = !blank(read.values[0]?.[c - 1]) && (c === area.column || blank(read.values[0]?.[c - 2]));
      if (starts && !taken(1, c)) claim(likelySpill(read.values, read.formulas, { row: 1, column: c }, outside, false));
    }
  }
  read.notes.forEach((line, r) =>
    line.forEach((note, c) => {
      const frozen = note ? readFrozenNote(note) : null;
      if (frozen && !read.formulas[r]?.[c] && !taken(r + 1, c + 1)) {
        claim({ row: r + 1, column: c + 1, numRows: frozen.numRows, numColumns: frozen.numColumns }, frozen.formula);
      }
    }),
  );
  read.formulas.forEach((line, r) =>
    line.forEach((formula, c) => {
      if (!isOurFormula(formula) || taken(r + 1, c + 1)) return;
      claim(likelySpill(read.values, read.formulas, { row: r + 1, column: c + 1 }, taken), formula);
    }),
  );
  return out;
}

/** The function of a formula (its outermost call of ours) and the words of the field it asks for. */
function callOf(formula: string): { hint: ResultHint; field: string } {
  const call = formula ? callsIn(formula).pop() : undefined;
  if (!call) return { hint: null, field: '' };
  const at = FIELD_AT[call.name];
  const literal = at === undefined ? undefined : /^"((?:[^"]|"")*)"$/.exec(call.args[at] ?? '')?.[1];
  return { hint: HINTS[call.name] ?? null, field: literal ? headerWords(literal.replace(/""/g, '"')) : '' };
}

const blank = (v: unknown): boolean => v === '' || v === null || v === undefined;
