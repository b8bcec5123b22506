import { describe, expect, it } from 'vitest';
import { match } from '../../matchers.js';
import type { ServiceHandle } from '../../../dev/service/harness.js';
import type { ErrorAnswer, LimitAnswer, TrendA, TrendB, UsageA } from './answers.js';
import { TEST_START } from '../../../dev/stack.js';
import { api, useService } from './util.js';

const DAY = 24 * 3600 * 1000;
let svc: ServiceHandle;
// A fixed start (12:00 UTC): a limit's reset is midnight, 12 hours on, whenever the tests run.
useService({ startAt: TEST_START }, (s) => (svc = s));

const usage = async (key?: string) => (await api<UsageA>(svc, '/usage', key)).body;

describe('7-day cache', () => {
  it('MISS then HIT, in header and body, for differently written equal keywords', async () => {
    const a = await api<TrendA>(svc, '/trend?keyword=Coffee+Beans');
    expect(a.headers.get('x-cache')).toBe('MISS');
    expect(a.body.cache).toBe('miss');
    const b = await api<TrendA>(svc, '/trend?keyword=%20coffee%20%20%20BEANS%20');
    expect(b.headers.get('x-cache')).toBe('HIT');
    expect(b.body.cache).toBe('hit');
    expect(b.body.fetched_at).toBe(a.body.fetched_at);
    expect(b.body.months).toEqual(a.body.months);
    await svc.control.config({ schema: 'b' });
    const c = await api<TrendB>(svc, '/trend?keyword=coffee+beans');
    expect(c.headers.get('x-cache')).toBe('HIT');
    expect(c.body.cache).toBe(true);
  });

  it('every endpoint reports X-Cache; the cache is shared by all keys', async () => {
    for (const p of [
      '/markets',
      '/industries',
      '/ranking',
      '/ranking/list?group=ai:all',
      '/brand?slug=acme-pay',
      '/company?keyword=acme',
    ]) {
      expect((await api(svc, p)).headers.get('x-cache'), p).toBe('MISS');
      expect((await api(svc, p, 'dev-key-2')).headers.get('x-cache'), p).toBe('HIT');
    }
    const u = await api(svc, '/usage');
    expect(u.headers.get('x-cache')).toBe('MISS');
  });

  it('expires after 7 days of service clock', async () => {
    await api(svc, '/trend?keyword=tea');
    await svc.control.clock(7 * DAY - 60_000);
    expect((await api(svc, '/trend?keyword=tea')).headers.get('x-cache')).toBe('HIT');
    await svc.control.clock(60_000);
    const r = await api(svc, '/trend?keyword=tea');
    expect(r.headers.get('x-cache')).toBe('MISS');
    expect((await api(svc, '/trend?keyword=tea')).headers.get('x-cache')).toBe('HIT');
  });

  it('stats/reset keeps the cache; reset clears it', async () => {
    await api(svc, '/trend?keyword=tea');
    await svc.control.resetStats();
    expect((await svc.control.stats()).requests).toBe(0);
    expect((await api(svc, '/trend?keyword=tea')).headers.get('x-cache')).toBe('HIT');
    await svc.control.reset();
    expect((await api(svc, '/trend?keyword=tea')).headers.get('x-cache')).toBe('MISS');
  });
});

describe('credits and calls', () => {
  it('fresh credits only for fresh trend/company; every call counts (usage counts itself)', async () => {
    await api(svc, '/trend?keyword=a');
    await api(svc, '/trend?keyword=a'); // hit: free
    await api(svc, '/company?keyword=acme');
    await api(svc, '/company?keyword=unknown inc'); // unknown company is still a fresh query
    await api(svc, '/markets');
    await api(svc, '/brand?slug=acme-pay');
    await api(svc, '/ranking/list?group=market:de');
    await api(svc, '/brand?slug=nope'); // 404 counts a call
    await api(svc, '/trend'); // 400 counts a call, no credit
    const u = await usage();
    expect(u.fresh_searches.used).toBe(3);
    expect(u.api_calls.used).toBe(10);
    expect((await usage('dev-key-2')).api_calls.used).toBe(1);
    const s = await svc.control.stats();
    expect(s).toMatchObject({ freshCredits: 3, cacheHits: 1, apiCalls: 11, requests: 11 });
  });

  it('429 when fresh credits are exhausted; cached answers still work', async () => {
    await api(svc, '/trend?keyword=cached');
    await svc.control.limits({ key: 'dev-key-1', freshUsed: 250 });
    const r = await api<LimitAnswer>(svc, '/trend?keyword=brand new');
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: 'limit_exceeded', limit: 'fresh_searches', message: match.stringContaining('250 per day') });
    // Retry-After counts the seconds to reset_at on the service's clock: at most the 12 hours from its start.
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(12 * 3600);
    expect(r.body.reset_at).toBe(new Date(TEST_START + 12 * 3_600_000).toISOString());
    expect((await api(svc, '/trend?keyword=cached')).status).toBe(200);
    expect((await api(svc, '/company?keyword=acme')).status).toBe(429);
    expect((await api(svc, '/markets')).status).toBe(200); // costs no credit
    expect((await api(svc, '/trend?keyword=brand new', 'dev-key-2')).status).toBe(200); // limits are per key
  });

  it('429 api_calls after the daily call limit; a new UTC day resets both', async () => {
    await svc.control.config({ callsPerDay: 3, freshPerDay: 1 });
    await api(svc, '/trend?keyword=one');
    expect((await api<LimitAnswer>(svc, '/trend?keyword=two')).body.limit).toBe('fresh_searches');
    expect((await api(svc, '/markets')).status).toBe(200);
    const r = await api(svc, '/markets');
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ error: 'limit_exceeded', limit: 'api_calls' });
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    await svc.control.clock(DAY);
    expect((await api(svc, '/trend?keyword=two')).status).toBe(200);
    expect((await usage()).api_calls).toEqual({ used: 2, limit: 3, remaining: 1 });
  });

  it('limits can target one key', async () => {
    await svc.control.limits({ key: 'dev-key-2', callsUsed: 2000 });
    expect((await api(svc, '/usage', 'dev-key-2')).status).toBe(429);
    expect((await api(svc, '/usage')).status).toBe(200);
  });
});

describe('query decoding and validation', () => {
  const cases: Array<[string, string]> = [
    ['coffee+beans', 'coffee beans'],
    ['c%2B%2B', 'c++'],
    ['salt%26pepper', 'salt&pepper'],
    ['%F0%9F%8D%95+Pizza', '🍕 pizza'],
    ['caf%C3%A9', 'café'],
  ];
  for (const [raw, expected] of cases) {
    it(`keyword=${raw} → "${expected}"`, async () => {
      const r = await api<TrendA>(svc, `/trend?keyword=${raw}`);
      expect(r.status).toBe(200);
      expect(r.body.keyword).toBe(expected);
      expect((await svc.control.stats()).byQuery[`/trend?keyword=${expected}`]).toBe(1);
    });
  }

  it('distinct keywords give distinct, deterministic data', async () => {
    const plus = (await api<TrendA>(svc, '/trend?keyword=c%2B%2B')).body;
    const space = (await api<TrendA>(svc, '/trend?keyword=c++')).body;
    expect(space.keyword).toBe('c');
    expect(space.months).not.toEqual(plus.months);
  });

  it('missing, empty and too long keywords → 400', async () => {
    for (const q of ['', '?keyword=', '?keyword=+++', '?other=1']) {
      const r = await api(svc, `/trend${q}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: 'bad_request', message: 'keyword is required' });
    }
    const long = await api<ErrorAnswer>(svc, `/company?keyword=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/200/);
    expect((await api(svc, `/trend?keyword=${'x'.repeat(200)}`)).status).toBe(200);
    expect((await usage()).fresh_searches.used).toBe(1);
  });
});

describe('limits without a key', () => {
  it('apply to every active key', async () => {
    await svc.control.limits({ freshUsed: 250 });
    expect((await api(svc, '/trend?keyword=q')).status).toBe(429);
    expect((await api(svc, '/trend?keyword=q', 'dev-key-2')).status).toBe(429);
  });
});
