/**
 * Spending within what is left today (docs/develop/how-it-works.md, "A formula sends within what is left
 * of the day's allowance"; what a user sees: docs/use/functions.md, "Daily limits"). A formula's
 * misses are sent in waves no larger than what the day's allowance still allows, so a range that meets
 * a daily limit fills what the allowance left can fill and sends at most a handful of requests past it:
 *
 * - What is left is known from the limit guard (a usage read of the last minute, counted down, or a
 *   limit known spent), else read once from /usage when more than a handful of requests would go out
 *   (a handful may go without it: at worst that handful is refused).
 * - Searches are sent no more than the fresh searches left; what the service answers from its 7-day
 *   cache costs none, so each wave's cache flags say how many are still left for the next.
 * - Once the searches are spent, the rest may still be in the service's cache, which cannot be known
 *   without asking: one request finds out when this lookup has seen no cached answer yet, and as long
 *   as some come back cached, more are asked, until a handful have been refused since the searches
 *   were spent (counted in the guard until the reset, so later formulas send none).
 * - Every request costs an API call, cached or not: nothing is sent past the calls left.
 *
 * Lookups outside formulas (the sidebar, the menu, the schedule) estimate and cap their own spending;
 * they send in one wave, and what they spend still counts down what the guard knows.
 *
 * Every lookup of a spreadsheet with its own cap (spend-cap.ts) sends no more searches than the cap
 * leaves today, formula or not, and none past it: not even the handful that looks for cached keywords,
 * since one the service runs fresh would go past the cap.
 */
import { FETCH_BATCH_SIZE } from '../settings/constants';
import type { AddonError } from '../errors/errors';
import { PAST_LIMIT_HANDFUL, UNKNOWN_RESET_MS, type Guard, type Refusal } from './limit-guard';
import type { LimitKind } from '../service/classify';
import type { AllowanceLeft, AllowanceRead } from './allowance';

/** What one wave sent and what came back, as the pacer counts it. */
export interface Wave {
  /** Requests that reached the service (each one API call). */
  requests: number;
  /** Answers the service ran fresh (each one fresh search). */
  freshSearches: number;
  /** Answers the service gave from its 7-day cache (free). */
  cached: number;
  /** Daily-limit refusals. */
  refusals: Refusal[];
  /** Why nothing more can be sent in this execution (time, a Google limit, a refused key), if so. */
  stopped: AddonError | null;
}

/** What stopped a subject from being sent: a daily limit, or the spreadsheet's own cap. */
export type Stopped = LimitKind | 'cap';

/** What to tell a row a daily limit left unfetched: which limit, and when it resets (ms; null: not known). */
export interface LimitWait {
  which: LimitKind;
  resetAt: number | null;
}

/**
 * Whether a lookup of `misses` requests would read /usage first: a formula's lookup of more than a
 * handful, when the guard knows nothing recent of what is left (for the sidebar's spend estimate).
 * @param guard the limit guard as read (null: none)
 * @param misses requests the lookup would send
 * @param searches whether they are searches
 */
export function readsUsageFirst(guard: Guard | null, misses: number, searches: boolean): boolean {
  if (misses <= PAST_LIMIT_HANDFUL || guard?.callsUntil) return false;
  const fresh = guard?.freshUntil ? 0 : (guard?.left?.fresh ?? null);
  return searches ? fresh === null : (guard?.left?.calls ?? null) === null;
}

/**
 * Paces one lookup's sending; keeps what it learns for the guard. Its state is TypeScript-`private`, not
 * `#`: the build targets ES2020, where `#` members become WeakMaps and helper calls in Code.js (0.8 KB).
 */
export class Pacer {
  private fresh: number | null = null;
  private calls: number | null = null;
  private readonly resets = new Map<LimitKind, number>();
  private past: number;
  private searching: boolean;
  private cachedSeen = 0;
  private sentAny = false;
  private usageTried = false;
  /** When what is left was last read, if it is known from a read (ms). */
  private readAt: number | null = null;
  private unknownWave = PAST_LIMIT_HANDFUL;
  /** Searches the spreadsheet's own cap still lets go (null: no cap). */
  private capRoom: number | null;
  /** Subjects left unsent, by the limit that stopped them. */
  readonly unsent = new Map<string, Stopped>();
  /** Subjects left unsent because nothing more could be sent in this execution, with why. */
  readonly stopped = new Map<string, AddonError>();

  /**
   * @param guard the limit guard as read (null: none)
   * @param searches whether the endpoint's fresh answers cost fresh searches
   * @param paced whether to pace (a formula's lookup); otherwise everything goes in one wave
   * @param capRoom searches the spreadsheet's own cap still lets go today (null: no cap)
   */
  constructor(
    guard: Guard | null,
    searches: boolean,
    readonly paced: boolean,
    capRoom: number | null = null,
  ) {
    this.searching = searches;
    this.capRoom = searches ? capRoom : null;
    this.past = guard?.past ?? 0;
    if (guard?.left) {
      this.fresh = guard.left.fresh;
      this.calls = guard.left.calls;
      this.readAt = guard.left.at;
      if (guard.left.resetAt !== null)
        for (const which of ['fresh searches', 'API calls'] as const) this.raiseReset(which, guard.left.resetAt);
    }
    if (guard?.freshUntil) {
      this.fresh = 0;
      this.raiseReset('fresh searches', guard.freshUntil);
    }
    if (guard?.callsUntil) {
      this.calls = 0;
      this.raiseReset('API calls', guard.callsUntil);
    }
  }

  /**
   * Sends the subjects within what is left, in waves; what is not sent is kept in `unsent` (a limit) or
   * `stopped` (time, a Google limit).
   * @param subjects the subjects to send, in the order their rows come
   * @param sendWave fetches some subjects and says what came back
   * @param readUsage reads /usage (one request)
   */
  send(subjects: string[], sendWave: (wave: string[]) => Wave, readUsage: () => AllowanceRead): void {
    let queue = [...subjects];
    while (queue.length) {
      if (this.paced && !this.known() && queue.length > PAST_LIMIT_HANDFUL && !this.usageTried) {
        this.usageTried = true;
        this.learn(readUsage());
        continue;
      }
      const cap = this.cap(queue.length);
      if (cap <= 0) break;
      const wave = this.probing() ? spread(queue, cap) : queue.slice(0, cap);
      const sent = new Set(wave);
      queue = queue.filter((s) => !sent.has(s));
      const result = sendWave(wave);
      this.account(result);
      if (result.stopped) {
        for (const subject of queue) this.stopped.set(subject, result.stopped);
        return;
      }
    }
    // The daily limit first: it holds whatever the cap says.
    const which: Stopped = this.calls === 0 ? 'API calls' : this.capRoom === 0 && this.fresh !== 0 ? 'cap' : 'fresh searches';
    for (const subject of queue) this.unsent.set(subject, which);
  }

  /**
   * Notes a limit's reset time learnt elsewhere (a query the guard held back), so every row a limit
   * stops says the same time.
   * @param which the limit
   * @param resetAt when it resets (ms)
   */
  noteReset(which: LimitKind, resetAt: number | null): void {
    if (resetAt !== null) this.raiseReset(which, resetAt);
  }

  /**
   * When rows stopped by this limit will be fetched: its latest known reset.
   * @param which the limit
   */
  waitFor(which: LimitKind): LimitWait {
    return { which, resetAt: this.resets.get(which) ?? null };
  }

  /**
   * The guard after this lookup: what is left counted down, the limits known spent, the refusals past them.
   * @param guard the guard to update (refusals of single queries already applied)
   * @param now the time (ms)
   */
  update(guard: Guard, now: number): Guard {
    const next: Guard = { ...guard, past: this.past };
    const until = (which: LimitKind) => this.resets.get(which) ?? now + UNKNOWN_RESET_MS;
    if (this.fresh === 0) next.freshUntil = Math.max(next.freshUntil ?? 0, until('fresh searches'));
    else if (this.fresh !== null && this.readAt !== null) [next.freshUntil, next.past] = [null, 0];
    if (this.calls === 0) next.callsUntil = Math.max(next.callsUntil ?? 0, until('API calls'));
    const resetAt = this.resets.get('fresh searches') ?? this.resets.get('API calls') ?? null;
    next.left = this.readAt !== null ? { fresh: this.fresh, calls: this.calls, at: this.readAt, resetAt } : null;
    return next;
  }

  private known(): boolean {
    return this.searching ? this.fresh !== null : this.calls !== null;
  }

  /** Searches spent: only requests that may come back from the service's cache go out. */
  private probing(): boolean {
    return this.paced && this.searching && this.fresh === 0;
  }

  /** How many of `n` may go in the next wave: within the daily limits (a formula's), and the spreadsheet's cap. */
  private cap(n: number): number {
    const room = this.capRoom === null ? n : Math.min(n, this.capRoom);
    return Math.min(room, this.allowed(n));
  }

  /** How many of `n` the daily limits let go in the next wave. */
  private allowed(n: number): number {
    if (!this.paced) return n;
    if (this.calls === 0) return 0;
    const unknownWave = n <= PAST_LIMIT_HANDFUL ? n : this.unknownWave;
    let cap = Math.min(n, this.calls ?? Infinity);
    if (this.searching) {
      if (this.fresh === null) cap = Math.min(cap, unknownWave);
      else if (this.fresh > 0) cap = Math.min(cap, this.fresh);
      else cap = Math.min(cap, this.probes());
    } else if (this.calls === null) cap = Math.min(cap, unknownWave);
    return cap;
  }

  /** Requests that may go once the searches are spent, to find what the service's cache still answers. */
  private probes(): number {
    const left = PAST_LIMIT_HANDFUL - this.past;
    if (left <= 0) return 0;
    if (this.cachedSeen > 0) return left; // some of these came from its cache: keep looking
    return this.sentAny ? 0 : 1; // none seen yet: one request finds out
  }

  /**
   * Takes in a /usage read: what is left from now on, and when it resets.
   * @param read the read
   */
  learn(read: AllowanceRead): void {
    if (!read) return;
    if ('refusal' in read) {
      this.account({ requests: 1, freshSearches: 0, cached: 0, refusals: [read.refusal], stopped: null });
      return;
    }
    this.readAt = Date.now();
    if (read.resetAt !== null) for (const which of ['fresh searches', 'API calls'] as const) this.raiseReset(which, read.resetAt);
    if (read.fresh !== null) {
      if (read.fresh > 0) this.past = 0; // more than the guard thought: a new day, or a bigger plan
      this.fresh = read.fresh;
    }
    if (read.calls !== null) this.calls = read.calls;
  }

  private account(wave: Wave): void {
    this.sentAny = true;
    if (this.capRoom !== null) this.capRoom = Math.max(0, this.capRoom - wave.freshSearches);
    if (this.calls !== null) this.calls = Math.max(0, this.calls - wave.requests);
    if (this.fresh !== null) this.fresh = Math.max(0, this.fresh - wave.freshSearches);
    this.cachedSeen += wave.cached;
    for (const refusal of wave.refusals) {
      if (refusal.resetAt !== null) this.raiseReset(refusal.which === 'API calls' ? 'API calls' : 'fresh searches', refusal.resetAt);
      if (refusal.which === 'API calls') this.calls = 0;
      else {
        // A search refused: the searches are spent, whatever was thought; a limit not named is taken as theirs.
        this.fresh = 0;
        this.past++;
        this.searching = true;
      }
    }
    if (!wave.refusals.length) this.unknownWave = Math.min(this.unknownWave * 2, FETCH_BATCH_SIZE);
  }

  private raiseReset(which: LimitKind, at: number): void {
    this.resets.set(which, Math.max(this.resets.get(which) ?? 0, at));
  }
}

/**
 * `count` subjects spread evenly over the list: probes that sample the whole rest of a range rather
 * than its first rows.
 */
function spread(list: string[], count: number): string[] {
  if (count >= list.length) return [...list];
  return Array.from({ length: count }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / count)] as string);
}

/**
 * The guard once a /usage answer read outside a formula (the sidebar's Refresh, a key's check) is known:
 * what is left from now on, and the limits it shows spent, as a formula's own read would leave it. A
 * range calculated within the minute then sends no read of its own.
 * @param guard the key's guard as read
 * @param read what the answer says is left
 * @param now the time (ms)
 */
export function guardAfterRead(guard: Guard, read: AllowanceLeft, now: number): Guard {
  const pacer = new Pacer(guard, false, true);
  pacer.learn(read);
  return pacer.update(guard, now);
}
