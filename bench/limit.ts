/**
 * Spend nothing twice (issue 12): a column of new keywords hits the fresh-search limit, then is
 * recalculated ten times. Each refused request costs one of the day's API calls, so the add-on's limit
 * guard must send none of them again; the baseline sends every cell every time.
 */
import type { Stack } from '../dev/stack.js';
import { measure, oneRange, type Measure } from './measure.js';

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
  freshPerDay: number;
  recalculations: number;
  ours: LimitSide;
  baseline: LimitSide;
}

/**
 * Runs the scenario on both stacks (each with its service's fresh-search limit lowered, then restored).
 * @param ours the add-on's stack
 * @param baseline the tutorial baseline's stack
 * @param n keywords in the column
 * @param freshPerDay the fresh-search limit for the run
 * @param recalculations how many recalculations follow
 */
export async function afterTheLimit(
  ours: Stack,
  baseline: Stack,
  n: number,
  freshPerDay: number,
  recalculations = 10,
): Promise<LimitScenario> {
  const cells = Array.from({ length: n }, (_, i) => `limit keyword ${i}`);
  const side = async (stack: Stack): Promise<LimitSide> => {
    await stack.service.control.reset();
    stack.resetRuntime();
    await stack.service.control.config({ freshPerDay });
    try {
      const first = await measure(stack, () => oneRange(stack, cells));
      const again = await measure(stack, () => Array.from({ length: recalculations }, () => oneRange(stack, cells)).flat());
      return { first, recalculations: again };
    } finally {
      await stack.service.control.reset(); // back to the run's own limits
    }
  };
  return { n, freshPerDay, recalculations, ours: await side(ours), baseline: await side(baseline) };
}
