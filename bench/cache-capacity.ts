/**
 * Where the document cache stops saving (issue 20.4). Google's cache "stores the 900 items farthest
 * from expiration" once more than 1,000 items are written (dev/gas models it). A per-cell formula keeps
 * one item per distinct query; range formulas keep their answers packed, 100 to an item.
 *
 * (a) Per-cell formulas: N distinct keywords, one cell each (one execution each), then every cell
 * recalculated one hour later, within the cache's 6 hours: how many requests are sent again.
 * (b) Range formulas: one column of distinct keywords under SEARCH_SCORE and SEARCH_TREND, recalculated
 * 5 h 59 min later: requests sent again and the cache items the answers use.
 *
 * These figures are counts, so the latency model is off and the service answers at once. The baseline
 * (the tutorial's Code.js) keeps no cache: every recalculation sends every cell again.
 */
import type { ScriptFile } from '../dev/gas/index.js';
import type { Stack } from '../dev/stack.js';
import { countingStack, EVERY_ITEM_KEPT } from './early-removal.js';

const MINUTE = 60_000;

/** One per-cell run: N keywords, then all recalculated. */
export interface PerCellRun {
  n: number;
  /** Requests of the first calculation and of the recalculation. */
  firstRequests: number;
  againRequests: number;
  /** Live items in the document cache after the first calculation. */
  items: number;
  /** Cells that did not show a number, over both passes (none expected). */
  failed: number;
}

/** The range run. */
export interface RangeRun {
  n: number;
  formulas: string[];
  firstRequests: number;
  againRequests: number;
  items: number;
  /** Round trips of the recalculation's SEARCH_SCORE execution. */
  againRoundTrips: number;
  failed: number;
}

/** The scenario, ours and the baseline. */
export interface CacheCapacity {
  recalculateAfterMin: { perCell: number; range: number };
  ours: { perCell: PerCellRun[]; range: RangeRun };
  baseline: { perCell: PerCellRun[]; range: RangeRun };
}

/**
 * Runs the scenario on a stack of each project, latency off.
 * @param ourProject the built project's script files
 * @param baselineProject the tutorial baseline's script files
 * @param perCell per-cell keyword counts
 * @param rangeN keywords in the range column
 * @param baselinePerCell per-cell counts run for the baseline too (it keeps no cache: its range shows that already, so none is needed)
 */
export async function cacheCapacity(
  ourProject: ScriptFile[],
  baselineProject: ScriptFile[],
  perCell: number[],
  rangeN: number,
  baselinePerCell: number[],
): Promise<CacheCapacity> {
  const side = async (project: ScriptFile[], counts: number[], formulas: string[]) => {
    const stack = await countingStack(project, EVERY_ITEM_KEPT); // where the 900 items stop saving, not what goes early
    try {
      const runs: PerCellRun[] = [];
      for (const n of counts) runs.push(await perCellRun(stack, n));
      return { perCell: runs, range: await rangeRun(stack, rangeN, formulas) };
    } finally {
      await stack.stop();
    }
  };
  return {
    recalculateAfterMin: { perCell: 60, range: 6 * 60 - 1 },
    ours: await side(ourProject, perCell, ['SEARCH_SCORE', 'SEARCH_TREND']),
    // The tutorial has SEARCH_SCORE only.
    baseline: await side(baselineProject, baselinePerCell, ['SEARCH_SCORE']),
  };
}

/** A fresh runtime and service (cold caches, the clocks at the start). */
async function fresh(stack: Stack): Promise<void> {
  await stack.service.control.reset();
  stack.resetRuntime();
}

async function perCellRun(stack: Stack, n: number): Promise<PerCellRun> {
  await fresh(stack);
  const keywords = Array.from({ length: n }, (_, i) => `capacity cell ${n} ${i}`);
  let failed = 0;
  const pass = async () => {
    await stack.service.control.resetStats();
    for (const k of keywords) {
      const r = stack.gas.run('SEARCH_SCORE', [k]);
      if (!r.ok || typeof r.value !== 'number') failed++;
    }
    return stack.requests();
  };
  const firstRequests = await pass();
  const items = stack.gas.caches.document.keys().length;
  stack.gas.advanceClock(60 * MINUTE);
  const againRequests = await pass();
  return { n, firstRequests, againRequests, items, failed };
}

async function rangeRun(stack: Stack, n: number, formulas: string[]): Promise<RangeRun> {
  await fresh(stack);
  const column = Array.from({ length: n }, (_, i) => [`capacity range ${i}`]);
  let failed = 0;
  const rows = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  const pass = async () => {
    await stack.service.control.resetStats();
    let roundTrips = 0;
    for (const fn of formulas) {
      const r = stack.gas.run(fn, [column]);
      // SEARCH_SCORE gives a row per keyword; SEARCH_TREND a header and then a row per keyword.
      if (!r.ok || rows(r.value) < n) failed++;
      if (fn === 'SEARCH_SCORE') roundTrips = r.roundTrips;
    }
    return { requests: await stack.requests(), roundTrips };
  };
  const first = await pass();
  const items = stack.gas.caches.document.keys().length;
  stack.gas.advanceClock((6 * 60 - 1) * MINUTE);
  const again = await pass();
  return {
    n,
    formulas: formulas.map((fn) => `${fn}(A1:A${n})`),
    firstRequests: first.requests,
    againRequests: again.requests,
    items,
    againRoundTrips: again.roundTrips,
    failed,
  };
}

const count = (x: number) => x.toLocaleString('en-US');

/**
 * The section of RESULTS.md.
 * @param c the scenario's figures
 */
export function renderCacheCapacitySection(c: CacheCapacity): string {
  const baselineAgain = (n: number) => c.baseline.perCell.find((b) => b.n === n)?.againRequests;
  const withBaseline = c.baseline.perCell.length > 0;
  const perCellRows = c.ours.perCell.map((r) => {
    const b = baselineAgain(r.n);
    const baselineCell = withBaseline ? ` ${b === undefined ? '–' : count(b)} |` : '';
    return `| ${count(r.n)} | ${count(r.items)} | ${count(r.firstRequests)} | **${count(r.againRequests)}** |${baselineCell} ${r.failed} |`;
  });
  const holds = c.ours.perCell.filter((r) => r.againRequests === 0).map((r) => r.n);
  const fails = c.ours.perCell.filter((r) => r.againRequests > 0).map((r) => r.n);
  const o = c.ours.range;
  const b = c.baseline.range;
  const packs = Math.ceil(o.n / 100);
  const own = Math.max(0, o.items - packs);
  return [
    '## Where the document cache stops saving',
    '',
    `Google's document cache keeps "the 900 items farthest from expiration" once more than 1,000 items are written; \`dev/gas\` models it (see [docs/develop/google-limits.md](../docs/develop/google-limits.md)). Counts only: latency model off, the service answers at once. The baseline keeps no cache, so it sends every cell again on every recalculation.`,
    '',
    `**Per-cell formulas** (\`=SEARCH_SCORE("…")\`, one distinct keyword per cell, one execution each), every cell recalculated ${c.recalculateAfterMin.perCell} min later:`,
    '',
    `| distinct keywords | cache items after | requests, first | requests, recalculation |${withBaseline ? ' baseline: recalculation |' : ''} cells failed |`,
    `| ---: | ---: | ---: | ---: |${withBaseline ? ' ---: |' : ''} ---: |`,
    ...perCellRows,
    '',
    `The cache holds them at ${holds.length ? holds.map(count).join(', ') : 'none of the counts'} keywords${fails.length ? ` and stops saving by ${count(Math.min(...fails))}` : ''}: past 1,000 items Google keeps 900, and a recalculation in sheet order then fetches what was pushed out, which pushes out what comes next.`,
    '',
    `**Range formulas** over one column of ${count(o.n)} distinct keywords (${o.formulas.join(' and ')}), recalculated ${Math.floor(c.recalculateAfterMin.range / 60)} h ${c.recalculateAfterMin.range % 60} min later:`,
    '',
    '| | requests, first | requests, recalculation | cache items | recalculation round trips (SEARCH_SCORE) | formulas failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| ours | ${count(o.firstRequests)} | **${count(o.againRequests)}** | ${count(o.items)} | ${o.againRoundTrips} | ${o.failed} |`,
    `| baseline (${b.formulas.join(' only')}) | ${count(b.firstRequests)} | ${count(b.againRequests)} | – | ${b.againRoundTrips} | ${b.failed} |`,
    '',
    `A range keeps its answers packed, 100 to an item: ${count(o.n)} keywords under both formulas use ${count(o.items)} items of the 900, ${count(packs)} packs and ${count(own)} of the add-on's own. With each further 100 keywords adding one pack, ranges hold about ${count((900 - own) * 100)} distinct keywords before the cache stops saving.`,
    '',
  ].join('\n');
}
