/**
 * What a template can spend, counted before anything is sent: its distinct queries, less those the
 * document cache answers (under the same keys and stamp the lookups use, as the refresh estimate does),
 * and whether the daily-limit guard holds any of them back. Inserting fetches these queries once with
 * the viewer's key; the formulas then read the cache, so this is also the most the formulas add.
 */
import { fingerprint, GUARD_KEY, heldBack, readGuard } from '../cache/limit-guard';
import { answerKey, stampOf } from '../cache/keys';
import { getAll, openCache } from '../cache/cache-store';
import { readState } from '../lookup/pipeline';
import type { LimitKind } from '../service/classify';
import { readLookupSettings } from '../core/lookup-settings';
import type { TemplateQuery } from './template-catalog';

/** A template's cost, counted without a request. */
export interface TemplateCost {
  /** At most this many requests: the queries not in the cache. */
  requests: number;
  /** At most this many fresh searches: those requests on a searching endpoint. */
  freshSearches: number;
  /** A query the daily-limit guard holds back for the viewer's key, if any: which limit, until when (ms). */
  held: { which: LimitKind; until: number } | null;
}

/**
 * Counts what sending these queries with the viewer's key could spend now (one cache round trip and the
 * properties lookups read).
 * @param queries a template's distinct queries
 */
export function templateCost(queries: TemplateQuery[]): TemplateCost {
  const keys = new Map(queries.map((q) => [answerKey(q.endpoint.path, q.endpoint.param ? q.subject : undefined), q] as const));
  const settings = readLookupSettings('user');
  const cache = openCache();
  const heads = getAll(cache, [GUARD_KEY, ...keys.keys()]);
  const ids = new Map([...keys.keys()].map((key) => [key, key] as const));
  const state = readState(cache, heads, ids, stampOf(settings.generation, settings.baseUrl));
  const guard = settings.apiKey ? readGuard(heads[GUARD_KEY], fingerprint(settings.apiKey), Date.now()) : null;
  let requests = 0;
  let freshSearches = 0;
  let held: TemplateCost['held'] = null;
  for (const key of [...state.missing, ...state.pending]) {
    held ??= heldBack(guard, key);
    requests++;
    if (keys.get(key)?.endpoint.searches) freshSearches++;
  }
  return { requests, freshSearches, held };
}
