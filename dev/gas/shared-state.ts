/**
 * State a worker pool shares through memory rather than messages: the runtime clock's offset and the
 * UrlFetch daily quota. A worker blocked in an execution cannot read messages, but it can read shared
 * memory, so `advanceClock` reaches every execution at once, running or not.
 */
import { RuntimeClock } from './clock.js';

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

  /** Adds `delta` atomically (compare-and-swap), returns the new value. */
  add(delta: number): number {
    for (;;) {
      const old = Atomics.load(this.#bits, 0);
      const next = this.#decode(old) + delta;
      if (Atomics.compareExchange(this.#bits, 0, old, this.#encode(next)) === old) return next;
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
    this.#offset.add(ms);
  }
}

/**
 * `{ remaining }` for UrlFetch's daily quota, shared by threads. url-fetch.ts checks `remaining < n`
 * then does `remaining -= n`. In a worker (`relativeWrites`), the setter turns that into an atomic
 * subtraction of the difference from what this thread just read, so concurrent executions never undo
 * each other's counts (two may both pass the check at the same instant and overshoot by their calls,
 * as a check-then-act on any shared counter can). On the pool's side a write simply sets the value.
 */
export class SharedQuota {
  readonly buffer: SharedArrayBuffer;
  readonly #value: SharedFloat;
  readonly #relativeWrites: boolean;
  #lastRead: number | undefined;

  constructor(init: { initial: number } | { buffer: SharedArrayBuffer; relativeWrites: boolean }) {
    if ('initial' in init) {
      this.buffer = new SharedArrayBuffer(8);
      this.#value = new SharedFloat(this.buffer);
      this.#value.set(init.initial);
      this.#relativeWrites = false;
    } else {
      this.buffer = init.buffer;
      this.#value = new SharedFloat(this.buffer);
      this.#relativeWrites = init.relativeWrites;
    }
  }

  get remaining(): number {
    const v = this.#value.get();
    this.#lastRead = v;
    return v;
  }

  set remaining(value: number) {
    const last = this.#lastRead;
    this.#lastRead = undefined;
    if (this.#relativeWrites && last !== undefined && Number.isFinite(last) && Number.isFinite(value)) {
      this.#value.add(value - last);
    } else if (!(this.#relativeWrites && last === Infinity && value === Infinity)) {
      this.#value.set(value);
    }
  }
}
