/**
 * A ranking-table refresh must never make a formula wait on it. Measured in the pool, where the document
 * lock is shared as on Google: the same column of formulas runs once alone (control) and once while a
 * real `refreshTablesNow` (sidebar, forced) holds the document lock; the formulas that ran while the lock
 * was held are compared with the control.
 */
import { performance } from 'node:perf_hooks';
import type { GasWorkerPool, PoolExecutionResult } from '../dev/gas/index.js';
import type { Stack } from '../dev/stack.js';
import { columnPass } from './concurrency.js';
import { lockCallsOf, summarise, type ExecutionSummary } from './executions.js';

/** What the refresh scenario measured. */
export interface RefreshScenario {
  n: number;
  distinct: number;
  /** Tables the refresh had to refresh, and how many it did. */
  tables: number;
  refreshed: number;
  /** The refresh execution: its script time, and how long (real ms) the document lock was held. */
  refreshMs: number;
  heldMs: number;
  /** Whether the refresh ran where its tables are (worker 0) and succeeded. */
  refreshOk: boolean;
  refreshNote: string;
  /** The column alone. */
  control: ExecutionSummary;
  /** The column's formulas that ran (at least partly) while the refresh held the lock. */
  during: ExecutionSummary;
  /** Lock calls by the formulas of both passes (the refresh's own are not counted). */
  formulaLockCalls: number;
}

const GROUPS = [
  'sector:fintech',
  'sector:saas',
  'sector:travel',
  'sector:health',
  'sector:media',
  'sector:gaming',
  'sector:education',
  'sector:mobility',
];

/**
 * Runs the scenario in the add-on's pool (latency on).
 * @param pool the add-on's pool; its worker 0 gets the tables (each worker has its own spreadsheet)
 * @param stack the add-on's stack, whose service answers
 * @param cells the formulas' keyword cells
 * @param distinct distinct keywords among them
 * @param tables ranking tables to insert and refresh (more tables hold the lock longer)
 */
export async function refreshDuringFormulas(
  pool: GasWorkerPool,
  stack: Stack,
  cells: string[],
  distinct: number,
  tables: number,
): Promise<RefreshScenario> {
  const fresh = async () => {
    await stack.service.control.reset();
    pool.caches.document.clear();
  };
  await fresh();
  // Each worker has its own spreadsheet: with the pool idle, a job goes to worker 0, so insert there.
  for (const group of GROUPS.slice(0, tables)) {
    const r = await pool.run('insertRankingTable', [{ group, placement: 'new-sheet', columns: null, limit: null }], { mode: 'sidebar' });
    if (!r.ok || r.worker !== 0) throw new Error(`bench: inserting ${group} failed on worker ${r.worker}: ${r.error ?? 'not worker 0'}`);
  }

  await fresh();
  const control = await columnPass(pool, stack, cells, { latency: true, hotPath: true });

  await fresh();
  const holds: [number, number][] = [];
  let heldSince: number | undefined;
  const watch = setInterval(() => {
    const held = pool.locks.holder('document') !== undefined;
    if (held && heldSince === undefined) heldSince = performance.now();
    if (!held && heldSince !== undefined) {
      holds.push([heldSince, performance.now()]);
      heldSince = undefined;
    }
  }, 1);
  // Queued first, so it starts on worker 0, where the tables are.
  const refresh = pool.run('refreshTablesNow', [true], { mode: 'sidebar' });
  const ends: number[] = [];
  const formulas = Promise.all(
    cells.map((k, i) =>
      pool.run('SEARCH_SCORE', [k]).then((r) => {
        ends[i] = performance.now();
        return r;
      }),
    ),
  );
  const [refreshed, results] = await Promise.all([refresh, formulas]);
  clearInterval(watch);
  if (heldSince !== undefined) holds.push([heldSince, performance.now()]);

  const overlaps = (r: PoolExecutionResult, i: number) => {
    const end = ends[i] ?? 0;
    const start = end - r.realDurationMs;
    return holds.some(([from, to]) => start < to && end > from);
  };
  const run = (refreshed.value as { run?: { results?: { ok: boolean }[]; note?: string } } | undefined)?.run;
  const done = run?.results?.filter((t) => t.ok).length ?? 0;
  return {
    n: cells.length,
    distinct,
    tables,
    refreshed: done,
    refreshMs: refreshed.durationMs,
    heldMs: holds.reduce((sum, [from, to]) => sum + (to - from), 0),
    refreshOk: refreshed.ok && refreshed.worker === 0 && done === tables,
    refreshNote: refreshed.ok ? (run?.note ?? '') : (refreshed.error ?? ''),
    control: control.run.executions,
    during: summarise(results.filter(overlaps)),
    formulaLockCalls: [...control.results, ...results].reduce((sum, r) => sum + lockCallsOf(r), 0),
  };
}
