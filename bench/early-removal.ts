/**
 * Cache expiry is only a suggestion (issue 31.1): "cached data may be removed before this time". What a
 * recalculation 5 h 59 min after the first calculation sends when 0 %, 10 % and 50 % of the cache's
 * items went early (dev/gas's earlyRemoval, seeded: each such item goes at a moment of its life, so by
 * then nearly all of them are gone).
 *
 * (a) One range formula over a column of distinct keywords (its answers packed, 100 to an item).
 * (b) Per-cell formulas, one distinct keyword each (one item each).
 *
 * Counts only: latency model off, the service answers at once. What went early is fetched again; the
 * service answers it from its 7-day cache, so it costs API calls but no fresh search. The baseline
 * (the tutorial's Code.js) keeps no cache: every recalculation sends every cell.
 */
import type { ScriptFile } from '../dev/gas/index.js';
import { startStack, type Stack, type StackOptions } from '../dev/stack.js';

const MINUTE = 60_000;

/**
 * The other sections measure what the add-on sends while Google keeps every item to its expiry, so their
 * figures do not depend on which items a draw took; this section measures what going early costs.
 */
export const EVERY_ITEM_KEPT = Object.freeze({ rate: 0 });
/** The latest recalculation within the cache's 6 hours. */
const RECALCULATE_AFTER_MS = (6 * 60 - 1) * MINUTE;

/** One recalculation's figures. */
export interface Recalculation {
  /** Answer items (packs or a query's own entries) before the recalculation, and how many went early. */
  items: number;
  gone: number;
  requests: number;
  usageReads: number;
  freshCredits: number;
  /** Cells or rows that did not show a number. */
  failed: number;
}

/** The figures at one rate: one run per seed. */
export interface EarlyRemovalRow {
  rate: number;
  range: Recalculation[];
  perCell: Recalculation[];
}

/** The scenario. */
export interface EarlyRemovalScenario {
  rangeN: number;
  perCellN: number;
  /** Seeds of dev/gas's draw of which items go early: one run each at every rate. */
  seeds: number[];
  recalculateAfterMin: number;
  ours: EarlyRemovalRow[];
  /** The baseline's recalculation requests (no cache: the same at every rate). */
  baseline: { range: number; perCell: number };
}

/**
 * Runs the scenario: the add-on at each rate, the baseline once.
 * @param ourProject the built project's script files
 * @param baselineProject the tutorial baseline's script files
 * @param rangeN keywords in the range formula's column
 * @param perCellN per-cell formulas
 * @param seeds one run per seed at every rate (which items go early): a range keeps few items, so one
 *   draw says little about the rate
 * @param rates shares of items that go early
 */
export async function earlyRemoval(
  ourProject: ScriptFile[],
  baselineProject: ScriptFile[],
  rangeN: number,
  perCellN: number,
  seeds: number[] = [1],
  rates: number[] = [0, 0.1, 0.5],
): Promise<EarlyRemovalScenario> {
  const ours: EarlyRemovalRow[] = [];
  for (const rate of rates) {
    const row: EarlyRemovalRow = { rate, range: [], perCell: [] };
    // At 0 % no draw takes anything: one run says it.
    for (const seed of rate > 0 ? seeds : seeds.slice(0, 1)) {
      // Any moment of an item's life (seeded), so by the recalculation nearly every chosen item is gone.
      const stack = await countingStack(ourProject, { rate, notBeforeMs: 0, seed });
      try {
        row.range.push(await recalculateRange(stack, rangeN));
        row.perCell.push(await recalculateCells(stack, perCellN));
      } finally {
        await stack.stop();
      }
    }
    ours.push(row);
  }
  const base = await countingStack(baselineProject, { rate: 0, notBeforeMs: 0, seed: 1 });
  try {
    const baseline = { range: (await recalculateRange(base, rangeN)).requests, perCell: (await recalculateCells(base, perCellN)).requests };
    return { rangeN, perCellN, seeds, recalculateAfterMin: RECALCULATE_AFTER_MS / MINUTE, ours, baseline };
  } finally {
    await base.stop();
  }
}

/**
 * A stack for counting: latency off, a service that answers at once with room for every request.
 * @param project the script files to run
 * @param cacheEarlyRemoval which cache items go before their expiry
 */
export function countingStack(project: ScriptFile[], cacheEarlyRemoval: StackOptions['cacheEarlyRemoval']): Promise<Stack> {
  return startStack('a', {
    project,
    latency: false,
    latencyFreshMs: 0,
    latencyCachedMs: 0,
    freshPerDay: 1_000_000,
    callsPerDay: 1_000_000,
    cacheEarlyRemoval,
  });
}

/** The answer items in the document cache: a query's own entry or a pack (not marks, config, guard, spend). */
const answerItems = (stack: Stack) =>
  new Set(
    stack.gas.caches.document
      .entries()
      .filter((e) => e.key.startsWith('sdm|') && !/^\*~[0-9a-z]*~P/.test(e.value))
      .map((e) => e.key),
  );

/** Calculates once, then again RECALCULATE_AFTER_MS later; figures of the second. */
async function recalculate(stack: Stack, calculate: () => number): Promise<Recalculation> {
  await stack.service.control.reset();
  stack.resetRuntime();
  calculate();
  const before = answerItems(stack);
  stack.gas.advanceClock(RECALCULATE_AFTER_MS);
  const after = answerItems(stack);
  await stack.service.control.resetStats();
  const failed = calculate();
  const stats = await stack.service.control.stats();
  return {
    items: before.size,
    gone: [...before].filter((key) => !after.has(key)).length,
    requests: stats.requests,
    usageReads: stats.byEndpoint['/usage'] ?? 0,
    freshCredits: stats.freshCredits,
    failed,
  };
}

function recalculateRange(stack: Stack, n: number): Promise<Recalculation> {
  const column = Array.from({ length: n }, (_, i) => [`early range ${i}`]);
  return recalculate(stack, () => {
    const r = stack.gas.run('SEARCH_SCORE', [column]);
    const values = r.ok && Array.isArray(r.value) ? (r.value as unknown[][]) : [];
    return n - values.filter((row) => typeof row[0] === 'number').length;
  });
}

function recalculateCells(stack: Stack, n: number): Promise<Recalculation> {
  const keywords = Array.from({ length: n }, (_, i) => `early cell ${i}`);
  return recalculate(stack, () => keywords.filter((k) => typeof stack.gas.run('SEARCH_SCORE', [k]).value !== 'number').length);
}

/** The section of RESULTS.md. */
export function renderEarlyRemovalSection(s: EarlyRemovalScenario): string {
  const pct = (rate: number) => `${Math.round(rate * 100)} %`;
  const sum = (runs: Recalculation[], key: keyof Recalculation) => runs.reduce((total, r) => total + r[key], 0);
  const row = (name: string, runs: Recalculation[]) =>
    `${name} | ${sum(runs, 'gone')} of ${sum(runs, 'items')} | ${runs.map((r) => r.requests).join(', ')} | **${Math.round(sum(runs, 'requests') / runs.length)}** | ` +
    `${sum(runs, 'usageReads')} | ${sum(runs, 'freshCredits')} | ${sum(runs, 'failed')}`;
  const lines = s.ours.flatMap((o) => [
    `| ${pct(o.rate)} | ${row(`range of ${s.rangeN}`, o.range)} |`,
    `| ${pct(o.rate)} | ${row(`${s.perCellN} per-cell`, o.perCell)} |`,
  ]);
  return `## Items gone early: what a recalculation costs

Google: "The specified expiration time is only a suggestion; cached data may be removed before this time" ([Cache](https://developers.google.com/apps-script/reference/cache/cache)). \`dev/gas\` removes a share of the items written before their expiry (seeded, each at a moment of its life); here a column is calculated, then recalculated ${Math.floor(s.recalculateAfterMin / 60)} h ${s.recalculateAfterMin % 60} min later, when nearly every item chosen to go early is gone. Which items go is a seeded draw: each rate but 0 % is run ${s.seeds.length} times (seeds ${s.seeds.join(', ')}), since a range keeps few items and one draw may take none or several of its packs; the columns give each run's requests and their mean, and the other columns sum the runs. Counts only: latency model off, the service answers at once. What went early is fetched again, and only that; the service answers it from its 7-day cache, so it costs API calls but no fresh search. A range with more than 3 answers to fetch again reads what is left today first (one usage read). The baseline keeps no cache: ${s.baseline.range} requests for the range and ${s.baseline.perCell} for the per-cell formulas at every rate.

| items gone early | formulas | answer items gone (all runs) | requests on recalculation, each run | mean | usage reads (all runs) | fresh searches (all runs) | cells failed (all runs) |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |
${lines.join('\n')}
`;
}
