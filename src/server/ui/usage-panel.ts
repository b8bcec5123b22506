/**
 * The sidebar's usage panel. Opening it sends no request: it shows the last read of /usage made with the
 * viewer's key, brought up to date with what this document sent since (spending/usage-read.ts); Refresh
 * reads /usage again (one request).
 */
import type { UsageView } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { readApiKey, readLookupSettings } from '../settings/lookup-settings';
import { lastUsageView, readUsageNow, rememberUsage, usageView } from '../spending/usage-read';

/** The last usage read with the viewer's key brought up to date (no request), and this document's spend. */
export function getUsage(): UsageView {
  return lastUsageView(readApiKey('user'));
}

/** Reads /usage now (one request) and keeps it as the last read. */
export function refreshUsage(): UsageView {
  const { apiKey, baseUrl } = readLookupSettings('user');
  if (!apiKey) throw errors.noKey();
  const readAt = new Date().toISOString();
  const outcome = readUsageNow(apiKey, baseUrl);
  if (!outcome.ok) throw outcome.error;
  return usageView(apiKey, rememberUsage(apiKey, outcome.data, readAt));
}
