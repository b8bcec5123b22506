/**
 * The one place the playground runs a custom function for a cell. Every evaluation the formula engine
 * makes comes through `evaluateCustomFunction`, so how Sheets runs a custom function (today: one fresh
 * execution; later: a remembered result for the same function and arguments) changes in one line here.
 */
import type { ExecutionResult, GasRuntime } from '../gas/index.js';

/** One evaluation: the execution's result, and whether it was a remembered one (no execution ran). */
export interface Evaluation {
  remembered: boolean;
  result: ExecutionResult;
}

/**
 * Evaluates `fn(args)` for a cell as Sheets does.
 * @param runtime the dev/gas runtime holding the built Code.js
 * @param fn one of the add-on's custom functions
 * @param args the arguments as Sheets passes them (see arguments.ts)
 */
export function evaluateCustomFunction(runtime: GasRuntime, fn: string, args: unknown[]): Evaluation {
  return { remembered: false, result: runtime.run(fn, args, { mode: 'custom-function' }) };
}
