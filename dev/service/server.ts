/**
 * Local stand-in of the search-demand service (see README.md here).
 *
 * A plain node:http server: Bearer-key auth, a 7-day query cache, per-key daily
 * limits on a movable service clock, two wire schemas, and a control API under
 * /__control/ for tests (fault injection, knobs, stats).
 */
import http from 'node:http';
import https from 'node:https';
import { BodyError, closeServer, listen, readJsonObject, sendJson, sendJsonText } from '../http.js';
import {
  companyData,
  groupMembers,
  industriesData,
  marketsData,
  normaliseKeyword,
  rankingOverview,
  trendData,
  universe,
  type World,
} from './data.js';
import {
  SCHEMA_CHOICES,
  isSchema,
  renderBrand,
  renderCompany,
  renderIndustries,
  renderList,
  renderMarkets,
  renderOverview,
  renderTrend,
  renderUsage,
  renderAs,
  type Meta,
  type Schema,
} from './schemas.js';

export type { Schema } from './schemas.js';

/** Knobs that can be changed at runtime via POST /__control/config. */
export interface ServiceConfig {
  schema: Schema;
  /** Which data it serves: '' the default world (its hand-picked brands), any other text a world of its own (data.ts, World). */
  world: World;
  latencyFreshMs: number;
  latencyCachedMs: number;
  freshPerDay: number;
  callsPerDay: number;
  /** Cuts every ranking list to this many members (0 = the full list): lets tests make a list grow or shrink. */
  rankingListLimit: number;
  /**
   * Leaves out this many members from the top of every ranking list before the limit (0 = none): the
   * others move up that many places, and with a limit as many new ones enter at the bottom, so a test
   * can make ranks change between two answers.
   */
  rankingListSkip: number;
}

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

export type Fault =
  | { kind: '5xx'; count: number; status?: number; path?: string }
  | { kind: 'malformed'; count: number; path?: string }
  | { kind: 'hang'; count: number; ms: number; destroy?: boolean; path?: string }
  | { kind: '429'; count: number; retryAfter?: number; path?: string }
  | { kind: 'reset'; count: number; path?: string };

export interface LogEntry {
  path: string;
  /** Normalised query, e.g. "keyword=coffee beans" ("" for endpoints without parameters). */
  query: string;
  /** HTTP status; 0 when the connection was destroyed without a response. */
  status: number;
  cache: 'HIT' | 'MISS' | null;
  ms: number;
  /** The last four characters of the request's key ("" without one): which account paid, never the key. */
  keyTail: string;
}

export interface Stats {
  requests: number;
  apiCalls: number;
  freshCredits: number;
  cacheHits: number;
  byEndpoint: Record<string, number>;
  byQuery: Record<string, number>;
  statusCounts: Record<string, number>;
  log: LogEntry[];
}

export interface Usage {
  day: string;
  fresh: number;
  calls: number;
}

export interface ServiceState {
  config: ServiceConfig;
  keys: Set<string>;
  revoked: Set<string>;
  /** Per key, for the current UTC day of the service clock. */
  usage: Map<string, Usage>;
  /** Normalised query → service time of the fresh answer. */
  cache: Map<string, number>;
  /** Pending faults; `count` is decremented as requests are affected. */
  faults: Fault[];
  clockOffsetMs: number;
  stats: Stats;
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

export const DEFAULT_KEYS = ['dev-key-1', 'dev-key-2'];
export const DEFAULT_CONFIG: ServiceConfig = {
  schema: 'a',
  world: '',
  latencyFreshMs: 0,
  latencyCachedMs: 0,
  freshPerDay: 250,
  callsPerDay: 2000,
  rankingListLimit: 0,
  rankingListSkip: 0,
};
const WEEK_MS = 7 * 24 * 3600 * 1000;
const LOG_MAX = 5000;
const MAX_PARAM = 200;
const MAX_BODY_BYTES = 1_000_000;
/** A world's name is a seed: short text. */
const MAX_WORLD = 64;

/** Whether a value can name a world ('' for the default one). */
export function isWorld(value: unknown): value is World {
  return typeof value === 'string' && value.length <= MAX_WORLD;
}

interface Route {
  param?: 'keyword' | 'slug' | 'group';
  credit?: boolean;
}
const ROUTES = new Map<string, Route>([
  ['/trend', { param: 'keyword', credit: true }],
  ['/company', { param: 'keyword', credit: true }],
  ['/markets', {}],
  ['/industries', {}],
  ['/ranking', {}],
  ['/ranking/list', { param: 'group' }],
  ['/brand', { param: 'slug' }],
  ['/usage', {}],
]);

type Json = Record<string, unknown>;
class BadRequest extends Error {}

const emptyStats = (): Stats => ({
  requests: 0,
  apiCalls: 0,
  freshCredits: 0,
  cacheHits: 0,
  byEndpoint: {},
  byQuery: {},
  statusCounts: {},
  log: [],
});
const inc = (o: Record<string, number>, k: string) => {
  o[k] = (o[k] ?? 0) + 1;
};
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextUtcMidnight = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};
const isLoopback = (a: string | undefined) => !!a && (a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.'));

/** Reads an optional non-negative finite number from a control body. */
function optNum(body: Json, name: string): number | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new BadRequest(`${name} must be a non-negative number`);
  return v;
}

function parseFault(v: unknown): Fault {
  if (!v || typeof v !== 'object') throw new BadRequest('fault must be an object');
  const f = v as Json;
  const count = optNum(f, 'count');
  if (count === undefined || !Number.isInteger(count)) throw new BadRequest('fault.count must be a non-negative integer');
  if (f.path !== undefined && typeof f.path !== 'string') throw new BadRequest('fault.path must be a string');
  const path = f.path;
  switch (f.kind) {
    case '5xx': {
      const status = optNum(f, 'status') ?? 503;
      if (status < 500 || status > 599) throw new BadRequest('fault.status must be 500-599');
      return { kind: '5xx', count, status, path };
    }
    case 'malformed':
    case 'reset':
      return { kind: f.kind, count, path };
    case 'hang': {
      const ms = optNum(f, 'ms');
      if (ms === undefined) throw new BadRequest('hang fault needs ms');
      return { kind: 'hang', count, ms, destroy: f.destroy === true, path };
    }
    case '429':
      return { kind: '429', count, retryAfter: optNum(f, 'retryAfter'), path };
    default:
      throw new BadRequest('fault.kind must be one of 5xx, malformed, hang, 429, reset');
  }
}

const SERVER_ERRORS: Record<number, string> = {
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/**
 * Creates the stand-in service (not yet listening).
 * @param options initial config and keys; `reset` restores exactly these.
 */
export function createService(options: ServiceOptions = {}): Service {
  const initialConfig: ServiceConfig = { ...DEFAULT_CONFIG };
  for (const k of Object.keys(DEFAULT_CONFIG) as Array<keyof ServiceConfig>) {
    if (options[k] !== undefined) (initialConfig as unknown as Json)[k] = options[k];
  }
  if (!isSchema(initialConfig.schema)) throw new Error(`unknown schema ${String(initialConfig.schema)}`);
  if (!isWorld(initialConfig.world)) throw new Error(`world must be text of at most ${MAX_WORLD} characters`);
  const initialKeys = [...(options.keys ?? DEFAULT_KEYS)];
  const log = options.log;
  if (options.startAt !== undefined && !Number.isFinite(options.startAt))
    throw new Error(`startAt must be epoch ms, got ${options.startAt}`);
  // The offset at which the clock reads startAt now (0: the wall clock); reset sets it again.
  const startAt = options.startAt;
  const startOffset = () => (startAt === undefined ? 0 : startAt - Date.now());

  const state: ServiceState = {
    config: { ...initialConfig },
    keys: new Set(initialKeys),
    revoked: new Set(),
    usage: new Map(),
    cache: new Map(),
    faults: [],
    clockOffsetMs: startOffset(),
    stats: emptyStats(),
  };
  const now = () => Date.now() + state.clockOffsetMs;

  // Pending sleeps are tracked so close() can drop them.
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, ms);
          timers.add(t);
        });

  const usageOf = (key: string, t: number): Usage => {
    const day = utcDay(t);
    let u = state.usage.get(key);
    if (!u || u.day !== day) state.usage.set(key, (u = { day, fresh: 0, calls: 0 }));
    return u;
  };

  const takeFault = (pathname: string): Fault | undefined => {
    const f = state.faults.find((x) => x.count > 0 && (!x.path || pathname.endsWith(x.path)));
    if (f) f.count--;
    state.faults = state.faults.filter((x) => x.count > 0);
    return f;
  };

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const t0 = performance.now();
    const path = url.pathname;
    const sub = path.slice('/api/v1'.length).replace(/\/+$/, '') || '/';
    const route = ROUTES.get(sub);
    const value = route?.param ? normaliseKeyword(url.searchParams.get(route.param) ?? '') : '';
    const query = route?.param ? `${route.param}=${value}` : '';
    const queryKey = query ? `${sub}?${query}` : sub;

    const entry: LogEntry = { path, query, status: 0, cache: null, ms: 0, keyTail: '' };
    state.stats.requests++;
    inc(state.stats.byEndpoint, sub);
    inc(state.stats.byQuery, queryKey);
    // Recorded synchronously when the outcome is decided (so a client that reads stats right
    // after its response sees it); the close hook covers connections dropped by the client.
    let recorded = false;
    const record = (status: number, cache: LogEntry['cache']) => {
      if (recorded) return;
      recorded = true;
      Object.assign(entry, { status, cache, ms: Math.round(performance.now() - t0) });
      const st = state.stats;
      inc(st.statusCounts, String(status));
      st.log.push(entry);
      if (st.log.length > LOG_MAX) st.log.splice(0, st.log.length - LOG_MAX);
      log?.(`${status || 'reset'} ${req.method} ${queryKey} ${cache ?? '-'} ${entry.ms}ms`);
    };
    res.once('close', () => record(0, null));
    const destroy = () => {
      record(0, null);
      req.socket.destroy();
    };

    const reply = (status: number, body: unknown, cache: 'HIT' | 'MISS' = 'MISS', headers: Record<string, string> = {}) => {
      record(status, status >= 200 && status < 300 ? cache : null);
      // A string is sent as it is (the malformed fault's truncated JSON).
      sendJsonText(res, status, typeof body === 'string' ? body : JSON.stringify(body), { 'X-Cache': cache, ...headers });
    };
    const error = (status: number, code: string, message: string, extra: Json = {}, headers: Record<string, string> = {}) =>
      reply(status, { error: code, message, ...extra }, 'MISS', headers);
    const gone = () => res.destroyed || req.socket.destroyed;

    // Faults act before anything else: the request never reaches the service logic
    // (no API call, no credit, no cache entry), except `hang`, which then proceeds normally.
    const fault = takeFault(path);
    if (fault) {
      switch (fault.kind) {
        case 'reset':
          return destroy();
        case '5xx': {
          const status = fault.status ?? 503;
          return error(status, SERVER_ERRORS[status] ?? 'server_error', 'The service is temporarily unavailable. Please retry later.');
        }
        case '429':
          return error(
            429,
            'rate_limited',
            'Too many requests. Slow down.',
            {},
            fault.retryAfter !== undefined ? { 'Retry-After': String(Math.round(fault.retryAfter)) } : {},
          );
        case 'malformed':
          return reply(200, '{"cache":"miss","data":[{"month":"2025-0', 'MISS');
        case 'hang':
          await sleep(fault.ms);
          if (gone()) return;
          if (fault.destroy) return destroy();
      }
    }

    // Auth. The key itself never appears in a response or log.
    const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const key = m?.[1];
    entry.keyTail = key ? key.slice(-4) : '';
    if (!key) return error(401, 'unauthorized', 'Missing API key. Send the header "Authorization: Bearer <API_KEY>".');
    if (state.revoked.has(key)) return error(401, 'unauthorized', 'This API key has been revoked.');
    if (!state.keys.has(key)) return error(401, 'unauthorized', 'Invalid API key.');

    const cfg = state.config;
    const t = now();
    const u = usageOf(key, t);
    const limited = (limit: 'fresh_searches' | 'api_calls') => {
      const reset = nextUtcMidnight(t);
      const resetAt = new Date(reset).toISOString();
      const message =
        limit === 'fresh_searches'
          ? `Daily fresh search limit reached (${cfg.freshPerDay} per day). Cached results are still available. Resets at ${resetAt}.`
          : `Daily API call limit reached (${cfg.callsPerDay} per day). Resets at ${resetAt}.`;
      return error(
        429,
        'limit_exceeded',
        message,
        { limit, reset_at: resetAt },
        { 'Retry-After': String(Math.max(1, Math.ceil((reset - t) / 1000))) },
      );
    };
    // A call over the limit is rejected and not counted, so `used` never exceeds `limit`.
    if (u.calls >= cfg.callsPerDay) return limited('api_calls');
    u.calls++;
    state.stats.apiCalls++;

    if (!route) return error(404, 'not_found', `Unknown endpoint ${path}`);
    if (req.method !== 'GET') return error(405, 'method_not_allowed', 'Only GET is supported.', {}, { Allow: 'GET' });

    if (sub === '/usage') {
      // Counted above, before reading, so the answer includes this call.
      const usage = {
        freshUsed: u.fresh,
        freshLimit: cfg.freshPerDay,
        callsUsed: u.calls,
        callsLimit: cfg.callsPerDay,
        resetAt: new Date(nextUtcMidnight(t)).toISOString(),
      };
      return reply(
        200,
        renderAs({ schema: cfg.schema, hit: false, fetchedAt: t }, (mt) => renderUsage(usage, mt)),
      );
    }

    if (route.param) {
      if (!value) return error(400, 'bad_request', `${route.param} is required`);
      if ([...value].length > MAX_PARAM) return error(400, 'bad_request', `${route.param} must be at most ${MAX_PARAM} characters`);
    }

    let build: (meta: Meta) => Json;
    switch (sub) {
      case '/trend':
        build = (mt) => renderTrend(trendData(value, mt.fetchedAt, cfg.world), mt);
        break;
      case '/company':
        build = (mt) => renderCompany(companyData(value, cfg.world), mt);
        break;
      case '/markets':
        build = (mt) => renderMarkets(marketsData(cfg.world), mt);
        break;
      case '/industries':
        build = (mt) => renderIndustries(industriesData(cfg.world), mt);
        break;
      case '/ranking':
        build = (mt) => renderOverview(rankingOverview(cfg.world), mt);
        break;
      case '/ranking/list': {
        if (!value.includes(':')) return error(400, 'bad_request', 'group must have the form prefix:name, e.g. market:us');
        const members = groupMembers(value, cfg.world);
        if (!members) return error(404, 'not_found', `unknown group ${value}; see /api/v1/ranking for valid groups`);
        const { rankingListLimit: limit, rankingListSkip: skip } = state.config;
        const kept = members.slice(skip);
        build = (mt) => renderList(value, limit > 0 ? kept.slice(0, limit) : kept, mt);
        break;
      }
      case '/brand': {
        const brand = universe(cfg.world).bySlug.get(value);
        if (!brand) return error(404, 'not_found', `unknown brand ${value}`);
        build = (mt) => renderBrand(brand, mt);
        break;
      }
      default:
        return error(404, 'not_found', `Unknown endpoint ${path}`);
    }

    // 7-day cache, shared by all keys. The entry is written when the fresh answer is
    // decided (before the latency wait), so concurrent duplicates are HITs.
    const at = state.cache.get(queryKey);
    const hit = at !== undefined && t - at < WEEK_MS;
    if (!hit && route.credit) {
      if (u.fresh >= cfg.freshPerDay) return limited('fresh_searches');
      u.fresh++;
      state.stats.freshCredits++;
    }
    if (hit) state.stats.cacheHits++;
    else state.cache.set(queryKey, t);
    const meta: Meta = { schema: cfg.schema, hit, fetchedAt: hit ? at : t };
    await sleep(hit ? cfg.latencyCachedMs : cfg.latencyFreshMs);
    if (gone()) return;
    reply(200, renderAs(meta, build), hit ? 'HIT' : 'MISS');
  }

  function resetAll(): void {
    state.config = { ...initialConfig };
    state.keys = new Set(initialKeys);
    state.revoked = new Set();
    state.usage = new Map();
    state.cache = new Map();
    state.faults = [];
    state.clockOffsetMs = startOffset();
    state.stats = emptyStats();
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
    if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { error: 'forbidden', message: 'control API is loopback-only' });
    const body = req.method === 'POST' ? await readJsonObject(req, MAX_BODY_BYTES, { emptyAsObject: true }) : {};
    const ok = (extra: Json = {}) => sendJson(res, 200, { ok: true, ...extra });
    switch (`${req.method} ${path}`) {
      case 'POST /__control/reset':
        resetAll();
        return ok();
      case 'GET /__control/config':
        return ok({ config: state.config, now: new Date(now()).toISOString(), clockOffsetMs: state.clockOffsetMs });
      case 'POST /__control/config': {
        const next = { ...state.config };
        if (body.schema !== undefined) {
          if (!isSchema(body.schema)) throw new BadRequest(`schema must be ${SCHEMA_CHOICES}`);
          next.schema = body.schema;
        }
        if (body.world !== undefined) {
          if (!isWorld(body.world)) throw new BadRequest(`world must be text of at most ${MAX_WORLD} characters`);
          next.world = body.world;
        }
        for (const k of [
          'latencyFreshMs',
          'latencyCachedMs',
          'freshPerDay',
          'callsPerDay',
          'rankingListLimit',
          'rankingListSkip',
        ] as const) {
          const v = optNum(body, k);
          if (v !== undefined) next[k] = v;
        }
        state.config = next;
        return ok({ config: next });
      }
      case 'POST /__control/keys': {
        const list = (name: string): string[] => {
          const v = body[name] ?? [];
          if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.length > 0))
            throw new BadRequest(`${name} must be an array of strings`);
          return v as string[];
        };
        for (const k of list('add')) {
          state.keys.add(k);
          state.revoked.delete(k);
        }
        for (const k of list('revoke')) {
          state.keys.delete(k);
          state.revoked.add(k);
        }
        return ok({ active: state.keys.size, revoked: state.revoked.size });
      }
      case 'POST /__control/faults': {
        if (!Array.isArray(body.faults)) throw new BadRequest('faults must be an array');
        state.faults.push(...body.faults.map(parseFault).filter((f) => f.count > 0));
        return ok({ pending: state.faults.length });
      }
      case 'POST /__control/limits': {
        if (body.key !== undefined && (typeof body.key !== 'string' || !body.key)) throw new BadRequest('key must be a string');
        const freshUsed = optNum(body, 'freshUsed');
        const callsUsed = optNum(body, 'callsUsed');
        const t = now();
        for (const k of body.key ? [body.key] : [...state.keys]) {
          const u = usageOf(k, t);
          if (freshUsed !== undefined) u.fresh = Math.floor(freshUsed);
          if (callsUsed !== undefined) u.calls = Math.floor(callsUsed);
        }
        return ok();
      }
      case 'POST /__control/clock': {
        const v = body.advanceMs;
        if (typeof v !== 'number' || !Number.isFinite(v)) throw new BadRequest('advanceMs must be a number');
        state.clockOffsetMs += v;
        return ok({ now: new Date(now()).toISOString(), clockOffsetMs: state.clockOffsetMs });
      }
      case 'GET /__control/stats':
        return sendJson(res, 200, state.stats);
      case 'POST /__control/stats/reset':
        state.stats = emptyStats();
        return ok();
      default:
        return sendJson(res, 404, { error: 'not_found', message: `unknown control endpoint ${req.method} ${path}` });
    }
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const p = url.pathname;
    const work = p.startsWith('/__control/')
      ? handleControl(req, res, p)
      : p === '/api/v1' || p.startsWith('/api/v1/')
        ? handleApi(req, res, url)
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
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return Promise.all([closeServer(server), ...(secure ? [closeServer(secure)] : [])]).then(() => undefined);
    },
  };
}
