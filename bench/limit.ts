/**
 * A range that meets the fresh-search limit (issue 30.1; before it, issue 12): a column of new keywords
 * with fewer fresh searches left than keywords, as a free account has them (250 a day, 2,000 API calls),
 * then recalculated ten times. The add-on reads what is left (one usage read), sends no more searches
 * than that, and asks at most a handful past it, once each; the baseline sends every cell every time,
 * each refused request costing one of the day's API calls.
 */
import type { Stack } from '../dev/stack.js';
import { measure, oneRange, type Measure } from './measure.js';

/** A free account's daily allowance (the spec's limits). */
const FREE = { freshPerDay: 250, callsPerDay: 2_000 };

/** The scenario's figures for one implementation. */
export interface LimitSide {
  /** The first calculation: it reaches the limit. */
  first: Measure;
  /** The next recalculations together. */
  recalculations: Measure;
}

/** The scenario, ours and the baseline. */
export interface LimitScenario {
  n: number;
  /** Fresh searches left when the column is first calculated. */
  freshLeft: number;
  /** API calls already used today. */
  callsUsed?: number;
  recalculations: number;
  ours: LimitSide;
  baseline: LimitSide;
}

/**
 * Runs the scenario on both stacks (each service on a free account's limits with part of the day spent,
 * then restored).
 * @param ours the add-on's stack
 * @param baseline the tutorial baseline's stack
 * @param n keywords in the column
 * @param freshLeft fresh searches left at the start (issue 30's case: 238 of 250)
 * @param callsUsed API calls used at the start (issue 30's case: 30 of 2,000)
 * @param recalculations how many recalculations follow
 */
export async function afterTheLimit(
  ours: Stack,
  baseline: Stack,
  n: number,
  freshLeft: number,
  callsUsed = 30,
  recalculations = 10,
): Promise<LimitScenario> {
  const cells = Array.from({ length: n }, (_, i) => `limit keyword ${i}`);
  const side = async (stack: Stack): Promise<LimitSide> => {
    await stack.service.control.reset();
    stack.resetRuntime();
    await stack.service.control.config(FREE);
    await stack.service.control.limits({ freshUsed: FREE.freshPerDay - freshLeft, callsUsed });
    try {
      const first = await measure(stack, () => oneRange(stack, cells));
      const again = await measure(stack, () => Array.from({ length: recalculations }, () => oneRange(stack, cells)).flat());
      return { first, recalculations: again };
    } finally {
      await stack.service.control.reset(); // back to the run's own limits
    }
  };
  return { n, freshLeft, callsUsed, recalculations, ours: await side(ours), baseline: await side(baseline) };
}
