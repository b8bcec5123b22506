/**
 * The three wire schemas of the stand-in service.
 *
 * The real service's field names are unknown (its specification does not give them), so the add-on must
 * not depend on them. Schema `a` is snake_case, schema `b` is camelCase with a
 * partly different structure. Only `cache` has the same name in all (values
 * differ: "hit"/"miss" in a, true/false in b, "HIT"/"MISS" in c). Schema `c` is the one no test names a
 * field of: schema a's structure in other words (kebab-case synonyms, `handle` for a brand's slug), for
 * proving that something works on a service the add-on has never seen (see `renderAs`).
 */
import type { BasketModel, Brand, CompanyModel, GroupSummary, MarketsModel, OverviewModel, TrendModel } from './data.js';
import { SECTORS, groupName } from './data.js';

export type Schema = 'a' | 'b' | 'c';
export const SCHEMAS: readonly Schema[] = ['a', 'b', 'c'];

/** '"a", "b" or "c"', for messages. */
export const SCHEMA_CHOICES = SCHEMAS.map((s) => `"${s}"`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');

/** Whether `value` names one of the schemas. */
export function isSchema(value: unknown): value is Schema {
  return SCHEMAS.includes(value as Schema);
}

/** Per-response facts that are not part of the data itself. */
export interface Meta {
  schema: Schema;
  hit: boolean;
  fetchedAt: number;
}

type Json = Record<string, unknown>;

const sectorName = (id: string) => SECTORS.find((s) => s.id === id)?.name ?? id;

/** Appends the fetch time and the cache flag in the schema's style. */
function finish(meta: Meta, body: Json): Json {
  const at = new Date(meta.fetchedAt).toISOString();
  return meta.schema === 'a'
    ? { ...body, fetched_at: at, cache: meta.hit ? 'hit' : 'miss' }
    : { ...body, retrievedAt: at, cache: meta.hit };
}

/** Trend response. Exactly one top-level numeric "...score" field in each schema. */
export function renderTrend(t: TrendModel, meta: Meta): Json {
  if (meta.schema === 'a') {
    return finish(meta, {
      keyword: t.keyword,
      months: t.months.map((p) => ({ month: p.month, volume: p.volume })),
      avg_monthly_volume: t.avgVolume,
      growth: { yoy_pct: t.yoyPct, three_month_pct: t.threeMonthPct },
      peak: { month: t.peak.month, volume: t.peak.volume },
      search_score: t.searchScore,
    });
  }
  return finish(meta, {
    query: t.keyword,
    history: t.months.map((p) => ({ period: p.month, searches: p.volume })),
    averageSearches: t.avgVolume,
    yoyChangePct: t.yoyPct,
    threeMonthChangePct: t.threeMonthPct,
    peakMonth: { period: t.peak.month, searches: t.peak.volume },
    searchScore: t.searchScore,
  });
}

/** Company response; unknown companies are answered with membership false and nulls. */
export function renderCompany(m: CompanyModel, meta: Meta): Json {
  const c = m.company;
  if (meta.schema === 'a') {
    return finish(meta, {
      keyword: m.query,
      name: c?.name ?? null,
      in_universe: c !== null,
      sector: c?.sector ?? null,
      country: c?.country ?? null,
      brands: c?.brands ?? [],
      founded: c?.founded ?? null,
      employees: c?.employees ?? null,
      traffic: c?.monthlyVisits != null ? { monthly_visits: c.monthlyVisits } : null,
      channel_mix: c?.channelMix
        ? {
            direct: c.channelMix.direct,
            organic_search: c.channelMix.organicSearch,
            paid_search: c.channelMix.paidSearch,
            social: c.channelMix.social,
            referral: c.channelMix.referral,
            email: c.channelMix.email,
          }
        : null,
    });
  }
  return finish(meta, {
    searchTerm: m.query,
    companyName: c?.name ?? null,
    isInUniverse: c !== null,
    industry: c ? { id: c.sector, label: sectorName(c.sector) } : null,
    hq: c?.country ?? null,
    brandIds: c?.brands ?? [],
    foundedYear: c?.founded ?? null,
    headcount: c?.employees ?? null,
    monthlyVisits: c?.monthlyVisits ?? null,
    trafficSources: c?.channelMix ? { ...c.channelMix } : null,
  });
}

/** Markets response: universe statistics and the per-sector cross-industry analysis. */
export function renderMarkets(m: MarketsModel, meta: Meta): Json {
  const s = m.stats;
  if (meta.schema === 'a') {
    return finish(meta, {
      universe: {
        companies: s.companies,
        brands: s.brands,
        sectors: s.sectors,
        markets: s.markets,
        ai_brands: s.aiBrands,
        ai_categories: s.aiCategories,
        products: s.products,
        total_search_volume: s.totalSearchVolume,
        avg_index_score: s.avgIndexScore,
        median_growth_pct: s.medianGrowthPct,
      },
      sectors: m.sectors.map((x) => ({
        sector: x.id,
        group: x.group,
        name: x.name,
        brands: x.brands,
        companies: x.companies,
        ai_brands: x.aiBrands,
        avg_index_score: x.avgIndexScore,
        median_growth_pct: x.medianGrowthPct,
        total_search_volume: x.totalSearchVolume,
        demand_share: x.demandShare,
        top_brand: x.topBrand,
      })),
    });
  }
  return finish(meta, {
    summary: {
      companyCount: s.companies,
      brandCount: s.brands,
      sectorCount: s.sectors,
      marketCount: s.markets,
      aiBrandCount: s.aiBrands,
      aiCategoryCount: s.aiCategories,
      productCount: s.products,
      monthlySearches: s.totalSearchVolume,
      averageScore: s.avgIndexScore,
      growthMedian: s.medianGrowthPct,
    },
    crossIndustry: m.sectors.map((x) => ({
      industryId: x.id,
      groupId: x.group,
      label: x.name,
      brandCount: x.brands,
      companyCount: x.companies,
      aiBrandCount: x.aiBrands,
      averageScore: x.avgIndexScore,
      growthMedian: x.medianGrowthPct,
      monthlySearches: x.totalSearchVolume,
      shareOfDemand: x.demandShare,
      leader: x.topBrand,
    })),
  });
}

/** Industries response: the eight AI baskets with member data. */
export function renderIndustries(baskets: BasketModel[], meta: Meta): Json {
  if (meta.schema === 'a') {
    return finish(meta, {
      industries: baskets.map((b) => ({
        industry: b.id,
        name: b.name,
        member_count: b.members.length,
        avg_index_score: b.avgIndexScore,
        members: b.members.map((x) => ({
          slug: x.slug,
          name: x.name,
          index_score: x.indexScore,
          growth_pct: x.growthPct,
          search_volume: x.searchVolume,
          ai_category: x.aiCategory,
          country: x.country,
        })),
      })),
    });
  }
  return finish(meta, {
    baskets: baskets.map((b) => ({
      basketId: b.id,
      title: b.name,
      size: b.members.length,
      averageScore: b.avgIndexScore,
      brands: b.members.map((x) => ({
        id: x.slug,
        brand: x.name,
        brandScore: x.indexScore,
        growth: x.growthPct,
        monthlySearches: x.searchVolume,
        segment: x.aiCategory,
        hq: x.country,
      })),
    })),
  });
}

/** Ranking overview: leaders, breakouts and every usable group value. */
export function renderOverview(o: OverviewModel, meta: Meta): Json {
  if (meta.schema === 'a') {
    const group = (g: GroupSummary) => ({ group: g.group, name: g.name, brands: g.brands, leader: g.leader });
    return finish(meta, {
      leaders: o.leaders.map((b) => ({
        rank: b.ranks.overall,
        slug: b.slug,
        name: b.name,
        index_score: b.indexScore,
        change: b.change,
        sector: b.sector,
      })),
      breakouts: o.breakouts.map((b) => ({
        slug: b.slug,
        name: b.name,
        index_score: b.indexScore,
        growth_pct: b.growthPct,
        sector: b.sector,
      })),
      ai_categories: o.aiCategories.map(group),
      sectors: o.sectors.map(group),
      markets: o.markets.map(group),
    });
  }
  const group = (g: GroupSummary) => ({ groupId: g.group, label: g.name, count: g.brands, topBrand: g.leader });
  return finish(meta, {
    topBrands: o.leaders.map((b) => ({
      position: b.ranks.overall,
      id: b.slug,
      brand: b.name,
      brandScore: b.indexScore,
      delta: b.change,
      industry: b.sector,
    })),
    risingBrands: o.breakouts.map((b) => ({
      id: b.slug,
      brand: b.name,
      brandScore: b.indexScore,
      growth: b.growthPct,
      industry: b.sector,
    })),
    aiSegments: o.aiCategories.map(group),
    industries: o.sectors.map(group),
    regions: o.markets.map(group),
  });
}

/** Ranking list of one group (no pagination: the whole list). */
export function renderList(group: string, members: Brand[], meta: Meta): Json {
  if (meta.schema === 'a') {
    return finish(meta, {
      group,
      name: groupName(group),
      total: members.length,
      items: members.map((b, i) => ({
        rank: i + 1,
        slug: b.slug,
        name: b.name,
        index_score: b.indexScore,
        change: b.change,
        sector: b.sector,
        country: b.country,
        search_volume: b.searchVolume,
        growth_pct: b.growthPct,
      })),
    });
  }
  return finish(meta, {
    groupId: group,
    label: groupName(group),
    count: members.length,
    results: members.map((b, i) => ({
      position: i + 1,
      id: b.slug,
      brand: b.name,
      brandScore: b.indexScore,
      delta: b.change,
      industry: b.sector,
      hq: b.country,
      monthlySearches: b.searchVolume,
      growth: b.growthPct,
    })),
  });
}

/** Brand response. Exactly one top-level numeric "...score" field in each schema. */
export function renderBrand(b: Brand, meta: Meta): Json {
  const s = b.signals;
  if (meta.schema === 'a') {
    return finish(meta, {
      slug: b.slug,
      name: b.name,
      index_score: b.indexScore,
      signals: {
        search_demand: s.searchDemand,
        growth_momentum: s.growthMomentum,
        web_traffic: s.webTraffic,
        social_buzz: s.socialBuzz,
        news_coverage: s.newsCoverage,
        sentiment: s.sentiment,
      },
      ranks: { overall: b.ranks.overall, sector: b.ranks.sector, ai_category: b.ranks.aiCategory, markets: { ...b.ranks.markets } },
      parent_company: b.company,
      sector: b.sector,
      country: b.country,
      ai_category: b.aiCategory,
      products: [...b.products],
      intent_mix: { ...b.intentMix },
      search_volume: b.searchVolume,
      growth_pct: b.growthPct,
    });
  }
  return finish(meta, {
    id: b.slug,
    brand: b.name,
    brandScore: b.indexScore,
    signalBreakdown: { ...s },
    rankings: {
      global: b.ranks.overall,
      inIndustry: b.ranks.sector,
      inSegment: b.ranks.aiCategory,
      byMarket: Object.entries(b.ranks.markets).map(([market, position]) => ({ market, position })),
    },
    parent: { name: b.company },
    industry: { id: b.sector, label: sectorName(b.sector) },
    hq: b.country,
    segment: b.aiCategory,
    offerings: b.products.map((title) => ({ title })),
    searchIntent: { ...b.intentMix },
    monthlySearches: b.searchVolume,
    growth: b.growthPct,
  });
}

/** Usage numbers as the server tracks them. */
export interface UsageModel {
  freshUsed: number;
  freshLimit: number;
  callsUsed: number;
  callsLimit: number;
  resetAt: string;
}

/** Usage response (always live, never cached). */
export function renderUsage(u: UsageModel, meta: Meta): Json {
  const left = (used: number, limit: number) => Math.max(0, limit - used);
  if (meta.schema === 'a') {
    return {
      plan: 'free',
      fresh_searches: { used: u.freshUsed, limit: u.freshLimit, remaining: left(u.freshUsed, u.freshLimit) },
      api_calls: { used: u.callsUsed, limit: u.callsLimit, remaining: left(u.callsUsed, u.callsLimit) },
      reset_at: u.resetAt,
      cache: 'miss',
    };
  }
  return {
    tier: 'free',
    freshSearchesUsed: u.freshUsed,
    freshSearchLimit: u.freshLimit,
    freshSearchesRemaining: left(u.freshUsed, u.freshLimit),
    apiCallsUsed: u.callsUsed,
    apiCallLimit: u.callsLimit,
    apiCallsRemaining: left(u.callsUsed, u.callsLimit),
    resetsAt: u.resetAt,
    cache: false,
  };
}

/** Schema c's word for each of schema a's keys (keys not listed, such as market codes, stay as they are). */
const C_NAMES: Record<string, string> = {
  // trend
  keyword: 'search-term',
  months: 'monthly-demand',
  month: 'period-start',
  volume: 'search-count',
  avg_monthly_volume: 'mean-searches',
  growth: 'demand-change',
  yoy_pct: 'vs-last-year-pct',
  three_month_pct: 'vs-3-months-ago-pct',
  peak: 'peak-demand',
  search_score: 'demand-score',
  fetched_at: 'as-of',
  // company
  name: 'display-name',
  in_universe: 'listed',
  sector: 'vertical',
  country: 'home-market',
  brands: 'marques',
  founded: 'established',
  employees: 'staff',
  traffic: 'web',
  monthly_visits: 'visits-per-month',
  channel_mix: 'acquisition',
  organic_search: 'seo',
  paid_search: 'sem',
  referral: 'referrals',
  // markets, industries, ranking
  universe: 'totals',
  companies: 'firms',
  sectors: 'verticals',
  markets: 'territories',
  ai_brands: 'ai-marques',
  ai_categories: 'ai-segments',
  products: 'product-lines',
  total_search_volume: 'searches-total',
  avg_index_score: 'mean-brand-score',
  median_growth_pct: 'median-change-pct',
  group: 'list-key',
  demand_share: 'demand-share',
  top_brand: 'leader-handle',
  industries: 'ai-clusters',
  industry: 'cluster',
  member_count: 'basket-size',
  members: 'constituents',
  slug: 'handle',
  index_score: 'brand-score',
  growth_pct: 'change-pct',
  search_volume: 'searches-per-month',
  ai_category: 'ai-segment',
  leaders: 'top',
  rank: 'place',
  change: 'movement',
  breakouts: 'risers',
  leader: 'leader-handle',
  total: 'entries',
  items: 'ranking',
  // brand
  signals: 'signal-mix',
  search_demand: 'search-interest',
  growth_momentum: 'momentum',
  web_traffic: 'visits',
  social_buzz: 'social-chatter',
  news_coverage: 'press',
  sentiment: 'tone',
  ranks: 'rank-positions',
  overall: 'worldwide',
  parent_company: 'owner',
  intent_mix: 'intents',
  // usage
  plan: 'account-type',
  fresh_searches: 'fresh-search-credits',
  api_calls: 'api-requests',
  used: 'consumed',
  limit: 'daily-limit',
  remaining: 'left',
  reset_at: 'resets-at',
};

function inSchemaC(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inSchemaC);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'cache') out.cache = child === 'hit' ? 'HIT' : 'MISS';
    else out[C_NAMES[key] ?? key] = inSchemaC(child);
  }
  return out;
}

/**
 * An answer in the meta's schema: schema c is schema a's answer with every key in C_NAMES' words.
 * @param meta the response's facts (its schema decides)
 * @param render one of the render functions above, called with the meta (schema a's for schema c)
 */
export function renderAs(meta: Meta, render: (meta: Meta) => Json): Json {
  return meta.schema === 'c' ? (inSchemaC(render({ ...meta, schema: 'a' })) as Json) : render(meta);
}
