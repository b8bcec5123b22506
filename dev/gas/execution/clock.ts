/**
 * The runtime's clock: real time plus an offset tests can advance (cache expiry, triggers and the
 * script's Date use it). Started at `startAt`, it reads that instant now and runs on in real time, so a
 * test sees the same hour whenever it runs; without, it is the wall clock.
 */
export class RuntimeClock {
  #offsetMs: number;

  /** @param startAt the instant (epoch ms or Date) the clock reads now; default: the wall clock. */
  constructor(startAt?: number | Date) {
    this.#offsetMs = startAt === undefined ? 0 : clockOffsetFor(startAt);
  }

  /** Milliseconds since the epoch, as the runtime sees them. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** How far the clock runs ahead of real time (ms; negative when started in the past). */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (never backward). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance() takes a non-negative number of milliseconds');
    this.#offsetMs += ms;
  }
}

/**
 * The offset from the wall clock at which a clock reads `startAt` now.
 * @param startAt epoch ms or a Date; must be a valid instant
 */
export function clockOffsetFor(startAt: number | Date): number {
  const ms = startAt instanceof Date ? startAt.getTime() : startAt;
  if (typeof ms !== 'number' || !Number.isFinite(ms))
    throw new RangeError(`dev/gas: startAt must be a valid instant, got ${String(startAt)}`);
  return ms - Date.now();
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
