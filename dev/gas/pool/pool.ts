/**
 * GasWorkerPool: executions running really at once, as Sheets evaluates many custom-function cells in
 * parallel, each in its own execution, all sharing one document cache, one set of properties and the
 * locks. Each worker thread holds a GasRuntime and runs one execution at a time; their cache,
 * properties and lock backends are remote — the stores live here, in the pool's thread, and every
 * backend call is a synchronous RPC answered from this thread's event loop (remote-backends.ts). The
 * runtime clock and the daily quotas (UrlFetch, properties) are shared memory (shared-state.ts).
 *
 * Workers cannot load TypeScript (tsx's `--import` does not reach a worker's entry on Node 20), so
 * pool-worker.ts is bundled with esbuild once per process and started from a data: URL, each bundled
 * module keeping its own `import.meta.url` so fetch-worker.mjs and dist/Code.js still resolve.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { createCacheStores, type CacheStores } from '../services/cache.js';
import { checkTimeScale, type LogEntry } from '../execution/execution.js';
import { checkLatency } from '../execution/latency.js';
import { LockRegistry, MemoryLockBackend, executionLockOwner, type LockScope } from '../services/lock.js';
import type { PoolWorkerData, RunMessage } from './pool-worker.js';
import { createPropertyStores, type PropertyStores } from '../services/properties.js';
import { DAILY_QUOTAS, type DailyQuota } from '../execution/quota.js';
import { handleBackendCall, serveRpc, type SharedStores } from './remote-backends.js';
import { checkCustomFunctionArg } from '../execution/result.js';
import { RUNTIME_DEFAULTS, refusedExecution, type ExecutionResult, type GasRuntimeOptions, type RunOptions } from '../runtime/runtime.js';
import { SharedClock, SharedQuota } from './shared-state.js';
import type { ToastRecord } from '../spreadsheet/sheet-model.js';
import { createUiLog, type UiLog } from '../spreadsheet/spreadsheet.js';
import type { FetchLogEntry, UrlFetchQuota } from '../services/url-fetch.js';

export interface GasWorkerPoolOptions extends Omit<GasRuntimeOptions, 'shared'> {
  /** Worker threads, i.e. executions running at once (Sheets runs many; 20 is a fair model). */
  size: number;
  /**
   * Executions one user may have running at once (default 30, Google's quota for consumer accounts).
   * One that would start beyond it fails with SIMULTANEOUS_EXECUTIONS_MESSAGE; executions waiting in
   * the queue for a free worker are not running. Only a pool with more workers than this can show it.
   */
  simultaneousExecutions?: number;
}

/** Google's quota of simultaneous executions per user (consumer accounts). */
export const SIMULTANEOUS_EXECUTIONS_LIMIT = 30;

/** What Google reports when a user has too many executions running (Apps Script quotas page). */
export const SIMULTANEOUS_EXECUTIONS_MESSAGE = 'There are too many scripts running simultaneously for this Google user account.';

/** An execution's result, plus where it ran. */
export interface PoolExecutionResult extends ExecutionResult {
  /** Index (0..size-1) of the worker thread that ran it; -1 when it was refused before starting. */
  worker: number;
  /** Cache, properties and lock calls it made to the pool thread. */
  backendCalls: number;
}

interface Job {
  id: number;
  executionId: number;
  /** Who runs it: the simultaneous-executions cap is per user. */
  user: string;
  functionName: string;
  args: unknown[];
  opts: RunOptions;
  resolve: (result: PoolExecutionResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  index: number;
  worker: Worker;
  rpcPort: MessagePort;
  ready: Promise<void>;
  isReady: boolean;
  job: Job | undefined;
  exited: boolean;
  lastError: Error | undefined;
}

type WorkerMessage =
  | { type: 'ready' }
  | {
      type: 'result';
      jobId: number;
      result: ExecutionResult;
      logEntries: LogEntry[];
      fetchLog: FetchLogEntry[];
      ui: UiLog;
      toasts: ToastRecord[];
      rpcCalls: number;
    }
  | { type: 'failed'; jobId: number; message: string; stack?: string; name?: string };

const LOCK_SCOPES: readonly LockScope[] = ['document', 'user', 'script'];

let bundled: Promise<URL> | undefined;

/**
 * Gives every bundled module its own `import.meta.url` (a data: URL has no folder to resolve from), so
 * a module's relative URLs (fetch-worker.mjs, ../../dist/Code.js) resolve from its own file, as they
 * do unbundled, whichever folder of dev/gas it is in.
 */
const ownModuleUrl: Plugin = {
  name: 'own-module-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: 'ts',
    }));
  },
};

/** pool-worker.ts and everything it imports, as one ES module (built once per process). */
function workerUrl(): Promise<URL> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const entry = fileURLToPath(new URL('./pool-worker.ts', import.meta.url));
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      plugins: [ownModuleUrl],
    });
    const text = out.outputFiles[0]?.text;
    if (text === undefined) throw new Error('dev/gas pool: esbuild produced no worker bundle');
    return new URL(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
  })();
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}

/** The result of an execution Google refused to start: too many of the user's executions were running. */
function refusedResult(job: Job): PoolExecutionResult {
  return { ...refusedExecution(SIMULTANEOUS_EXECUTIONS_MESSAGE), executionId: job.executionId, worker: -1, backendCalls: 0 };
}

/** Runs executions in parallel worker threads that share caches, properties, locks and the clock. */
export class GasWorkerPool {
  readonly size: number;
  /** Executions one user may have running at once (see GasWorkerPoolOptions). */
  readonly simultaneousExecutions: number;
  /** The user every execution runs as (per-user stores are not shared between threads). */
  readonly userEmail: string;
  /** The clock cache expiry uses, shared by every worker; advance it with advanceClock(). */
  readonly clock: SharedClock;
  /** The shared stores, as on GasRuntime: inspect and set them from the test. */
  readonly caches: CacheStores;
  readonly properties: PropertyStores;
  readonly locks: LockRegistry;
  /** Requests left today before "Service invoked too many times for one day: urlfetch.", for all workers. */
  readonly urlFetchQuota: UrlFetchQuota;
  /** Property reads and writes left today, for all workers. */
  readonly propertiesQuota: DailyQuota;
  /**
   * Id and name only: each worker has its own in-memory spreadsheet and triggers (not shared between
   * threads), so sheet contents and triggers are for single-runtime tests (GasRuntime).
   */
  readonly spreadsheet: { readonly id: string; readonly name: string };
  /** What all executions logged, fetched and showed, in the order executions finished. */
  readonly logs: string[] = [];
  readonly logEntries: LogEntry[] = [];
  readonly fetchLog: FetchLogEntry[] = [];
  readonly ui: UiLog = createUiLog();
  readonly toasts: ToastRecord[] = [];
  /** Backend calls the pool thread has answered (all workers). */
  backendCalls = 0;
  /** The most executions running at once so far (on workers, queued ones not counted); a test may reset it. */
  peakRunning = 0;

  readonly #options: Omit<GasRuntimeOptions, 'shared'>;
  readonly #stores: SharedStores;
  readonly #quota: SharedQuota;
  readonly #propertiesQuota: SharedQuota;
  readonly #queue: Job[] = [];
  #slots: Slot[] = [];
  #started: Promise<void> | undefined;
  #closed: Promise<void> | undefined;
  #closing = false;
  #nextJobId = 1;
  #nextExecutionId = 1;

  constructor(options: GasWorkerPoolOptions) {
    const { size, simultaneousExecutions = SIMULTANEOUS_EXECUTIONS_LIMIT, ...rest } = options;
    if (!Number.isInteger(size) || size < 1) throw new RangeError('GasWorkerPool: size must be a positive integer');
    if (!Number.isInteger(simultaneousExecutions) || simultaneousExecutions < 1) {
      throw new RangeError('GasWorkerPool: simultaneousExecutions must be a positive integer');
    }
    this.size = size;
    this.simultaneousExecutions = simultaneousExecutions;
    checkLatency(rest.latency);
    // Short-term limits are counted per runtime: each worker counts its own, kinder than Google across
    // the pool, so a test's own figure is refused here; the defaults hold in each worker (null: none).
    for (const option of ['urlFetchShortTimeLimit', 'executionStartLimit'] as const) {
      if (rest[option]) throw new TypeError(`dev/gas: ${option} is modelled by GasRuntime only, not across a pool's workers`);
    }
    // timeScale goes to every worker's GasRuntime with the other options; a bad one fails here, not in each worker.
    if (rest.timeScale !== undefined) checkTimeScale(rest.timeScale);
    this.#options = rest;
    const userEmail = rest.userEmail ?? RUNTIME_DEFAULTS.userEmail;
    this.userEmail = userEmail;
    this.spreadsheet = {
      id: rest.spreadsheetId ?? RUNTIME_DEFAULTS.spreadsheetId,
      name: rest.spreadsheetName ?? RUNTIME_DEFAULTS.spreadsheetName,
    };
    this.clock = new SharedClock(undefined, rest.startAt);
    this.caches = createCacheStores(this.clock, undefined, rest.cacheEarlyRemoval);
    this.properties = createPropertyStores();
    this.locks = new LockRegistry(new MemoryLockBackend(), { documentId: this.spreadsheet.id, userEmail });
    this.#quota = new SharedQuota({ limit: rest.urlFetchDailyQuota ?? DAILY_QUOTAS.urlFetch, clock: this.clock });
    this.urlFetchQuota = this.#quota;
    this.#propertiesQuota = new SharedQuota({ limit: rest.propertiesDailyQuota ?? DAILY_QUOTAS.properties, clock: this.clock });
    this.propertiesQuota = this.#propertiesQuota;
    this.#stores = { caches: this.caches, properties: this.properties, locks: this.locks, clock: this.clock };
  }

  /** Moves the clock of the shared stores and of every worker forward (cache expiry). */
  advanceClock(ms: number): void {
    this.clock.advance(ms);
  }

  /** Starts the workers (run() does it too); resolves once every worker can run. */
  ready(): Promise<void> {
    if (this.#closing) return Promise.reject(new Error('GasWorkerPool is closed'));
    this.#started ??= this.#start();
    return this.#started;
  }

  /**
   * Queues one execution onto the next free worker. Rejects for harness errors only (a bad
   * custom-function argument, a missing Code.js, a closed pool); script errors are in the result.
   */
  run(functionName: string, args: readonly unknown[] = [], opts: RunOptions = {}): Promise<PoolExecutionResult> {
    if (this.#closing) return Promise.reject(new Error('GasWorkerPool is closed'));
    try {
      if ((opts.mode ?? 'custom-function') === 'custom-function') args.forEach(checkCustomFunctionArg);
      if (opts.user !== undefined && opts.user !== this.userEmail) {
        throw new Error(
          'GasWorkerPool: opts.user (another user) is not supported: per-user stores are not shared between threads; use GasRuntime',
        );
      }
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<PoolExecutionResult>((resolve, reject) => {
      this.#queue.push({
        id: this.#nextJobId++,
        executionId: this.#nextExecutionId++,
        user: opts.user ?? this.userEmail,
        functionName,
        args: [...args],
        opts,
        resolve,
        reject,
      });
      this.ready().then(
        () => this.#dispatch(),
        (error: unknown) => this.#rejectQueued(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  /**
   * Ends every worker thread (and their HTTP workers). Queued and running executions reject; locks
   * they held are released.
   */
  close(): Promise<void> {
    this.#closed ??= this.#close();
    return this.#closed;
  }

  async #close(): Promise<void> {
    this.#closing = true;
    const closed = new Error('GasWorkerPool is closed');
    this.#rejectQueued(closed);
    await this.#started?.catch(() => undefined);
    const slots = this.#slots;
    this.#slots = [];
    for (const slot of slots) this.#abandon(slot, closed);
    await Promise.all(slots.map((s) => s.worker.terminate()));
    for (const slot of slots) slot.rpcPort.close();
  }

  async #start(): Promise<void> {
    const url = await workerUrl();
    if (this.#closing) throw new Error('GasWorkerPool is closed');
    for (let i = 0; i < this.size; i++) this.#slots.push(this.#spawn(url, i));
    await Promise.all(this.#slots.map((s) => s.ready));
  }

  #spawn(url: URL, index: number): Slot {
    const { port1, port2 } = new MessageChannel();
    const rpcSignal = new SharedArrayBuffer(4);
    const data: PoolWorkerData = {
      options: this.#options,
      rpcPort: port2,
      rpcSignal,
      clockBuffer: this.clock.buffer,
      quotaBuffer: this.#quota.buffer,
      propertiesQuotaBuffer: this.#propertiesQuota.buffer,
    };
    // execArgv []: the bundle needs no loader, and the parent's flags (e.g. --input-type with -e)
    // would otherwise be inherited down to fetch-worker.mjs and break it.
    const worker = new Worker(url, { workerData: data, transferList: [port2], execArgv: [] });
    serveRpc(port1, rpcSignal, (op, args) => {
      this.backendCalls++;
      return handleBackendCall(this.#stores, op, args);
    });
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const slot: Slot = {
      index,
      worker,
      rpcPort: port1,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      }),
      isReady: false,
      job: undefined,
      exited: false,
      lastError: undefined,
    };
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'ready') {
        slot.isReady = true;
        markReady();
        this.#dispatch();
        if (!slot.job) slot.worker.unref();
      } else {
        this.#finish(slot, msg);
      }
    });
    worker.on('error', (error) => {
      slot.lastError = error;
    });
    worker.on('exit', (code) => {
      slot.exited = true;
      const error = slot.lastError ?? new Error(`dev/gas pool: worker ${index} exited with code ${code}`);
      failReady(error);
      if (this.#closing) return;
      // A crashed worker: its execution fails, a fresh worker takes its place (unless it never
      // started: then the bundle itself is broken and ready() reports it).
      this.#abandon(slot, error);
      const at = this.#slots.indexOf(slot);
      if (at >= 0 && slot.isReady) {
        const replacement = this.#spawn(url, index);
        this.#slots[at] = replacement;
        replacement.ready.catch(() => undefined);
      }
      slot.rpcPort.close();
    });
    // A starting worker keeps the process alive (ready() is awaited); an idle one never does, one
    // running an execution does (see #dispatch, #finish).
    return slot;
  }

  #dispatch(): void {
    if (this.#closing) return;
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (!slot.isReady || slot.exited || slot.job) continue;
      const job = this.#nextToStart();
      if (!job) return;
      const msg: RunMessage = {
        type: 'run',
        jobId: job.id,
        executionId: job.executionId,
        functionName: job.functionName,
        args: job.args,
        opts: job.opts,
      };
      try {
        slot.worker.postMessage(msg);
      } catch (error) {
        job.reject(new Error(`dev/gas pool: the arguments of ${job.functionName} cannot be sent to a worker (${String(error)})`));
        continue;
      }
      slot.job = job;
      slot.worker.ref();
      this.peakRunning = Math.max(this.peakRunning, this.running);
    }
  }

  /** Executions running now, on workers (queued ones not counted). */
  get running(): number {
    return this.#slots.filter((s) => s.job).length;
  }

  /**
   * The next queued job that may start. A job whose user already has `simultaneousExecutions` running
   * fails as Google fails it, without running; a queued job is not running yet, so only a pool with
   * more workers than the cap (or a lowered cap) gets here with a full count.
   */
  #nextToStart(): Job | undefined {
    for (let job = this.#queue.shift(); job; job = this.#queue.shift()) {
      if (this.#runningFor(job.user) < this.simultaneousExecutions) return job;
      job.resolve(refusedResult(job));
    }
    return undefined;
  }

  #runningFor(user: string): number {
    return this.#slots.filter((s) => s.job?.user === user).length;
  }

  #finish(slot: Slot, msg: Exclude<WorkerMessage, { type: 'ready' }>): void {
    const job = slot.job;
    if (!job || job.id !== msg.jobId) return;
    slot.job = undefined;
    slot.worker.unref();
    this.#releaseLocksOf(job.executionId);
    if (msg.type === 'result') {
      for (const entry of msg.logEntries) {
        this.logs.push(entry.message);
        this.logEntries.push(entry);
      }
      this.fetchLog.push(...msg.fetchLog);
      this.ui.menus.push(...msg.ui.menus);
      this.ui.sidebars.push(...msg.ui.sidebars);
      this.ui.dialogs.push(...msg.ui.dialogs);
      this.ui.alerts.push(...msg.ui.alerts);
      this.toasts.push(...msg.toasts);
      job.resolve({ ...msg.result, worker: slot.index, backendCalls: msg.rpcCalls });
    } else {
      const error = msg.name === 'TypeError' ? new TypeError(msg.message) : new Error(msg.message);
      if (msg.stack !== undefined) error.stack = msg.stack;
      job.reject(error);
    }
    this.#dispatch();
  }

  /** Fails the slot's running execution (worker gone) and frees its locks. */
  #abandon(slot: Slot, error: Error): void {
    const job = slot.job;
    if (!job) return;
    slot.job = undefined;
    this.#releaseLocksOf(job.executionId);
    job.reject(error);
  }

  /** A lock's hold ends with its execution. The worker releases it itself; this covers a killed worker. */
  #releaseLocksOf(executionId: number): void {
    const owner = executionLockOwner(executionId);
    for (const scope of LOCK_SCOPES) {
      const key = this.locks.keyFor(scope);
      if (this.locks.backend.holder(key) === owner) this.locks.backend.release(key, owner);
    }
  }

  #rejectQueued(error: Error): void {
    for (const job of this.#queue.splice(0)) job.reject(error);
  }
}
