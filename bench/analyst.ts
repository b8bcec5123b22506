/**
 * The analyst's functions (SEARCH_COMPARE, SHARE_OF_SEARCH, SEARCH_SEASONALITY) against the tutorial
 * baseline: what one execution of each costs over keywords `SEARCH_TREND` fetched already, and over a
 * range of new keywords. The baseline has no such functions: a sheet made by hand after a tutorial gets
 * the same monthly figures with its one function per keyword, a `/trend` request each, every time it
 * runs (its SEARCH_SCORE over the same cells sends exactly those requests), then does the arithmetic in
 * Sheets' own formulas, which cost nothing.
 */
import { loadAverage } from './machine-load.js';
import type { Stack } from '../dev/stack.js';
import { costOf, type CellCost } from './cell-cost.js';
import { keywordColumn } from './keywords.js';

/** The three functions measured. */
export const ANALYST_FUNCTIONS = ['SEARCH_COMPARE', 'SHARE_OF_SEARCH', 'SEARCH_SEASONALITY'] as const;

/** Over keywords SEARCH_TREND fetched before (cached), or a range of keywords nothing fetched yet. */
export type AnalystCase = 'after SEARCH_TREND' | 'new keywords';

/** One function on one case: ours and the baseline's same requests. */
export interface AnalystRow {
  fn: (typeof ANALYST_FUNCTIONS)[number];
  case: AnalystCase;
  cells: number;
  distinct: number;
  ours: CellCost;
  baseline: CellCost;
}

/** The analyst's rows of one run, and when they were measured. */
export interface AnalystScenario {
  date: string;
  /** The machine's 1, 5 and 15 minute load averages at the start: a shared machine stretches the times. */
  load: string;
  rows: AnalystRow[];
}

/**
 * Runs each function over a column SEARCH_TREND fetched first (one execution, not measured), then each
 * over a column of its own new keywords, in a fresh (warmed-up) runtime and a reset service per
 * implementation, with the latency model on. The baseline runs its SEARCH_SCORE over the same cells.
 * @param ours the add-on's stack
 * @param baseline the baseline's stack
 * @param rangeCells rows of each column (with repeats, as users fill them)
 */
export async function analystCosts(ours: Stack, baseline: Stack, rangeCells: number): Promise<AnalystScenario> {
  const date = new Date().toISOString();
  const load = loadAverage();
  const fetched = keywordColumn(rangeCells, 'analyst fetched');
  const asRange = (cells: string[]) => cells.map((k) => [k]);
  const plan = [
    ...ANALYST_FUNCTIONS.map((fn) => ({ fn, case: 'after SEARCH_TREND' as const, column: fetched })),
    // A column per function, each of keywords nothing fetched yet (a prefix of its own).
    ...ANALYST_FUNCTIONS.map((fn) => ({ fn, case: 'new keywords' as const, column: keywordColumn(rangeCells, `analyst new ${fn}`) })),
  ];
  const costs = new Map<Stack, CellCost[]>();
  for (const stack of [ours, baseline]) {
    const isOurs = stack === ours;
    await stack.service.control.reset();
    stack.resetRuntime();
    // Compiling, the JIT and the document's first miss (its config entry) are not these functions' cost.
    stack.gas.run('SEARCH_SCORE', ['analyst warm up']);
    stack.gas.run(isOurs ? 'SEARCH_TREND' : 'SEARCH_SCORE', [asRange(fetched.cells)]);
    costs.set(
      stack,
      plan.map((step) => costOf(stack.gas.run(isOurs ? step.fn : 'SEARCH_SCORE', [asRange(step.column.cells)]))),
    );
  }
  return {
    date,
    load,
    rows: plan.map((step, i) => ({
      fn: step.fn,
      case: step.case,
      cells: step.column.cells.length,
      distinct: step.column.distinct,
      ours: costs.get(ours)?.[i] as CellCost,
      baseline: costs.get(baseline)?.[i] as CellCost,
    })),
  };
}

/** The section's heading, also how a partial run finds it in RESULTS.md. */
export const ANALYST_HEADING = "## The analyst's functions: SEARCH_COMPARE, SHARE_OF_SEARCH, SEARCH_SEASONALITY";

/**
 * The analyst's section of RESULTS.md.
 * @param scenario what was measured
 */
export function renderAnalystSection(scenario: AnalystScenario): string {
  const ratio = (b: number, o: number) => (o > 0 ? `${(b / o).toFixed(1)}×` : b > 0 ? 'all' : '');
  const rows = scenario.rows.map(
    (r) =>
      `| \`${r.fn}\` | ${r.case} | ${r.cells} (${r.distinct}) | ${r.ours.roundTrips} | ${r.baseline.roundTrips} | ${r.ours.writes} | ${r.baseline.writes} | ` +
      `${r.ours.fetchCalls} (${r.ours.requests}) | ${r.baseline.fetchCalls} (${r.baseline.requests}) | ${Math.round(r.ours.durationMs)} | ` +
      `${Math.round(r.baseline.durationMs)} | ${ratio(r.baseline.requests, r.ours.requests)} |${r.ours.ok && r.baseline.ok ? '' : ' (an execution failed)'}`,
  );
  return `${ANALYST_HEADING}

Measured on ${scenario.date.slice(0, 10)} (${scenario.date}), latency model on, load average ${scenario.load} at
the start (the counts are exact; the times stretch with the load). One execution per row, in a fresh
runtime per implementation (warmed up by one miss), each against its own freshly reset service.
**after SEARCH_TREND**: the three functions over a column that one \`SEARCH_TREND\` range fetched just
before (the same cells for each function). **new keywords**: each function over a column of its own
keywords that nothing fetched yet. The baseline has no such functions: a sheet made after a tutorial
gets the same monthly figures with one \`/trend\` request per cell each time it runs (its \`SEARCH_SCORE\`
over the same cells, measured here), and does the arithmetic in Sheets' own formulas. "baseline ÷
add-on" compares requests ("all": the add-on sent none). The add-on's round trips are one more than
\`SEARCH_SCORE\`'s (1 on a hit, 5 on a range miss, above): the spreadsheet's time zone, read from the
document, since these functions show months as dates.

| function | case | cells (distinct) | round trips: add-on | baseline | writes: add-on | baseline | UrlFetch calls (requests): add-on | baseline | execution ms: add-on | baseline | baseline ÷ add-on (requests) |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
}

/**
 * RESULTS.md with the analyst's section replaced (or put before the scheduled runs' section, or at the
 * end), for a run of this section alone: the other sections keep their own run's figures and date.
 * @param markdown RESULTS.md as it is
 * @param section the new section
 */
export function spliceAnalystSection(markdown: string, section: string): string {
  return spliceSection(markdown, ANALYST_HEADING, section, '\n## Scheduled runs');
}

/**
 * RESULTS.md with one section replaced, for a run of that section alone (the others keep their own
 * run's figures and date); a section not there yet goes before `before` if given and found, else last.
 * @param markdown RESULTS.md as it is
 * @param heading the section's heading line
 * @param section the new section
 * @param before the heading (with its line break) it goes before when new
 */
export function spliceSection(markdown: string, heading: string, section: string, before?: string): string {
  const start = markdown.indexOf(heading);
  if (start >= 0) {
    const next = markdown.indexOf('\n## ', start + heading.length);
    return `${markdown.slice(0, start)}${section}${next >= 0 ? markdown.slice(next) : ''}`;
  }
  const at = before ? markdown.indexOf(before) : -1;
  if (at >= 0) return `${markdown.slice(0, at + 1)}${section}\n${markdown.slice(at + 1)}`;
  return `${markdown.trimEnd()}\n\n${section}`;
}
