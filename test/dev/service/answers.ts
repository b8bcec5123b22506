/**
 * The local service's answers as the service tests read them: one type per endpoint and schema,
 * after dev/service/schemas.ts (which builds them as plain JSON). A test names the one it expects,
 * `api<TrendA>(svc, '/trend?keyword=tea')`, and its assertions check the actual body.
 */

/** The body of every refusal (400, 401, 404, 405, 429). */
export interface ErrorAnswer {
  error: string;
  message: string;
}

/** A 429 for a daily limit: which one ran out, and when it resets. */
export interface LimitAnswer extends ErrorAnswer {
  limit: 'fresh_searches' | 'api_calls';
  reset_at: string;
}

/** Schema a: snake_case, 'hit' / 'miss'. */
interface FinishA {
  fetched_at: string;
  cache: 'hit' | 'miss';
}

/** Schema b: camelCase, a boolean cache flag. */
interface FinishB {
  retrievedAt: string;
  cache: boolean;
}

export interface TrendA extends FinishA {
  keyword: string;
  months: { month: string; volume: number }[];
  avg_monthly_volume: number;
  growth: { yoy_pct: number; three_month_pct: number };
  peak: { month: string; volume: number };
  search_score: number;
}

export interface TrendB extends FinishB {
  query: string;
  history: { period: string; searches: number }[];
  averageSearches: number;
  yoyChangePct: number;
  threeMonthChangePct: number;
  peakMonth: { period: string; searches: number };
  searchScore: number;
}

export interface CompanyA extends FinishA {
  keyword: string;
  name: string | null;
  in_universe: boolean;
  sector: string | null;
  brands: string[];
  traffic: { monthly_visits: number } | null;
  channel_mix: Record<string, number> | null;
}

export interface CompanyB extends FinishB {
  companyName: string | null;
  isInUniverse: boolean;
  industry: { id: string; label: string } | null;
  monthlyVisits: number | null;
  trafficSources: Record<string, number> | null;
}

export interface MarketsA extends FinishA {
  universe: Record<string, number>;
  sectors: Record<string, string | number>[];
}

export interface MarketsB extends FinishB {
  summary: { brandCount: number } & Record<string, number>;
  crossIndustry: Record<string, string | number>[];
}

export interface IndustriesA extends FinishA {
  industries: { industry: string; name: string; member_count: number; members: Record<string, string | number | null>[] }[];
}

export interface IndustriesB extends FinishB {
  baskets: { basketId: string; title: string; size: number; brands: Record<string, string | number | null>[] }[];
}

export interface RankingA extends FinishA {
  leaders: Record<string, string | number>[];
  breakouts: Record<string, string | number>[];
  ai_categories: { group: string; name: string }[];
  sectors: { group: string; name: string }[];
  markets: { group: string; name: string }[];
}

export interface RankingB extends FinishB {
  regions: { groupId: string; label: string }[];
}

export interface ListA extends FinishA {
  group: string;
  name: string;
  total: number;
  items: ({ slug: string } & Record<string, string | number | null>)[];
}

export interface ListB extends FinishB {
  groupId: string;
  label: string;
  count: number;
  results: Record<string, string | number | null>[];
}

export interface BrandA extends FinishA {
  slug: string;
  name: string;
  index_score: number;
  signals: Record<string, number>;
  ranks: Record<string, unknown>;
  products: string[];
  intent_mix: Record<string, number>;
}

export interface BrandB extends FinishB {
  id: string;
  offerings: { title: string }[];
  rankings: { byMarket: { market: string; position: number }[] };
}

/** Used, limit and remaining of one daily allowance. */
export interface Allowance {
  used: number;
  limit: number;
  remaining: number;
}

/** /usage is never cached: no fetch time, and cache is always 'miss'. */
export interface UsageA {
  plan: string;
  fresh_searches: Allowance;
  api_calls: Allowance;
  reset_at: string;
  cache: 'miss';
}
