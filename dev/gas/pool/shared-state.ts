/**
 * State a worker pool shares through memory rather than messages: the runtime clock's offset and the
 * daily quotas. A worker blocked in an execution cannot read messages, but it can read shared
 * memory, so `advanceClock` reaches every execution at once, running or not.
 */
import { RuntimeClock, clockOffsetFor } from '../execution/clock.js';
import { DAY_MS, nextWindow, type DailyQuota } from '../execution/quota.js';

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

  /**
   * @param buffer another SharedClock's buffer (a worker joining the pool's clock), or a new one
   * @param startAt for a new buffer only: the instant the clock reads now (default: the wall clock)
   */
  constructor(buffer?: SharedArrayBuffer, startAt?: number | Date) {
    super();
    this.buffer = buffer ?? new SharedArrayBuffer(8);
    this.#offset = new SharedFloat(this.buffer);
    if (!buffer && startAt !== undefined) this.#offset.set(clockOffsetFor(startAt));
  }

  override now(): number {
    return Date.now() + this.#offset.get();
  }

  override get offsetMs(): number {
    return this.#offset.get();
  }

  override advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance() takes a non-negative number of milliseconds');
    this.#offset.update((offset) => offset + ms);
  }
}

/**
 * A daily quota (UrlFetch calls, property reads and writes) shared by threads, with the same window
 * as MemoryQuota (quota.ts) on the shared clock. The window's start and count change together under a
 * tiny spin lock, so executions running at once in different workers never undo each other's counts
 * nor overshoot.
 */
export class SharedQuota implements DailyQuota {
  readonly buffer: SharedArrayBuffer;
  readonly #lock: Int32Array;
  /** [limit, window start (-1: none), used]. */
  readonly #state: Float64Array;
  readonly #clock: Pick<RuntimeClock, 'now'>;

  /** A new quota of `limit` calls a day, or the one another thread created (its `buffer`). */
  constructor(init: ({ limit: number } | { buffer: SharedArrayBuffer }) & { clock: Pick<RuntimeClock, 'now'> }) {
    this.buffer = 'buffer' in init ? init.buffer : new SharedArrayBuffer(32);
    this.#lock = new Int32Array(this.buffer, 0, 1);
    this.#state = new Float64Array(this.buffer, 8, 3);
    this.#clock = init.clock;
    if ('limit' in init) this.#state.set([init.limit, -1, 0]);
  }

  #locked<T>(fn: (state: Float64Array) => T): T {
    while (Atomics.compareExchange(this.#lock, 0, 0, 1) !== 0) Atomics.wait(this.#lock, 0, 1, 1);
    try {
      return fn(this.#state);
    } finally {
      Atomics.store(this.#lock, 0, 0);
      Atomics.notify(this.#lock, 0, 1);
    }
  }

  #open(state: Float64Array): boolean {
    const start = state[1] ?? -1;
    return start >= 0 && this.#clock.now() < start + DAY_MS;
  }

  get remaining(): number {
    return this.#locked((s) => (s[0] ?? 0) - (this.#open(s) ? (s[2] ?? 0) : 0));
  }

  get resetsAt(): number | null {
    return this.#locked((s) => (this.#open(s) ? (s[1] ?? 0) + DAY_MS : null));
  }

  take(n: number): boolean {
    return this.#locked((s) => {
      const next = nextWindow(s[0] ?? 0, this.#clock.now(), s[1] ?? -1, s[2] ?? 0, n);
      if (!next) return false;
      s[1] = next.start;
      s[2] = next.used;
      return true;
    });
  }
}
