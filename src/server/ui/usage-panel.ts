/**
 * The sidebar's usage panel. Opening it sends no request: it shows the last read of /usage made with the
 * viewer's key (last-usage.ts) and this document's spend; Refresh reads /usage again (one request).
 */
import type { UsageRead, UsageView } from '../../shared/sidebar-api';
import type { Outcome } from '../service/classify';
import { createBudget } from '../core/budget';
import { holdAllCalls } from '../cache/limit-guard';
import { readSpend } from '../cache/spend';
import { errors } from '../core/errors';
import { ENDPOINTS } from '../service/endpoints';
import { fetchAllWithin } from '../service/fetcher';
import { buildUrl } from '../service/url';
import { readApiKey, readBaseUrl } from '../core/lookup-settings';
import { flattenToTable, tableToGrid, type Json } from '../shape/shape';
import { callsSpent, findResetText, findResetTime, usageBars } from '../service/usage-bars';
import { readStoredUsage, storeUsageRead } from './last-usage';

/** Interactive calls get the same budget as a cell: the user is waiting. */
const SIDEBAR_LIMIT_MS = 30_000;

/**
 * Asks /usage now with a given key (not from the cache: the caller wants the current answer).
 * @param apiKey the key to ask with (the stored one, or a pasted one being checked)
 */
export function readUsageNow(apiKey: string): Outcome {
  const request = { id: 'usage', url: buildUrl(readBaseUrl(), ENDPOINTS.usage), what: 'the usage data' };
  return (
    fetchAllWithin([request], { apiKey, budget: createBudget(SIDEBAR_LIMIT_MS) }).get('usage') ?? {
      ok: false,
      error: errors.budget(),
      retryable: false,
    }
  );
}

/**
 * Keeps a /usage answer just read as the last read for this key (also arming the limit guard when it
 * shows every call spent), and returns it as the sidebar shows it.
 * @param apiKey the key it was read with
 * @param data the /usage answer
 * @param readAt ISO time the service was asked
 */
export function rememberUsage(apiKey: string, data: Json, readAt: string): UsageRead {
  if (callsSpent(data)) holdAllCalls(apiKey, findResetTime(data));
  const read: UsageRead = { bars: usageBars(data), table: tableToGrid(flattenToTable(data), true), readAt, resetAt: findResetText(data) };
  storeUsageRead(apiKey, read);
  return read;
}

/** The last usage read with the viewer's key (no request), and this document's spend. */
export function getUsage(): UsageView {
  const apiKey = readApiKey('user');
  return { last: apiKey ? readStoredUsage(apiKey) : null, document: readSpend() };
}

/** Reads /usage now (one request) and keeps it as the last read. */
export function refreshUsage(): UsageView {
  const apiKey = readApiKey('user');
  if (!apiKey) throw errors.noKey();
  const readAt = new Date().toISOString();
  const outcome = readUsageNow(apiKey);
  if (!outcome.ok) throw outcome.error;
  return { last: rememberUsage(apiKey, outcome.data, readAt), document: readSpend() };
}
