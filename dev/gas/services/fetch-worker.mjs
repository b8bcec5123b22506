// @ts-check
/**
 * The HTTP side of dev/gas's synchronous UrlFetchApp (see sync-http.ts). Runs in a worker thread, so
 * its event loop keeps going while the main thread sleeps in Atomics.wait. Plain JavaScript because a
 * worker cannot load TypeScript without a loader.
 *
 * Protocol on the MessagePort it is given:
 *   in:  { type: 'batch', id, requests, failFast, timeLimitMs, requestTimeoutMs? }   requests sent in parallel
 *                                       (requestTimeoutMs: per request, default workerData's)
 *        { type: 'abort', id }                                     drop a batch, post nothing for it
 *   out: { id, outcomes }  then Atomics.store(flag, 0, 1) and Atomics.notify(flag, 0)
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { workerData } from 'node:worker_threads';

/**
 * @typedef {{ url: string, method: string, headers: Record<string, string>, body?: ArrayBuffer,
 *   followRedirects: boolean, validateHttpsCertificates: boolean }} WireRequest
 * @typedef {'refused' | 'dns' | 'reset' | 'timeout' | 'tls' | 'too-large' | 'redirects' | 'aborted' | 'other'} FailureKind
 * @typedef {{ ok: true, status: number, rawHeaders: string[], body: ArrayBuffer, url: string }
 *   | { ok: false, kind: FailureKind, url: string, detail: string }} WireOutcome
 * @typedef {{ type: 'batch', id: number, requests: WireRequest[], failFast: boolean, timeLimitMs: number,
 *   requestTimeoutMs?: number }
 *   | { type: 'abort', id: number }} InMessage
 */

/** @type {unknown} */
const data = workerData;
const { port, signal, concurrency, requestTimeoutMs, maxResponseBytes, trustedCertificates } =
  /** @type {{ port: import('node:worker_threads').MessagePort, signal: SharedArrayBuffer, concurrency: number,
   *   requestTimeoutMs: number, maxResponseBytes: number, trustedCertificates: string[] }} */ (data);
const flag = new Int32Array(signal);

const httpAgent = new http.Agent({ keepAlive: true });
// A test service's self-signed certificate is trusted beside node's roots (never instead of them).
const httpsAgent = new https.Agent({
  keepAlive: true,
  ...(trustedCertificates.length ? { ca: [...tls.rootCertificates, ...trustedCertificates] } : {}),
});
const insecureAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;

// --- concurrency gate shared by all batches (0 = unlimited) ---
let active = 0;
/** @type {Array<() => void>} */
const waiting = [];

/** @returns {Promise<void>} */
function acquire() {
  if (!concurrency || active < concurrency) {
    active++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else active--;
}

/** @type {Map<number, AbortController>} */
const batches = new Map();

port.on('message', (/** @type {InMessage} */ msg) => {
  if (msg.type === 'abort') {
    batches.get(msg.id)?.abort();
    batches.delete(msg.id);
  } else if (msg.type === 'batch') {
    runBatch(msg).catch((err) => {
      // Never leave the main thread waiting on a bug here: answer every request with the failure.
      const detail = err instanceof Error ? err.message : String(err);
      reply(
        msg.id,
        msg.requests.map((r) => ({ ok: false, kind: 'other', url: r.url, detail })),
      );
    });
  }
});

/**
 * @param {number} id
 * @param {Array<WireOutcome | null>} outcomes
 */
function reply(id, outcomes) {
  if (!batches.has(id)) return; // aborted: the main thread stopped waiting
  batches.delete(id);
  /** @type {ArrayBuffer[]} */
  const transfer = [];
  for (const o of outcomes) if (o && o.ok) transfer.push(o.body);
  port.postMessage({ id, outcomes }, transfer);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** @param {{ id: number, requests: WireRequest[], failFast: boolean, timeLimitMs: number, requestTimeoutMs?: number }} batch */
async function runBatch({ id, requests, failFast, timeLimitMs, requestTimeoutMs: perRequestMs = requestTimeoutMs }) {
  const controller = new AbortController();
  // Every request of a fetchAll listens on this one signal; hundreds in a batch are expected.
  setMaxListeners(0, controller.signal);
  batches.set(id, controller);
  // The main thread gives up at its deadline and sends 'abort'; this only frees sockets if that is lost.
  const timer = setTimeout(() => controller.abort(), timeLimitMs + 1_000);
  /** @type {Array<WireOutcome | null>} */
  const outcomes = requests.map(() => null);
  await new Promise((resolve) => {
    let left = requests.length;
    if (left === 0) resolve(undefined);
    requests.forEach((req, i) => {
      void perform(req, controller.signal, perRequestMs).then((outcome) => {
        outcomes[i] = outcome;
        left--;
        if (left === 0 || (failFast && !outcome.ok && outcome.kind !== 'aborted')) resolve(undefined);
      });
    });
  });
  clearTimeout(timer);
  // With failFast the first network failure answers the batch; the other requests are dropped.
  const snapshot = outcomes.slice();
  reply(id, snapshot);
  controller.abort();
}

/**
 * @param {WireRequest} req
 * @param {AbortSignal} abort
 * @param {number} timeoutMs
 * @returns {Promise<WireOutcome>}
 */
async function perform(req, abort, timeoutMs) {
  await acquire();
  try {
    if (abort.aborted) return { ok: false, kind: 'aborted', url: req.url, detail: 'aborted' };
    return await performWithRedirects(req, abort, timeoutMs);
  } finally {
    release();
  }
}

/**
 * @param {WireRequest} req
 * @param {AbortSignal} abort
 * @param {number} timeoutMs
 * @returns {Promise<WireOutcome>}
 */
async function performWithRedirects(req, abort, timeoutMs) {
  let url = req.url;
  let method = req.method;
  let body = req.body ? Buffer.from(req.body) : undefined;
  const headers = { ...req.headers };
  const started = Date.now();
  for (let hop = 0; ; hop++) {
    const left = timeoutMs - (Date.now() - started);
    if (left <= 0) return { ok: false, kind: 'timeout', url: req.url, detail: 'timed out' };
    const res = await once(url, method, headers, body, req.validateHttpsCertificates, abort, left, req.url);
    if (!res.ok || !req.followRedirects || !REDIRECTS.has(res.status)) return res;
    const location = headerValue(res.rawHeaders, 'location');
    if (!location) return res;
    if (hop >= MAX_REDIRECTS) return { ok: false, kind: 'redirects', url: req.url, detail: 'too many redirects' };
    url = new URL(location, url).toString();
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method !== 'GET' && method !== 'HEAD')) {
      method = 'GET';
      body = undefined;
      for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
    }
  }
}

/**
 * @param {string[]} raw
 * @param {string} name lower case
 */
function headerValue(raw, name) {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/**
 * @param {unknown} err
 * @returns {FailureKind}
 */
function classify(err) {
  const code = /** @type {{ code?: unknown }} */ (err)?.code;
  switch (code) {
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return 'refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'dns';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_HEADER_TOKEN':
      return 'reset';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ABORT_ERR':
      return 'aborted';
    default:
      if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
      return 'other';
  }
}

/**
 * One HTTP exchange.
 * @param {string} url
 * @param {string} method
 * @param {Record<string, string>} headers
 * @param {Buffer | undefined} body
 * @param {boolean} validate
 * @param {AbortSignal} abort
 * @param {number} timeoutMs
 * @param {string} originalUrl reported in failures
 * @returns {Promise<WireOutcome>}
 */
function once(url, method, headers, body, validate, abort, timeoutMs, originalUrl) {
  return new Promise((resolve) => {
    let settled = false;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    /** @param {WireOutcome} outcome */
    const finish = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    /**
     * @param {FailureKind} kind
     * @param {string} detail
     */
    const fail = (kind, detail) => finish({ ok: false, kind, url: originalUrl, detail });

    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      fail('other', `invalid URL ${url}`);
      return;
    }
    const isHttps = parsed.protocol === 'https:';
    const h = { ...headers };
    for (const name of Object.keys(h)) if (name.toLowerCase() === 'content-length') delete h[name];
    if (body) h['Content-Length'] = String(body.length);
    /** @type {http.ClientRequest} */
    let req;
    try {
      req = (isHttps ? https : http).request(parsed, {
        method,
        headers: h,
        agent: isHttps ? (validate ? httpsAgent : insecureAgent) : httpAgent,
        signal: abort,
      });
    } catch (err) {
      fail('other', err instanceof Error ? err.message : String(err));
      return;
    }
    timer = setTimeout(
      () => {
        fail('timeout', `no complete answer in ${Math.round(timeoutMs)} ms`);
        req.destroy();
      },
      Math.max(1, timeoutMs),
    );
    req.on('error', (err) => fail(classify(err), err.message));
    req.on('response', (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      res.on('data', (/** @type {Buffer} */ chunk) => {
        size += chunk.length;
        if (size > maxResponseBytes) {
          fail('too-large', `response larger than ${maxResponseBytes} bytes`);
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err) => fail(classify(err), err.message));
      res.on('close', () => {
        if (!res.complete) fail('reset', 'connection closed before the answer was complete');
      });
      res.on('end', () => {
        // A fresh ArrayBuffer (never node's shared pool) so it can be transferred.
        const out = new ArrayBuffer(size);
        const view = new Uint8Array(out);
        let offset = 0;
        for (const chunk of chunks) {
          view.set(chunk, offset);
          offset += chunk.length;
        }
        finish({ ok: true, status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: out, url });
      });
    });
    req.end(body);
  });
}
