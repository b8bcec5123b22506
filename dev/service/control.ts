/**
 * The control API under /__control/ (loopback only), for tests: reset, config knobs, keys, faults,
 * usage, the clock and stats.
 */
import type http from 'node:http';
import { readJsonObject, sendJson } from '../http.js';
import { BadRequest, optNum, type Json } from './bad-request.js';
import { parseFault } from './faults.js';
import { SCHEMA_CHOICES, isSchema } from './schemas.js';
import { MAX_WORLD, emptyStats, isWorld, usageOf, type ServiceState } from './state.js';

const MAX_BODY_BYTES = 1_000_000;

/** What the control API needs of the service around it. */
export interface ControlContext {
  state: ServiceState;
  now: () => number;
  /** Restores the state the service was created with. */
  reset: () => void;
}

const isLoopback = (a: string | undefined) => !!a && (a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.'));

/** Answers one request under /__control/; a BadRequest thrown becomes a 400. */
export async function handleControl(ctx: ControlContext, req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
  const { state, now } = ctx;
  if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 403, { error: 'forbidden', message: 'control API is loopback-only' });
  const body = req.method === 'POST' ? await readJsonObject(req, MAX_BODY_BYTES, { emptyAsObject: true }) : {};
  const ok = (extra: Json = {}) => sendJson(res, 200, { ok: true, ...extra });
  switch (`${req.method} ${path}`) {
    case 'POST /__control/reset':
      ctx.reset();
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
      for (const k of ['latencyFreshMs', 'latencyCachedMs', 'freshPerDay', 'callsPerDay', 'rankingListLimit', 'rankingListSkip'] as const) {
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
        const u = usageOf(state, k, t);
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
