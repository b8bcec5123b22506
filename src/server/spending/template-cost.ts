/**
 * What a template can spend, counted before anything is sent: its distinct queries, less those the
 * document cache answers (the lookup's dry run, spending/dry-run.ts, as every estimate counts), and whether the daily-limit guard holds any of them back. Inserting fetches these queries once with
 * the viewer's key; the formulas then read the cache, so this is also the most the formulas add.
 */
import type { TemplateWait, UsageRead } from '../../shared/sidebar-api';
import { resetInstant } from '../../shared/reset-time';
import { shortfall } from './allowance';
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

/**
 * Why inserting a template sends nothing now, and until when: the daily-limit guard holds one of its
 * answers back, or it may need more than is left (the last usage read with what this document sent
 * since). The sidebar's cost line says it before the click, and inserting refuses with the same numbers.
 * @param cost what inserting it may spend now (templateCost)
 * @param last the viewer's usage as far as this document can tell (usage-read.ts's currentUsage), if read
 * @param now the time (ms)
 */
export function templateWait(cost: TemplateCost, last: UsageRead | null, now: number): TemplateWait | null {
  if (cost.held) {
    return {
      limit: cost.held.which,
      needed: null,
      left: null,
      resetAt: new Date(cost.held.until).toISOString(),
      readAt: null,
      sentSince: false,
    };
  }
  const short = last && cost.requests > 0 ? shortfall(cost.requests, cost.freshSearches, last, new Date(now)) : null;
  if (!last || !short) return null;
  const resetAt = Date.parse(last.resetAt ?? '');
  return {
    limit: short.kind === 'searches' ? 'fresh searches' : 'API calls',
    needed: short.needed,
    left: short.left,
    resetAt: Number.isFinite(resetAt) ? new Date(resetInstant(resetAt)).toISOString() : null,
    readAt: last.readAt,
    sentSince: !!last.spentSince?.requests,
  };
}
