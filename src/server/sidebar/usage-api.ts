/** The sidebar's usage panel: a live read of /usage, its allowances by meaning, and this document's spend. */
import type { UsageView } from '../../shared/sidebar-api';
import { createBudget } from '../budget';
import { readSpend } from '../cache/spend';
import { errors } from '../errors';
import { ENDPOINTS } from '../service/endpoints';
import { fetchAllWithin } from '../service/fetcher';
import { buildUrl } from '../service/url';
import { readApiKey, readBaseUrl } from '../settings';
import { flattenToTable, normaliseName, tableToGrid, type Json } from '../shape';
import { usageBars } from '../usage-bars';

/** Reads /usage now (not from the cache: the user asked for the current numbers). */
export function getUsage(): UsageView {
  const apiKey = readApiKey();
  if (!apiKey) throw errors.noKey();
  const request = { id: 'usage', url: buildUrl(readBaseUrl(), ENDPOINTS.usage), what: 'the usage data' };
  const readAt = new Date().toISOString();
  const outcome = fetchAllWithin([request], { apiKey, budget: createBudget(30_000) }).get('usage');
  if (!outcome) throw errors.budget();
  if (!outcome.ok) throw outcome.error;
  return {
    bars: usageBars(outcome.data),
    table: tableToGrid(flattenToTable(outcome.data), true),
    readAt,
    resetAt: findReset(outcome.data),
    document: readSpend(),
  };
}

/** A top-level or nested text field whose name mentions reset (`reset_at`, `resetsAt`). */
function findReset(data: Json, depth = 0): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data) || depth > 3) return null;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && normaliseName(key).includes('reset')) return value;
  }
  for (const value of Object.values(data)) {
    const found = findReset(value, depth + 1);
    if (found) return found;
  }
  return null;
}
