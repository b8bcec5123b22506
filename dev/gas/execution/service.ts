/**
 * How fakes are shown to the script. Each fake is a node class extending GasObject; `expose` hands the
 * script a proxy whose methods (1) refuse to run once the execution is terminated, (2) count the call
 * and wait its modelled latency (latency.ts), (3) refuse, in a custom function, any service Google does
 * not list for them (custom-function-services.ts), (4) turn node-realm results into script-realm values,
 * and (5) rethrow errors as script-realm Errors named "Exception".
 * Keeping this in one place lets every fake be written as plain node code.
 */
import { Execution, ExecutionTerminated, GasException, TIMEOUT_MESSAGE } from './execution.js';
import { refusedInCustomFunction } from './custom-function-services.js';
import { callSite, refusedCallSite } from './latency.js';
import { isDate, toInner } from './realm.js';

/** Base class of every fake service object (the marker `expose` and `toScript` look for). */
export abstract class GasObject {
  /** Name used in Google's messages, e.g. "CacheService.Cache". */
  abstract readonly gasType: string;
}

const proxies = new WeakMap<GasObject, object>();
const targets = new WeakMap<object, GasObject>();

/** The fake behind a proxy the script passed back (a Blob given to Utilities.gzip...), if any. */
export function unwrap(value: unknown): GasObject | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  return targets.get(value);
}

/** Returns the script-facing proxy of a fake (one per fake, so identity is stable). */
export function expose(exec: Execution, target: GasObject): object {
  const existing = proxies.get(target);
  if (existing) return existing;
  const methods = new Map<PropertyKey, unknown>();
  const data = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(target, {
    get(t, prop) {
      if (typeof prop !== 'string' || prop === 'constructor' || prop === 'gasType') return undefined;
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof value === 'function') {
        let wrapped = methods.get(prop);
        if (!wrapped) {
          wrapped = wrapMethod(exec, t, prop, value as (...args: unknown[]) => unknown);
          methods.set(prop, wrapped);
        }
        return wrapped;
      }
      if (value !== null && typeof value === 'object') {
        // Enums such as Utilities.DigestAlgorithm: converted once so `X.A === X.A` holds.
        if (!data.has(prop)) data.set(prop, toScript(exec, value));
        return data.get(prop);
      }
      return value;
    },
    set() {
      return false;
    },
    has(t, prop) {
      return typeof prop === 'string' && prop !== 'gasType' && prop in t;
    },
    getOwnPropertyDescriptor() {
      return undefined;
    },
    ownKeys() {
      return [];
    },
  });
  proxies.set(target, proxy);
  targets.set(proxy, target);
  return proxy;
}

function wrapMethod(exec: Execution, target: GasObject, name: string, fn: (...args: unknown[]) => unknown): unknown {
  const realm = exec.innerRealm;
  // A service Google does not list for custom functions refuses every call there (the call still made: charged).
  const refusal = exec.authMode === 'CUSTOM_FUNCTION' ? refusedInCustomFunction(target.gasType, name) : null;
  // Looked up once per method of each fake: which calls are service round trips, and what they cost.
  const site = refusal ? refusedCallSite(target.gasType, name) : callSite(target.gasType, name);
  const call = (...args: unknown[]): unknown => {
    try {
      exec.enter();
      if (site) exec.serviceCall(site);
      if (refusal) throw exec.refuse(refusal.call, refusal.scope);
      return toScript(exec, fn.apply(target, args));
    } catch (error) {
      throw toScriptError(exec, error);
    }
  };
  return realm.wrapFunction(call, name);
}

/** Converts a fake's node-realm result into what the script sees. */
export function toScript(exec: Execution, value: unknown): unknown {
  return toInner(exec.innerRealm, value, (obj) => (obj instanceof GasObject ? expose(exec, obj) : undefined));
}

/** Turns any error raised inside a fake into an Error of the script's realm. */
export function toScriptError(exec: Execution, error: unknown): unknown {
  const realm = exec.innerRealm;
  let message: string;
  if (error instanceof ExecutionTerminated) {
    exec.terminated = true;
    message = TIMEOUT_MESSAGE;
  } else if (error instanceof GasException) {
    message = error.message;
  } else if (error instanceof Error) {
    // A dev/gas bug or a node error: still an Error the script can catch, but say where it came from.
    message = `dev/gas internal error: ${error.message}`;
  } else {
    return error; // already a script value (e.g. thrown by a script callback)
  }
  const inner = new realm.Error(message);
  Object.defineProperty(inner, 'name', { value: 'Exception', writable: true, configurable: true });
  return inner;
}

/** Google's type names in "The parameters (...) don't match the method signature" messages. */
function javaTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return 'String';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'Boolean';
  if (Array.isArray(value)) return value.length > 0 ? `${javaTypeName(value[0])}[]` : 'Object[]';
  if (isDate(value)) return 'Date';
  if (typeof value === 'function') return 'Function';
  return 'Object';
}

/** The exception Google throws when arguments do not fit a method's signature. */
export function signatureError(method: string, args: readonly unknown[]): GasException {
  return new GasException(`The parameters (${args.map(javaTypeName).join(',')}) don't match the method signature for ${method}.`);
}

/** Throws the signature error unless `ok`. */
export function checkArgs(ok: boolean, method: string, args: readonly unknown[]): void {
  if (!ok) throw signatureError(method, args);
}
