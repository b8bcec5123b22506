/**
 * The service's API under /api/v1: a fault first, then the Bearer key, the daily limits (calls, then
 * fresh searches), the endpoint's answer and the 7-day query cache shared by all keys.
 */
import type http from 'node:http';
import { normaliseKeyword } from './data.js';
import { ROUTES, answerOf } from './endpoints.js';
import { openExchange } from './exchange.js';
import { answerFault, takeFault } from './faults.js';
import { renderAs, renderUsage, type Meta } from './schemas.js';
import { nextUtcMidnight, usageOf, type ServiceState } from './state.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;
const MAX_PARAM = 200;

/** What the API needs of the service around it. */
export interface ApiContext {
  state: ServiceState;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

/** Answers one request under /api/v1. */
export async function handleApi(ctx: ApiContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const { state } = ctx;
  const path = url.pathname;
  const sub = path.slice('/api/v1'.length).replace(/\/+$/, '') || '/';
  const route = ROUTES.get(sub);
  const value = route?.param ? normaliseKeyword(url.searchParams.get(route.param) ?? '') : '';
  const query = route?.param ? `${route.param}=${value}` : '';
  const queryKey = query ? `${sub}?${query}` : sub;
  const ex = openExchange(state, req, res, { path, sub, query, queryKey }, ctx.log);
  const { reply, error } = ex;
  // Every wait on purpose is counted in the request's log entry (heldMs), so a test counts it rather than timing it.
  const hold = (ms: number): Promise<void> => {
    ex.entry.heldMs += Math.max(0, ms);
    return ctx.sleep(ms);
  };

  const fault = takeFault(state, path);
  if (fault && (await answerFault(fault, ex, hold))) return;

  // Auth. The key itself never appears in a response or log.
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const key = m?.[1];
  ex.entry.keyTail = key ? key.slice(-4) : '';
  if (!key) return error(401, 'unauthorized', 'Missing API key. Send the header "Authorization: Bearer <API_KEY>".');
  if (state.revoked.has(key)) return error(401, 'unauthorized', 'This API key has been revoked.');
  if (!state.keys.has(key)) return error(401, 'unauthorized', 'Invalid API key.');

  const cfg = state.config;
  const t = ctx.now();
  const u = usageOf(state, key, t);
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

  const answer = answerOf(sub, value, cfg);
  if (!('build' in answer)) return error(answer.status, answer.code, answer.message);

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
  await hold(hit ? cfg.latencyCachedMs : cfg.latencyFreshMs);
  if (ex.gone()) return;
  reply(200, renderAs(meta, answer.build), hit ? 'HIT' : 'MISS');
}
