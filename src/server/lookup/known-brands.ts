/**
 * What answers already in the cache know of brands, never from a request of its own: "Did you mean …?"
 * for a brand slug the service did not find (the ranking overview and the ranking lists of the groups it
 * names hold the slugs that exist), and a brand's name for a slug an answer holds without naming it
 * (the overview's lists and each brand's own answer name them). Found by shape (lower-case words joined
 * by hyphens, as the records hold them; a name the slug is written from): the spec shows no field names.
 */
import { readLookupConfig } from '../cache/config-entry';
import { getAll, openCache } from '../cache/cache-store';
import { answerKey, CONFIG_KEY, stampOf } from '../cache/keys';
import { errors } from '../errors/errors';
import { readLookupSettings } from '../settings/lookup-settings';
import { describeSubject, ENDPOINTS, notFoundHint } from '../service/endpoints';
import { didYouMean, namedCodesIn, nameOf, type Json } from '../shape/shape';
import { readState } from '../cache/cache-state';
import { groupsInOverview } from './known-groups';
import type { Answer } from './pipeline';

/** A slug's shape in an answer: lower-case letters and digits, words joined by hyphens. */
const SLUG_TEXT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Every slug-shaped text of some answers, once each. */
function slugsIn(answers: Json[]): string[] {
  const out = new Set<string>();
  const visit = (v: Json, depth: number): void => {
    if (typeof v === 'string') {
      if (SLUG_TEXT.test(v)) out.add(v);
    } else if (v !== null && typeof v === 'object' && depth < 8) for (const x of Object.values(v)) visit(x, depth + 1);
  };
  for (const answer of answers) visit(answer, 0);
  return [...out];
}

/**
 * The cached answers of some queries, read from the cache alone (absent ones are simply missing).
 * @param keys each query's cache key, by a name of the caller's
 */
function cachedAnswers(keys: Map<string, string>): Map<string, Json> {
  const cache = openCache();
  const heads = getAll(cache, [CONFIG_KEY, ...keys.values()]);
  const known = readLookupConfig(heads[CONFIG_KEY]) ?? readLookupSettings('formula');
  const state = readState(cache, heads, keys, stampOf(known.generation, known.baseUrl));
  const out = new Map<string, Json>();
  for (const [id, entry] of state.found) if (entry.kind === 'data') out.set(id, entry.data);
  return out;
}

/**
 * Adds "Did you mean …?" to each brand "not found" whose slug is a typo or two from a slug the cached
 * overview or ranking lists hold. Reads the cache only (a round trip or two on this error's path);
 * nothing cached, or nothing near: the message stays as it was.
 * @param answers answers keyed by slug, changed in place
 */
export function suggestKnownBrands(answers: Map<string, Answer>): void {
  const missing = [...answers].filter(([, answer]) => !answer.ok && answer.error.kind === 'not-found').map(([slug]) => slug);
  if (!missing.length) return;
  const overview = cachedAnswers(new Map([['', answerKey(ENDPOINTS.ranking.path, undefined)]])).get('');
  if (overview === undefined) return;
  const groups = groupsInOverview(overview).map((g) => g.group);
  const lists = cachedAnswers(new Map(groups.map((g) => [g, answerKey(ENDPOINTS.rankingList.path, g)] as const)));
  const slugs = slugsIn([overview, ...lists.values()]);
  for (const slug of missing) {
    const guess = didYouMean(slug, slugs);
    if (!guess) continue;
    const hint = [`Did you mean "${guess}"?`, notFoundHint(ENDPOINTS.brand, slug)].filter(Boolean).join(' ');
    answers.set(slug, { ok: false, error: errors.notFound(describeSubject(ENDPOINTS.brand, slug), hint) });
  }
}

/** Most slugs whose own answers one shaping looks up (one cache round trip, whatever their number). */
const MAX_NAMED = 100;

/**
 * Brands' names for slugs an answer's tables hold without naming them (a market's top brand, an AI
 * category's leader), from answers already cached: the ranking overview's lists and each brand's own
 * answer. One cache round trip, never a request; readable.ts asks only when a table holds such codes.
 * @param slugs the codes to name
 */
export function cachedBrandNames(slugs: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const codes = slugs.slice(0, MAX_NAMED);
  const found = cachedAnswers(
    new Map([['', answerKey(ENDPOINTS.ranking.path, undefined)], ...codes.map((c) => [c, answerKey(ENDPOINTS.brand.path, c)] as const)]),
  );
  for (const [slug, data] of found) {
    if (!slug) for (const [code, name] of namedCodesIn(data)) names.set(code, name);
    else {
      const name = nameOf(data, slug);
      if (name) names.set(slug, name);
    }
  }
  return names;
}
