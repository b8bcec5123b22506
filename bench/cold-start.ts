/**
 * Cold evaluation of a project: every script file evaluated at global scope in a fresh context, in
 * order, as Google does at the start of every execution, every cell evaluation included.
 */
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';
import type { ScriptFile } from '../dev/gas/index.js';

/** Median and 90th percentile, in milliseconds. */
export interface Timing {
  medianMs: number;
  p90Ms: number;
}

/** What evaluating a project costs one execution. */
export interface ColdEvaluation {
  /** Every file parsed and compiled afresh, then evaluated: nothing cached between runs. */
  parsed: Timing;
  /** Every file compiled once, evaluated afresh in each new context (a compile cache that always hits). */
  compiled: Timing;
  /** Each file alone, parsed afresh and evaluated in an empty context: what it does at load. */
  files: { name: string; bytes: number; parsed: Timing }[];
}

/** Runs before timing so node's own start-up (JIT, the compile pipeline) is not counted. */
const WARM_UP = 20;

/**
 * Median milliseconds to evaluate every script file of `project`, in order, in a new empty context
 * (context creation not counted: the platform's cost, the same for any script).
 * @param project the script files, in order
 * @param runs how many evaluations
 */
export function coldEvaluation(project: readonly ScriptFile[], runs: number): ColdEvaluation {
  const compiledScripts = project.map((f) => new vm.Script(f.source, { filename: f.name }));
  const parseAll = (context: vm.Context, i: number) => {
    for (const f of project) freshScript(f, i).runInContext(context);
  };
  // A first whole pass untimed: the process's first few hundred parses run slower (heap growth), whatever came before.
  timed(runs, parseAll);
  return {
    parsed: timed(runs, parseAll),
    compiled: timed(runs, (context) => {
      for (const script of compiledScripts) script.runInContext(context);
    }),
    files: project.map((f) => ({
      name: f.name,
      bytes: Buffer.byteLength(f.source),
      parsed: timed(runs, (context, i) => {
        freshScript(f, i).runInContext(context);
      }),
    })),
  };
}

/**
 * What a call into the project costs on top of loading it, in a fresh context: `call` is evaluated
 * after every file, e.g. `SDM.server()` (Server.js's bundle running on its first use, what a
 * sidebar, menu or trigger execution pays once).
 * @param project the script files, in order
 * @param call an expression evaluated after the files
 * @param runs how many evaluations
 */
export function firstCall(project: readonly ScriptFile[], call: string, runs: number): Timing {
  const scripts = project.map((f) => new vm.Script(f.source, { filename: f.name }));
  const callScript = new vm.Script(call);
  return timed(
    runs,
    (context) => {
      callScript.runInContext(context);
    },
    (context) => {
      for (const script of scripts) script.runInContext(context);
    },
  );
}

/** A file's source made unique for run `i`, so V8's compile cache cannot serve it: a real parse. */
function freshScript(f: ScriptFile, i: number): vm.Script {
  return new vm.Script(`${f.source}\n// cold run ${i}`, { filename: f.name });
}

function timed(runs: number, body: (context: vm.Context, i: number) => void, before?: (context: vm.Context) => void): Timing {
  const times: number[] = [];
  for (let i = -WARM_UP; i < runs; i++) {
    const context = vm.createContext({});
    before?.(context);
    const began = performance.now();
    body(context, i + WARM_UP);
    if (i >= 0) times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(runs / 2)] ?? 0, p90Ms: times[Math.floor(runs * 0.9)] ?? 0 };
}
