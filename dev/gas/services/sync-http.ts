/**
 * Synchronous HTTP for UrlFetchApp. Apps Script's fetch blocks the script, and so must ours: the vm
 * runs on this thread, which cannot wait on a promise. A dedicated worker thread (fetch-worker.mjs)
 * does the real requests on its own event loop, posts the answers on a MessagePort and wakes us with
 * Atomics.notify; we sleep in Atomics.wait, bounded by the execution's remaining time, and read the
 * answer with receiveMessageOnPort.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

/** One request as the worker performs it. */
export interface HttpRequestSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  followRedirects: boolean;
  validateHttpsCertificates: boolean;
}

/** Network-level failures (no HTTP status). */
export type NetworkErrorKind = 'refused' | 'dns' | 'reset' | 'timeout' | 'tls' | 'too-large' | 'redirects' | 'aborted' | 'other';

export type HttpOutcome =
  | { ok: true; status: number; rawHeaders: string[]; body: Buffer; url: string }
  | { ok: false; kind: NetworkErrorKind; url: string; detail: string };

/**
 * A finished batch, or the execution's deadline hit while waiting (the requests were aborted). With
 * failFast, requests dropped after the first network failure have a null outcome.
 */
export type BatchResult = { kind: 'done'; outcomes: Array<HttpOutcome | null> } | { kind: 'deadline' };

export interface SyncHttpOptions {
  /** Requests in flight at once across all batches; default unlimited. */
  concurrency?: number;
  /** Per-request timeout (Google's is about 60 s). */
  requestTimeoutMs: number;
  /** Largest response body accepted (Google: 50 MB). */
  maxResponseBytes: number;
  /**
   * Certificates (PEM) trusted beside node's own roots: a test service's self-signed one, standing for a
   * service with a real certificate. Nothing else is trusted, and validation stays on.
   */
  trustedCertificates?: readonly string[];
}

interface WorkerOutcome {
  ok: boolean;
  status?: number;
  rawHeaders?: string[];
  body?: ArrayBuffer;
  url: string;
  kind?: NetworkErrorKind;
  detail?: string;
}

interface WorkerReply {
  id: number;
  outcomes: Array<WorkerOutcome | null>;
}

/** A worker thread doing the HTTP, with the channel it answers on. */
interface HttpWorker {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

/**
 * Workers by their settings, shared by every client of this thread: a test makes a new runtime per
 * test, and starting a worker thread costs far more than the requests it then sends. Only one execution
 * runs at a time on a thread, so one batch at a time is pending on a worker.
 */
const sharedWorkers = new Map<string, HttpWorker>();
let nextBatchId = 1;

/** The thread's worker for these settings, started on first use. */
function workerFor(options: SyncHttpOptions): HttpWorker {
  const trusted = [...(options.trustedCertificates ?? [])];
  const key = `${options.concurrency ?? 0}|${options.maxResponseBytes}|${trusted.join('\n')}`;
  const existing = sharedWorkers.get(key);
  if (existing) return existing;
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const worker = new Worker(new URL('./fetch-worker.mjs', import.meta.url), {
    workerData: {
      port: port2,
      signal,
      concurrency: options.concurrency ?? 0,
      requestTimeoutMs: options.requestTimeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      trustedCertificates: trusted,
    },
    transferList: [port2],
  });
  // Neither the worker nor our end of the channel may keep the process alive.
  worker.unref();
  port1.unref();
  const started = { worker, port: port1, flag: new Int32Array(signal) };
  // A worker that dies (it should not) is replaced on the next use rather than left to hang a fetch.
  worker.once('exit', () => sharedWorkers.delete(key));
  sharedWorkers.set(key, started);
  return started;
}

/** A runtime's client of the thread's HTTP worker for its settings. */
export class SyncHttp {
  readonly #options: SyncHttpOptions;
  #worker: HttpWorker | undefined;
  #pending: number | undefined;

  constructor(options: SyncHttpOptions) {
    this.#options = options;
  }

  #start(): { port: MessagePort; flag: Int32Array } {
    this.#worker ??= workerFor(this.#options);
    return this.#worker;
  }

  /**
   * Sends `requests` in parallel and blocks until all are answered (or, with failFast, until the first
   * network failure) or `timeLimitMs` (real ms) passes. `timeScale` (default 1) divides the
   * per-request timeout: it is Google's limit, counted in the script's dilated time.
   */
  send(requests: readonly HttpRequestSpec[], opts: { timeLimitMs: number; failFast: boolean; timeScale?: number }): BatchResult {
    const deadline = performance.now() + opts.timeLimitMs;
    if (opts.timeLimitMs <= 0) return { kind: 'deadline' };
    const { port, flag } = this.#start();
    const id = nextBatchId++;
    const transfer: ArrayBuffer[] = [];
    const wire = requests.map((r) => {
      let body: ArrayBuffer | undefined;
      if (r.body) {
        body = new ArrayBuffer(r.body.byteLength);
        new Uint8Array(body).set(r.body);
        transfer.push(body);
      }
      return { ...r, body };
    });
    Atomics.store(flag, 0, 0);
    // Per batch: the shared worker serves runtimes with different timeouts.
    const requestTimeoutMs = this.#options.requestTimeoutMs / (opts.timeScale ?? 1);
    port.postMessage(
      { type: 'batch', id, requests: wire, failFast: opts.failFast, timeLimitMs: opts.timeLimitMs, requestTimeoutMs },
      transfer,
    );
    this.#pending = id;
    for (;;) {
      const reply = this.#take(port, id);
      if (reply) {
        this.#pending = undefined;
        return { kind: 'done', outcomes: reply.outcomes.map(toOutcome) };
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        this.abortPending();
        return { kind: 'deadline' };
      }
      // Re-arm, then look again before sleeping: the worker may have answered in between.
      Atomics.store(flag, 0, 0);
      const late = this.#take(port, id);
      if (late) {
        this.#pending = undefined;
        return { kind: 'done', outcomes: late.outcomes.map(toOutcome) };
      }
      Atomics.wait(flag, 0, 0, left);
    }
  }

  /** Reads replies until the one for `id`; stale replies of aborted batches are dropped. */
  #take(port: MessagePort, id: number): WorkerReply | undefined {
    for (;;) {
      const got = receiveMessageOnPort(port);
      if (!got) return undefined;
      const reply = got.message as WorkerReply;
      if (reply.id === id) return reply;
    }
  }

  /** Tells the worker to drop the batch in flight, if any (deadline, or the execution was killed). */
  abortPending(): void {
    if (this.#pending === undefined || !this.#worker) return;
    this.#worker.port.postMessage({ type: 'abort', id: this.#pending });
    this.#pending = undefined;
  }

  /** Drops what is in flight; the thread's worker stays for the next runtime (it is unref'd). */
  close(): void {
    this.abortPending();
    this.#worker = undefined;
  }
}

function toOutcome(o: WorkerOutcome | null): HttpOutcome | null {
  if (!o) return null;
  if (o.ok) {
    return {
      ok: true,
      status: o.status ?? 0,
      rawHeaders: o.rawHeaders ?? [],
      body: o.body ? Buffer.from(o.body) : Buffer.alloc(0),
      url: o.url,
    };
  }
  return { ok: false, kind: o.kind ?? 'other', url: o.url, detail: o.detail ?? '' };
}
