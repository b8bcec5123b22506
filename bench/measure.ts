/** Runs range formulas against a stack and measures what they cost: requests, credits, time. */
import { performance } from 'node:perf_hooks';
import type { ExecutionResult } from '../dev/gas/index.js';
import type { Stack } from '../dev/stack.js';

/** What one implementation spent on one scenario. */
export interface Measure {
  requests: number;
  freshCredits: number;
  /** Requests the service refused for a daily limit (429): each still costs one of the day's API calls. */
  refused?: number;
  /** Reads of /usage among the requests. */
  usageReads?: number;
  totalMs: number;
  longestMs: number;
  /** Cells (or rows) that show a number. */
  completed: number;
  executions: number;
  timedOut: number;
}

/** Counts the numbers in a result: one for a scalar, one per row of a range. */
export function completedCells(result: ExecutionResult): number {
  if (!result.ok) return 0;
  if (typeof result.value === 'number') return 1;
  return Array.isArray(result.value) ? result.value.filter((row) => typeof (row as unknown[])[0] === 'number').length : 0;
}

/**
 * Measures a batch of executions run by `body`, reading the service's counters before and after.
 * @param stack the implementation's stack
 * @param body runs the executions and returns their results
 */
export async function measure(stack: Stack, body: () => ExecutionResult[] | Promise<ExecutionResult[]>): Promise<Measure> {
  await stack.service.control.resetStats();
  const began = performance.now();
  const results = await body();
  const totalMs = performance.now() - began;
  const stats = await stack.service.control.stats();
  return {
    requests: stats.requests,
    freshCredits: stats.freshCredits,
    refused: stats.statusCounts['429'] ?? 0,
    usageReads: stats.byEndpoint['/usage'] ?? 0,
    totalMs,
    longestMs: Math.max(0, ...results.map((r) => r.durationMs)),
    completed: results.reduce((sum, r) => sum + completedCells(r), 0),
    executions: results.length,
    timedOut: results.filter((r) => r.timedOut).length,
  };
}

/**
 * One range formula over the whole column.
 * @param stack the implementation's stack
 * @param cells keyword cells
 */
export function oneRange(stack: Stack, cells: string[]): ExecutionResult[] {
  return [
    stack.run(
      'SEARCH_SCORE',
      cells.map((k) => [k]),
    ),
  ];
}
