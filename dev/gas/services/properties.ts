/**
 * PropertiesService with Google's limits: a value up to 9 KB, a store up to 500 KB (keys plus values),
 * values stored as strings, and read-only in custom functions (our stricter reading:
 * dev/gas/RULES.md). The stores persist across executions.
 */
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { QUOTA_EXCEEDED_MESSAGES, type DailyQuota } from '../execution/quota.js';
import { isPlainObject } from '../execution/realm.js';
import { GasObject, signatureError } from '../execution/service.js';

export const PROPERTY_LIMITS = Object.freeze({
  maxValueBytes: 9 * 1024,
  maxStoreBytes: 500 * 1024,
});

export const QUOTA_MESSAGE = 'You have exceeded the property storage quota. Please remove some properties and try again.';

/**
 * Storage behind one properties store. `replace` swaps the whole content so a write is all-or-nothing;
 * a later backend can live in a shared process.
 */
export interface PropertiesBackend {
  entries(): Record<string, string>;
  replace(next: Record<string, string>): void;
  /** Optional single read (a backend in another thread then needn't copy the whole store). */
  get?(key: string): string | null;
  /**
   * Optional atomic read-modify-write (a backend shared by threads): applies `change` to the current
   * content unless the result exceeds `maxStoreBytes`; returns whether it was applied.
   */
  update?(change: PropertyChange, maxStoreBytes: number): boolean;
}

/** One write to a store: keys to set, keys to delete, or (deleteAllOthers) start from empty. */
export interface PropertyChange {
  set?: Record<string, string>;
  delete?: readonly string[];
  deleteAllOthers?: boolean;
}

/** The content after `change`; existing keys keep their place, as an object spread would. */
export function applyPropertyChange(current: Record<string, string>, change: PropertyChange): Record<string, string> {
  const next: Record<string, string> = change.deleteAllOthers ? {} : { ...current };
  for (const k of change.delete ?? []) delete next[k];
  for (const [k, v] of Object.entries(change.set ?? {})) {
    // defineProperty, not assignment: a key like "__proto__" stays an ordinary property.
    Object.defineProperty(next, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return next;
}

/** In-process backend. */
export class MemoryPropertiesBackend implements PropertiesBackend {
  #data: Record<string, string> = {};

  entries(): Record<string, string> {
    return { ...this.#data };
  }

  replace(next: Record<string, string>): void {
    this.#data = { ...next };
  }
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Bytes a store uses: keys plus values, UTF-8. */
export function storeBytes(data: Record<string, string>): number {
  let n = 0;
  for (const [k, v] of Object.entries(data)) n += bytes(k) + bytes(v);
  return n;
}

/** One store (user, document or script) as the runtime holds it; usable outside executions. */
export class PropertyStore {
  constructor(
    readonly name: 'user' | 'document' | 'script',
    readonly backend: PropertiesBackend,
  ) {}

  get(key: string): string | null {
    if (this.backend.get) return this.backend.get(key);
    const data = this.backend.entries();
    return Object.prototype.hasOwnProperty.call(data, key) ? (data[key] ?? null) : null;
  }

  /** Sets a value without the limits (test setup). */
  set(key: string, value: string): void {
    this.update({ set: { [key]: value } });
  }

  delete(key: string): void {
    this.update({ delete: [key] });
  }

  /**
   * Applies `change` all or nothing; false (nothing stored) when the store would exceed
   * `maxStoreBytes`. Atomic in the backend when it supports it (shared stores of a worker pool).
   */
  update(change: PropertyChange, maxStoreBytes = Infinity): boolean {
    if (this.backend.update) return this.backend.update(change, maxStoreBytes);
    const next = applyPropertyChange(this.backend.entries(), change);
    if (storeBytes(next) > maxStoreBytes) return false;
    this.backend.replace(next);
    return true;
  }

  /** A copy of all properties. */
  snapshot(): Record<string, string> {
    return this.backend.entries();
  }

  clear(): void {
    this.backend.replace({});
  }

  /** Bytes used (keys plus values). */
  bytes(): number {
    return storeBytes(this.backend.entries());
  }

  /** A checked change as the script makes it: value sizes, then the store quota; all or nothing. */
  commitChange(change: PropertyChange): void {
    for (const v of Object.values(change.set ?? {})) {
      if (bytes(v) > PROPERTY_LIMITS.maxValueBytes) throw new GasException('Argument too large: value');
    }
    if (!this.update(change, PROPERTY_LIMITS.maxStoreBytes)) throw new GasException(QUOTA_MESSAGE);
  }
}

/** The runtime's three stores. */
export interface PropertyStores {
  user: PropertyStore;
  document: PropertyStore;
  script: PropertyStore;
}

/** Creates the runtime's stores (in-memory backends unless `backendFor` gives others). */
export function createPropertyStores(
  backendFor: (name: PropertyStore['name']) => PropertiesBackend = () => new MemoryPropertiesBackend(),
): PropertyStores {
  return {
    user: new PropertyStore('user', backendFor('user')),
    document: new PropertyStore('document', backendFor('document')),
    script: new PropertyStore('script', backendFor('script')),
  };
}

/** Strings pass; numbers and booleans are coerced like Apps Script does; anything else is refused. */
function coerceValue(value: unknown, method: string, args: readonly unknown[]): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw signatureError(`PropertiesService.Properties.${method}`, args);
}

/** A `Properties` object as the script sees it. Every read and write counts against the daily quota. */
export class PropertiesFake extends GasObject {
  readonly gasType = 'PropertiesService.Properties';
  readonly #exec: Execution;
  readonly #store: PropertyStore;
  readonly #quota: DailyQuota;

  constructor(exec: Execution, store: PropertyStore, quota: DailyQuota) {
    super();
    this.#exec = exec;
    this.#store = store;
    this.#quota = quota;
  }

  /** One property read or write: 50,000 a day (consumer accounts). */
  #count(): void {
    if (!this.#quota.take(1)) throw new GasException(QUOTA_EXCEEDED_MESSAGES.properties);
  }

  /** Custom functions may read but not write (Google names only the method). */
  #writable(method: string): void {
    if (this.#exec.authMode === 'CUSTOM_FUNCTION') throw this.#exec.refuse(method);
  }

  #key(key: unknown, method: string, args: readonly unknown[]): string {
    if (typeof key !== 'string') throw signatureError(`PropertiesService.Properties.${method}`, args);
    return key;
  }

  getProperty(...args: unknown[]): string | null {
    const key = this.#key(args[0], 'getProperty', args);
    this.#count();
    return this.#store.get(key);
  }

  getProperties(): Record<string, string> {
    this.#count();
    return this.#store.snapshot();
  }

  getKeys(): string[] {
    this.#count();
    return Object.keys(this.#store.snapshot());
  }

  setProperty(...args: unknown[]): this {
    this.#writable('setProperty');
    if (args.length !== 2) throw signatureError('PropertiesService.Properties.setProperty', args);
    const key = this.#key(args[0], 'setProperty', args);
    const value = coerceValue(args[1], 'setProperty', args);
    this.#count();
    this.#store.commitChange({ set: { [key]: value } });
    return this;
  }

  setProperties(...args: unknown[]): this {
    this.#writable('setProperties');
    const [props, deleteAllOthers] = args;
    if (!isPlainObject(props) || (deleteAllOthers !== undefined && typeof deleteAllOthers !== 'boolean')) {
      throw signatureError('PropertiesService.Properties.setProperties', args);
    }
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(props)) {
      Object.defineProperty(values, k, {
        value: coerceValue(v, 'setProperties', args),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    this.#count();
    this.#store.commitChange({ set: values, deleteAllOthers: deleteAllOthers === true });
    return this;
  }

  deleteProperty(...args: unknown[]): this {
    this.#writable('deleteProperty');
    const key = this.#key(args[0], 'deleteProperty', args);
    this.#count();
    this.#store.delete(key);
    return this;
  }

  deleteAllProperties(): this {
    this.#writable('deleteAllProperties');
    this.#count();
    this.#store.clear();
    return this;
  }
}

/**
 * The stores one execution reaches: the user store is the one Google gives this execution (in a custom
 * function, the spreadsheet owner's); the document store is null with no document (a time-driven trigger).
 */
export interface ExecutionPropertyStores {
  user: PropertyStore;
  document: PropertyStore | null;
  script: PropertyStore;
}

/** The `PropertiesService` global. */
export class PropertiesServiceFake extends GasObject {
  readonly gasType = 'PropertiesService';
  readonly #exec: Execution;
  readonly #stores: ExecutionPropertyStores;
  readonly #quota: DailyQuota;

  constructor(exec: Execution, stores: ExecutionPropertyStores, quota: DailyQuota) {
    super();
    this.#exec = exec;
    this.#stores = stores;
    this.#quota = quota;
  }

  #open(store: PropertyStore, method: string): PropertiesFake {
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', `PropertiesService.${method}`);
    return new PropertiesFake(this.#exec, store, this.#quota);
  }

  getUserProperties(): PropertiesFake {
    return this.#open(this.#stores.user, 'getUserProperties');
  }
  /** null with no document ("When document properties are not available this method returns null"). */
  getDocumentProperties(): PropertiesFake | null {
    const store = this.#stores.document;
    if (store) return this.#open(store, 'getDocumentProperties');
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', 'PropertiesService.getDocumentProperties');
    return null;
  }
  getScriptProperties(): PropertiesFake {
    return this.#open(this.#stores.script, 'getScriptProperties');
  }
}
