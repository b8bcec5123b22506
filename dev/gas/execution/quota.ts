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

/**
 * Google's texts for its short-term limits (Quotas page, "Exception messages": "Service invoked too many
 * times in a short time: Calendar. Try Utilities.sleep(1000) between calls."; "Script invoked too many
 * times per second for this Google user account."). The service's name is UrlFetch's as in the daily text.
 */
export const SHORT_TIME_MESSAGES = Object.freeze({
  urlFetch: 'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
  executions: 'Script invoked too many times per second for this Google user account.',
});

/** A short-term limit: at most `calls` in any `windowMs` of the runtime clock. */
export interface ShortTimeLimit {
  calls: number;
  windowMs: number;
}

/**
 * The short-term limits every runtime has unless a test sets others (or `null`: none, saying why).
 * Google publishes no figure for either (dev/gas/RULES.md, "UrlFetch short-term limit" and
 * "Executions started too often"), so both are our assumption:
 * - executions: Google's own text says "per second"; at most 30 starts in it, as many as the 30
 *   simultaneous executions a user may have (Quotas page).
 * - urlFetch: 1,000 requests in any minute. Developers meet Google's message from one function that
 *   reads a few hundred pages at once (Blacksmoke16/GESI#99), so the real figure may be lower: a
 *   test that studies a burst sets its own.
 */
export const DEFAULT_SHORT_TIME_LIMITS: Readonly<{ urlFetch: Readonly<ShortTimeLimit>; executions: Readonly<ShortTimeLimit> }> =
  Object.freeze({
    urlFetch: Object.freeze({ calls: 1000, windowMs: 60_000 }),
    executions: Object.freeze({ calls: 30, windowMs: 1000 }),
  });

/**
 * A short-term limit. Google publishes neither the number nor the period (the defaults above are ours),
 * and the window is the stricter reading on each point Google leaves open: it slides (any `windowMs`,
 * not a fixed slot that a burst could straddle), and a refused call counts in it too (retrying into the
 * limit keeps it shut).
 */
export class SlidingWindow {
  readonly limit: ShortTimeLimit;
  readonly #clock: Pick<RuntimeClock, 'now'>;
  #times: number[] = [];

  constructor(limit: ShortTimeLimit, clock: Pick<RuntimeClock, 'now'>) {
    checkShortTimeLimit(limit);
    this.limit = limit;
    this.#clock = clock;
  }

  /** Counts `n` calls now; false when they pass the limit (they are counted all the same). */
  take(n: number): boolean {
    const now = this.#clock.now();
    this.#times = this.#times.filter((t) => t > now - this.limit.windowMs);
    const allowed = this.#times.length + n <= this.limit.calls;
    for (let i = 0; i < n; i++) this.#times.push(now);
    return allowed;
  }
}

/** Throws a TypeError for a limit that is not whole calls ≥ 0 in a window > 0 ms. */
export function checkShortTimeLimit(limit: ShortTimeLimit): void {
  const { calls, windowMs } = limit;
  if (!Number.isInteger(calls) || calls < 0 || !Number.isFinite(windowMs) || windowMs <= 0) {
    throw new TypeError(`dev/gas: a short-time limit is { calls: integer ≥ 0, windowMs > 0 }, got ${JSON.stringify(limit)}`);
  }
}

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

/**
 * "Triggers total runtime": 90 min / day on consumer accounts, 6 hr / day on Workspace (Quotas page).
 * Per user, like every Apps Script quota ("Quotas are per user and reset 24 hours after the first
 * request").
 */
export const TRIGGER_RUNTIME_DAILY_MS = Object.freeze({ consumer: 90 * 60_000, workspace: 6 * 3_600_000 });

/** What a trigger's execution throws once its owner's trigger runtime for the day is spent (*reported*). */
export const TRIGGER_RUNTIME_MESSAGE = 'Service using too much computer time for one day';

/** A user's trigger runtime today, as `runtime.triggerRuntime(user)` reports it. */
export interface TriggerRuntimeUse {
  usedMs: number;
  remainingMs: number;
  /** When the day's window closes (runtime clock), or null when none is open. */
  resetsAt: number | null;
}

/** Each user's trigger runtime in a 24-hour window that opens at their first trigger execution. */
export class TriggerRuntimeQuota {
  readonly limitMs: number;
  readonly #clock: Pick<RuntimeClock, 'now'>;
  readonly #windows = new Map<string, { start: number; usedMs: number }>();

  constructor(limitMs: number, clock: Pick<RuntimeClock, 'now'>) {
    this.limitMs = limitMs;
    this.#clock = clock;
  }

  /** The user's use in the open window (none open: nothing used). */
  use(user: string): TriggerRuntimeUse {
    const w = this.#window(user);
    const usedMs = w?.usedMs ?? 0;
    return { usedMs, remainingMs: Math.max(0, this.limitMs - usedMs), resetsAt: w ? w.start + DAY_MS : null };
  }

  /** Charges a trigger execution's script time to its owner (opening a window if none is open). */
  charge(user: string, ms: number): void {
    const w = this.#window(user) ?? { start: this.#clock.now(), usedMs: 0 };
    w.usedMs += ms;
    this.#windows.set(user, w);
  }

  #window(user: string): { start: number; usedMs: number } | undefined {
    const w = this.#windows.get(user);
    return w && this.#clock.now() < w.start + DAY_MS ? w : undefined;
  }
}
