/**
 * LockService: document, user and script locks that persist across executions in the runtime. A lock
 * an execution forgets to release is released when it ends, as Google does. Waiting really blocks and
 * counts against the deadline. `runtime.locks.holdExternally()` plays "another execution holds it".
 */
import { performance } from 'node:perf_hooks';
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { ANONYMOUS_USER } from '../execution/custom-function-services.js';
import { GasObject, signatureError } from '../execution/service.js';

export type LockScope = 'document' | 'user' | 'script';

export const LOCK_TIMEOUT_MESSAGE = 'Lock timeout: another process was holding the lock for too long.';

/** The owner a lock held by an execution is recorded under (pool.ts frees a finished execution's by it). */
export function executionLockOwner(executionId: number): string {
  return `execution:${executionId}`;
}

/** How often a waiting lock looks again. */
const POLL_MS = 10;

/**
 * Storage behind the locks. Synchronous and keyed by strings so that a later backend can live in a
 * shared process for multi-worker tests.
 */
export interface LockBackend {
  /** Takes `key` for `owner` if it is free or already theirs; `untilMs` (performance.now) bounds the hold. */
  tryAcquire(key: string, owner: string, untilMs?: number): boolean;
  release(key: string, owner: string): void;
  holder(key: string): string | undefined;
}

/** In-process backend. */
export class MemoryLockBackend implements LockBackend {
  readonly #held = new Map<string, { owner: string; untilMs: number }>();

  holder(key: string): string | undefined {
    const h = this.#held.get(key);
    if (!h) return undefined;
    if (h.untilMs <= performance.now()) {
      this.#held.delete(key);
      return undefined;
    }
    return h.owner;
  }

  tryAcquire(key: string, owner: string, untilMs = Infinity): boolean {
    const current = this.holder(key);
    if (current !== undefined && current !== owner) return false;
    this.#held.set(key, { owner, untilMs });
    return true;
  }

  release(key: string, owner: string): void {
    if (this.holder(key) === owner) this.#held.delete(key);
  }
}

/** The runtime's locks, with knobs for tests. */
export class LockRegistry {
  constructor(
    readonly backend: LockBackend,
    private readonly ids: { documentId: string; userEmail: string },
  ) {}

  /**
   * The backend key of a scope's lock (a user lock: the default user's, or `userEmail`'s; a document
   * lock: the default spreadsheet's, or `documentId`'s).
   */
  keyFor(scope: LockScope, userEmail: string = this.ids.userEmail, documentId: string = this.ids.documentId): string {
    if (scope === 'document') return `document:${documentId}`;
    if (scope === 'user') return `user:${userEmail}`;
    return 'script';
  }

  /**
   * Simulates another execution holding the lock for `ms` of REAL time (not dilated: with
   * timeScale 20, a 1,000 ms hold keeps a waiting script waiting 20 s of its own time).
   */
  holdExternally(scope: LockScope, ms: number): void {
    const key = this.keyFor(scope);
    const current = this.backend.holder(key);
    if (current !== undefined) this.backend.release(key, current);
    this.backend.tryAcquire(key, 'external', performance.now() + ms);
  }

  /** Ends a simulated external hold. */
  releaseExternal(scope: LockScope): void {
    this.backend.release(this.keyFor(scope), 'external');
  }

  /** Who holds the lock now: "external", "execution:<id>" or undefined. */
  holder(scope: LockScope): string | undefined {
    return this.backend.holder(this.keyFor(scope));
  }
}

/** A `Lock` object as the script sees it. */
export class LockFake extends GasObject {
  readonly gasType = 'LockService.Lock';
  readonly #exec: Execution;
  readonly #backend: LockBackend;
  readonly #key: string;
  readonly #owner: string;

  constructor(exec: Execution, backend: LockBackend, key: string) {
    super();
    this.#exec = exec;
    this.#backend = backend;
    this.#key = key;
    this.#owner = executionLockOwner(exec.id);
  }

  #timeout(args: readonly unknown[], method: string): number {
    const [ms] = args;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || args.length !== 1) {
      throw signatureError(`LockService.Lock.${method}`, args);
    }
    return Math.max(0, ms);
  }

  /**
   * Polls until acquired or `timeoutMs` (script time: timeoutMs / timeScale real) passed; terminates
   * the execution at its deadline. Polls every POLL_MS of real time (a hold is real time too).
   */
  #acquire(timeoutMs: number): boolean {
    const giveUpAt = performance.now() + this.#exec.toRealMs(timeoutMs);
    for (;;) {
      if (this.#backend.tryAcquire(this.#key, this.#owner)) {
        const key = this.#key;
        const owner = this.#owner;
        const backend = this.#backend;
        this.#exec.onEnd(() => backend.release(key, owner));
        return true;
      }
      const now = performance.now();
      if (now >= giveUpAt) return false;
      if (this.#exec.remainingMs() <= 0) this.#exec.terminate();
      this.#exec.block(Math.min(POLL_MS, giveUpAt - now, Math.max(1, this.#exec.remainingRealMs())));
    }
  }

  tryLock(...args: unknown[]): boolean {
    return this.#acquire(this.#timeout(args, 'tryLock'));
  }

  waitLock(...args: unknown[]): void {
    if (!this.#acquire(this.#timeout(args, 'waitLock'))) throw new GasException(LOCK_TIMEOUT_MESSAGE);
  }

  releaseLock(): void {
    this.#backend.release(this.#key, this.#owner);
  }

  hasLock(): boolean {
    return this.#backend.holder(this.#key) === this.#owner;
  }
}

/** The `LockService` global. */
export class LockServiceFake extends GasObject {
  readonly gasType = 'LockService';
  readonly #exec: Execution;
  readonly #locks: LockRegistry;
  /** The active document's id; null with none (a time-driven trigger). */
  readonly #documentId: string | null;

  constructor(exec: Execution, locks: LockRegistry, documentId: string | null) {
    super();
    this.#exec = exec;
    this.#locks = locks;
    this.#documentId = documentId;
  }

  #get(scope: LockScope, method: string, documentId?: string): LockFake {
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', `LockService.${method}`);
    // A custom function runs as the anonymous user: one user lock for every cell, whoever has the sheet open.
    const user = this.#exec.authMode === 'CUSTOM_FUNCTION' ? ANONYMOUS_USER : this.#exec.userEmail;
    return new LockFake(this.#exec, this.#locks.backend, this.#locks.keyFor(scope, user, documentId));
  }

  /** null with no document (Google: "null if called from a standalone script or Google Forms add-on"). */
  getDocumentLock(): LockFake | null {
    if (this.#documentId === null) {
      this.#exec.denyUnless(this.#exec.authMode !== 'NONE', 'LockService.getDocumentLock');
      return null;
    }
    return this.#get('document', 'getDocumentLock', this.#documentId);
  }
  getUserLock(): LockFake {
    return this.#get('user', 'getUserLock');
  }
  getScriptLock(): LockFake {
    return this.#get('script', 'getScriptLock');
  }
}
