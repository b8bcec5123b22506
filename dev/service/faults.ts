/**
 * Injected faults (POST /__control/faults): parsing them, taking the next one that matches a request,
 * and answering with it. A fault acts before anything else: the request never reaches the service
 * logic (no API call, no credit, no cache entry), except `hang`, which then proceeds normally.
 */
import { BadRequest, optNum, type Json } from './bad-request.js';
import type { Exchange } from './exchange.js';
import type { Fault, ServiceState } from './state.js';

const SERVER_ERRORS: Record<number, string> = {
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** Reads one fault of a control body; a BadRequest says what is wrong with it. */
export function parseFault(v: unknown): Fault {
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

/** Takes the first pending fault that matches a path (spending one of its count), if any. */
export function takeFault(state: ServiceState, pathname: string): Fault | undefined {
  const f = state.faults.find((x) => x.count > 0 && (!x.path || pathname.endsWith(x.path)));
  if (f) f.count--;
  state.faults = state.faults.filter((x) => x.count > 0);
  return f;
}

/**
 * Answers a request with a fault. Returns true when the fault ended the request; false when the
 * request goes on (a `hang` that waited and neither was dropped nor drops the connection).
 */
export async function answerFault(fault: Fault, ex: Exchange, sleep: (ms: number) => Promise<void>): Promise<boolean> {
  switch (fault.kind) {
    case 'reset':
      ex.destroy();
      return true;
    case '5xx': {
      const status = fault.status ?? 503;
      ex.error(status, SERVER_ERRORS[status] ?? 'server_error', 'The service is temporarily unavailable. Please retry later.');
      return true;
    }
    case '429':
      ex.error(
        429,
        'rate_limited',
        'Too many requests. Slow down.',
        {},
        fault.retryAfter !== undefined ? { 'Retry-After': String(Math.round(fault.retryAfter)) } : {},
      );
      return true;
    case 'malformed':
      ex.reply(200, '{"cache":"miss","data":[{"month":"2025-0', 'MISS');
      return true;
    case 'hang':
      await sleep(fault.ms);
      if (ex.gone()) return true;
      if (fault.destroy) {
        ex.destroy();
        return true;
      }
      return false;
  }
}
