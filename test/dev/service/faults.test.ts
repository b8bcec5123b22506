import { describe, expect, it } from 'vitest';
import { match } from '../../matchers.js';
import type { ServiceHandle } from '../../../dev/service/harness.js';
import type { ErrorAnswer, TrendA, UsageA } from './answers.js';
import { api, useService } from './util.js';

let svc: ServiceHandle;
useService({}, (s) => (svc = s));

/** What the service held its latest requests on purpose (ms), oldest first: counted, not timed. */
const held = async (n: number) => (await svc.control.stats()).log.slice(-n).map((e) => e.heldMs);

describe('faults', () => {
  it('5xx: default 503 for `count` requests, then normal; not counted as API calls but in stats', async () => {
    await svc.control.faults([{ kind: '5xx', count: 2 }]);
    const a = await api(svc, '/trend?keyword=x');
    expect(a.status).toBe(503);
    expect(a.body).toMatchObject({ error: 'service_unavailable' });
    expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await api(svc, '/markets')).status).toBe(503);
    expect((await api(svc, '/trend?keyword=x')).status).toBe(200);
    const u = (await api<UsageA>(svc, '/usage')).body;
    expect(u.api_calls.used).toBe(2);
    const s = await svc.control.stats();
    expect(s.requests).toBe(4);
    expect(s.statusCounts).toEqual({ 200: 2, 503: 2 });
  });

  it('5xx with status and path filter', async () => {
    await svc.control.faults([{ kind: '5xx', status: 500, count: 1, path: '/trend' }]);
    expect((await api(svc, '/markets')).status).toBe(200);
    expect((await api(svc, '/ranking/list?group=ai:all')).status).toBe(200);
    expect((await api(svc, '/trend?keyword=x')).status).toBe(500);
    expect((await api(svc, '/trend?keyword=x')).status).toBe(200);
  });

  it('faults queue in order and path matches the end of the pathname', async () => {
    await svc.control.faults([{ kind: '5xx', status: 502, count: 1, path: '/list' }]);
    await svc.control.faults([{ kind: '429', count: 1 }]);
    expect((await api(svc, '/ranking')).status).toBe(429);
    expect((await api(svc, '/ranking/list?group=ai:all')).status).toBe(502);
    expect((await api(svc, '/ranking')).status).toBe(200);
  });

  it('malformed: 200 JSON content type with a truncated body', async () => {
    await svc.control.faults([{ kind: 'malformed', count: 1 }]);
    const r = await api(svc, '/trend?keyword=x');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(() => JSON.parse(r.text) as unknown).toThrow();
  });

  it('429 with and without Retry-After', async () => {
    await svc.control.faults([
      { kind: '429', count: 1, retryAfter: 7 },
      { kind: '429', count: 1 },
    ]);
    const a = await api<ErrorAnswer>(svc, '/trend?keyword=x');
    expect(a.status).toBe(429);
    expect(a.headers.get('retry-after')).toBe('7');
    expect(a.body.error).toBe('rate_limited');
    const b = await api(svc, '/trend?keyword=x');
    expect(b.status).toBe(429);
    expect(b.headers.get('retry-after')).toBeNull();
  });

  it('hang: holds the connection, then answers normally', async () => {
    await svc.control.faults([{ kind: 'hang', count: 1, ms: 300 }]);
    const value = await api<TrendA>(svc, '/trend?keyword=x');
    expect(value.status).toBe(200);
    expect(value.body.keyword).toBe('x');
    expect(await held(1)).toEqual([300]);
  });

  it('hang with destroy, and reset: the connection dies without a response', async () => {
    await svc.control.faults([
      { kind: 'hang', count: 1, ms: 200, destroy: true },
      { kind: 'reset', count: 1 },
    ]);
    const value = await api(svc, '/trend?keyword=x').then(
      () => 'ok',
      () => 'failed',
    );
    expect(value).toBe('failed');
    await expect(api(svc, '/trend?keyword=x')).rejects.toThrow();
    expect((await api(svc, '/trend?keyword=x')).status).toBe(200);
    const s = await svc.control.stats();
    expect(s.statusCounts['0']).toBe(2);
    expect(s.log.map((e) => [e.status, e.heldMs])).toEqual([
      [0, 200], // held, then dropped
      [0, 0], // reset at once
      [200, 0],
    ]);
  });

  it('rejects invalid faults', async () => {
    const res = await fetch(`${svc.url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ faults: [{ kind: 'boom', count: 1 }] }),
    });
    expect(res.status).toBe(400);
  });
});

describe('latency and concurrency', () => {
  it('fresh answers wait latencyFreshMs, cached ones latencyCachedMs', async () => {
    await svc.control.config({ latencyFreshMs: 500, latencyCachedMs: 0 });
    const fresh = await api(svc, '/trend?keyword=slow');
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    const cached = await api(svc, '/trend?keyword=slow');
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(await held(2)).toEqual([500, 0]);
  });

  it('serves 400 concurrent requests', async () => {
    await svc.control.config({ latencyFreshMs: 200, latencyCachedMs: 200 });
    const results = await Promise.all(Array.from({ length: 400 }, (_, i) => api(svc, `/trend?keyword=k${i % 250}`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const s = await svc.control.stats();
    expect(s.freshCredits).toBe(250);
    expect(s.cacheHits).toBe(150);
    // Each was held 200 ms, and they were answered side by side, not one after another (80 s).
    expect(s.log.every((e) => e.heldMs === 200)).toBe(true);
    expect(s.peakInFlight).toBeGreaterThan(1);
  });
});

describe('stats', () => {
  it('counts by endpoint, normalised query, status, and logs requests', async () => {
    await api(svc, '/trend?keyword=Coffee');
    await api(svc, '/trend?keyword=coffee');
    await api(svc, '/ranking/list?group=Market:US');
    await api(svc, '/trend?keyword=coffee', null);
    const s = await svc.control.stats();
    expect(s).toMatchObject({
      requests: 4,
      apiCalls: 3,
      freshCredits: 1,
      cacheHits: 1,
      byEndpoint: { '/trend': 3, '/ranking/list': 1 },
      byQuery: { '/trend?keyword=coffee': 3, '/ranking/list?group=market:us': 1 },
      statusCounts: { 200: 3, 401: 1 },
    });
    expect(s.log).toHaveLength(4);
    expect(s.log[0]).toEqual({
      path: '/api/v1/trend',
      query: 'keyword=coffee',
      status: 200,
      cache: 'MISS',
      ms: match.any(Number),
      heldMs: 0,
      keyTail: match.stringMatching(/^.{4}$/),
    });
    expect(s.log[1]!.cache).toBe('HIT');
    expect(s.log[3]).toMatchObject({ status: 401, cache: null });
  });
});
