/**
 * What one cell costs: a single execution, one keyword or a range, its round trips, writes, fetches and
 * time under the latency model (or with it off), for the add-on and the baseline in the same runtime
 * conditions.
 */
import type { ExecutionResult, LatencySetting } from '../dev/gas/index.js';
import type { Stack } from '../dev/stack.js';
import { writesOf } from './executions.js';
import { keywordColumn } from './keywords.js';

/** One execution's cost. */
export interface CellCost {
  roundTrips: number;
  writes: number;
  /** UrlFetch calls (a fetchAll is one) and the requests they sent. */
  fetchCalls: number;
  requests: number;
  /** What the latency model charged: start-up plus every service call. */
  modelledMs: number;
  /** The calls made, by label (dev/gas's `serviceCalls`: every one charged). */
  serviceCalls: Record<string, number>;
  /** Calls Google refused for a permission (a formula makes none). */
  refusedCalls: number;
  /** Script time of the whole execution (modelled waits, real HTTP, local CPU). */
  durationMs: number;
  ok: boolean;
  timedOut: boolean;
}

/** The cases measured, in the order they run (each later case relies on the earlier ones' cache). */
export type CellCase = 'first miss' | 'miss' | 'hit' | 'range miss' | 'range hit';

/** Ours and the baseline on one case. */
export interface CellCostRow {
  case: CellCase;
  /** Cells in the execution (1, or the range's rows) and distinct keywords among them. */
  cells: number;
  distinct: number;
  ours: CellCost;
  baseline: CellCost;
}

/**
 * One execution's cost, from what dev/gas reports of it.
 * @param r the execution's result
 */
export function costOf(r: ExecutionResult): CellCost {
  return {
    roundTrips: r.roundTrips,
    writes: writesOf(r),
    fetchCalls: r.fetchCalls,
    requests: r.fetchCount,
    modelledMs: r.modelledMs,
    serviceCalls: r.serviceCalls,
    refusedCalls: r.refusedCalls.length,
    durationMs: r.durationMs,
    ok: r.ok,
    timedOut: r.timedOut,
  };
}

/**
 * Runs the five cases in a fresh (warmed-up) runtime of each stack: the document's first miss (the config entry is
 * made), a miss, a hit (the same keyword again), a range miss (a column with repeats) and the same
 * range again. For the baseline, which has no cache, "hit" is the same request again (the service
 * answers it from its own cache).
 * @param ours the add-on's stack
 * @param baseline the baseline's stack
 * @param options `rangeCells`: rows of the range; `latency`: the model for these executions; `tag`
 *   makes keywords unique to this run, so the service's cache starts cold
 */
export async function cellCosts(
  ours: Stack,
  baseline: Stack,
  options: { rangeCells: number; latency: LatencySetting | undefined; tag: string },
): Promise<CellCostRow[]> {
  const column = keywordColumn(options.rangeCells, `${options.tag} range`);
  const plan: { case: CellCase; arg: unknown; cells: number; distinct: number }[] = [
    { case: 'first miss', arg: `${options.tag} first`, cells: 1, distinct: 1 },
    { case: 'miss', arg: `${options.tag} single`, cells: 1, distinct: 1 },
    { case: 'hit', arg: `${options.tag} single`, cells: 1, distinct: 1 },
    { case: 'range miss', arg: column.cells.map((k) => [k]), cells: column.cells.length, distinct: column.distinct },
    { case: 'range hit', arg: column.cells.map((k) => [k]), cells: column.cells.length, distinct: column.distinct },
  ];
  const run = (stack: Stack, arg: unknown) =>
    costOf(stack.gas.run('SEARCH_SCORE', [arg], options.latency === undefined ? {} : { latency: options.latency }));
  const costs = new Map<Stack, CellCost[]>();
  for (const stack of [ours, baseline]) {
    await stack.service.control.reset();
    stack.resetRuntime();
    // Compiling Code.js, node's JIT and starting the runtime's HTTP worker are this machine's cost,
    // not an execution's on Google: one miss first, then the caches emptied so the next is the
    // document's first miss again.
    stack.gas.run('SEARCH_SCORE', [`${options.tag} warm up`]);
    stack.gas.caches.document.clear();
    stack.gas.caches.user.clear();
    costs.set(
      stack,
      plan.map((step) => run(stack, step.arg)),
    );
  }
  return plan.map((step, i) => ({
    case: step.case,
    cells: step.cells,
    distinct: step.distinct,
    ours: costs.get(ours)?.[i] as CellCost,
    baseline: costs.get(baseline)?.[i] as CellCost,
  }));
}
