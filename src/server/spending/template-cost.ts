/**
 * What a template can spend, counted before anything is sent: its distinct queries, less those the
 * document cache answers (the lookup's dry run, spending/dry-run.ts, as every estimate counts), and
 * whether the daily-limit guard holds any of them back. Inserting fetches these queries once with the
 * viewer's key; the formulas then read the cache, so this is also the most the formulas add. Inserting
 * is refused, changing nothing, when the cost may pass a known daily limit (refuseTemplatePastLimit).
 */
import { errors } from '../errors/errors';
import { afterReset } from '../../shared/reset-time';
import { shortfall } from './allowance';
import { dryRun, type DryQuery } from './dry-run';
import { currentUsage } from './usage-read';
import { capRoomToday } from './spend-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';
import type { LimitKind } from '../service/classify';
import type { Endpoint } from '../service/endpoints';

/** A template's cost, counted without a request. */
export interface TemplateCost {
  /** At most this many requests: the queries not in the cache. */
  requests: number;
  /** At most this many fresh searches: those requests on a searching endpoint. */
  freshSearches: number;
  /** A query the daily-limit guard holds back for the viewer's key, if any: which limit, until when (ms). */
  held: { which: LimitKind; until: number } | null;
}

/** Examples a template reads from an answer that is not cached yet: `count` requests to `endpoint`. */
export interface UnknownExamples {
  endpoint: Endpoint;
  count: number;
}

/**
 * Counts what sending these queries with the viewer's key could spend now (one cache round trip and the
 * properties lookups read), and each example not known yet as a request, as inserting will send it.
 * @param queries a template's distinct queries known now (a template query is one of the dry run's)
 * @param unknown the examples still to be read, if any
 */
export function templateCost(queries: DryQuery[], unknown: UnknownExamples | null = null): TemplateCost {
  const run = dryRun({ queries, payer: 'user', guardOf: 'viewer' });
  // A held query is still counted: it may be sent once the limit resets, before the formulas read it.
  const held = [...run.held.values()][0] ?? null;
  const heldSearches = [...run.held.keys()].filter((key) => run.endpoints.get(key)?.searches).length;
  const more = unknown?.count ?? 0;
  return {
    requests: run.toSend.length + run.held.size + more,
    freshSearches: run.freshSearches + heldSearches + (unknown?.endpoint.searches ? more : 0),
    held,
  };
}

/**
 * Refuses a template the daily-limit guard would hold back, or that may need more than the viewer's
 * last usage read left (with what this document sent since): nothing is sent or changed.
 * @param title the template's title, as the message names it
 * @param cost what inserting it may spend now (templateCost)
 * @param apiKey the viewer's key
 */
export function refuseTemplatePastLimit(title: string, cost: TemplateCost, apiKey: string): void {
  if (cost.held) {
    throw errors.input(
      `Not inserted: the daily limit of ${cost.held.which} was reached (try again ${afterReset(cost.held.until, Date.now())}), and "${title}" needs ` +
        'answers it holds back. Nothing was sent or changed.',
    );
  }
  // This spreadsheet's own cap: past what it leaves today, the template's searches would not be sent.
  const room = cost.freshSearches ? capRoomToday(openStore()) : null;
  if (room !== null && cost.freshSearches > room) {
    throw errors.input(
      `Not inserted: "${title}" may use ${cost.freshSearches} fresh searches, and this spreadsheet's cap leaves ${room} today ` +
        `(it resets at 00:00 UTC). Nothing was sent or changed: raise the cap in Settings, or try after the reset.`,
    );
  }
  // The last read plus what this document sent since: a read taken before a range spent is not trusted as it was.
  const last = currentUsage(apiKey);
  const short = last && cost.requests > 0 ? shortfall(cost.requests, cost.freshSearches, last, new Date()) : null;
  if (short) {
    const what = short.kind === 'searches' ? 'fresh searches' : 'API calls';
    const since = last?.spentSince?.requests ? ', with what this document sent since' : '';
    const resetAt = Date.parse(last?.resetAt ?? '');
    throw errors.input(
      `Not inserted: "${title}" may use ${short.needed} ${what}, and ${short.left} were left at your last usage read ` +
        `(${last?.readAt.slice(11, 16) ?? ''} UTC${since}). Nothing was sent or changed: try again ` +
        `${afterReset(Number.isFinite(resetAt) ? resetAt : null, Date.now())}.`,
    );
  }
}
