/**
 * One execution of a top-level function: its deadline, its mode and auth mode, what it logged and
 * fetched, and the termination flag that every fake checks before doing anything.
 */
import { performance } from 'node:perf_hooks';
import { CallMeter, type CallSite, type LatencyTable } from './latency.js';
import type { Realm } from './realm.js';

/** How Google started the execution; decides the time limit and the auth mode. */
export type ExecutionMode = 'custom-function' | 'menu' | 'trigger' | 'sidebar' | 'simple-trigger';

/** ScriptApp.AuthMode values (the enum's values are these strings, so `==` and `===` both work). */
export type AuthMode = 'NONE' | 'CUSTOM_FUNCTION' | 'LIMITED' | 'FULL';

/** Message of the result and of every service error once the deadline has passed. */
export const TIMEOUT_MESSAGE = 'Exceeded maximum execution time';

/** Message of an execution that ScriptApp.requireScopes ended for a missing consent (consent.ts). */
export const AUTHORIZATION_REQUIRED_MESSAGE = 'Authorization is required to perform that action.';

/**
 * An error a fake throws on purpose. The service wrapper turns it into an Error of the script's realm
 * whose `name` is "Exception" and whose `message` is this message, as Apps Script V8 does.
 */
export class GasException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Exception';
  }
}

/** Thrown by fakes once the execution is terminated (deadline passed). */
export class ExecutionTerminated extends Error {
  constructor() {
    super(TIMEOUT_MESSAGE);
    this.name = 'Exception';
  }
}

/** A call Google refused for a permission (the execution's auth mode, or a scope the user did not grant). */
export interface RefusedCall {
  /** What Google names, e.g. "ScriptApp.getAuthorizationInfo", "UrlFetchApp.fetchAll", "setValues". */
  call: string;
  /** The exception's message. */
  message: string;
}

/** A logged line. */
export interface LogEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
  functionName: string;
  executionId: number;
}

/** Never notified: Atomics.wait on it is a real, blocking sleep. */
const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread for `ms` milliseconds (no event loop runs meanwhile, as in Apps Script). */
export function blockFor(ms: number): void {
  if (ms > 0) Atomics.wait(sleepCell, 0, 0, ms);
}

let nextExecutionId = 1;

/** A time scale must be a positive finite number; anything else is a harness bug. */
export function checkTimeScale(scale: unknown): number {
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale <= 0) {
    throw new RangeError(`dev/gas: timeScale must be a positive finite number, got ${String(scale)}`);
  }
  return scale;
}

export interface ExecutionInit {
  /** Set by a worker pool so ids (and lock owners) are unique across threads; default: this thread's counter. */
  id?: number;
  functionName: string;
  mode: ExecutionMode;
  authMode: AuthMode;
  /** In script time (see timeScale). */
  timeLimitMs: number;
  /**
   * Time dilation: one real millisecond counts as `timeScale` script milliseconds (default 1). The
   * script's Date, the deadline and every blocking wait are in script time; see dev/gas/API.md, "Time dilation".
   */
  timeScale?: number;
  userEmail: string;
  /** For mode 'trigger': what fired it (default CLOCK: a time-driven trigger, with no user looking). */
  triggerSource?: 'CLOCK' | 'SPREADSHEETS';
  /** Modelled service latency (latency.ts); null or absent: no modelled waits (calls are still counted). */
  latency?: LatencyTable | null;
  /**
   * How far the runtime's clock runs ahead of real time (ms; negative if it started in the past): the
   * script's clock starts there too, so a runtime's fixed start and a test's advanceClock() move the
   * script's Date.now() with cache expiry and triggers, as one world clock does. Default 0.
   */
  clockOffsetMs?: number;
  /**
   * How modelled latency and Utilities.sleep pass (dev/gas/API.md, "Time dilation"): 'real' blocks the thread;
   * 'skip' moves the script's clock (and, through `advanceWorld`, the runtime's) forward by it at once, so the
   * script sees exactly the time pass that it would have waited, the deadline included. Default 'real'.
   */
  waits?: WaitMode;
  /** With waits 'skip': moves the world's clock (the runtime's) forward by the ms the script skipped. */
  advanceWorld?: (ms: number) => void;
  onLog: (entry: LogEntry) => void;
  /**
   * Whether the execution's user granted `scope` to the project (consent.ts; the manifest must declare it
   * too). Default: every scope granted.
   */
  scopeGranted?: (scope: string) => boolean;
}

/**
 * How an execution spends its modelled latency and its sleeps: 'real' waits on the wall clock (other threads and
 * processes see it pass: the worker pool's concurrent executions need that); 'skip' advances the clocks
 * without waiting, for executions that run one at a time.
 */
export type WaitMode = 'real' | 'skip';

/** State of one execution, shared by all fakes created for it. */
export class Execution {
  readonly id: number;
  readonly functionName: string;
  readonly mode: ExecutionMode;
  readonly authMode: AuthMode;
  readonly userEmail: string;
  /** Set for mode 'trigger' only. */
  readonly triggerSource: 'CLOCK' | 'SPREADSHEETS' | undefined;
  /** performance.now() (real) when the execution started. */
  readonly startedAt = performance.now();
  /** The runtime clock's epoch ms when the execution started: the script's clock starts here. */
  readonly epochAtStart: number;
  /** Script milliseconds per real millisecond (1: no dilation). */
  readonly timeScale: number;
  /** The limit, in script time. */
  readonly timeLimitMs: number;
  /** How modelled latency and sleeps pass: waited for, or skipped on the clocks (ExecutionInit.waits). */
  readonly waits: WaitMode;
  readonly logs: string[] = [];
  readonly urls: string[] = [];
  /** Every call refused for a permission, in order (a test asserts a formula makes none). */
  readonly refused: RefusedCall[] = [];
  fetchCount = 0;
  /** Service calls made and modelled time spent (latency.ts). */
  readonly meter: CallMeter;
  terminated = false;
  ended = false;
  /** Set when ScriptApp.requireScopes ended the execution for a missing consent: every later call throws. */
  consentEnded = false;
  /** Set as soon as the vm context exists. */
  realm: Realm | undefined;
  readonly #onLog: (entry: LogEntry) => void;
  readonly #advanceWorld: (ms: number) => void;
  /** Script ms of modelled latency skipped rather than waited (waits 'skip'). */
  #skippedMs = 0;
  /** Script ms the script's Utilities.sleep calls waited, up to the deadline (ExecutionResult.sleptMs). */
  #sleptMs = 0;
  /** Real ms sleeps, modelled latency and lock polls blocked the thread for, as asked of it (ExecutionResult.blockedMs). */
  #blockedMs = 0;
  readonly #cleanups: Array<() => void> = [];
  readonly #scopeGranted: (scope: string) => boolean;

  constructor(init: ExecutionInit) {
    this.id = init.id ?? nextExecutionId++;
    this.functionName = init.functionName;
    this.mode = init.mode;
    this.authMode = init.authMode;
    this.userEmail = init.userEmail;
    this.triggerSource = init.mode === 'trigger' ? (init.triggerSource ?? 'CLOCK') : undefined;
    this.timeScale = checkTimeScale(init.timeScale ?? 1);
    const offset = init.clockOffsetMs ?? 0;
    this.epochAtStart = Date.now() + offset;
    this.timeLimitMs = init.timeLimitMs;
    this.waits = init.waits ?? 'real';
    this.#advanceWorld = init.advanceWorld ?? (() => undefined);
    this.meter = new CallMeter(init.latency ?? null);
    this.#onLog = init.onLog;
    this.#scopeGranted = init.scopeGranted ?? (() => true);
  }

  /** Real milliseconds since the start. */
  realElapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  /** Script milliseconds since the start: real elapsed × timeScale, plus the modelled latency skipped. */
  elapsedMs(): number {
    return this.scriptMsAfter(this.realElapsedMs());
  }

  /** The script milliseconds that `realMs` of real time since the start make, skipped latency included. */
  scriptMsAfter(realMs: number): number {
    return realMs * this.timeScale + this.#skippedMs;
  }

  /** The script's current time in epoch ms (fractional): what its Date.now() floors. */
  scriptNow(): number {
    return this.epochAtStart + this.elapsedMs();
  }

  /** Script milliseconds left before the deadline (may be negative). */
  remainingMs(): number {
    return this.timeLimitMs - this.elapsedMs();
  }

  /** Real milliseconds left before the deadline (may be negative): how long a blocking wait may last. */
  remainingRealMs(): number {
    return this.remainingMs() / this.timeScale;
  }

  /** Real milliseconds that `scriptMs` of script time take. */
  toRealMs(scriptMs: number): number {
    return scriptMs / this.timeScale;
  }

  /** Called at the start of every service method: throws once the execution is over. */
  enter(): void {
    if (this.terminated) throw new ExecutionTerminated();
    if (this.ended) throw new GasException('This execution has already ended.');
    if (this.consentEnded) throw new GasException(AUTHORIZATION_REQUIRED_MESSAGE);
    if (this.remainingMs() <= 0) this.terminate();
  }

  /** Marks the execution terminated (its return value will be discarded) and throws. */
  terminate(): never {
    this.terminated = true;
    throw new ExecutionTerminated();
  }

  /**
   * Blocks for `ms` of script time (ms / timeScale real), or until the deadline and then terminates.
   * With waits 'skip', the clocks move forward by it instead (Utilities.sleep in a runtime that runs one
   * execution at a time: nothing else could happen meanwhile but the clocks moving).
   */
  sleep(ms: number): void {
    if (this.waits === 'skip') return this.#skip(ms);
    if (ms >= this.remainingMs()) {
      this.block(Math.max(0, this.remainingRealMs()));
      this.terminate();
    }
    this.block(this.toRealMs(ms));
  }

  /** Utilities.sleep: counted in sleptMs (up to the deadline), then waited or skipped as sleep() does. */
  scriptSleep(ms: number): void {
    this.#sleptMs += Math.min(ms, Math.max(0, this.remainingMs()));
    this.sleep(ms);
  }

  /** Blocks the thread for `realMs` of real time (a sleep, modelled latency, a lock poll), counted in blockedMs. */
  block(realMs: number): void {
    this.#blockedMs += realMs;
    blockFor(realMs);
  }

  /** What the execution waited, for its result: script ms slept, real ms blocked. */
  waitReport(): { sleptMs: number; blockedMs: number } {
    return { sleptMs: this.#sleptMs, blockedMs: this.#blockedMs };
  }

  /** Moves the script's clock and the world's forward by `ms`, up to the deadline (then terminates). */
  #skip(ms: number): void {
    const left = Math.max(0, this.remainingMs());
    const skipped = Math.min(ms, left);
    this.#skippedMs += skipped;
    this.#advanceWorld(skipped);
    if (ms >= left) this.terminate();
  }

  /**
   * Waits `ms` of modelled latency (script time, like sleep), adding what was waited to the meter; at
   * the deadline the execution is terminated, as any blocking wait.
   */
  #spendModelled(ms: number): void {
    if (ms <= 0) return;
    this.meter.addModelled(Math.min(ms, Math.max(0, this.remainingMs())));
    this.sleep(ms);
  }

  /** A service call the script makes: counted, then its modelled latency blocks (before the call runs). */
  serviceCall(site: CallSite): void {
    this.meter.count(site);
    if (site.kind) this.#spendModelled(this.meter.costOf(site.kind));
  }

  /** Google starting the execution (loading the project), once, before Code.js is evaluated. */
  startUp(): void {
    this.#spendModelled(this.meter.costOf('startup'));
  }

  /** Records a log line in the execution and in the runtime. */
  log(level: LogEntry['level'], message: string): void {
    this.logs.push(message);
    this.#onLog({ level, message, functionName: this.functionName, executionId: this.id });
  }

  /** Registers work to do when the execution ends (releasing locks, aborting fetches). */
  onEnd(cleanup: () => void): void {
    this.#cleanups.push(cleanup);
  }

  /** Ends the execution: runs the cleanups once. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const cleanup of this.#cleanups.splice(0)) {
      try {
        cleanup();
      } catch {
        // A failing cleanup must not hide the execution's own result.
      }
    }
  }

  /** The realm of the execution's context (throws if asked before the context exists). */
  get innerRealm(): Realm {
    if (!this.realm) throw new Error('dev/gas: the execution has no context yet');
    return this.realm;
  }

  /**
   * Throws Google's permission error when the auth mode forbids a call. `scope` is the OAuth scope
   * Google names in the message, if any.
   */
  denyUnless(allowed: boolean, call: string, scope?: string): void {
    if (!allowed) throw this.refuse(call, scope);
  }

  /**
   * Google's permission error for `call` (naming `scope`, if any), recorded among the execution's refused
   * calls: the caller throws it.
   */
  refuse(call: string, scope?: string): GasException {
    return this.refuseWith(call, `You do not have permission to call ${call}` + (scope ? `. Required permissions: ${scope}` : ''));
  }

  /** A refused call with Google's own message for it, recorded: the caller throws it. */
  refuseWith(call: string, message: string): GasException {
    this.refused.push({ call, message });
    return new GasException(message);
  }

  /** Whether the execution's user granted `scope` on the consent screen (dev/gas/RULES.md, "Granular consent"). */
  hasScope(scope: string): boolean {
    return this.#scopeGranted(scope);
  }

  /** Throws Google's permission error naming `scope` unless the user granted it. */
  requireScope(call: string, scope: string): void {
    this.denyUnless(this.hasScope(scope), call, scope);
  }

  /** requireScopes found a consent missing: "this method ends the current execution" (consent.ts). */
  endForConsent(): never {
    this.consentEnded = true;
    throw new GasException(AUTHORIZATION_REQUIRED_MESSAGE);
  }
}
