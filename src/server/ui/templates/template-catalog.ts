/**
 * The three templates: what each is called, what it shows, and the queries its formulas send (so its
 * cost can be counted before anything is sent). The examples are few on purpose: each example keyword
 * may use one of the day's fresh searches.
 */
import { ENDPOINTS, type Endpoint } from '../../service/endpoints';

/** The templates' ids, in the order they are offered. */
export const TEMPLATE_IDS = ['keyword-research', 'brand-watch', 'market-overview'] as const;

/** A template's id. */
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/** The example keywords of the keyword research sheet (each may use a fresh search). */
export const EXAMPLE_KEYWORDS = ['coffee', 'cold brew', 'matcha', 'oat milk', 'espresso machine', 'kombucha', 'green tea', 'french press'];

/** The example brand slugs of the brand watch sheet. */
export const EXAMPLE_BRANDS = ['acme-pay', 'strypo', 'nimbus-chat', 'brightcart', 'voyagely'];

/** Rows a user can paste keywords or slugs into; the range formulas cover them all. */
export const INPUT_ROWS = 50;

/** One query a template's formulas send: an endpoint and its subject (none for endpoints without one). */
export interface TemplateQuery {
  endpoint: Endpoint;
  subject: string | undefined;
}

/** A template as listed. */
export interface TemplateDefinition {
  id: TemplateId;
  title: string;
  description: string;
  /** The distinct queries its formulas send (the examples are normalised already). */
  queries: TemplateQuery[];
}

/** The templates, in the order they are offered. */
export const TEMPLATES: Record<TemplateId, TemplateDefinition> = {
  'keyword-research': {
    id: 'keyword-research',
    title: 'Keyword research',
    description: `A column to paste keywords into (${EXAMPLE_KEYWORDS.length} examples), with each keyword's Search Score, year-on-year growth (coloured), peak month and a 12-month sparkline.`,
    queries: EXAMPLE_KEYWORDS.map((subject) => ({ endpoint: ENDPOINTS.trend, subject })),
  },
  'brand-watch': {
    id: 'brand-watch',
    title: 'Brand watch',
    description: `Brand slugs (${EXAMPLE_BRANDS.length} examples) with their index score, main signals and ranks; one click in the sidebar tracks them week by week.`,
    queries: EXAMPLE_BRANDS.map((subject) => ({ endpoint: ENDPOINTS.brand, subject })),
  },
  'market-overview': {
    id: 'market-overview',
    title: 'Market overview',
    description: 'The market analysis, the eight AI industries with a chart, and the ranking overview (leaders, breakouts), side by side.',
    queries: [ENDPOINTS.markets, ENDPOINTS.industries, ENDPOINTS.ranking].map((endpoint) => ({ endpoint, subject: undefined })),
  },
};

/**
 * Whether a value is one of the templates' ids.
 * @param id what the caller sent
 */
export function isTemplateId(id: unknown): id is TemplateId {
  return typeof id === 'string' && (TEMPLATE_IDS as readonly string[]).includes(id);
}
