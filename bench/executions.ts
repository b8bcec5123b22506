/**
 * What a set of executions cost, read from each ExecutionResult's call report: execution time (summed,
 * longest, median), round trips, lock calls, and the waits on other executions.
 *
 * "Waiting" is read from the calls, because dev/gas does not count Utilities.sleep. The add-on's hot path
 * (src/server/lookup/pipeline.ts) makes a fixed sequence of cache calls per execution:
 *   getAll (1: the answers) → [putAll (marks) → getAll (the marks read back)] → fetch → [putAll (answers)]
 * and each poll for another execution's answer is `Utilities.sleep(200)` followed by one more getAll.
 * So polls = getAll − 1 − (1 if it marked), and the time waited on others is polls × (200 ms + one
 * getAll's latency): exact script time, since the sleep and the modelled getAll both block exactly that.
 */
import { DEFAULT_LATENCY, type ExecutionResult } from '../dev/gas/index.js';

/** The add-on's poll interval while waiting for another execution's fetch (POLL_MS in src/server/lookup/pipeline.ts). */
export const POLL_MS = 200;

/** How one execution of the add-on's hot path went, derived from its calls. */
export interface HotPath {
  /** It sent requests itself. */
  fetched: boolean;
  /** It marked keywords as being fetched by it (a putAll before its fetch). */
  marked: boolean;
  /** Times it slept and read the cache again for another execution's answer. */
  polls: number;
}

const count = (r: ExecutionResult, label: string) => r.serviceCalls[label] ?? 0;

/**
 * Reads the hot path's steps from an execution's calls (see the file comment).
 * @param r one custom-function execution of the add-on
 */
export function hotPathOf(r: ExecutionResult): HotPath {
  const fetched = count(r, 'urlfetch.fetchAll') + count(r, 'urlfetch.fetch') > 0;
  // The config entry is (re)made when both property stores were read; it is then written at the end.
  const madeConfig = count(r, 'properties.getProperties') >= 2;
  const finalWrite = fetched || madeConfig;
  const marked = count(r, 'cache.putAll') - (finalWrite ? 1 : 0) >= 1;
  const polls = Math.max(0, count(r, 'cache.getAll') - 1 - (marked ? 1 : 0));
  return { fetched, marked, polls };
}

/** Calls that change a store or the document (what a cache hit must not make). */
export function writesOf(r: ExecutionResult): number {
  return Object.entries(r.serviceCalls)
    .filter(([label]) => /^(cache|properties|spreadsheet|triggers)\.(put|set|remove|delete|insert|clear|create)/i.test(label))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Calls to the lock service (the add-on's formulas no longer make any). */
export function lockCallsOf(r: ExecutionResult): number {
  return Object.entries(r.serviceCalls)
    .filter(([label]) => label.startsWith('lock.') && !/^lock\.get(Document|User|Script)Lock$/.test(label))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Summary of many executions. Times are script time (durationMs), which includes the modelled waits. */
export interface ExecutionSummary {
  executions: number;
  /** Σ durationMs: what the executions cost in Apps Script run time. */
  summedMs: number;
  /** Σ modelledMs: the part the latency model charged (start-up and service calls). */
  summedModelledMs: number;
  longestMs: number;
  medianMs: number;
  p90Ms: number;
  roundTrips: number;
  /** Most round trips one execution made. */
  maxRoundTrips: number;
  lockCalls: number;
  /** Executions that sent requests themselves; beyond the distinct keywords, these are the extra requests. */
  fetched: number;
  /** Executions that polled for another execution's answer. */
  waited: number;
  /** Longest and summed time spent waiting on others (polls × (200 ms + a getAll)). */
  longestWaitMs: number;
  summedWaitMs: number;
  /** Waiting executions that gave up (the other's answer did not come) and fetched themselves. */
  gaveUp: number;
  /** Longest execution among those that waited (wait, plus its own work). */
  longestWaiterMs: number;
  timedOut: number;
  /** Refused by the 30-simultaneous-executions quota. */
  refused: number;
  /** Failed for any other reason. */
  errors: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/**
 * Summarises executions of one implementation.
 * @param results the executions' results
 * @param options `hotPath`: whether they ran the add-on's hot path (the baseline never waits);
 *   `getAllMs`: the modelled latency of one getAll in these runs (0 with latency off)
 */
export function summarise(
  results: (ExecutionResult & { worker?: number })[],
  options: { hotPath: boolean; getAllMs: number } = { hotPath: true, getAllMs: DEFAULT_LATENCY.cacheGetAll },
): ExecutionSummary {
  const durations = results.map((r) => r.durationMs).sort((a, b) => a - b);
  const paths = options.hotPath ? results.map(hotPathOf) : [];
  const waits = paths.map((p) => p.polls * (POLL_MS + options.getAllMs));
  const waiters = results.filter((_, i) => (paths[i]?.polls ?? 0) > 0);
  const refused = results.filter((r) => r.worker === -1).length;
  return {
    executions: results.length,
    summedMs: durations.reduce((a, b) => a + b, 0),
    summedModelledMs: results.reduce((sum, r) => sum + r.modelledMs, 0),
    longestMs: durations.at(-1) ?? 0,
    medianMs: quantile(durations, 0.5),
    p90Ms: quantile(durations, 0.9),
    roundTrips: results.reduce((sum, r) => sum + r.roundTrips, 0),
    maxRoundTrips: Math.max(0, ...results.map((r) => r.roundTrips)),
    lockCalls: results.reduce((sum, r) => sum + lockCallsOf(r), 0),
    fetched: results.filter((r) => r.fetchCount > 0).length,
    waited: waiters.length,
    longestWaitMs: Math.max(0, ...waits),
    summedWaitMs: waits.reduce((a, b) => a + b, 0),
    gaveUp: paths.filter((p) => p.polls > 0 && p.fetched).length,
    longestWaiterMs: Math.max(0, ...waiters.map((r) => r.durationMs)),
    timedOut: results.filter((r) => r.timedOut).length,
    refused,
    errors: results.filter((r) => !r.ok && !r.timedOut && r.worker !== -1).length,
  };
}
