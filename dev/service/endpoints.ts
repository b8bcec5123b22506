/**
 * The endpoints of /api/v1: which take a parameter and which cost a fresh credit, and what each
 * answers (its data from data.ts, rendered in the configured schema by schemas.ts).
 */
import type { Json } from './bad-request.js';
import { companyData, groupMembers, industriesData, marketsData, rankingOverview, trendData, universe } from './data.js';
import {
  renderBrand,
  renderCompany,
  renderIndustries,
  renderList,
  renderMarkets,
  renderOverview,
  renderTrend,
  type Meta,
} from './schemas.js';
import type { ServiceConfig } from './state.js';

/** An endpoint: the parameter it reads, and whether a fresh answer costs a credit. */
export interface Route {
  param?: 'keyword' | 'slug' | 'group';
  credit?: boolean;
}

/** Every endpoint under /api/v1 (/usage included, which api.ts answers itself). */
export const ROUTES = new Map<string, Route>([
  ['/trend', { param: 'keyword', credit: true }],
  ['/company', { param: 'keyword', credit: true }],
  ['/markets', {}],
  ['/industries', {}],
  ['/ranking', {}],
  ['/ranking/list', { param: 'group' }],
  ['/brand', { param: 'slug' }],
  ['/usage', {}],
]);

/** What an endpoint answers for a value: how to build its body, or the error it answers instead. */
export type Answer = { build: (meta: Meta) => Json } | { status: number; code: string; message: string };

/** The answer of a data endpoint (`sub` like '/trend') for its normalised parameter `value`. */
export function answerOf(sub: string, value: string, cfg: ServiceConfig): Answer {
  switch (sub) {
    case '/trend':
      return { build: (mt) => renderTrend(trendData(value, mt.fetchedAt, cfg.world), mt) };
    case '/company':
      return { build: (mt) => renderCompany(companyData(value, cfg.world), mt) };
    case '/markets':
      return { build: (mt) => renderMarkets(marketsData(cfg.world), mt) };
    case '/industries':
      return { build: (mt) => renderIndustries(industriesData(cfg.world), mt) };
    case '/ranking':
      return { build: (mt) => renderOverview(rankingOverview(cfg.world), mt) };
    case '/ranking/list': {
      if (!value.includes(':'))
        return { status: 400, code: 'bad_request', message: 'group must have the form prefix:name, e.g. market:us' };
      const members = groupMembers(value, cfg.world);
      if (!members) return { status: 404, code: 'not_found', message: `unknown group ${value}; see /api/v1/ranking for valid groups` };
      const { rankingListLimit: limit, rankingListSkip: skip } = cfg;
      const kept = members.slice(skip);
      return { build: (mt) => renderList(value, limit > 0 ? kept.slice(0, limit) : kept, mt) };
    }
    case '/brand': {
      const brand = universe(cfg.world).bySlug.get(value);
      if (!brand) return { status: 404, code: 'not_found', message: `unknown brand ${value}` };
      return { build: (mt) => renderBrand(brand, mt) };
    }
    default:
      return { status: 404, code: 'not_found', message: `Unknown endpoint /api/v1${sub}` };
  }
}
