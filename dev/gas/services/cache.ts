/**
 * CacheService with Google's limits: keys up to 250 characters, string values up to 100 KB, expiry
 * 1 s to 6 h (default 10 min), and any read may miss (`dropRate`). Eviction as Google states it: "If
 * more than 1,000 items are written, the cache stores the 900 items farthest from expiration"; each
 * item of a putAll counts as one write (the stricter reading), and among items expiring at the same
 * moment the earliest written goes first. Expiry is only a suggestion ("cached data may be removed
 * before this time"): a share of the items written go before it (`earlyRemoval`), each chosen, with
 * its moment, by a seeded hash of its key and write, so a run is reproducible whatever the order of
 * executions.
 * The three caches persist across executions: they are held by the runtime, not the execution.
 */
import { RuntimeClock, SeededRandom } from '../execution/clock.js';
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { isPlainObject } from '../execution/realm.js';
import { GasObject, checkArgs } from '../execution/service.js';

export const CACHE_LIMITS = Object.freeze({
  maxKeyLength: 250,
  maxValueBytes: 100 * 1024,
  defaultExpirationSeconds: 600,
  maxExpirationSeconds: 21_600,
  maxItems: 1000,
  /** What is kept once a write passes maxItems. */
  keptAfterEviction: 900,
});

/**
 * Items that go before their expiry. Google: "The specified expiration time is only a suggestion;
 * cached data may be removed before this time." It says neither how many nor when.
 */
export interface EarlyRemoval {
  /** The share of items written (0..1) that go before their expiry. */
  rate: number;
  /**
   * How old an item is at least when it goes early (ms); each goes at a moment drawn evenly between
   * that age and `withinMs` (an item that lives no longer than this never goes early).
   */
  notBeforeMs: number;
  /** How old an item is at most when it goes early (ms); default: up to its expiry. 0 with notBeforeMs 0: gone as it is written. */
  withinMs?: number;
  /** Seeds the draw: the same seed, keys and writes give the same removals. */
  seed: number;
}

/**
 * The default where a test does not choose: 10 % of items go early, each at any moment of its life,
 * even as it is written (Google promises no moment; dev/gas/RULES.md, "Cache expiry is only a
 * suggestion"). A test that counts what the add-on sends while every item stays chooses `{ rate: 0 }`.
 */
export const DEFAULT_EARLY_REMOVAL: Readonly<EarlyRemoval> = Object.freeze({ rate: 0.1, notBeforeMs: 0, seed: 1 });

/**
 * When an item written now goes: its expiry, or earlier for the share `early.rate` of writes.
 * @param early the removal model
 * @param key the item's key
 * @param write how many times the key was written before (a rewrite draws afresh)
 * @param now when it is written (ms)
 * @param expiresAt its expiry (ms)
 */
export function goneAt(early: EarlyRemoval, key: string, write: number, now: number, expiresAt: number): number {
  const earliest = now + early.notBeforeMs;
  if (early.rate <= 0 || earliest >= expiresAt) return expiresAt;
  const draw = (salt: number) => hash01(`${early.seed}|${salt}|${write}|${key}`);
  if (draw(1) >= early.rate) return expiresAt;
  const latest = Math.max(earliest, Math.min(expiresAt, now + (early.withinMs ?? Infinity)));
  return earliest + Math.floor(draw(2) * (latest - earliest));
}

/** A number in [0, 1) from a string (FNV-1a, then mulberry32's finaliser). */
function hash01(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  let t = (h + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A live entry, as tests inspect it. `expiresAt` is on the runtime clock (ms since epoch). */
export interface CacheEntry {
  key: string;
  value: string;
  expiresAt: number;
}

/**
 * Storage behind one cache. Synchronous on purpose: a later backend can live in a shared process
 * (reached through the same Atomics bridge as HTTP) for multi-worker concurrency tests.
 */
export interface CacheBackend {
  get(key: string, now: number): string | null;
  /**
   * Stores; past capacity, keeps only the `keptAfterEviction` entries farthest from expiration. `gone`
   * is when the item goes (before `expiresAt` when it goes early; a remote backend decides on its side).
   */
  put(key: string, value: string, expiresAt: number, now: number, gone?: number): void;
  remove(key: string): void;
  entries(now: number): CacheEntry[];
  clear(): void;
  /**
   * Optional batches, for a backend in another thread (one round trip, applied atomically there).
   * Without them the store loops over the single-key methods.
   */
  getMany?(keys: readonly string[], now: number): Array<string | null>;
  putMany?(entries: ReadonlyArray<readonly [string, string]>, expiresAt: number, now: number): void;
  removeMany?(keys: readonly string[]): void;
}

/** In-process backend: a Map in insertion order (re-put moves a key to the end). */
export class MemoryCacheBackend implements CacheBackend {
  /** `expiresAt` as written (eviction keeps the farthest from it); `gone` when the item really goes. */
  readonly #map = new Map<string, { value: string; expiresAt: number; gone: number }>();

  constructor(
    readonly capacity: number = CACHE_LIMITS.maxItems,
    readonly keptAfterEviction: number = CACHE_LIMITS.keptAfterEviction,
  ) {}

  get(key: string, now: number): string | null {
    const hit = this.#map.get(key);
    if (!hit) return null;
    if (hit.gone <= now) {
      this.#map.delete(key);
      return null;
    }
    return hit.value;
  }

  put(key: string, value: string, expiresAt: number, now: number, gone = expiresAt): void {
    this.#map.delete(key);
    this.#map.set(key, { value, expiresAt, gone: Math.min(gone, expiresAt) });
    if (this.#map.size <= this.capacity) return;
    for (const [k, v] of this.#map) if (v.gone <= now) this.#map.delete(k);
    if (this.#map.size <= this.capacity) return;
    // Google keeps the items farthest from expiration; a stable sort drops, among equal expiries,
    // the earliest written (the Map's order) first.
    const order = [...this.#map.entries()].map(([k, v], i) => ({ k, expiresAt: v.expiresAt, i }));
    order.sort((a, b) => a.expiresAt - b.expiresAt || a.i - b.i);
    for (const { k } of order.slice(0, order.length - this.keptAfterEviction)) this.#map.delete(k);
  }

  remove(key: string): void {
    this.#map.delete(key);
  }

  entries(now: number): CacheEntry[] {
    const out: CacheEntry[] = [];
    for (const [key, v] of this.#map) if (v.gone > now) out.push({ key, value: v.value, expiresAt: v.expiresAt });
    return out;
  }

  clear(): void {
    this.#map.clear();
  }
}

/** One cache (document, user or script) as the runtime holds it, with knobs for tests. */
export class CacheStore {
  /** Probability (0..1) that any single key read misses, drawn from a seeded RNG. */
  dropRate = 0;
  /** Which items go before their expiry, and when (a test may set it, or its `rate` alone). */
  earlyRemoval: EarlyRemoval;
  readonly #random = new SeededRandom(1);
  /** How many times each key was written: a rewrite draws its removal afresh. */
  readonly #writes = new Map<string, number>();

  constructor(
    readonly name: 'document' | 'user' | 'script',
    readonly backend: CacheBackend,
    readonly clock: RuntimeClock,
    earlyRemoval: Partial<EarlyRemoval> = {},
  ) {
    this.earlyRemoval = { ...DEFAULT_EARLY_REMOVAL, ...earlyRemoval };
  }

  /** Seeds the RNG behind dropRate, and the draw of the items that go early. */
  setSeed(seed: number): void {
    this.#random.setSeed(seed);
    this.earlyRemoval = { ...this.earlyRemoval, seed };
  }

  /**
   * Stores a value as the script's write does, its removal drawn here (the pool's side of a worker's
   * write, too).
   * @param key the key
   * @param value the value
   * @param expiresAt its expiry (ms, runtime clock)
   * @param now the time (ms)
   */
  store(key: string, value: string, expiresAt: number, now: number): void {
    const write = this.#writes.get(key) ?? 0;
    this.#writes.set(key, write + 1);
    this.backend.put(key, value, expiresAt, now, goneAt(this.earlyRemoval, key, write, now, expiresAt));
  }

  /** Live (unexpired) entries, oldest put first. */
  entries(): CacheEntry[] {
    return this.backend.entries(this.clock.now());
  }

  /** Live keys. */
  keys(): string[] {
    return this.entries().map((e) => e.key);
  }

  /** Reads a value without the limits or dropRate (for test assertions). */
  peek(key: string): string | null {
    return this.backend.get(key, this.clock.now());
  }

  /** Stores a value without the checks (for test setup). */
  seed(key: string, value: string, expirationInSeconds: number = CACHE_LIMITS.defaultExpirationSeconds): void {
    const now = this.clock.now();
    this.backend.put(key, value, now + expirationInSeconds * 1000, now);
  }

  clear(): void {
    this.backend.clear();
  }

  /** Deletes the entries matching `predicate` now; returns how many. */
  drop(predicate: (key: string, value: string) => boolean): number {
    let n = 0;
    for (const e of this.entries()) {
      if (predicate(e.key, e.value)) {
        this.backend.remove(e.key);
        n++;
      }
    }
    return n;
  }

  /** A read as the script does it: may miss on purpose. */
  read(key: string): string | null {
    return this.#maybeDrop(this.backend.get(key, this.clock.now()));
  }

  /** Reads of several keys, in order (one backend call when the backend batches). */
  readAll(keys: readonly string[]): Array<string | null> {
    if (!this.backend.getMany) return keys.map((k) => this.read(k));
    return this.backend.getMany(keys, this.clock.now()).map((v) => this.#maybeDrop(v));
  }

  #maybeDrop(value: string | null): string | null {
    if (value === null) return null;
    if (this.dropRate > 0 && this.#random.next() < this.dropRate) return null;
    return value;
  }

  write(key: string, value: string, expirationInSeconds: number): void {
    const now = this.clock.now();
    this.store(key, value, now + expirationInSeconds * 1000, now);
  }

  /** Writes several entries with one expiry (one backend call when the backend batches). */
  writeAll(entries: ReadonlyArray<readonly [string, string]>, expirationInSeconds: number): void {
    if (!this.backend.putMany) {
      for (const [k, v] of entries) this.write(k, v, expirationInSeconds);
      return;
    }
    const now = this.clock.now();
    this.backend.putMany(entries, now + expirationInSeconds * 1000, now);
  }

  /** Removes several keys (one backend call when the backend batches). */
  removeAll(keys: readonly string[]): void {
    if (this.backend.removeMany) this.backend.removeMany(keys);
    else for (const k of keys) this.backend.remove(k);
  }
}

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A `Cache` object as the script sees it. */
export class CacheFake extends GasObject {
  readonly gasType = 'CacheService.Cache';
  readonly #store: CacheStore;

  constructor(store: CacheStore) {
    super();
    this.#store = store;
  }

  #key(key: unknown, method: string, args: unknown[]): string {
    checkArgs(typeof key === 'string', `CacheService.Cache.${method}`, args);
    const k = key as string;
    if (k.length > CACHE_LIMITS.maxKeyLength) throw new GasException('Argument too large: key');
    return k;
  }

  #value(value: unknown, method: string, args: unknown[]): string {
    checkArgs(typeof value === 'string', `CacheService.Cache.${method}`, args);
    const v = value as string;
    if (utf8Length(v) > CACHE_LIMITS.maxValueBytes) throw new GasException('Argument too large: value');
    return v;
  }

  #expiration(seconds: unknown, method: string, args: unknown[]): number {
    if (seconds === undefined) return CACHE_LIMITS.defaultExpirationSeconds;
    checkArgs(typeof seconds === 'number', `CacheService.Cache.${method}`, args);
    const s = seconds as number;
    if (!Number.isInteger(s) || s < 1 || s > CACHE_LIMITS.maxExpirationSeconds) {
      throw new GasException('Invalid argument: expirationInSeconds');
    }
    return s;
  }

  #keys(keys: unknown, method: string, args: unknown[]): string[] {
    checkArgs(Array.isArray(keys), `CacheService.Cache.${method}`, args);
    return (keys as unknown[]).map((k) => this.#key(k, method, args));
  }

  /** The value, or null when missing, expired or dropped. */
  get(...args: unknown[]): string | null {
    return this.#store.read(this.#key(args[0], 'get', args));
  }

  /** An object holding only the keys found. */
  getAll(...args: unknown[]): Record<string, string> {
    const out: Record<string, string> = {};
    const keys = this.#keys(args[0], 'getAll', args);
    const values = this.#store.readAll(keys);
    keys.forEach((key, i) => {
      const value = values[i];
      if (value !== null && value !== undefined) out[key] = value;
    });
    return out;
  }

  put(...args: unknown[]): void {
    checkArgs(args.length >= 2 && args.length <= 3, 'CacheService.Cache.put', args);
    const key = this.#key(args[0], 'put', args);
    const value = this.#value(args[1], 'put', args);
    this.#store.write(key, value, this.#expiration(args[2], 'put', args));
  }

  /** All entries are checked before any is stored. */
  putAll(...args: unknown[]): void {
    checkArgs(isPlainObject(args[0]) && args.length <= 2, 'CacheService.Cache.putAll', args);
    const seconds = this.#expiration(args[1], 'putAll', args);
    const entries = Object.entries(args[0] as Record<string, unknown>).map(
      ([k, v]) => [this.#key(k, 'putAll', args), this.#value(v, 'putAll', args)] as const,
    );
    this.#store.writeAll(entries, seconds);
  }

  remove(...args: unknown[]): void {
    this.#store.backend.remove(this.#key(args[0], 'remove', args));
  }

  removeAll(...args: unknown[]): void {
    this.#store.removeAll(this.#keys(args[0], 'removeAll', args));
  }
}

/** The three stores a runtime holds. */
export interface CacheStores {
  document: CacheStore;
  user: CacheStore;
  script: CacheStore;
}

/** Creates the runtime's caches (in-memory backends unless `backendFor` gives others). */
export function createCacheStores(
  clock: RuntimeClock,
  backendFor: (name: CacheStore['name']) => CacheBackend = () => new MemoryCacheBackend(),
  earlyRemoval: Partial<EarlyRemoval> = {},
): CacheStores {
  return {
    document: new CacheStore('document', backendFor('document'), clock, earlyRemoval),
    user: new CacheStore('user', backendFor('user'), clock, earlyRemoval),
    script: new CacheStore('script', backendFor('script'), clock, earlyRemoval),
  };
}

/** The caches one execution reaches: no document cache without a document (a time-driven trigger). */
export interface ExecutionCacheStores {
  document: CacheStore | null;
  user: CacheStore;
  script: CacheStore;
}

/** The `CacheService` global. */
export class CacheServiceFake extends GasObject {
  readonly gasType = 'CacheService';
  readonly #exec: Execution;
  readonly #stores: ExecutionCacheStores;

  constructor(exec: Execution, stores: ExecutionCacheStores) {
    super();
    this.#exec = exec;
    this.#stores = stores;
  }

  #get(which: keyof ExecutionCacheStores, method: string): CacheFake | null {
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', `CacheService.${method}`);
    const store = this.#stores[which];
    return store ? new CacheFake(store) : null;
  }

  /** null with no containing document (Google: "or null if there is no containing document"). */
  getDocumentCache(): CacheFake | null {
    return this.#get('document', 'getDocumentCache');
  }
  getUserCache(): CacheFake {
    return this.#get('user', 'getUserCache') as CacheFake;
  }
  getScriptCache(): CacheFake {
    return this.#get('script', 'getScriptCache') as CacheFake;
  }
}
