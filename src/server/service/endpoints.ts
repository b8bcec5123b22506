/** The service's eight endpoints (dev/service/README.md, "API"), as the add-on uses them. */
import { DATA_TTL_S, USAGE_TTL_S } from '../settings/constants';
import type { SubjectKind } from '../spreadsheet/input';

/** One endpoint: its path under /api/v1, its query parameter if any, and how long answers are cached. */
export interface Endpoint {
  path: string;
  param?: { name: string; kind: SubjectKind; label: string };
  ttlSeconds: number;
  /**
   * What its answer is, in words (its function's, as the specification describes the resource): the
   * title of the answer's only list beside its single values (shape/readable.ts), and of its tables in a
   * market overview (templates/template-plan.ts).
   */
  words: string;
  /** A search: a fresh (uncached) answer costs a fresh-search credit (dev/service/README.md, "API"). */
  searches?: boolean;
}

/** Longest echo of a user's input in a message: enough to recognise it, never a wall of text. */
const MAX_ECHO = 60;

export const ENDPOINTS = {
  trend: {
    path: '/trend',
    param: { name: 'keyword', kind: 'keyword', label: 'keyword' },
    ttlSeconds: DATA_TTL_S,
    searches: true,
    words: 'Search trend',
  },
  // A company is looked up by keyword too: a fresh answer costs a fresh search (dev/service/README.md, "API").
  company: {
    path: '/company',
    param: { name: 'keyword', kind: 'name', label: 'company' },
    ttlSeconds: DATA_TTL_S,
    searches: true,
    words: 'Company profile',
  },
  markets: { path: '/markets', ttlSeconds: DATA_TTL_S, words: 'Market analysis' },
  industries: { path: '/industries', ttlSeconds: DATA_TTL_S, words: 'AI industries' },
  ranking: { path: '/ranking', ttlSeconds: DATA_TTL_S, words: 'Ranking overview' },
  rankingList: {
    path: '/ranking/list',
    param: { name: 'group', kind: 'group', label: 'group' },
    ttlSeconds: DATA_TTL_S,
    words: 'Ranking',
  },
  brand: { path: '/brand', param: { name: 'slug', kind: 'slug', label: 'brand' }, ttlSeconds: DATA_TTL_S, words: 'Brand profile' },
  usage: { path: '/usage', ttlSeconds: USAGE_TTL_S, words: 'API usage' },
} satisfies Record<string, Endpoint>;

/**
 * How a subject is named in messages: `keyword "coffee"`, `brand "acme"`, or the endpoint's path. A
 * long subject is shortened to 60 characters.
 * @param endpoint the endpoint asked
 * @param subject the normalised subject, if the endpoint takes one
 */
export function describeSubject(endpoint: Endpoint, subject: string | undefined): string {
  if (!endpoint.param || subject === undefined) return `the ${endpoint.path.slice(1)} data`;
  const shown = [...subject].length > MAX_ECHO ? `${[...subject].slice(0, MAX_ECHO - 1).join('')}…` : subject;
  return `${endpoint.param.label} "${shown}"`;
}

/**
 * What to add to a "not found" for a slug that is not in the form slugs usually take (lower-case words
 * joined by hyphens): the spec leaves the format open, so it is a suggestion; '' when there is none.
 * @param endpoint the endpoint asked
 * @param subject the normalised subject (a slug is lower-cased already)
 */
export function notFoundHint(endpoint: Endpoint, subject: string | undefined): string {
  if (endpoint.param?.kind !== 'slug' || subject === undefined) return '';
  const usual = subject
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return usual && usual !== subject ? `Brand slugs are usually lower-case words joined by hyphens: try "${usual}".` : '';
}
