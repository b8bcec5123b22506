/**
 * Format results over a thousand cells of results: a SEARCH_TREND range of keywords with repeats, run
 * from the sidebar with the latency model on, then again (nothing left to change). What it sends (it
 * must send nothing), the service calls it makes (one read and one write of the sheet) and its time.
 */
import { loadAverage } from './machine-load.js';
import type { Stack } from '../dev/stack.js';
import { costOf, type CellCost } from './cell-cost.js';
import { keywordColumn } from './keywords.js';

/** One run of Format results. */
export interface FormatRun {
  /** Cells whose format changed. */
  formatted: number;
  /** Requests the service received while it ran. */
  requests: number;
  /** The spreadsheet calls, by method. */
  spreadsheetCalls: Record<string, number>;
  cost: CellCost;
}

/** The section's scenario. */
export interface FormatScenario {
  date: string;
  load: string;
  /** Cells of the result (the range's block), and its keywords (distinct). */
  cells: number;
  keywords: number;
  distinct: number;
  first: FormatRun;
  again: FormatRun;
}

/**
 * Fills a column of keywords, puts one SEARCH_TREND over it (sized to about `cells` cells), lets Sheets
 * evaluate it, then runs Format results twice on the sheet.
 * @param stack the add-on's stack (its service and runtime are reset)
 * @param cells about how many result cells
 */
export async function formatCosts(stack: Stack, cells: number): Promise<FormatScenario> {
  const date = new Date().toISOString();
  const load = loadAverage();
  await stack.service.control.reset();
  stack.resetRuntime();
  const book = stack.gas.spreadsheet;
  // A keyword's row holds its scalar fields (8 in schema a): a header row and cells / 8 keywords.
  const column = keywordColumn(Math.max(2, Math.round(cells / 8) - 1), 'format');
  const last = column.cells.length + 1;
  book.setValues(
    'Sheet1!A2',
    column.cells.map((k) => [k]),
  );
  book.setFormula('Sheet1!B1', `=SEARCH_TREND(A2:A${last})`);
  const evaluated = stack.gas.recalculate();
  if (!evaluated.every((r) => r.ok)) throw new Error(`bench format: the range failed: ${JSON.stringify(evaluated)}`);
  const width = book.sheet('Sheet1').values[0]?.length ?? 1;
  book.setActive('Sheet1', 'B1');
  const run = async (): Promise<FormatRun> => {
    await stack.service.control.resetStats();
    const result = stack.gas.run('formatResults', ['selection'], { mode: 'sidebar' });
    if (!result.ok) throw new Error(`bench format: ${result.error}`);
    const spreadsheetCalls = Object.fromEntries(
      Object.entries(result.serviceCalls)
        .filter(([name]) => name.startsWith('spreadsheet.'))
        .map(([name, n]) => [name.slice('spreadsheet.'.length), n]),
    );
    return {
      formatted: (result.value as { cells: number }).cells,
      requests: await stack.requests(),
      spreadsheetCalls,
      cost: costOf(result),
    };
  };
  const first = await run();
  const again = await run();
  return { date, load, cells: last * (width - 1), keywords: column.cells.length, distinct: column.distinct, first, again };
}

/** The section's heading, also how a partial run finds it in RESULTS.md. */
export const FORMAT_HEADING = '## Format results: a thousand cells';

/**
 * The section of RESULTS.md.
 * @param s what was measured
 */
export function renderFormatSection(s: FormatScenario): string {
  const calls = (r: FormatRun) =>
    Object.entries(r.spreadsheetCalls)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  const row = (name: string, r: FormatRun) =>
    `| ${name} | ${r.formatted} | ${r.requests} | ${r.cost.fetchCalls} | ${r.cost.roundTrips} | ${r.cost.writes} | ${calls(r)} | ${Math.round(r.cost.modelledMs)} | ${Math.round(r.cost.durationMs)} |`;
  return `${FORMAT_HEADING}

Measured on ${s.date.slice(0, 10)} (${s.date}), latency model on, load average ${s.load} at the start (the
counts are exact; the times stretch with the load). One \`SEARCH_TREND\` over ${s.keywords} keywords
(${s.distinct} distinct) fills ${s.cells} cells; Sheets evaluates it, then the sidebar's **Format results**
runs on it, and once more. It reads the sheet once (its data range's values, formulas, notes and
formats), the ranking tables' and tracking lists' records once, and writes every format in one
\`setNumberFormats\`; it sends nothing (docs/use/functions.md, "Formatting results").

| run | cells formatted | requests sent | UrlFetch calls | round trips | writes | spreadsheet calls | modelled ms | execution ms |
| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |
${row('first', s.first)}
${row('again (nothing to change)', s.again)}
`;
}
