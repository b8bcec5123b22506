import { CUSTOM_FUNCTION_LIMIT_MS, FINISH_RESERVE_MS } from './constants';

/** The time one execution may still spend fetching. */
export interface Budget {
  /** Milliseconds left before the point where we must stop starting work. */
  remaining(): number;
  /** Whether work expected to take `estimateMs` can still start and finish in time. */
  allows(estimateMs: number): boolean;
}

/**
 * A budget ending `FINISH_RESERVE_MS` before the execution's hard limit.
 * @param limitMs the platform's limit for this kind of execution (30 s for custom functions)
 * @param startedAt when the execution began (ms since epoch)
 */
export function createBudget(limitMs: number = CUSTOM_FUNCTION_LIMIT_MS, startedAt: number = Date.now()): Budget {
  const stopAt = startedAt + limitMs - FINISH_RESERVE_MS;
  const remaining = () => stopAt - Date.now();
  return { remaining, allows: (estimateMs) => remaining() > estimateMs };
}
