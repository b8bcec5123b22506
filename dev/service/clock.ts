/**
 * The service clock: wall time plus an offset (ServiceState.clockOffsetMs) that `startAt` fixes at
 * creation and each reset and /__control/clock moves; and the waits (latency, `hang`) that close() drops.
 */
import type { ServiceState } from './state.js';

/** The offset at which the clock reads `startAt` now (0, the wall clock, without one). */
export function startOffset(startAt: number | undefined): number {
  return startAt === undefined ? 0 : startAt - Date.now();
}

/** Current service time in ms. */
export function serviceNow(state: ServiceState): number {
  return Date.now() + state.clockOffsetMs;
}

/** Pending sleeps, tracked so the service's close() can drop them. */
export class Sleeps {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Resolves after `ms` of real time (at once for 0 or less). */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  /** Drops every pending sleep (its promise never resolves). */
  cancelAll(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
