/**
 * The four templates: what each is called, what it shows, and the queries its formulas send (so its
 * cost can be counted before anything is sent). The examples are few on purpose: each example keyword
 * may use one of the day's fresh searches.
 *
 * Examples must work on any service that follows the specification. A keyword is any search term, so
 * the keyword examples are ordinary words (popular ones, likely in the service's 7-day cache: free). A
 * brand slug exists only where the service knows it, so the brand examples are never ours: they are the
 * first brands the service's own ranking overview names, read when the template is inserted. The share
 * of search's competitors come from the same answer: those brands' names, as search terms.
 */
import { ENDPOINTS, type Endpoint } from '../service/endpoints';

/** The templates' ids, in the order they are offered. */
export const TEMPLATE_IDS = ['keyword-research', 'brand-watch', 'market-overview', 'share-of-search'] as const;

/** A template's id. */
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/** The example keywords of the keyword research sheet (each may use a fresh search). */
export const EXAMPLE_KEYWORDS = ['coffee', 'cold brew', 'matcha', 'oat milk', 'espresso machine', 'kombucha', 'green tea', 'french press'];

/** How many brands of the service's ranking overview the brand watch sheet takes as examples. */
export const EXAMPLE_BRAND_COUNT = 5;

/** How many brands of the service's ranking overview the share of search sheet takes, by name. */
export const EXAMPLE_COMPETITOR_COUNT = 4;

/** Rows a user can paste keywords or slugs into; the range formulas cover them all. */
export const INPUT_ROWS = 50;

/** Rows for the share of search's names: each is a column of its table and a series of its chart. */
export const COMPETITOR_ROWS = 6;

/** One query a template's formulas send: an endpoint and its subject (none for endpoints without one). */
export interface TemplateQuery {
  endpoint: Endpoint;
  subject: string | undefined;
}

/** Examples a template takes from an answer of its own queries: `count` subjects of `endpoint`. */
export interface ExamplesFrom {
  /** The query whose answer names them (one of the template's queries). */
  source: TemplateQuery;
  endpoint: Endpoint;
  count: number;
  /** What of each brand the examples are: its slug (for /brand), or its name as a search term (for /trend). */
  take: 'slug' | 'name';
}

/** A template as listed. */
export interface TemplateDefinition {
  id: TemplateId;
  title: string;
  description: string;
  /** The distinct queries known before anything is read (the examples are normalised already). */
  queries: TemplateQuery[];
  /** Examples read from one of those answers (their queries are known once it is read), if any. */
  examples: ExamplesFrom | null;
}

const RANKING_OVERVIEW: TemplateQuery = { endpoint: ENDPOINTS.ranking, subject: undefined };

/** The templates, in the order they are offered. */
export const TEMPLATES: Record<TemplateId, TemplateDefinition> = {
  'keyword-research': {
    id: 'keyword-research',
    title: 'Keyword research',
    description: `A column to paste keywords into (${EXAMPLE_KEYWORDS.length} examples), with each keyword's Search Score, year-on-year growth (coloured), peak month and a 12-month sparkline.`,
    queries: EXAMPLE_KEYWORDS.map((subject) => ({ endpoint: ENDPOINTS.trend, subject })),
    examples: null,
  },
  'brand-watch': {
    id: 'brand-watch',
    title: 'Brand watch',
    description: `Brand slugs (${EXAMPLE_BRAND_COUNT} examples: the first brands the service's ranking overview names) with their index score, main signals and ranks; one click in the sidebar tracks them week by week.`,
    queries: [RANKING_OVERVIEW],
    examples: { source: RANKING_OVERVIEW, endpoint: ENDPOINTS.brand, count: EXAMPLE_BRAND_COUNT, take: 'slug' },
  },
  'market-overview': {
    id: 'market-overview',
    title: 'Market overview',
    description: 'The market analysis, the eight AI industries with a chart, and the ranking overview (leaders, breakouts), side by side.',
    queries: [ENDPOINTS.markets, ENDPOINTS.industries, ENDPOINTS.ranking].map((endpoint) => ({ endpoint, subject: undefined })),
    examples: null,
  },
  'share-of-search': {
    id: 'share-of-search',
    title: 'Share of search',
    description: `Your brand and its competitors (${EXAMPLE_COMPETITOR_COUNT} examples from the ranking overview): each one's share of the group's searches by month and over 12 months, and a stacked area chart.`,
    queries: [RANKING_OVERVIEW],
    examples: { source: RANKING_OVERVIEW, endpoint: ENDPOINTS.trend, count: EXAMPLE_COMPETITOR_COUNT, take: 'name' },
  },
};

/**
 * Whether a value is one of the templates' ids.
 * @param id what the caller sent
 */
export function isTemplateId(id: unknown): id is TemplateId {
  return typeof id === 'string' && (TEMPLATE_IDS as readonly string[]).includes(id);
}
