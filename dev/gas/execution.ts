/**
 * One execution of a top-level function: its deadline, its mode and auth mode, what it logged and
 * fetched, and the termination flag that every fake checks before doing anything.
 */
import { performance } from 'node:perf_hooks';
import type { Realm } from './realm.js';

/** How Google started the execution; decides the time limit and the auth mode. */
export type ExecutionMode = 'custom-function' | 'menu' | 'trigger' | 'sidebar' | 'simple-trigger';

/** ScriptApp.AuthMode values (the enum's values are these strings, so `==` and `===` both work). */
export type AuthMode = 'NONE' | 'CUSTOM_FUNCTION' | 'LIMITED' | 'FULL';

/** Message of the result and of every service error once the deadline has passed. */
export const TIMEOUT_MESSAGE = 'Exceeded maximum execution time';

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

export interface ExecutionInit {
  /** Set by a worker pool so ids (and lock owners) are unique across threads; default: this thread's counter. */
  id?: number;
  functionName: string;
  mode: ExecutionMode;
  authMode: AuthMode;
  timeLimitMs: number;
  userEmail: string;
  /** For mode 'trigger': what fired it (default CLOCK: a time-driven trigger, with no user looking). */
  triggerSource?: 'CLOCK' | 'SPREADSHEETS';
  onLog: (entry: LogEntry) => void;
}

/** State of one execution, shared by all fakes created for it. */
export class Execution {
  readonly id: number;
  readonly functionName: string;
  readonly mode: ExecutionMode;
  readonly authMode: AuthMode;
  readonly userEmail: string;
  /** Set for mode 'trigger' only. */
  readonly triggerSource: 'CLOCK' | 'SPREADSHEETS' | undefined;
  readonly startedAt = performance.now();
  /** performance.now() value at which the execution is terminated. */
  readonly deadline: number;
  readonly logs: string[] = [];
  readonly urls: string[] = [];
  fetchCount = 0;
  terminated = false;
  ended = false;
  /** Set as soon as the vm context exists. */
  realm: Realm | undefined;
  readonly #onLog: (entry: LogEntry) => void;
  readonly #cleanups: Array<() => void> = [];

  constructor(init: ExecutionInit) {
    this.id = init.id ?? nextExecutionId++;
    this.functionName = init.functionName;
    this.mode = init.mode;
    this.authMode = init.authMode;
    this.userEmail = init.userEmail;
    this.triggerSource = init.mode === 'trigger' ? (init.triggerSource ?? 'CLOCK') : undefined;
    this.deadline = this.startedAt + init.timeLimitMs;
    this.#onLog = init.onLog;
  }

  /** Milliseconds left before the deadline (may be negative). */
  remainingMs(): number {
    return this.deadline - performance.now();
  }

  /** Called at the start of every service method: throws once the execution is over. */
  enter(): void {
    if (this.terminated) throw new ExecutionTerminated();
    if (this.ended) throw new GasException('This execution has already ended.');
    if (this.remainingMs() <= 0) this.terminate();
  }

  /** Marks the execution terminated (its return value will be discarded) and throws. */
  terminate(): never {
    this.terminated = true;
    throw new ExecutionTerminated();
  }

  /** Blocks for `ms`, or until the deadline and then terminates. */
  sleep(ms: number): void {
    const left = this.remainingMs();
    if (ms >= left) {
      blockFor(Math.max(0, left));
      this.terminate();
    }
    blockFor(ms);
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
    if (allowed) return;
    throw new GasException(
      `You do not have permission to call ${call}` + (scope ? `. Required permissions: ${scope}` : ''),
    );
  }
}
