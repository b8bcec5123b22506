/**
 * The one place the playground evaluates a custom function for a cell. Every evaluation the formula
 * engine makes comes through `evaluateCustomFunction`, so it follows Sheets: a custom function re-runs
 * only when its arguments change, and Sheets may hand back the result it remembers for the same function
 * and arguments, even after the formula is deleted and typed again (dev/gas models that).
 */
import type { ExecutionResult, GasRuntime } from '../gas/index.js';

/** One evaluation: the execution's result, and whether it was a remembered one (no execution ran). */
export interface Evaluation {
  remembered: boolean;
  result: ExecutionResult;
}

/**
 * Evaluates `fn(args)` for a cell as Sheets does: the remembered result for these arguments in the
 * runtime's spreadsheet, else one new execution (whose result is remembered from then on).
 * @param runtime the dev/gas runtime holding the built Code.js
 * @param fn one of the add-on's custom functions
 * @param args the arguments as Sheets passes them (see arguments.ts)
 */
export function evaluateCustomFunction(runtime: GasRuntime, fn: string, args: unknown[]): Evaluation {
  return runtime.evaluateCustomFunction(fn, args);
}
