/**
 * One execution inside its vm context: Google loading the project (every script file, in order), then
 * the called function, against the execution's deadline; and its result as Google gives it.
 */
import vm from 'node:vm';
import { AUTHORIZATION_REQUIRED_MESSAGE, TIMEOUT_MESSAGE, type Execution, type ExecutionMode } from '../execution/execution.js';
import { isError, toOuter } from '../execution/realm.js';
import { checkCustomFunctionResult, checkSidebarResult } from '../execution/result.js';
import type { ExecutionResult } from './options.js';
import { thrown } from './results.js';

/** Lets a blocking fake report the deadline before vm's watchdog does (real ms). */
const WATCHDOG_GRACE_MS = 25;

const CALL_KEY = `__devGasCall_${Math.random().toString(36).slice(2)}`;
/** Calls the function inside the context, so vm's timeout and microtask draining apply to it. */
const invoker = new vm.Script(
  `(function () {
    var call = globalThis[${JSON.stringify(CALL_KEY)}];
    delete globalThis[${JSON.stringify(CALL_KEY)}];
    var out = call.out;
    var result = call.fn.apply(undefined, call.args);
    out.value = result;
    if (call.settle && result !== null && (typeof result === 'object' || typeof result === 'function') &&
        typeof result.then === 'function') {
      out.pending = true;
      result.then(function (v) { out.pending = false; out.value = v; },
                  function (e) { out.pending = false; out.rejected = true; out.error = e; });
    }
  })();`,
  { filename: 'dev-gas-invoke.js' },
);

interface CallOut {
  value?: unknown;
  pending?: boolean;
  rejected?: boolean;
  error?: unknown;
}

function isVmTimeout(error: unknown): boolean {
  // node creates this error in the context's realm, so no instanceof here.
  return isError(error) && (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/** What the call gave, before the execution's own figures are added (finish). */
type Outcome = Pick<ExecutionResult, 'ok' | 'value' | 'error' | 'stack'>;

/**
 * Runs an execution in its fresh context: every script file, then `functionName` with the arguments
 * `makeArgs` builds inside the context. Throws what the context throws (failedExecution makes it a result).
 */
export function runInContext(
  exec: Execution,
  context: vm.Context,
  global: Record<string, unknown>,
  scripts: readonly vm.Script[],
  functionName: string,
  mode: ExecutionMode,
  makeArgs: (exec: Execution) => unknown[],
): ExecutionResult {
  // Google loading the project: counted against the deadline like everything after it.
  exec.startUp();
  // vm's watchdog counts real time: the script time left, divided by the scale.
  const timeout = (): number => Math.max(1, Math.ceil(exec.remainingRealMs()) + WATCHDOG_GRACE_MS);
  // Every script file of the project, in order, whichever function is called (dev/gas/RULES.md, "Project files").
  for (const script of scripts) {
    script.runInContext(context, { timeout: timeout() });
    if (exec.remainingMs() <= 0) exec.terminated = true;
    if (exec.terminated) return finish(exec, { ok: false });
  }

  const fn = global[functionName];
  if (typeof fn !== 'function' || functionName.endsWith('_')) {
    return finish(exec, { ok: false, error: `Script function not found: ${functionName}` });
  }
  const realm = exec.innerRealm;
  const innerArgs = new realm.Array();
  for (const a of makeArgs(exec)) innerArgs.push(a);
  const out: CallOut = {};
  Object.defineProperty(global, CALL_KEY, {
    value: { fn, args: innerArgs, out, settle: mode !== 'custom-function' },
    configurable: true,
    enumerable: false,
  });
  invoker.runInContext(context, { timeout: timeout() });
  if (exec.remainingMs() <= 0) exec.terminated = true;
  if (exec.terminated) return finish(exec, { ok: false });
  if (out.pending) return finish(exec, { ok: false, error: `The Promise returned by ${functionName} never settled.` });
  if (out.rejected) return finish(exec, thrown(out.error));
  return finish(exec, convertResult(exec, functionName, mode, out.value));
}

/** The result of an execution whose context threw `error` (vm's watchdog: the time limit). */
export function failedExecution(exec: Execution, error: unknown): ExecutionResult {
  if (isVmTimeout(error)) exec.terminated = true;
  return finish(exec, thrown(error));
}

/** The execution's result: what the call gave, unless it ran out of time, with its figures. */
function finish(exec: Execution, partial: Outcome): ExecutionResult {
  const timedOut = exec.terminated;
  const realDurationMs = exec.realElapsedMs();
  const result: ExecutionResult = {
    ok: timedOut ? false : partial.ok,
    timedOut,
    durationMs: exec.scriptMsAfter(realDurationMs),
    realDurationMs,
    logs: exec.logs,
    fetchCount: exec.fetchCount,
    urls: exec.urls,
    executionId: exec.id,
    refusedCalls: exec.refused,
    ...exec.meter.report(),
    ...exec.waitReport(),
  };
  if (timedOut) result.error = TIMEOUT_MESSAGE;
  else if (exec.consentEnded) {
    // requireScopes ended it: whatever the script caught, the execution failed (consent.ts).
    result.ok = false;
    result.error = AUTHORIZATION_REQUIRED_MESSAGE;
  } else {
    if ('value' in partial) result.value = partial.value;
    if (partial.error !== undefined) result.error = partial.error;
    if (partial.stack !== undefined) result.stack = partial.stack;
  }
  return result;
}

/** The returned value as Google hands it on: a custom function's checked, a sidebar call's as google.script.run sends it. */
function convertResult(
  exec: Execution,
  functionName: string,
  mode: ExecutionMode,
  value: unknown,
): Pick<ExecutionResult, 'ok' | 'value' | 'error'> {
  if (mode === 'custom-function') {
    const checked = checkCustomFunctionResult(functionName, value);
    return checked.ok ? { ok: true, value: checked.value } : { ok: false, error: checked.error };
  }
  if (mode === 'sidebar') {
    const checked = checkSidebarResult(value);
    if (checked.problem) {
      exec.log('warn', `[dev/gas] google.script.run delivers null: the result of ${functionName} cannot be sent (${checked.problem}).`);
    }
    return { ok: true, value: checked.value };
  }
  return { ok: true, value: toOuter(value) };
}
