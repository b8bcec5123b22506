/**
 * Refresh all formulas on a day nothing is left (issue 46, point 1): a sheet of formula cells answered a
 * week before, the day's fresh searches spent, the menu's Refresh all formulas three times in a row. What
 * each refresh sends, its formulas' requests included (counted at the service), which cells it runs
 * again, and whether every number the sheet showed is still shown. The add-on only: the tutorial
 * baseline has no refresh of its own (recalculating its cells sends every request again). Counts only:
 * the latency model off.
 */
import { loadAverage } from './machine-load.js';
import type { Stack } from '../dev/stack.js';
import { keywordColumn } from './keywords.js';

const WEEK_MS = 7 * 86_400_000;

/** One refresh: what it sent and did. */
export interface SpentRefreshRun {
  /** Requests the service received, from the refresh and from the formulas it made run. */
  requests: number;
  /** Formula cells Sheets ran again (not handed back remembered). */
  ran: number;
  /** The toast it showed. */
  toast: string;
}

/** The scenario's figures. */
export interface SpentRefreshScenario {
  date: string;
  load: string;
  /** Formula cells (one `SEARCH_SCORE` per keyword cell), and distinct keywords among them. */
  cells: number;
  distinct: number;
  /** Numbers the sheet showed before the refreshes. */
  numbers: number;
  refreshes: SpentRefreshRun[];
  /** Whether every number shown before was still shown, unchanged, after each refresh. */
  numbersKept: boolean;
}

/**
 * Runs the scenario in a fresh runtime against a reset service.
 * @param stack the add-on's stack, its latency model off (its service's limits generous: they are spent here by hand)
 * @param cells formula cells
 */
export async function spentRefresh(stack: Stack, cells: number): Promise<SpentRefreshScenario> {
  const date = new Date().toISOString();
  const load = loadAverage();
  await stack.service.control.reset();
  stack.resetRuntime();
  const column = keywordColumn(cells, 'spent refresh');
  const book = stack.gas.spreadsheet;
  book.addSheet(
    'Keywords',
    column.cells.map((k) => [k]),
    { maxRows: cells + 10 },
  );
  const sheet = book.addSheet('Scores', [], { maxRows: cells + 10 });
  for (let i = 1; i <= cells; i++) sheet.setFormula(`A${i}`, `=SEARCH_SCORE(Keywords!A${i})`);
  stack.gas.recalculate(undefined, { sheets: ['Scores'] });
  const before = sheet.getValues(`A1:A${cells}`).map(([v]) => v);
  const numbers = before.filter((v) => typeof v === 'number').length;

  stack.gas.advanceClock(WEEK_MS);
  await stack.service.control.clock(WEEK_MS);
  await stack.service.control.limits({ freshUsed: 1_000_000 });
  const refreshes: SpentRefreshRun[] = [];
  let numbersKept = true;
  for (let i = 0; i < 3; i++) {
    await stack.service.control.resetStats();
    const result = stack.gas.run('refreshFormulasFromMenu', [], { mode: 'menu' });
    if (!result.ok) throw new Error(`bench: Refresh all formulas failed: ${result.error}`);
    const report = stack.gas.recalculate(undefined, { sheets: ['Scores'] });
    const after = sheet.getValues(`A1:A${cells}`).map(([v]) => v);
    if (before.some((v, r) => typeof v === 'number' && after[r] !== v)) numbersKept = false;
    refreshes.push({
      requests: await stack.requests(),
      ran: report.filter((r) => !r.remembered).length,
      toast: stack.gas.toasts.at(-1)?.message ?? '',
    });
  }
  return { date, load, cells, distinct: column.distinct, numbers, refreshes, numbersKept };
}

/** The section's heading, also how a run of this section alone finds it in RESULTS.md. */
export const SPENT_REFRESH_HEADING = '## Refresh all formulas with nothing left';

/**
 * The section of RESULTS.md.
 * @param s what was measured
 */
export function renderSpentRefreshSection(s: SpentRefreshScenario): string {
  const rows = s.refreshes.map((r, i) => `| ${i + 1} | ${r.requests} | ${r.ran} | ${r.toast} |`);
  return `${SPENT_REFRESH_HEADING}

Measured on ${s.date.slice(0, 10)} (${s.date}), load average ${s.load} at the start; counts only (latency
model off). ${s.cells} formula cells, one \`=SEARCH_SCORE(Keywords!A<i>)\` per keyword cell (${s.distinct}
distinct keywords), answered; a week later (both clocks), the day's fresh searches spent, the menu's
**Refresh all formulas** three times in a row, Sheets running what it changed after each. Requests are
what the service received: the refresh's own and its formulas'. Before issue 46 every formula ran again
and lost its number to a limit message; now ${s.numbersKept ? 'every' : 'not every'} one of the ${s.numbers}
numbers is still shown after each refresh.

| refresh | requests | formula cells run again | toast |
| ---: | ---: | ---: | --- |
${rows.join('\n')}
`;
}

/**
 * RESULTS.md with this section replaced (or added at the end), for a run of this section alone.
 * @param markdown RESULTS.md as it is
 * @param section the new section
 */
export function spliceSpentRefreshSection(markdown: string, section: string): string {
  const start = markdown.indexOf(SPENT_REFRESH_HEADING);
  if (start < 0) return `${markdown.trimEnd()}\n\n${section}`;
  const next = markdown.indexOf('\n## ', start + SPENT_REFRESH_HEADING.length);
  return `${markdown.slice(0, start)}${section}${next >= 0 ? markdown.slice(next) : ''}`;
}
