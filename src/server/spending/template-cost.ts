/**
 * What a template can spend, counted before anything is sent: its distinct queries, less those the
 * document cache answers (the lookup's dry run, spending/dry-run.ts, as every estimate counts), and
 * whether the daily-limit guard holds any of them back. Inserting fetches these queries once with the
 * viewer's key; the formulas then read the cache, so this is also the most the formulas add. Inserting
 * is refused, changing nothing, when the cost may pass a known daily limit (refuseTemplatePastLimit).
 */
import type { TemplateWait } from '../../shared/sidebar-api';
import type { UsageRead } from '../../shared/allowance-rules';
import { resetInstant } from '../../shared/reset-time';
import { templateRefusal } from '../../shared/template-words';
import { errors } from '../errors/errors';
import { shortfall } from './allowance';
import { dryRun, type DryQuery } from './dry-run';
import { currentUsage } from './usage-read';
import { capRoomToday } from './spend-settings';
import { capResetsAt } from './spend-cap';
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
  // The last read plus what this document sent since: a read taken before a range spent is not trusted as it was.
  const now = Date.now();
  const wait = templateWait(cost, currentUsage(apiKey), now, capRoomToday(openStore(), now));
  if (wait) throw errors.input(templateRefusal(title, wait, now));
}

/**
 * Why inserting a template sends nothing now, and until when: the daily-limit guard holds one of its
 * answers back, it may need more than is left (the last usage read with what this document sent since),
 * or more fresh searches than this spreadsheet's own cap leaves today. The sidebar's cost line says it
 * before the click, and inserting refuses with the same numbers.
 * @param cost what inserting it may spend now (templateCost)
 * @param last the viewer's usage as far as this document can tell (usage-read.ts's currentUsage), if read
 * @param now the time (ms)
 * @param capRoom fresh searches this spreadsheet's cap still lets go today (spend-settings.ts's capRoomToday; null: no cap)
 */
export function templateWait(cost: TemplateCost, last: UsageRead | null, now: number, capRoom: number | null): TemplateWait | null {
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
  if (!last || !short) return capWait(cost, now, capRoom);
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

/** Past what this spreadsheet's cap leaves today, the template's searches would not be sent until it resets. */
function capWait(cost: TemplateCost, now: number, capRoom: number | null): TemplateWait | null {
  if (capRoom === null || cost.freshSearches <= capRoom) return null;
  return {
    limit: 'cap',
    needed: cost.freshSearches,
    left: capRoom,
    resetAt: new Date(capResetsAt(now)).toISOString(),
    readAt: null,
    sentSince: false,
  };
}
