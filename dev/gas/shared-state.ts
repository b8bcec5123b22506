/**
 * State a worker pool shares through memory rather than messages: the runtime clock's offset and the
 * UrlFetch daily quota. A worker blocked in an execution cannot read messages, but it can read shared
 * memory, so `advanceClock` reaches every execution at once, running or not.
 */
import { RuntimeClock } from './clock.js';
import type { UrlFetchQuota } from './url-fetch.js';

/** A float64 in a SharedArrayBuffer, read and written atomically through its bits. */
class SharedFloat {
  readonly #bits: BigInt64Array;
  readonly #scratch = new Float64Array(1);
  readonly #scratchBits = new BigInt64Array(this.#scratch.buffer);

  constructor(buffer: SharedArrayBuffer) {
    this.#bits = new BigInt64Array(buffer, 0, 1);
  }

  #decode(bits: bigint): number {
    this.#scratchBits[0] = bits;
    return this.#scratch[0] ?? 0;
  }

  #encode(value: number): bigint {
    this.#scratch[0] = value;
    return this.#scratchBits[0] ?? 0n;
  }

  get(): number {
    return this.#decode(Atomics.load(this.#bits, 0));
  }

  set(value: number): void {
    Atomics.store(this.#bits, 0, this.#encode(value));
  }

  /**
   * Replaces the value with `next(value)` atomically (compare-and-swap, retried if another thread wrote
   * in between); `next` returning undefined leaves it as it is. Whether it was replaced.
   */
  update(next: (value: number) => number | undefined): boolean {
    for (;;) {
      const old = Atomics.load(this.#bits, 0);
      const value = next(this.#decode(old));
      if (value === undefined) return false;
      if (Atomics.compareExchange(this.#bits, 0, old, this.#encode(value)) === old) return true;
    }
  }
}

/** A RuntimeClock whose offset lives in shared memory: every thread holding the buffer agrees. */
export class SharedClock extends RuntimeClock {
  readonly buffer: SharedArrayBuffer;
  readonly #offset: SharedFloat;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    super();
    this.buffer = buffer;
    this.#offset = new SharedFloat(buffer);
  }

  override now(): number {
    return Date.now() + this.#offset.get();
  }

  override advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance() takes a non-negative number of milliseconds');
    this.#offset.update((offset) => offset + ms);
  }
}

/**
 * UrlFetch's daily quota, shared by threads: `take(n)` checks and subtracts in one compare-and-swap, so
 * executions running at once in different workers never undo each other's counts nor overshoot.
 */
export class SharedQuota implements UrlFetchQuota {
  readonly buffer: SharedArrayBuffer;
  readonly #value: SharedFloat;

  /** A new quota (`initial`), or the one another thread created (its `buffer`). */
  constructor(init: { initial: number } | { buffer: SharedArrayBuffer }) {
    this.buffer = 'buffer' in init ? init.buffer : new SharedArrayBuffer(8);
    this.#value = new SharedFloat(this.buffer);
    if ('initial' in init) this.#value.set(init.initial);
  }

  get remaining(): number {
    return this.#value.get();
  }

  take(n: number): boolean {
    return this.#value.update((left) => (left < n ? undefined : left - n));
  }
}
