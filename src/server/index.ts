/**
 * The add-on's public surface. Every export becomes a top-level function of Code.js, generated with
 * this JSDoc by the build (Sheets reads it for autocomplete). Nothing else is global.
 */
import { lookupScores, lookupSingleton, lookupSubjects } from './functions/lookup';
import { guard } from './guard';
import { ENDPOINTS } from './service/endpoints';

/**
 * Monthly Google search demand for a keyword: 12 months, growth, peak and Search Score.
 * Without a field, one keyword gives a table; a range gives one row per keyword under a header.
 *
 * @param {string|Array<Array<string>>} keyword The search term, or a range of search terms.
 * @param {string} [field] Optional path into the answer, such as "months" or "peak.month".
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The trend as a table, or the selected field.
 * @customfunction
 */
export function SEARCH_TREND(keyword: unknown, field?: unknown, options?: unknown) {
  return guard('SEARCH_TREND', () => lookupSubjects(ENDPOINTS.trend, keyword, field, options));
}

/**
 * The Search Score of a keyword (or of each keyword in a range, aligned with it).
 *
 * @param {string|Array<Array<string>>} keyword The search term, or a range of search terms.
 * @return The Search Score of each keyword.
 * @customfunction
 */
export function SEARCH_SCORE(keyword: unknown) {
  return guard('SEARCH_SCORE', () => lookupScores(ENDPOINTS.trend, keyword, ['searchscore'], 'SEARCH_TREND'));
}

/**
 * A brand's index score (or each brand's in a range, aligned with it).
 *
 * @param {string|Array<Array<string>>} slug The brand's identifier, or a range of them.
 * @return The index score of each brand.
 * @customfunction
 */
export function BRAND_SCORE(slug: unknown) {
  return guard('BRAND_SCORE', () => lookupScores(ENDPOINTS.brand, slug, ['indexscore'], 'BRAND_PROFILE'));
}

/**
 * A brand's profile: index score, signals, ranks, parent company, products and intent mix.
 *
 * @param {string|Array<Array<string>>} slug The brand's identifier, or a range of them.
 * @param {string} [field] Optional path into the answer, such as "products".
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The profile as a table, or the selected field.
 * @customfunction
 */
export function BRAND_PROFILE(slug: unknown, field?: unknown, options?: unknown) {
  return guard('BRAND_PROFILE', () => lookupSubjects(ENDPOINTS.brand, slug, field, options));
}

/**
 * A company's profile: universe membership, sector, and traffic and channel mix where available.
 *
 * @param {string|Array<Array<string>>} name The company name, or a range of names.
 * @param {string} [field] Optional path into the answer, such as "sector".
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The profile as a table, or the selected field.
 * @customfunction
 */
export function COMPANY_PROFILE(name: unknown, field?: unknown, options?: unknown) {
  return guard('COMPANY_PROFILE', () => lookupSubjects(ENDPOINTS.company, name, field, options));
}

/**
 * Universe statistics and the full cross-industry market analysis.
 *
 * @param {string} [field] Optional path into the answer.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The analysis as a table, or the selected field.
 * @customfunction
 */
export function MARKET_ANALYSIS(field?: unknown, options?: unknown) {
  return guard('MARKET_ANALYSIS', () => lookupSingleton(ENDPOINTS.markets, field, options));
}

/**
 * The eight AI industry baskets, each with its members' data.
 *
 * @param {string} [field] Optional path into the answer.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The baskets as a table, or the selected field.
 * @customfunction
 */
export function AI_INDUSTRIES(field?: unknown, options?: unknown) {
  return guard('AI_INDUSTRIES', () => lookupSingleton(ENDPOINTS.industries, field, options));
}

/**
 * The ranking index overview: leaders, breakouts, AI categories and sectors.
 *
 * @param {string} [field] Optional path into the answer, such as "leaders".
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The overview as a table, or the selected field.
 * @customfunction
 */
export function RANKING_OVERVIEW(field?: unknown, options?: unknown) {
  return guard('RANKING_OVERVIEW', () => lookupSingleton(ENDPOINTS.ranking, field, options));
}

/**
 * A full ranking of the index for one market, for AI, or for one sector.
 *
 * @param {string} group The group as prefix:name, such as "sector:fintech".
 * @param {string} [field] Optional path into the answer.
 * @param {string} [options] Optional comma list: "noHeaders", "transpose".
 * @return The ranking as a table, or the selected field.
 * @customfunction
 */
export function RANKING_LIST(group: unknown, field?: unknown, options?: unknown) {
  return guard('RANKING_LIST', () => lookupSubjects(ENDPOINTS.rankingList, group, field, options));
}

/**
 * Your API allowance and how much of it is used (refreshed at most once a minute).
 *
 * @param {string} [field] Optional path into the answer.
 * @return The usage as a table, or the selected field.
 * @customfunction
 */
export function API_USAGE(field?: unknown) {
  return guard('API_USAGE', () => lookupSingleton(ENDPOINTS.usage, field, undefined));
}
