/**
 * Google's daily quotas (consumer accounts): 20,000 UrlFetch calls and 50,000 property reads or writes
 * a day. "A day" is modelled as a window on the runtime clock: it opens at the first call counted and
 * closes 24 hours later; the next call after that opens a new, full window. Google does not say when
 * its day starts, so this is one plausible model (a quota never refills early).
 */
import type { RuntimeClock } from './clock.js';

/** Consumer-account figures from https://developers.google.com/apps-script/guides/services/quotas. */
export const DAILY_QUOTAS = Object.freeze({
  urlFetch: 20_000,
  properties: 50_000,
});

export const DAY_MS = 86_400_000;

/** What Apps Script throws when a daily quota is spent (the service name differs). */
export const QUOTA_EXCEEDED_MESSAGES = Object.freeze({
  urlFetch: 'Service invoked too many times for one day: urlfetch.',
  properties: 'Service invoked too many times for one day: properties.',
});

/** A daily quota: calls left in the current window. */
export interface DailyQuota {
  /** Calls left now (Infinity: no limit). */
  readonly remaining: number;
  /** When the current window closes (runtime clock, ms), or null when no window is open. */
  readonly resetsAt: number | null;
  /** Takes `n` calls if that many are left (true); otherwise takes none (false). */
  take(n: number): boolean;
}

/** The window arithmetic both implementations share: [windowStart, used] → next state. */
export function nextWindow(limit: number, now: number, start: number, used: number, n: number): { start: number; used: number } | null {
  const open = start >= 0 && now < start + DAY_MS;
  const from = open ? used : 0;
  if (from + n > limit) return null;
  return { start: open ? start : now, used: from + n };
}

/** A quota held by one runtime (GasWorkerPool shares one through memory: SharedQuota). */
export class MemoryQuota implements DailyQuota {
  readonly limit: number;
  readonly #clock: Pick<RuntimeClock, 'now'>;
  #start = -1;
  #used = 0;

  constructor(limit: number, clock: Pick<RuntimeClock, 'now'>) {
    this.limit = limit;
    this.#clock = clock;
  }

  #open(): boolean {
    return this.#start >= 0 && this.#clock.now() < this.#start + DAY_MS;
  }

  get remaining(): number {
    return this.limit - (this.#open() ? this.#used : 0);
  }

  get resetsAt(): number | null {
    return this.#open() ? this.#start + DAY_MS : null;
  }

  take(n: number): boolean {
    const next = nextWindow(this.limit, this.#clock.now(), this.#start, this.#used, n);
    if (!next) return false;
    this.#start = next.start;
    this.#used = next.used;
    return true;
  }
}
