/** The results of executions that did not run to their end in a context: refused, unknown, remembered, thrown. */
import { isError } from '../execution/realm.js';
import type { RememberedResult } from '../spreadsheet/documents.js';
import { FORMULA_MESSAGES } from '../spreadsheet/recalculate.js';
import type { ExecutionResult } from './options.js';

/**
 * An execution Google refused to start, nothing run: a trigger whose owner's trigger runtime for the
 * day is spent, or one start too many in a short time (executionStartLimit).
 */
export function refusedExecution(error: string): ExecutionResult {
  return {
    ok: false,
    error,
    timedOut: false,
    durationMs: 0,
    realDurationMs: 0,
    logs: [],
    fetchCount: 0,
    urls: [],
    executionId: 0,
    refusedCalls: [],
    serviceCalls: {},
    roundTrips: 0,
    fetchCalls: 0,
    modelledMs: 0,
    sleptMs: 0,
    blockedMs: 0,
  };
}

/** A formula of an add-on not enabled in its spreadsheet: Sheets' #NAME? text, and nothing ran. */
export function unknownFunction(functionName: string): ExecutionResult {
  return refusedExecution(FORMULA_MESSAGES.unknownFunction(functionName));
}

/** A remembered result as evaluateCustomFunction returns it: nothing ran, nothing was fetched or logged. */
export function fromRemembered(hit: RememberedResult): ExecutionResult {
  const result: ExecutionResult = {
    ok: hit.ok,
    timedOut: hit.timedOut,
    durationMs: 0,
    realDurationMs: 0,
    logs: [],
    fetchCount: 0,
    urls: [],
    executionId: hit.executionId,
    refusedCalls: [],
    serviceCalls: {},
    roundTrips: 0,
    fetchCalls: 0,
    modelledMs: 0,
    sleptMs: 0,
    blockedMs: 0,
  };
  if ('value' in hit) result.value = structuredClone(hit.value);
  if (hit.error !== undefined) result.error = hit.error;
  return result;
}

/** The result parts of something thrown: an Error's message (and stack), else String(value). */
export function thrown(error: unknown): Pick<ExecutionResult, 'ok' | 'error' | 'stack'> {
  if (isError(error)) {
    const e: Error = error;
    const part: Pick<ExecutionResult, 'ok' | 'error' | 'stack'> = { ok: false, error: String(e.message) };
    if (typeof e.stack === 'string') part.stack = e.stack;
    return part;
  }
  let text: string;
  try {
    text = String(error);
  } catch {
    text = Object.prototype.toString.call(error);
  }
  return { ok: false, error: text };
}
