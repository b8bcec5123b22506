import { CUSTOM_FUNCTION_LIMIT_MS, FINISH_RESERVE_MS } from '../settings/constants';
import type { AddonError } from '../errors/errors';

/** The time one execution may still spend fetching, and whether Google still lets it fetch. */
export interface Budget {
  /** Milliseconds left before the point where we must stop starting work. */
  remaining(): number;
  /** Whether work expected to take `estimateMs` can still start and finish in time. */
  allows(estimateMs: number): boolean;
  /**
   * Why Google refuses this execution's fetches (a quota or rate limit, a permission the user did not
   * grant), once one fetch met it (service/fetcher.ts): nothing more is tried, each refused call being a
   * round trip for nothing.
   */
  refusal?: AddonError;
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
