/** Realistic answers in two naming schemas: shaping must work whatever the service calls its fields. */
import type { Json } from '../../../../src/server/shape/types';

const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);

/** Trend, schema A: snake_case, `months:[{month, volume}]`. */
export const trendA = {
  keyword: 'coffee',
  search_score: 71,
  growth: { yoy_pct: 12.5, three_month_pct: -3 },
  peak: { month: '2025-12', volume: 9000 },
  months: MONTHS.map((month, i) => ({ month, volume: 100 * (i + 1) })),
  cache: 'miss',
} satisfies Json;

/** Trend, schema B: camelCase, `history:[{period, searches}]`. */
export const trendB = {
  query: 'coffee',
  searchScore: 71,
  growthRate: 0.12,
  peakMonth: { period: '2025-12', searches: 9000 },
  history: MONTHS.map((period, i) => ({ period, searches: 100 * (i + 1) })),
  cache: true,
} satisfies Json;

/** Brand: signals (numbers, one of them a score), products, and the index score at the top. */
export const brand = {
  slug: 'nike',
  name: 'Nike',
  index_score: 82,
  signals: { search_score: 77, news_volume: 1200, sentiment: 0.4 },
  products: [
    { name: 'Air Max', searches: 50000 },
    { name: 'Pegasus', searches: 20000 },
    { name: 'Dunk', searches: null },
  ],
} satisfies Json;

/** Industries: 8 baskets, each with members (nested lists: parents repeat on each member row). */
export const industries = {
  generated: '2025-06-01',
  baskets: Array.from({ length: 8 }, (_, b) => ({
    id: `basket-${b + 1}`,
    score: 50 + b,
    members: Array.from({ length: b + 1 }, (_, m) => ({ slug: `co-${b + 1}-${m + 1}`, weight: m + 1 })),
  })),
} satisfies Json;
