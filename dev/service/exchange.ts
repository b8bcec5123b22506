/**
 * One /api/v1 request and its answer: the stats and log line it leaves (recorded once, when the outcome
 * is decided) and the ways to answer it.
 */
import type http from 'node:http';
import { sendJsonText } from '../http.js';
import type { Json } from './bad-request.js';
import { inc, type LogEntry, type ServiceState } from './state.js';

const LOG_MAX = 5000;

/** The answers of one request. */
export interface Exchange {
  /** Its log entry (the caller fills in `keyTail` once it has read the key). */
  readonly entry: LogEntry;
  /** Sends a JSON answer; a string is sent as it is (the malformed fault's truncated JSON). */
  reply: (status: number, body: unknown, cache?: 'HIT' | 'MISS', headers?: Record<string, string>) => void;
  /** Sends an error answer `{ error, message, ...extra }`. */
  error: (status: number, code: string, message: string, extra?: Json, headers?: Record<string, string>) => void;
  /** Drops the connection without an answer. */
  destroy: () => void;
  /** Whether the client or a fault dropped the connection already. */
  gone: () => boolean;
}

/**
 * Opens the exchange of a request: counts it in the stats now, and records its outcome synchronously
 * when decided (so a client that reads stats right after its response sees it); the close hook covers
 * connections dropped by the client.
 */
export function openExchange(
  state: ServiceState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  request: { path: string; sub: string; query: string; queryKey: string },
  log: ((line: string) => void) | undefined,
): Exchange {
  const t0 = performance.now();
  const entry: LogEntry = { path: request.path, query: request.query, status: 0, cache: null, ms: 0, heldMs: 0, keyTail: '' };
  state.stats.requests++;
  state.inFlight++;
  state.stats.peakInFlight = Math.max(state.stats.peakInFlight, state.inFlight);
  inc(state.stats.byEndpoint, request.sub);
  inc(state.stats.byQuery, request.queryKey);
  let recorded = false;
  const record = (status: number, cache: LogEntry['cache']) => {
    if (recorded) return;
    recorded = true;
    state.inFlight = Math.max(0, state.inFlight - 1);
    Object.assign(entry, { status, cache, ms: Math.round(performance.now() - t0) });
    const st = state.stats;
    inc(st.statusCounts, String(status));
    st.log.push(entry);
    if (st.log.length > LOG_MAX) st.log.splice(0, st.log.length - LOG_MAX);
    log?.(`${status || 'reset'} ${req.method} ${request.queryKey} ${cache ?? '-'} ${entry.ms}ms`);
  };
  res.once('close', () => record(0, null));
  const reply: Exchange['reply'] = (status, body, cache = 'MISS', headers = {}) => {
    record(status, status >= 200 && status < 300 ? cache : null);
    sendJsonText(res, status, typeof body === 'string' ? body : JSON.stringify(body), { 'X-Cache': cache, ...headers });
  };
  return {
    entry,
    reply,
    error: (status, code, message, extra = {}, headers = {}) => reply(status, { error: code, message, ...extra }, 'MISS', headers),
    destroy: () => {
      record(0, null);
      req.socket.destroy();
    },
    gone: () => res.destroyed || req.socket.destroyed,
  };
}
