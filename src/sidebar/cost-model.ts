/**
 * The words of what an action sends, shown before it acts (pure, so it is unit-tested in node): the
 * counts come from the server's dry run of the lookup (SpendCost), or, for a schedule, from its tables.
 */
import type { Schedule, SpendCost } from '../shared/sidebar-api';
import { plural } from './format';

/**
 * "1 request, no fresh search", "nothing (cached)", "nothing (1 held back by a daily limit)", and what
 * waits for this spreadsheet's cap: "2 requests, at most 2 fresh searches; 3 wait for this spreadsheet's cap".
 * @param cost what the dry run counted
 */
export function sendsText(cost: SpendCost): string {
  const capped = cost.capped ? `${cost.capped} wait for this spreadsheet's cap` : '';
  if (!cost.requests) {
    const why = [cost.heldBack ? `${cost.heldBack} held back by a daily limit` : '', capped].filter(Boolean).join('; ');
    return why ? `nothing (${why})` : 'nothing (cached)';
  }
  const searches = cost.freshSearches ? `at most ${plural(cost.freshSearches, 'fresh search', 'fresh searches')}` : 'no fresh search';
  return `${plural(cost.requests, 'request', 'requests')}, ${searches}${capped ? `; ${capped}` : ''}`;
}

/** Runs a day (a week for weekly) of each schedule. */
const RUNS: Record<Schedule['kind'], number> = { off: 0, hourly: 24, every6h: 4, daily: 1, weekly: 1 };

/**
 * What a schedule sends: each run reads each table's group list again once its cached answer is old
 * (one request per group, no fresh search), so at most that many per run, and per day (or week).
 * @param kind the schedule chosen
 * @param groups the distinct groups of the spreadsheet's tables
 */
export function scheduleCostText(kind: Schedule['kind'], groups: number): string {
  if (kind === 'off') return '';
  if (!groups) return 'No tables yet: a run sends nothing.';
  const run = `Each run sends at most ${plural(groups, 'request', 'requests')} (one per table's group, no fresh search)`;
  const per = kind === 'weekly' ? 'a week' : 'a day';
  return kind === 'daily' || kind === 'weekly' ? `${run}, ${per}.` : `${run}: at most ${RUNS[kind] * groups} ${per}.`;
}
