/** The runtime's clock: real time plus an offset tests can advance (cache expiry uses it). */
export class RuntimeClock {
  #offsetMs = 0;

  /** Milliseconds since the epoch, as the runtime sees them. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** How far the clock has been moved ahead of real time (ms). */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (never backward). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance() takes a non-negative number of milliseconds');
    this.#offsetMs += ms;
  }
}

/** A small seeded PRNG (mulberry32), so dropped cache reads are reproducible. */
export class SeededRandom {
  #state: number;

  constructor(seed = 1) {
    this.#state = seed >>> 0;
  }

  setSeed(seed: number): void {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
