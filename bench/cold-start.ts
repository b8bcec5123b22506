/** Cold evaluation of a Code.js: its global scope evaluated in a fresh context, as every cell does. */
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';

/**
 * Median milliseconds to evaluate `code` in a new empty context (context creation not counted: it is
 * the platform's cost, the same for any script).
 * @param code the script
 * @param runs how many evaluations
 */
export function coldEvaluation(code: string, runs: number): { medianMs: number; p90Ms: number } {
  const script = new vm.Script(code, { filename: 'Code.js' });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = vm.createContext({});
    const began = performance.now();
    script.runInContext(context);
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(runs / 2)] ?? 0, p90Ms: times[Math.floor(runs * 0.9)] ?? 0 };
}
