/**
 * What a template can spend, counted before anything is sent: its distinct queries, less those the
 * document cache answers (the lookup's dry run, spending/dry-run.ts, as every estimate counts), and whether the daily-limit guard holds any of them back. Inserting fetches these queries once with
 * the viewer's key; the formulas then read the cache, so this is also the most the formulas add.
 */
import { dryRun, type DryQuery } from './dry-run';
import type { LimitKind } from '../service/classify';

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
 * @param queries a template's distinct queries (a template query is one of the dry run's)
 */
export function templateCost(queries: DryQuery[]): TemplateCost {
  const run = dryRun({ queries, payer: 'user', guardOf: 'viewer' });
  // A held query is still counted: it may be sent once the limit resets, before the formulas read it.
  const held = [...run.held.values()][0] ?? null;
  const heldSearches = [...run.held.keys()].filter((key) => run.endpoints.get(key)?.searches).length;
  return { requests: run.toSend.length + run.held.size, freshSearches: run.freshSearches + heldSearches, held };
}
