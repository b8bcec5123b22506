/**
 * Each template as a plan of cells: texts, the add-on's formulas (ordinary Sheets formulas the user can
 * read and change), where each formula's result spills, the growth column to colour and the chart.
 * Pure: the fields come from answers fetched at insert time (template-fields.ts), and a market overview's table
 * sizes from the add-on's own shaping of those answers, so that tables are placed where they cannot
 * overlap. Nothing here touches a spreadsheet.
 */
import { shapeOne } from '../lookup/answer-shaping';
import { ENDPOINTS } from '../service/endpoints';
import { blockFormats, headerWords, inSentence, NUMBER_FORMATS, selectPath, type Cell, type Json } from '../shape/shape';
import { spreadsheetTimeZone } from '../spreadsheet/time-zone';
import { columnLetters } from '../spreadsheet/column-letters';
import { COMPETITOR_ROWS, EXAMPLE_KEYWORDS, INPUT_ROWS } from './template-catalog';
import { brandFields, chartColumns, fieldWords, overviewTables, trendFields, type OverviewTable } from './template-fields';
import { fieldFormat } from './template-formats';

/** A rectangle of cells, from 1. */
export interface Area {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** One cell written at insert time: a value, or a formula. */
export interface PlanCell {
  row: number;
  column: number;
  value?: Cell;
  formula?: string;
}

/** A template's sheet, ready to write. */
export interface SheetPlan {
  cells: PlanCell[];
  /** Titles and headers, shown bold. */
  bold: Area[];
  /** Lines of text that read across the sheet (titles, notes): they run over the cells beside them, so never size a column. */
  lines: Area[];
  /** What a formula will show from its top-left cell, as shaped from the answers at insert time: what sizes its columns. */
  results: { row: number; column: number; grid: Cell[][] }[];
  /** Every add-on formula and the area its result fills (its own cell first). */
  spills: { formula: string; area: Area }[];
  /** A column of growth figures: green above zero, red below. */
  growth: Area | null;
  /**
   * One chart over some of the cells, floating at its anchor: a column chart of one series (labels, then
   * values), or a stacked area chart of shares by month (one range: dates down, a column per series).
   */
  chart: { kind: 'column' | 'stacked-area'; title: string; ranges: Area[]; row: number; column: number } | null;
  /** Number formats, decided from the answers the plan was made from (template-formats.ts). */
  formats: { area: Area; format: string }[];
  /** The slugs a "track these brands" click reads. */
  items: Area | null;
  /** How far the sheet must reach. */
  size: { rows: number; columns: number };
}

/** A sheet's width in a new Sheets spreadsheet (and the playground's): plans stay within it. */
export const SHEET_COLUMNS = 26;
/** Where the inputs start: under a title, a note, a line over a header group and a header row. */
const FIRST_ROW = 5;
const HEADER_ROW = 4;
const GROUP_ROW = 3;

/** A formula's text argument, quoted as Sheets reads it. */
export function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

class PlanBuilder {
  readonly plan: SheetPlan = {
    cells: [],
    bold: [],
    lines: [],
    results: [],
    spills: [],
    growth: null,
    chart: null,
    formats: [],
    items: null,
    size: { rows: 1, columns: 1 },
  };

  text(row: number, column: number, value: Cell, bold = false): void {
    this.plan.cells.push({ row, column, value });
    if (bold) this.plan.bold.push({ row, column, rows: 1, columns: 1 });
    this.#reach(row, column);
  }

  /** A title or a note: text that reads across the sheet (it sizes no column). */
  line(row: number, column: number, value: Cell, bold = false): void {
    this.text(row, column, value, bold);
    this.plan.lines.push({ row, column, rows: 1, columns: 1 });
  }

  formula(formula: string, area: Area): void {
    this.plan.cells.push({ row: area.row, column: area.column, formula });
    this.plan.spills.push({ formula, area });
    this.#reach(area.row + area.rows - 1, area.column + area.columns - 1);
  }

  /** Gives an area a number format (none: left as it is). */
  format(area: Area, format: string | null): void {
    if (format) this.plan.formats.push({ area, format });
  }

  /** A plain Sheets formula (not the add-on's). */
  sheetsFormula(row: number, column: number, formula: string): void {
    this.plan.cells.push({ row, column, formula });
    this.#reach(row, column);
  }

  #reach(row: number, column: number): void {
    this.plan.size = { rows: Math.max(this.plan.size.rows, row), columns: Math.max(this.plan.size.columns, column) };
  }
}

const inputRange = () => `A${FIRST_ROW}:A${FIRST_ROW + INPUT_ROWS - 1}`;
const inputColumn = (column: number, columns = 1): Area => ({ row: FIRST_ROW, column, rows: INPUT_ROWS, columns });

/**
 * The keyword research sheet: keywords in column A; beside them, range formulas for the Search Score,
 * the year-on-year growth, the peak month and the 12 monthly volumes, and a SPARKLINE per row over them.
 * The volumes' header says which month each column is: the first row of the volumes' own formula (the
 * months move as answers are fetched again, so a header typed in today would go wrong next month, and
 * one formula of its own would run again apart from the volumes).
 * @param answers the example keywords' trend answers that came (at least one)
 */
export function keywordResearchPlan(answers: Json[]): SheetPlan {
  const fields = trendFields(answers);
  const b = new PlanBuilder();
  const range = inputRange();
  b.line(1, 1, 'Keyword research', true);
  b.text(HEADER_ROW, 1, 'Keyword', true);
  EXAMPLE_KEYWORDS.forEach((keyword, i) => b.text(FIRST_ROW + i, 1, keyword));
  b.text(HEADER_ROW, 2, 'Search Score', true);
  b.formula(`=SEARCH_SCORE(${range})`, inputColumn(2));
  let column = 3;
  const missing: string[] = [];
  const single = (header: string, field: string | null): number | null => {
    if (!field) {
      missing.push(header.toLowerCase());
      return null;
    }
    b.text(HEADER_ROW, column, header, true);
    b.formula(`=SEARCH_TREND(${range}, ${quoted(field)})`, inputColumn(column));
    b.format(inputColumn(column), fieldFormat(field, answers, spreadsheetTimeZone()));
    return column++;
  };
  const growth = single('Year-on-year growth', fields.growth);
  if (growth !== null) b.plan.growth = inputColumn(growth);
  single('Peak month', fields.peakMonth);
  if (fields.monthsVolume) {
    const sparkColumn = column++;
    const volumes = column + 1; // one empty column between the sparklines and the numbers they draw
    const months = Math.max(1, ...answers.map((data) => listLength(data, fields.monthsVolume as string)));
    b.text(HEADER_ROW, sparkColumn, `Last ${months} months`, true);
    // Said as the months' table says it ("Volume"), not by its path ("Months volume").
    const leaf = fields.monthsVolume.slice(fields.monthsVolume.lastIndexOf('.') + 1);
    b.line(GROUP_ROW, volumes, `${headerWords(leaf)} of each keyword, by month:`, true);
    // One formula, its months over its rows: SEARCH_COMPARE lines every keyword's figures up under the
    // months it names itself, so the header cannot say other months than the numbers under it (two
    // formulas would not run again together: typing a keyword re-runs the range's, not one over A5).
    const header = { row: HEADER_ROW, column: volumes, rows: 1, columns: months };
    b.formula(`=SEARCH_COMPARE(${range}, "noHeaders, transpose")`, { ...header, rows: 1 + INPUT_ROWS });
    if (fields.monthsDate) b.format(header, fieldFormat(fields.monthsDate, answers, spreadsheetTimeZone()));
    b.plan.bold.push(header);
    b.format(inputColumn(volumes, months), fieldFormat(fields.monthsVolume, answers, spreadsheetTimeZone()));
    const last = columnLetters(volumes + months - 1);
    for (let r = FIRST_ROW; r < FIRST_ROW + INPUT_ROWS; r++) {
      const cells = `${columnLetters(volumes)}${r}:${last}${r}`;
      b.sheetsFormula(r, sparkColumn, `=IF(COUNT(${cells}), SPARKLINE(${cells}), "")`);
    }
  } else missing.push('monthly volumes');
  const absent = missing.length ? ` This service's answers have no ${missing.join(', ')}, so that column is left out.` : '';
  b.line(
    2,
    1,
    `How to use: type or paste up to ${INPUT_ROWS} keywords in ${range} (${EXAMPLE_KEYWORDS.length} examples are filled in). ` +
      'Every other column is one formula over column A: click a cell to read it. ' +
      'Each new keyword may use one fresh search; answers are cached, so recalculating costs nothing. ' +
      'Growth is green above zero and red below; the sparklines are drawn by Google Sheets' +
      '; the months over the volumes and the volumes are one formula, so each figure sits under its month.' +
      absent,
  );
  return b.plan;
}

function listLength(data: Json, path: string): number {
  const picked = selectPath(data, path);
  return picked.ok && Array.isArray(picked.value) ? picked.value.length : 0;
}

/**
 * The brand watch sheet: brand IDs (slugs) in column A; beside them, range formulas for each brand's
 * name (the field the slug is written from), the index score and each signal and rank found in the answers.
 * @param slugs the example slugs, as the service's ranking overview named them (none when it named none)
 * @param answers the answers of those that came
 */
export function brandWatchPlan(slugs: string[], answers: Json[]): SheetPlan {
  const fields = brandFields(answers, slugs);
  const b = new PlanBuilder();
  const range = inputRange();
  b.line(1, 1, 'Brand watch', true);
  // The service's identifier, typed by the user; its name beside it, as the answer gives it.
  b.text(HEADER_ROW, 1, 'Brand ID', true);
  slugs.forEach((slug, i) => b.text(FIRST_ROW + i, 1, slug));
  b.plan.items = inputColumn(1);
  let column = 2;
  if (fields.name) {
    b.text(HEADER_ROW, column, 'Brand', true);
    b.formula(`=BRAND_PROFILE(${range}, ${quoted(fields.name)})`, inputColumn(column));
    column++;
  }
  b.text(HEADER_ROW, column, 'Index score', true);
  b.formula(`=BRAND_SCORE(${range})`, inputColumn(column));
  column++;
  for (const field of [...fields.signals, ...fields.ranks]) {
    b.text(HEADER_ROW, column, headerWords(field), true); // in words, as BRAND_PROFILE's own headers say it
    b.formula(`=BRAND_PROFILE(${range}, ${quoted(field)})`, inputColumn(column));
    b.format(inputColumn(column), fieldFormat(field, answers, spreadsheetTimeZone()));
    column++;
  }
  const absent = !answers.length
    ? ''
    : !fields.signals.length || !fields.ranks.length
      ? " This service's answers had no signals or ranks to show."
      : '';
  const examples = slugs.length
    ? `${slugs.length} examples: the first brands the service's ranking overview names`
    : "no examples: the ranking overview named no brand; RANKING_LIST with the raw option shows a group's brands and their IDs";
  b.line(
    2,
    1,
    `How to use: type or paste up to ${INPUT_ROWS} brand IDs (the service's slugs) in ${range} (${examples}). ` +
      'Every other column is one formula over column A; the headers are the answer fields it shows. ' +
      'To record them week by week: Extensions › Search Demand › Start from a template…: Track these brands ' +
      `(the sidebar offers it for this sheet; a tracking list of column A's brands, on its own sheet).${absent}`,
  );
  return b.plan;
}

/** Where the share of search's table starts (its header row), leaving a blank column after the names. */
const SHARE_COLUMN = 3;

/**
 * The share of search sheet: brand names (or any search terms) in column A; beside them one formula,
 * SHARE_OF_SEARCH over them (months down, a column per name, a last row over 12 months), shown as
 * percentages; to its right a stacked area chart of the monthly shares (the 12-month row left out), on
 * a time axis. Its size follows the answers fetched at insert time: as many month rows as their series.
 * @param names the example names, as the service's ranking overview gave them (none when it named none)
 * @param answers the trend answers of those that came
 */
export function shareOfSearchPlan(names: string[], answers: Json[]): SheetPlan {
  const b = new PlanBuilder();
  const range = `A${FIRST_ROW}:A${FIRST_ROW + COMPETITOR_ROWS - 1}`;
  b.line(1, 1, 'Share of search', true);
  b.text(HEADER_ROW, 1, 'Brand or search term', true);
  names.forEach((name, i) => b.text(FIRST_ROW + i, 1, name));
  const series = trendFields(answers).monthsVolume;
  const months = series ? Math.max(1, ...answers.map((data) => listLength(data, series))) : 12;
  const columns = 1 + COMPETITOR_ROWS;
  // The header row, the months, the 12-month row.
  b.formula(`=SHARE_OF_SEARCH(${range})`, { row: HEADER_ROW, column: SHARE_COLUMN, rows: months + 2, columns });
  b.plan.bold.push(
    { row: HEADER_ROW, column: SHARE_COLUMN, rows: 1, columns },
    { row: HEADER_ROW + months + 1, column: SHARE_COLUMN, rows: 1, columns: 1 },
  );
  b.format({ row: FIRST_ROW, column: SHARE_COLUMN, rows: months, columns: 1 }, NUMBER_FORMATS.month);
  b.format({ row: FIRST_ROW, column: SHARE_COLUMN + 1, rows: months + 1, columns: COMPETITOR_ROWS }, NUMBER_FORMATS.share);
  const chartColumn = SHARE_COLUMN + columns + GAP_COLUMNS;
  b.plan.chart = {
    kind: 'stacked-area',
    title: 'Share of search by month',
    ranges: [{ row: HEADER_ROW, column: SHARE_COLUMN, rows: months + 1, columns }],
    row: HEADER_ROW,
    column: chartColumn,
  };
  const examples = names.length
    ? `${names.length} examples: the names of the first brands the service's ranking overview names`
    : 'no examples: the ranking overview named no brand';
  b.line(
    2,
    1,
    `How to use: type up to ${COMPETITOR_ROWS} brand names or other search terms in ${range} (${examples}): your brand and its ` +
      `competitors. ${columnLetters(SHARE_COLUMN)}${HEADER_ROW} is one formula over them: each one's share of the group's searches, ` +
      'month by month, then over the last 12 months; the chart stacks the monthly shares. Each new name may use one fresh search; ' +
      'answers are cached, so recalculating costs nothing.',
  );
  return b.plan;
}

/** One block of a market overview: a title over a table whose size is known before placing it. */
interface Block {
  title: string;
  rows: number;
  columns: number;
  /** Writes the block with its top-left corner at (row, column). */
  place(b: PlanBuilder, row: number, column: number): void;
}

/** The answers of a market overview, by what they are. */
export interface OverviewAnswers {
  markets: Json;
  industries: Json;
  ranking: Json;
}

/** The call of each overview answer's function (a formula's, never a title: OVERVIEW_NAMES says what each is). */
const OVERVIEW_FUNCTIONS: Record<keyof OverviewAnswers, string> = {
  markets: 'MARKET_ANALYSIS',
  industries: 'AI_INDUSTRIES',
  ranking: 'RANKING_OVERVIEW',
};

/** What each overview answer is, in words (its endpoint's), for its tables' and chart's titles. */
const OVERVIEW_NAMES: Record<keyof OverviewAnswers, string> = {
  markets: ENDPOINTS.markets.words,
  industries: ENDPOINTS.industries.words,
  ranking: ENDPOINTS.ranking.words,
};

/** Blank columns between blocks side by side, and blank rows between bands of blocks. */
const GAP_COLUMNS = 1;
const GAP_ROWS = 2;
/** The chart's size in cells (600 × 360 pixels at Sheets' default 100 × 21). */
const CHART = { rows: 18, columns: 6, width: 600, height: 360 };

/**
 * The market overview: every table of the three answers (the market statistics and cross-industry
 * analysis, the AI industries, the ranking overview's scored lists: leaders and breakouts), each sized
 * by the add-on's own shaping of the answer fetched at insert time, packed in bands side by side
 * within the sheet's 26 columns, with a blank column and two blank rows between them, plus a chart of
 * the industries. A block is never placed over another's cells.
 * @param answers the three answers
 */
export function marketOverviewPlan(answers: OverviewAnswers): SheetPlan {
  const b = new PlanBuilder();
  b.line(1, 1, 'Market overview', true);
  b.line(
    2,
    1,
    'How to use: each table below is one formula (click its top-left cell to read it); change its field to show another part of ' +
      "the answer. The tables were placed from today's answers so that none spills over another; a table that grows later shows " +
      '#REF! until you move it. Its formulas read three answers (a request each unless cached, never a fresh search); recalculating reads the cache.',
  );
  const blocks: Block[] = [];
  let chart: Block | null = null;
  for (const source of Object.keys(OVERVIEW_FUNCTIONS) as (keyof OverviewAnswers)[]) {
    const data = answers[source];
    for (const table of overviewTables(data, source === 'ranking')) {
      const block = tableBlock(OVERVIEW_FUNCTIONS[source], OVERVIEW_NAMES[source], data, table);
      blocks.push(block);
      if (!chart && table.kind === 'columns') {
        chart = chartBlock(OVERVIEW_NAMES[source], data, table, block);
        if (chart) blocks.push(chart);
      }
    }
  }
  let row = HEADER_ROW;
  let column = 1;
  let bandHeight = 0;
  for (const block of blocks) {
    if (column > 1 && column + block.columns - 1 > SHEET_COLUMNS) {
      row += bandHeight + GAP_ROWS;
      column = 1;
      bandHeight = 0;
    }
    block.place(b, row, column);
    column += block.columns + GAP_COLUMNS;
    bandHeight = Math.max(bandHeight, block.rows);
  }
  return b.plan;
}

/**
 * A table's title in words: what the answer is and which of its parts ("Market analysis: sectors",
 * "Ranking overview: leaders"), the answer's name alone where the part's words end it ("AI industries"
 * for its industries), never a function's name or a path.
 */
export function tableTitle(answer: string, field: string): string {
  const part = headerWords(field);
  return answer.toLowerCase().endsWith(part.toLowerCase()) ? answer : `${answer}: ${inSentence(part)}`;
}

/** A table's block: its title row, then the formula's result (or one formula per column under a header row). */
function tableBlock(fn: string, answer: string, data: Json, table: OverviewTable): Block {
  const title = tableTitle(answer, table.field);
  if (table.kind === 'columns') {
    const picked = selectPath(data, table.field);
    const length = picked.ok && Array.isArray(picked.value) ? picked.value.length : 1;
    return {
      title,
      rows: length + 2,
      columns: table.columns.length,
      place(b, row, column) {
        b.line(row, column, title, true);
        table.columns.forEach((field, i) => {
          // Said under the table's own title, as a readable table's header is: `industries.name` → "Name".
          const own = field.startsWith(`${table.field}.`) ? field.slice(table.field.length + 1) : field;
          b.text(row + 1, column + i, headerWords(own), true);
          const area = { row: row + 2, column: column + i, rows: length, columns: 1 };
          b.formula(`=${fn}(${quoted(field)})`, area);
          b.format(area, fieldFormat(field, [data], spreadsheetTimeZone()));
        });
      },
    };
  }
  const options = table.kind === 'stats' ? 'transpose' : '';
  // Shaped as the formula will show it, its "As of" included (the time does not change the size).
  const shape = { noHeaders: false, transpose: table.kind === 'stats', raw: false };
  const grid = shapeOne(data, table.field, shape, spreadsheetTimeZone(), undefined, Date.now());
  const rows = Array.isArray(grid) ? grid.length : 1;
  const columns = Array.isArray(grid) ? (grid[0]?.length ?? 1) : 1;
  const formula = `=${fn}(${quoted(table.field)}${options ? `, ${quoted(options)}` : ''})`;
  return {
    title,
    rows: rows + 1,
    columns,
    place(b, row, column) {
      b.line(row, column, title, true);
      b.formula(formula, { row: row + 1, column, rows, columns });
      // The formats Format results would give this grid, cell by cell.
      if (Array.isArray(grid)) {
        b.plan.results.push({ row: row + 1, column, grid });
        blockFormats(grid, { timeZone: spreadsheetTimeZone() }).forEach((line, i) =>
          line.forEach((format, j) => b.format({ row: row + 1 + i, column: column + j, rows: 1, columns: 1 }, format)),
        );
      }
    },
  };
}

/**
 * The chart of a per-column table: one column per record (its name) for its score, anchored in a block
 * of its own, titled in words: "AI industries: average index score", never a raw path.
 */
function chartBlock(what: string, data: Json, table: OverviewTable & { kind: 'columns' }, of: Block): Block | null {
  const picked = chartColumns(data, table);
  if (!picked) return null;
  const labelAt = table.columns.indexOf(picked.label);
  const valueAt = table.columns.indexOf(picked.value);
  const dataRows = of.rows - 1; // the header row and the values
  let source: { row: number; column: number } | null = null;
  const title = `${what}: ${fieldWords(picked.value)}`;
  const block: Block = {
    title,
    rows: CHART.rows,
    columns: CHART.columns,
    place(b, row, column) {
      if (!source) return;
      b.plan.chart = {
        kind: 'column',
        title,
        ranges: [
          { row: source.row + 1, column: source.column + labelAt, rows: dataRows, columns: 1 },
          { row: source.row + 1, column: source.column + valueAt, rows: dataRows, columns: 1 },
        ],
        row,
        column,
      };
    },
  };
  // The chart reads where its table was placed: wrap the table's placing to learn it.
  const placeTable = of.place.bind(of);
  of.place = (b, row, column) => {
    source = { row, column };
    placeTable(b, row, column);
  };
  return block;
}

/** The chart's size in pixels, for Sheets' options. */
export const CHART_PIXELS = { width: CHART.width, height: CHART.height };
