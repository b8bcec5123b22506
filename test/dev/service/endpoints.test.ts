import { beforeEach, describe, expect, it } from 'vitest';
import { match } from '../../matchers.js';
import type { ServiceHandle } from '../../../dev/service/harness.js';
import type {
  BrandA,
  BrandB,
  CompanyA,
  CompanyB,
  ErrorAnswer,
  IndustriesA,
  IndustriesB,
  ListA,
  ListB,
  MarketsA,
  MarketsB,
  RankingA,
  RankingB,
  TrendA,
  TrendB,
  UsageA,
} from './answers.js';
import { api, norm, topLevelScores, useService } from './util.js';

let svc: ServiceHandle;
useService({}, (s) => (svc = s));

const useSchema = (schema: 'a' | 'b' | 'c') => svc.control.config({ schema });

describe('schema a (snake_case)', () => {
  beforeEach(() => useSchema('a'));

  it('trend', async () => {
    const r = await api<TrendA>(svc, '/trend?keyword=Coffee+Beans');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const b = r.body;
    expect(b.keyword).toBe('coffee beans');
    expect(b.months).toHaveLength(12);
    for (const p of b.months) {
      expect(p.month).toMatch(/^\d{4}-\d{2}$/);
      expect(Number.isInteger(p.volume)).toBe(true);
    }
    expect(b.growth).toEqual({ yoy_pct: match.any(Number), three_month_pct: match.any(Number) });
    expect(b.months.map((p) => p.volume)).toContain(b.peak.volume);
    expect(b.search_score).toBeGreaterThanOrEqual(0);
    expect(b.search_score).toBeLessThanOrEqual(100);
    expect(topLevelScores(b)).toEqual(['search_score']);
    expect(b.cache).toBe('miss');
  });

  it('company: known and unknown', async () => {
    const known = (await api<CompanyA>(svc, '/company?keyword=ACME%20group')).body;
    expect(known).toMatchObject({
      name: 'Acme Group',
      in_universe: true,
      sector: 'fintech',
      brands: ['acme-pay', 'acme-cloud', 'acme-shop'],
    });
    expect(known.traffic!.monthly_visits).toBeGreaterThan(0);
    const mix = known.channel_mix!;
    expect(Object.keys(mix)).toEqual(['direct', 'organic_search', 'paid_search', 'social', 'referral', 'email']);
    expect(Object.values(mix).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    const unknown = await api(svc, '/company?keyword=no+such+company');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      keyword: 'no such company',
      name: null,
      in_universe: false,
      sector: null,
      traffic: null,
      channel_mix: null,
    });
  });

  it('markets', async () => {
    const b = (await api<MarketsA>(svc, '/markets')).body;
    expect(b.universe).toMatchObject({ brands: 2400, sectors: 12, markets: 5, ai_categories: 6 });
    expect(b.sectors).toHaveLength(12);
    expect(b.sectors[0]).toEqual({
      sector: 'fintech',
      group: 'sector:fintech',
      name: 'Fintech',
      brands: match.any(Number),
      companies: match.any(Number),
      ai_brands: match.any(Number),
      avg_index_score: match.any(Number),
      median_growth_pct: match.any(Number),
      total_search_volume: match.any(Number),
      demand_share: match.any(Number),
      top_brand: match.any(String),
    });
  });

  it('industries: exactly eight baskets with members', async () => {
    const b = (await api<IndustriesA>(svc, '/industries')).body;
    expect(b.industries).toHaveLength(8);
    for (const ind of b.industries) {
      expect(ind.members.length).toBe(ind.member_count);
      expect(ind.members.length).toBeGreaterThan(0);
      expect(Object.keys(ind.members[0]!)).toEqual([
        'slug',
        'name',
        'index_score',
        'growth_pct',
        'search_volume',
        'ai_category',
        'country',
      ]);
    }
  });

  it('ranking overview reveals usable group values', async () => {
    const b = (await api<RankingA>(svc, '/ranking')).body;
    expect(b.leaders).toHaveLength(10);
    expect(b.leaders[0]).toMatchObject({ rank: 1, slug: match.any(String), index_score: match.any(Number) });
    expect(b.breakouts).toHaveLength(10);
    const groups = [...b.ai_categories, ...b.sectors, ...b.markets].map((g) => g.group);
    expect(groups).toEqual(expect.arrayContaining(['ai:all', 'ai:chatbots', 'sector:fintech', 'sector:saas', 'market:us', 'market:jp']));
    for (const g of groups) expect((await api(svc, `/ranking/list?group=${encodeURIComponent(g)}`)).status).toBe(200);
  });

  it('ranking list: market list is large, sector/ai lists are small', async () => {
    const us = await api<ListA>(svc, '/ranking/list?group=market:us');
    expect(us.status).toBe(200);
    expect(Buffer.byteLength(us.text)).toBeGreaterThan(100_000);
    expect(us.body.group).toBe('market:us');
    expect(us.body.total).toBe(us.body.items.length);
    expect(us.body.items.length).toBeGreaterThanOrEqual(1500);
    expect(us.body.items[0]).toEqual({
      rank: 1,
      slug: match.any(String),
      name: match.any(String),
      index_score: match.any(Number),
      change: match.any(Number),
      sector: match.any(String),
      country: match.stringMatching(/^[A-Z]{2}$/),
      search_volume: match.any(Number),
      growth_pct: match.any(Number),
    });
    for (const g of ['sector:fintech', 'ai:all', 'ai:chatbots']) {
      const n = (await api<ListA>(svc, `/ranking/list?group=${g}`)).body.total;
      expect(n).toBeGreaterThanOrEqual(50);
      expect(n).toBeLessThanOrEqual(300);
    }
    // Every slug of a list resolves with /brand.
    const slug = us.body.items[1234]!.slug;
    expect((await api(svc, `/brand?slug=${slug}`)).status).toBe(200);
  });

  it('ranking list: skip leaves out the top members, so the others move up and new ones enter under a limit', async () => {
    const slugs = async () => (await api<ListA>(svc, '/ranking/list?group=sector:fintech')).body.items.map((i) => [i.rank, i.slug]);
    await svc.control.config({ rankingListLimit: 5 });
    const before = await slugs();
    await svc.control.config({ rankingListSkip: 2 });
    const after = await slugs();
    expect(after.map(([rank]) => rank)).toEqual([1, 2, 3, 4, 5]);
    expect(after.slice(0, 3).map(([, slug]) => slug)).toEqual(before.slice(2).map(([, slug]) => slug));
    expect(after.slice(3).some(([, slug]) => before.some(([, s]) => s === slug))).toBe(false);
  });

  it('ranking list errors', async () => {
    expect(await api(svc, '/ranking/list?group=marketus')).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    expect(await api(svc, '/ranking/list?group=market:zz')).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: match.stringContaining('unknown group') },
    });
    expect(await api(svc, '/ranking/list')).toMatchObject({ status: 400, body: { error: 'bad_request', message: 'group is required' } });
  });

  it('brand', async () => {
    const r = await api<BrandA>(svc, '/brand?slug=acme-pay');
    expect(r.status).toBe(200);
    const b = r.body;
    expect(b).toMatchObject({ slug: 'acme-pay', name: 'Acme Pay', parent_company: 'Acme Group', sector: 'fintech' });
    expect(topLevelScores(b)).toEqual(['index_score']);
    expect(norm('index_score')).toBe('indexscore');
    expect(Object.keys(b.signals).length).toBeGreaterThan(3);
    expect(b.ranks).toMatchObject({ overall: match.any(Number), sector: match.any(Number) });
    expect(b.products.length).toBeGreaterThan(0);
    expect(Object.values(b.intent_mix).reduce((a, c) => a + c, 0)).toBeCloseTo(1, 5);
    expect((await api(svc, '/brand?slug=no-such-brand')).status).toBe(404);
    expect((await api(svc, '/brand')).body).toEqual({ error: 'bad_request', message: 'slug is required' });
  });

  it('usage', async () => {
    await api(svc, '/trend?keyword=a');
    const b = (await api<UsageA>(svc, '/usage')).body;
    expect(b).toMatchObject({
      plan: 'free',
      fresh_searches: { used: 1, limit: 250, remaining: 249 },
      api_calls: { used: 2, limit: 2000, remaining: 1998 },
      cache: 'miss',
    });
    expect(new Date(b.reset_at).getUTCHours()).toBe(0);
  });
});

describe('schema b (camelCase, different structure)', () => {
  beforeEach(() => useSchema('b'));

  it('trend', async () => {
    const r = await api<TrendB>(svc, '/trend?keyword=Coffee+Beans');
    const b = r.body;
    expect(Object.keys(b)).toEqual([
      'query',
      'history',
      'averageSearches',
      'yoyChangePct',
      'threeMonthChangePct',
      'peakMonth',
      'searchScore',
      'retrievedAt',
      'cache',
    ]);
    expect(b.query).toBe('coffee beans');
    expect(b.history).toHaveLength(12);
    expect(b.history[0]).toEqual({ period: match.stringMatching(/^\d{4}-\d{2}$/), searches: match.any(Number) });
    expect(b.peakMonth).toEqual({ period: match.any(String), searches: match.any(Number) });
    expect(topLevelScores(b)).toEqual(['searchScore']);
    expect(norm('searchScore')).toBe('searchscore');
    expect(b.cache).toBe(false);
    expect((await api<TrendB>(svc, '/trend?keyword=coffee+beans')).body.cache).toBe(true);
  });

  it('same data as schema a under other names', async () => {
    const b = (await api<TrendB>(svc, '/trend?keyword=tea')).body;
    await useSchema('a');
    const a = (await api<TrendA>(svc, '/trend?keyword=tea')).body;
    expect(b.searchScore).toBe(a.search_score);
    expect(b.history.map((p) => p.searches)).toEqual(a.months.map((p) => p.volume));
  });

  it('company, markets, industries, ranking, list, brand, usage', async () => {
    const c = (await api<CompanyB>(svc, '/company?keyword=acme')).body;
    expect(c).toMatchObject({ companyName: 'Acme Group', isInUniverse: true, industry: { id: 'fintech', label: 'Fintech' } });
    expect(c.trafficSources).toHaveProperty('organicSearch');
    expect((await api(svc, '/company?keyword=zzz')).body).toMatchObject({ isInUniverse: false, monthlyVisits: null, trafficSources: null });

    const m = (await api<MarketsB>(svc, '/markets')).body;
    expect(m.summary.brandCount).toBe(2400);
    expect(m.crossIndustry).toHaveLength(12);

    const i = (await api<IndustriesB>(svc, '/industries')).body;
    expect(i.baskets).toHaveLength(8);
    expect(i.baskets[0]!.brands[0]).toHaveProperty('brandScore');

    const o = (await api<RankingB>(svc, '/ranking')).body;
    expect(Object.keys(o)).toEqual(['topBrands', 'risingBrands', 'aiSegments', 'industries', 'regions', 'retrievedAt', 'cache']);
    expect(o.regions.map((g) => g.groupId)).toEqual(['market:us', 'market:uk', 'market:de', 'market:fr', 'market:jp']);

    const l = (await api<ListB>(svc, '/ranking/list?group=sector:saas')).body;
    expect(l).toMatchObject({ groupId: 'sector:saas', label: 'SaaS', count: match.any(Number) });
    expect(l.results[0]).toMatchObject({ position: 1, id: match.any(String), brandScore: match.any(Number) });

    const b = (await api<BrandB>(svc, '/brand?slug=acme-pay')).body;
    expect(topLevelScores(b)).toEqual(['brandScore']);
    expect(b).toMatchObject({ id: 'acme-pay', brand: 'Acme Pay', parent: { name: 'Acme Group' } });
    expect(b.offerings[0]).toHaveProperty('title');
    expect(b.rankings.byMarket[0]).toEqual({ market: match.any(String), position: match.any(Number) });

    const u = (await api(svc, '/usage')).body;
    expect(u).toMatchObject({
      tier: 'free',
      freshSearchesUsed: 2,
      freshSearchLimit: 250,
      apiCallsUsed: 8,
      apiCallLimit: 2000,
      cache: false,
    });
  });

  it('only `cache` is shared between the schemas', async () => {
    const paths = [
      '/trend?keyword=x',
      '/company?keyword=acme',
      '/markets',
      '/industries',
      '/ranking',
      '/ranking/list?group=ai:all',
      '/brand?slug=strypo',
      '/usage',
    ];
    for (const p of paths) {
      await useSchema('b');
      const kb = Object.keys((await api<object>(svc, p)).body);
      await useSchema('a');
      const ka = Object.keys((await api<object>(svc, p)).body);
      expect(
        ka.filter((k) => kb.includes(k)),
        p,
      ).toEqual(['cache']);
    }
  });
});

describe('schema c and other worlds: a service nothing of ours knows', () => {
  it("schema c is schema a's answer with no field name in common but `cache`", async () => {
    const paths = [
      '/trend?keyword=x',
      '/company?keyword=acme',
      '/markets',
      '/industries',
      '/ranking',
      '/ranking/list?group=ai:all',
      '/brand?slug=strypo',
      '/usage',
    ];
    const names = (v: unknown, out = new Set<string>()): Set<string> => {
      if (Array.isArray(v)) v.forEach((x) => names(x, out));
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          out.add(k);
          names(x, out);
        }
      return out;
    };
    for (const p of paths) {
      await useSchema('a');
      const a = names((await api(svc, p)).body);
      await useSchema('b');
      const b = names((await api(svc, p)).body);
      await useSchema('c');
      const c = (await api<Record<string, unknown>>(svc, p)).body;
      // Market codes and the intent words stay (they are data, not field names).
      const shared = [...names(c)].filter(
        (k) =>
          (a.has(k) || b.has(k)) && !/^(us|uk|de|fr|jp|direct|social|email|navigational|informational|commercial|transactional)$/.test(k),
      );
      expect(shared, p).toEqual(['cache']);
      expect(c.cache, p).toMatch(/^(HIT|MISS)$/);
    }
    expect(topLevelScores((await api<object>(svc, '/trend?keyword=x')).body)).toEqual(['demand-score']);
    expect(topLevelScores((await api<object>(svc, '/brand?slug=strypo')).body)).toEqual(['brand-score']);
  });

  it('a world of its own: other brands (none of the hand-picked ones), other keyword figures, the same shapes', async () => {
    const known = (await api<RankingA>(svc, '/ranking')).body;
    const coffee = (await api<TrendA>(svc, '/trend?keyword=coffee')).body;
    await svc.control.config({ world: 'elsewhere' });
    const other = (await api<RankingA>(svc, '/ranking')).body;
    expect(other.leaders).toHaveLength(10);
    const slugs = other.leaders.map((b) => b.slug);
    expect(slugs.filter((s) => known.leaders.some((b) => b.slug === s))).toEqual([]);
    for (const slug of slugs.slice(0, 3)) expect((await api(svc, `/brand?slug=${slug}`)).status).toBe(200);
    for (const slug of ['acme-pay', 'strypo', 'nimbus-chat', 'brightcart', 'voyagely', 'pixora']) {
      expect((await api(svc, `/brand?slug=${slug}`)).status, slug).toBe(404);
    }
    const elsewhere = (await api<TrendA>(svc, '/trend?keyword=coffee')).body;
    expect(elsewhere.months.map((m) => m.month)).toEqual(coffee.months.map((m) => m.month));
    expect(elsewhere.months.map((m) => m.volume)).not.toEqual(coffee.months.map((m) => m.volume));
    // A reset goes back to the world the service was started with.
    await svc.control.reset();
    expect((await api(svc, '/brand?slug=acme-pay')).status).toBe(200);
  });

  it('refuses a world name that is not short text', async () => {
    const r = await fetch(`${svc.url}/__control/config`, { method: 'POST', body: JSON.stringify({ world: 42 }) });
    expect(r.status).toBe(400);
  });
});

describe('routing', () => {
  it('405 for other methods, 404 for unknown paths, JSON everywhere', async () => {
    const post = await api<ErrorAnswer>(svc, '/trend?keyword=x', undefined, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.body.error).toBe('method_not_allowed');
    expect(post.headers.get('allow')).toBe('GET');
    const nf = await api(svc, '/nope');
    expect(nf.status).toBe(404);
    expect(nf.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(nf.headers.get('x-cache')).toBe('MISS');
  });

  it('data is deterministic across resets', async () => {
    const { fetched_at: _first, ...first } = (await api<BrandA>(svc, '/brand?slug=nimbus-chat')).body;
    await svc.control.reset();
    const { fetched_at: _second, ...second } = (await api<BrandA>(svc, '/brand?slug=nimbus-chat')).body;
    expect(second).toEqual(first);
  });
});
