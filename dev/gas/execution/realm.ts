/**
 * Moving values between node's realm and the script's vm realm.
 *
 * Apps Script code sees only its own realm: an argument Date must pass `instanceof Date`, a returned
 * array must pass `instanceof Array`. So arguments and service results are rebuilt with the context's
 * own constructors, and results are rebuilt with node's on the way out.
 */
import vm from 'node:vm';

/** The intrinsics of one vm context, captured before the script can change its globals. */
export interface Realm {
  readonly context: vm.Context;
  readonly Array: ArrayConstructor;
  readonly Object: ObjectConstructor;
  readonly Date: DateConstructor;
  readonly Error: ErrorConstructor;
  /** Wraps a node function in a function of the script's realm (so `instanceof Function` holds). */
  readonly wrapFunction: (fn: (...args: unknown[]) => unknown, name: string) => (...args: unknown[]) => unknown;
}

const intrinsicsScript = new vm.Script(
  `({
    Array: Array, Object: Object, Date: Date, Error: Error,
    wrapFunction: function (fn, name) {
      var apply = Reflect.apply;
      var wrapped = function () { return apply(fn, this, arguments); };
      Object.defineProperty(wrapped, 'name', { value: name });
      return wrapped;
    }
  })`,
  { filename: 'dev-gas-intrinsics.js' },
);

/** Captures the intrinsics of a freshly created context. */
export function createRealm(context: vm.Context): Realm {
  const got = intrinsicsScript.runInContext(context) as Omit<Realm, 'context'>;
  return { context, ...got };
}

function allPrimitive(values: readonly unknown[]): boolean {
  for (const v of values) if (v !== null && (typeof v === 'object' || typeof v === 'function')) return false;
  return true;
}

/** `[object Date]` test that works across realms. */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/** `[object Error]` test that works across realms. */
export function isError(value: unknown): value is Error {
  return Object.prototype.toString.call(value) === '[object Error]';
}

/** True for `{}`-style objects of any realm (prototype is null or a realm's Object.prototype). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Deep-copies node-realm data into the script's realm: arrays, plain objects and Dates are rebuilt,
 * primitives pass through. `mapObject` may claim other objects (service objects); any other object
 * that is not already of the script's realm is a dev/gas bug and throws.
 */
export function toInner(realm: Realm, value: unknown, mapObject?: (value: object) => unknown, seen = new Map<object, unknown>()): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  const obj: object = value;
  const done = seen.get(obj);
  if (done !== undefined) return done;
  if (mapObject) {
    const mapped = mapObject(obj);
    if (mapped !== undefined) return mapped;
  }
  if (obj instanceof Array) {
    // Fast path for big byte arrays (getContent of a 50 MB body): a native copy.
    // concat onto an empty script-realm array is a native copy and yields a script-realm array.
    if (allPrimitive(obj)) return realm.Array.prototype.concat.call(new realm.Array(), obj);
    const out = new realm.Array();
    seen.set(obj, out);
    for (const item of obj) out.push(toInner(realm, item, mapObject, seen));
    return out;
  }
  if (obj instanceof Date) return new realm.Date(obj.getTime());
  if (typeof obj === 'function') {
    throw new Error('dev/gas: cannot pass a node function into the script realm');
  }
  const proto: unknown = Object.getPrototypeOf(obj);
  if (proto === Object.prototype || proto === null) {
    const out = new realm.Object() as Record<string, unknown>;
    seen.set(obj, out);
    for (const [k, v] of Object.entries(obj)) out[k] = toInner(realm, v, mapObject, seen);
    return out;
  }
  if (proto === realm.Object.prototype || proto === realm.Array.prototype || proto === realm.Date.prototype) {
    return obj; // already the script's
  }
  throw new Error(`dev/gas: cannot pass a ${Object.prototype.toString.call(obj)} into the script realm`);
}

/**
 * Deep-copies script-realm data back to node: arrays, plain objects and Dates are rebuilt, anything
 * else (class instances, functions, Maps) is returned as it is.
 */
export function toOuter(value: unknown, seen = new Map<object, unknown>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  const done = seen.get(value);
  if (done !== undefined) return done;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(toOuter(item, seen));
    return out;
  }
  if (isDate(value)) return new Date(value.getTime());
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    seen.set(value, out);
    for (const [k, v] of Object.entries(value)) out[k] = toOuter(v, seen);
    return out;
  }
  return value;
}

/**
 * Any value as JavaScript's String() writes it, objects included ("[object Object]", or their own
 * toString()): how the fakes turn what a script passes where Apps Script takes a string, and how a
 * harness message shows a value that has no business there. Meant for values of unknown type.
 */
export function stringOf(value: unknown): string {
  return String(value);
}

/** A short description of a value's type for messages ("null", "an object", "a nested array"...). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : String(value);
  if (typeof value === 'bigint') return 'a bigint';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (isDate(value)) return 'an invalid Date';
  if (typeof (value as { then?: unknown }).then === 'function') return 'a Promise';
  return 'an object';
}
