/**
 * Per-cell formulas evaluated many at a time, as Sheets does: GasWorkerPool worker threads, each
 * execution in its own runtime, all sharing one document cache, properties and locks; then the same
 * column recalculated an hour later (within the cache's 6 hours).
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_LATENCY, GasWorkerPool, type ExecutionResult, type PoolExecutionResult, type ScriptFile } from '../dev/gas/index.js';
import { KEY, TEST_START, type Stack } from '../dev/stack.js';
import { summarise, type ExecutionSummary } from './executions.js';
import { completedCells } from './measure.js';
import { EVERY_ITEM_KEPT } from './early-removal.js';

/** Executions at once: Google's cap of simultaneous executions per user. */
export const AT_ONCE = 30;

/** One pass over a column: what the service saw and what the executions cost. */
export interface ColumnRun {
  requests: number;
  freshCredits: number;
  /** Wall-clock time of the whole pass (informative: 30 at once on this machine's cores). */
  wallMs: number;
  /** Cells that show a number. */
  completed: number;
  executions: ExecutionSummary;
}

/** A column's first calculation and its recalculation an hour later. */
export interface ColumnPasses {
  first: ColumnRun;
  recalculation: ColumnRun;
  /**
   * The recalculation again, one execution at a time: each execution's own cost (start-up, its calls,
   * its CPU) without 29 others competing for this machine's cores, as each has its own on Google.
   */
  recalculationAlone?: ColumnRun;
}

/**
 * Opens a pool of AT_ONCE workers running `code`, its user's key and base URL pointing at the stack's
 * service (as a user who saved them), and closes it after `body`.
 * @param stack the implementation's stack (its service is used; its runtime is not)
 * @param project the implementation's script files
 * @param timeScale script milliseconds per real one (the quick run's 10, so its modelled waits pass sooner)
 * @param body what to run in the pool
 */
export async function withPool<T>(
  stack: Stack,
  project: ScriptFile[],
  timeScale: number,
  body: (pool: GasWorkerPool) => Promise<T>,
): Promise<T> {
  const pool = new GasWorkerPool({ size: AT_ONCE, project, startAt: TEST_START, cacheEarlyRemoval: EVERY_ITEM_KEPT, timeScale });
  pool.properties.user.set('SDM_API_KEY', KEY);
  pool.properties.user.set('SDM_BASE_URL', stack.service.url);
  try {
    await pool.ready(); // starting threads is not an execution's cost
    await warmUp(pool, stack);
    return await body(pool);
  } finally {
    await pool.close();
  }
}

/**
 * Every worker runs the hot path before anything is measured: compiling Code.js and node's JIT are this
 * machine's cost, not an execution's on Google (where the model charges start-up instead). Then the
 * service and the caches are reset.
 */
async function warmUp(pool: GasWorkerPool, stack: Stack): Promise<void> {
  const cells = Array.from({ length: 2 * AT_ONCE }, (_, i) => `warm up ${i % AT_ONCE}`);
  await Promise.all(cells.map((k) => pool.run('SEARCH_SCORE', [k])));
  await stack.service.control.reset();
  pool.caches.document.clear();
  pool.caches.user.clear();
}

/**
 * Runs one single-keyword SEARCH_SCORE execution per cell, all queued at once (the pool runs AT_ONCE at
 * a time, in column order), and measures the pass.
 * @param pool the pool
 * @param stack whose service counts the requests
 * @param cells keyword cells
 * @param options `latency`: false turns the model off for these executions; `hotPath`: the add-on's
 *   (for reading waits from its calls)
 */
export async function columnPass(
  pool: GasWorkerPool,
  stack: Stack,
  cells: string[],
  options: { latency: boolean; hotPath: boolean; oneAtATime?: boolean },
): Promise<{ run: ColumnRun; results: PoolExecutionResult[] }> {
  await stack.service.control.resetStats();
  const opts = options.latency ? {} : { latency: false as const };
  const began = performance.now();
  let results: PoolExecutionResult[] = [];
  if (options.oneAtATime) {
    for (const k of cells) results.push(await pool.run('SEARCH_SCORE', [k], opts));
  } else {
    results = await Promise.all(cells.map((k) => pool.run('SEARCH_SCORE', [k], opts)));
  }
  const wallMs = performance.now() - began;
  const stats = await stack.service.control.stats();
  return {
    results,
    run: {
      requests: stats.requests,
      freshCredits: stats.freshCredits,
      wallMs,
      completed: results.reduce((sum, r: ExecutionResult) => sum + completedCells(r), 0),
      executions: summarise(results, { hotPath: options.hotPath, getAllMs: options.latency ? DEFAULT_LATENCY.cacheGetAll : 0 }),
    },
  };
}

/**
 * A column on a cold cache and a cold service, then the same column an hour later (and, if asked,
 * once more one execution at a time).
 * @param pool the implementation's pool
 * @param stack its stack
 * @param cells keyword cells
 * @param options as columnPass; `recalculateAlone` adds the one-at-a-time recalculation
 */
export async function columnTwice(
  pool: GasWorkerPool,
  stack: Stack,
  cells: string[],
  options: { latency: boolean; hotPath: boolean; recalculateAlone?: boolean },
): Promise<ColumnPasses> {
  await stack.service.control.reset();
  pool.caches.document.clear();
  pool.caches.user.clear();
  const first = (await columnPass(pool, stack, cells, options)).run;
  pool.advanceClock(60 * 60_000);
  const recalculation = (await columnPass(pool, stack, cells, options)).run;
  if (!options.recalculateAlone) return { first, recalculation };
  const recalculationAlone = (await columnPass(pool, stack, cells, { ...options, oneAtATime: true })).run;
  return { first, recalculation, recalculationAlone };
}
