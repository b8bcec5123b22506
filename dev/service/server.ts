/**
 * Local stand-in of the search-demand service (see README.md here).
 *
 * A plain node:http server: Bearer-key auth, a 7-day query cache, per-key daily
 * limits on a movable service clock, two wire schemas, and a control API under
 * /__control/ for tests (fault injection, knobs, stats). This module makes the service and routes each
 * request: api.ts answers /api/v1, control.ts /__control/, faults.ts the injected faults, clock.ts the
 * service clock, state.ts what it holds.
 */
import http from 'node:http';
import https from 'node:https';
import { BodyError, closeServer, listen, sendJson } from '../http.js';
import { handleApi } from './api.js';
import { BadRequest } from './bad-request.js';
import { Sleeps, serviceNow, startOffset } from './clock.js';
import { handleControl } from './control.js';
import { universe } from './data.js';
import { isSchema } from './schemas.js';
import { DEFAULT_CONFIG, DEFAULT_KEYS, MAX_WORLD, freshState, isWorld, type ServiceConfig, type ServiceState } from './state.js';

export type { Schema } from './schemas.js';
export { DEFAULT_CONFIG, DEFAULT_KEYS, isWorld } from './state.js';
export type { Fault, LogEntry, ServiceConfig, ServiceState, Stats, Usage } from './state.js';

export interface ServiceOptions extends Partial<ServiceConfig> {
  /** Initial valid API keys (default DEFAULT_KEYS). */
  keys?: string[];
  /** Called once per finished /api/v1 request with a one-line summary (never contains keys). */
  log?: (line: string) => void;
  /**
   * The instant (epoch ms) the service clock reads when the service is created, and again after each
   * `reset`; it runs on in real time from there. Tests pass a fixed one, so the daily windows fall at
   * the same hour whenever they run. Default: the wall clock.
   */
  startAt?: number;
  /**
   * A certificate and key (PEM) to answer over https too, on a port of its own beside the plain one
   * (dev/tls.ts makes a self-signed one): a self-install accepts only an https address.
   */
  tls?: { cert: string; key: string };
}

export interface Service {
  server: http.Server;
  state: ServiceState;
  /** Current service time (wall clock + offset, see ServiceOptions.startAt) in ms. */
  now(): number;
  /** Listens on `port` (plain http) and, with `tls`, on a free port for https too (`httpsUrl`). */
  listen(port?: number, host?: string): Promise<{ port: number; url: string; httpsUrl?: string }>;
  close(): Promise<void>;
}

/**
 * Creates the stand-in service (not yet listening).
 * @param options initial config and keys; `reset` restores exactly these.
 */
export function createService(options: ServiceOptions = {}): Service {
  const initialConfig: ServiceConfig = { ...DEFAULT_CONFIG };
  for (const k of Object.keys(DEFAULT_CONFIG) as Array<keyof ServiceConfig>) {
    if (options[k] !== undefined) (initialConfig as unknown as Record<string, unknown>)[k] = options[k];
  }
  if (!isSchema(initialConfig.schema)) throw new Error(`unknown schema ${String(initialConfig.schema)}`);
  if (!isWorld(initialConfig.world)) throw new Error(`world must be text of at most ${MAX_WORLD} characters`);
  const initialKeys = [...(options.keys ?? DEFAULT_KEYS)];
  if (options.startAt !== undefined && !Number.isFinite(options.startAt))
    throw new Error(`startAt must be epoch ms, got ${options.startAt}`);
  const startAt = options.startAt;

  const state: ServiceState = freshState(initialConfig, initialKeys, startOffset(startAt));
  const now = () => serviceNow(state);
  const sleeps = new Sleeps();
  const api = { state, now, sleep: (ms: number) => sleeps.sleep(ms), log: options.log };
  const control = {
    state,
    now,
    // The same object stays the state (tests and `service.state` hold it); its fields start afresh, but
    // for the requests still being answered.
    reset: () => Object.assign(state, freshState(initialConfig, initialKeys, startOffset(startAt)), { inFlight: state.inFlight }),
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    const work = p.startsWith('/__control/')
      ? handleControl(control, req, res, p)
      : p === '/api/v1' || p.startsWith('/api/v1/')
        ? handleApi(api, req, res, url)
        : Promise.resolve(sendJson(res, 404, { error: 'not_found', message: 'Not found. The API lives under /api/v1.' }));
    work.catch((err: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const bad = err instanceof BadRequest || err instanceof BodyError;
      if (bad) sendJson(res, 400, { error: 'bad_request', message: err.message });
      else sendJson(res, 500, { error: 'internal_error', message: 'internal error' });
      if (!bad) process.stderr.write(`service error: ${String((err as Error)?.stack ?? err)}\n`);
    });
  };
  const server = http.createServer(handle);
  const secure = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, handle) : null;
  for (const s of secure ? [server, secure] : [server]) {
    // Keep-alive friendly; requestTimeout off so long `hang` faults are not cut by Node.
    s.keepAliveTimeout = 65_000;
    s.headersTimeout = 66_000;
    s.requestTimeout = 0;
  }

  return {
    server,
    state,
    now,
    async listen(port = 0, host = '127.0.0.1') {
      universe(state.config.world); // build the universe up front so the first request is not slow
      const plain = await listen(server, port, host);
      if (!secure) return plain;
      const tlsAt = await listen(secure, 0, host);
      return { ...plain, httpsUrl: tlsAt.url.replace(/^http:/, 'https:') };
    },
    close() {
      sleeps.cancelAll();
      return Promise.all([closeServer(server), ...(secure ? [closeServer(secure)] : [])]).then(() => undefined);
    },
  };
}
