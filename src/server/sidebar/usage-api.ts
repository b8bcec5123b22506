/** The sidebar's usage panel: a live read of /usage, its allowances by meaning, and this document's spend. */
import type { UsageView } from '../../shared/sidebar-api';
import type { Outcome } from '../service/classify';
import { createBudget } from '../budget';
import { holdAllCalls } from '../cache/guard';
import { readSpend } from '../cache/spend';
import { errors } from '../errors';
import { ENDPOINTS } from '../service/endpoints';
import { fetchAllWithin } from '../service/fetcher';
import { buildUrl } from '../service/url';
import { readApiKey, readBaseUrl } from '../settings';
import { flattenToTable, tableToGrid } from '../shape';
import { callsSpent, findResetText, findResetTime, usageBars } from '../usage-bars';

/** Interactive calls get the same budget as a cell: the user is waiting. */
const SIDEBAR_LIMIT_MS = 30_000;

/**
 * Asks /usage now with a given key (not from the cache: the caller wants the current answer).
 * @param apiKey the key to ask with (the stored one, or a pasted one being checked)
 */
export function readUsageNow(apiKey: string): Outcome {
  const request = { id: 'usage', url: buildUrl(readBaseUrl(), ENDPOINTS.usage), what: 'the usage data' };
  return fetchAllWithin([request], { apiKey, budget: createBudget(SIDEBAR_LIMIT_MS) }).get('usage') ?? {
    ok: false,
    error: errors.budget(),
    retryable: false,
  };
}

/** Reads /usage now: the allowances as bars, the whole answer as a table, and this document's spend. */
export function getUsage(): UsageView {
  const apiKey = readApiKey('user');
  if (!apiKey) throw errors.noKey();
  const readAt = new Date().toISOString();
  const outcome = readUsageNow(apiKey);
  if (!outcome.ok) throw outcome.error;
  if (callsSpent(outcome.data)) holdAllCalls(apiKey, findResetTime(outcome.data));
  return {
    bars: usageBars(outcome.data),
    table: tableToGrid(flattenToTable(outcome.data), true),
    readAt,
    resetAt: findResetText(outcome.data),
    document: readSpend(),
  };
}

