/**
 * Cache, properties and lock backends that live in another thread (GasWorkerPool's), reached by a
 * synchronous RPC, the same bridge as sync-http.ts: the worker posts a request on a MessagePort and
 * sleeps in Atomics.wait; the pool thread answers from its event loop (it never blocks), posts the
 * reply, then Atomics.notify; the worker reads the reply with receiveMessageOnPort.
 *
 * Every request is handled by one synchronous function on the pool thread, so each backend call —
 * a batch of cache puts, a property change with its quota check, a lock acquisition — is atomic with
 * respect to all workers.
 */
import { performance } from 'node:perf_hooks';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { CacheBackend, CacheEntry, CacheStores } from '../services/cache.js';
import type { RuntimeClock } from '../execution/clock.js';
import { GasException } from '../execution/execution.js';
import type { LockBackend, LockRegistry } from '../services/lock.js';
import type { PropertiesBackend, PropertyChange, PropertyStores } from '../services/properties.js';

/** How long a worker waits for the pool thread before giving up (a harness failure, not a script one). */
export const RPC_TIMEOUT_MS = 60_000;

export interface RpcRequest {
  id: number;
  op: string;
  args: unknown[];
}

export type RpcReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; gas: boolean; message: string };

type CacheName = 'document' | 'user' | 'script';
type PropertiesName = 'user' | 'document' | 'script';

/** The worker's end: one call at a time (the worker's thread is blocked during it). */
export class RpcClient {
  readonly #port: MessagePort;
  readonly #flag: Int32Array;
  #seq = 0;
  /** Calls made, for overhead measurements. */
  calls = 0;

  constructor(port: MessagePort, signal: SharedArrayBuffer) {
    this.#port = port;
    this.#flag = new Int32Array(signal);
  }

  call(op: string, args: unknown[]): unknown {
    const id = ++this.#seq;
    this.calls++;
    // Arm before posting: the pool sets 1 only after its reply is on the port.
    Atomics.store(this.#flag, 0, 0);
    this.#port.postMessage({ id, op, args } satisfies RpcRequest);
    const giveUpAt = performance.now() + RPC_TIMEOUT_MS;
    for (;;) {
      const got = receiveMessageOnPort(this.#port);
      if (got) {
        const reply = got.message as RpcReply;
        if (reply.id !== id) continue; // a late answer to a call that gave up
        if (reply.ok) return reply.value;
        throw reply.gas ? new GasException(reply.message) : new Error(reply.message);
      }
      const left = giveUpAt - performance.now();
      if (left <= 0) throw new Error(`dev/gas pool: the pool thread did not answer ${op} in ${RPC_TIMEOUT_MS} ms`);
      Atomics.wait(this.#flag, 0, 0, left);
    }
  }
}

/**
 * A cache in the pool thread. `get`/`getMany` are script reads: the pool's store applies its
 * `dropRate` there, so `pool.caches.document.dropRate` works for every worker; writes draw there which
 * items go early (`earlyRemoval`: the worker's own draw is not sent). Expiry is decided on the pool's
 * side with its clock, which every worker's clock shares (SharedClock).
 */
export class RemoteCacheBackend implements CacheBackend {
  constructor(
    private readonly rpc: RpcClient,
    private readonly name: CacheName,
  ) {}

  get(key: string): string | null {
    return this.rpc.call('cache.get', [this.name, key]) as string | null;
  }
  getMany(keys: readonly string[]): Array<string | null> {
    return this.rpc.call('cache.getMany', [this.name, keys]) as Array<string | null>;
  }
  put(key: string, value: string, expiresAt: number): void {
    this.rpc.call('cache.put', [this.name, key, value, expiresAt]);
  }
  putMany(entries: ReadonlyArray<readonly [string, string]>, expiresAt: number): void {
    this.rpc.call('cache.putMany', [this.name, entries, expiresAt]);
  }
  remove(key: string): void {
    this.rpc.call('cache.remove', [this.name, key]);
  }
  removeMany(keys: readonly string[]): void {
    this.rpc.call('cache.removeMany', [this.name, keys]);
  }
  entries(): CacheEntry[] {
    return this.rpc.call('cache.entries', [this.name]) as CacheEntry[];
  }
  clear(): void {
    this.rpc.call('cache.clear', [this.name]);
  }
}

/** A properties store in the pool thread; writes are changes applied atomically there. */
export class RemotePropertiesBackend implements PropertiesBackend {
  constructor(
    private readonly rpc: RpcClient,
    private readonly name: PropertiesName,
  ) {}

  entries(): Record<string, string> {
    return this.rpc.call('props.entries', [this.name]) as Record<string, string>;
  }
  replace(next: Record<string, string>): void {
    this.rpc.call('props.replace', [this.name, next]);
  }
  get(key: string): string | null {
    return this.rpc.call('props.get', [this.name, key]) as string | null;
  }
  update(change: PropertyChange, maxStoreBytes: number): boolean {
    return this.rpc.call('props.update', [this.name, change, maxStoreBytes]) as boolean;
  }
}

/**
 * Locks in the pool thread. A hold's end (`untilMs`, on this thread's performance.now) crosses as
 * epoch milliseconds: each thread's performance.now has its own origin.
 */
export class RemoteLockBackend implements LockBackend {
  constructor(private readonly rpc: RpcClient) {}

  tryAcquire(key: string, owner: string, untilMs = Infinity): boolean {
    const untilEpochMs = Number.isFinite(untilMs) ? performance.timeOrigin + untilMs : untilMs;
    return this.rpc.call('lock.tryAcquire', [key, owner, untilEpochMs]) as boolean;
  }
  release(key: string, owner: string): void {
    this.rpc.call('lock.release', [key, owner]);
  }
  holder(key: string): string | undefined {
    return (this.rpc.call('lock.holder', [key]) as string | null) ?? undefined;
  }
}

/** What the pool thread serves. */
export interface SharedStores {
  caches: CacheStores;
  properties: PropertyStores;
  locks: LockRegistry;
  clock: RuntimeClock;
}

const STORE_NAMES = new Set(['document', 'user', 'script']);

function storeName(value: unknown): CacheName {
  if (typeof value !== 'string' || !STORE_NAMES.has(value)) throw new Error(`dev/gas pool: unknown store ${String(value)}`);
  return value as CacheName;
}

/** Handles one request against the shared stores, synchronously (hence atomically). */
export function handleBackendCall(stores: SharedStores, op: string, args: unknown[]): unknown {
  const a = args;
  switch (op) {
    case 'cache.get':
      return stores.caches[storeName(a[0])].read(a[1] as string);
    case 'cache.getMany':
      return stores.caches[storeName(a[0])].readAll(a[1] as string[]);
    // Writes go through the pool's store, which draws which items go early (its earlyRemoval).
    case 'cache.put': {
      const store = stores.caches[storeName(a[0])];
      store.store(a[1] as string, a[2] as string, a[3] as number, stores.clock.now());
      return null;
    }
    case 'cache.putMany': {
      const store = stores.caches[storeName(a[0])];
      const now = stores.clock.now();
      for (const [k, v] of a[1] as Array<[string, string]>) store.store(k, v, a[2] as number, now);
      return null;
    }
    case 'cache.remove':
      stores.caches[storeName(a[0])].backend.remove(a[1] as string);
      return null;
    case 'cache.removeMany':
      stores.caches[storeName(a[0])].removeAll(a[1] as string[]);
      return null;
    case 'cache.entries':
      return stores.caches[storeName(a[0])].entries();
    case 'cache.clear':
      stores.caches[storeName(a[0])].clear();
      return null;
    case 'props.entries':
      return stores.properties[storeName(a[0])].snapshot();
    case 'props.replace':
      stores.properties[storeName(a[0])].backend.replace(a[1] as Record<string, string>);
      return null;
    case 'props.get':
      return stores.properties[storeName(a[0])].get(a[1] as string);
    case 'props.update':
      return stores.properties[storeName(a[0])].update(a[1] as PropertyChange, a[2] as number);
    case 'lock.tryAcquire': {
      const untilEpochMs = a[2] as number;
      const untilMs = Number.isFinite(untilEpochMs) ? untilEpochMs - performance.timeOrigin : untilEpochMs;
      return stores.locks.backend.tryAcquire(a[0] as string, a[1] as string, untilMs);
    }
    case 'lock.release':
      stores.locks.backend.release(a[0] as string, a[1] as string);
      return null;
    case 'lock.holder':
      return stores.locks.backend.holder(a[0] as string) ?? null;
    default:
      throw new Error(`dev/gas pool: unknown backend call ${op}`);
  }
}

/**
 * Answers a worker's requests on `port` from this thread's event loop. The port is unref'd: it never
 * keeps the process alive by itself.
 */
export function serveRpc(port: MessagePort, signal: SharedArrayBuffer, handle: (op: string, args: unknown[]) => unknown): void {
  const flag = new Int32Array(signal);
  port.on('message', (request: RpcRequest) => {
    let reply: RpcReply;
    try {
      reply = { id: request.id, ok: true, value: handle(request.op, request.args) };
    } catch (error) {
      const gas = error instanceof GasException;
      reply = { id: request.id, ok: false, gas, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
  port.unref();
}
