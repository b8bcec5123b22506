/**
 * The last read of /usage, kept so that opening the sidebar costs no request: the viewer's user
 * properties hold it (theirs alone, and readable by their next sidebar in any spreadsheet) with a
 * fingerprint of the key it was read with, never the key, so another key's figures are never shown.
 */
import type { UsageRead } from '../../shared/allowance-rules';
import { PROP_USAGE_READ } from '../settings/constants';
import { fingerprint } from './limit-guard';
import { propertyWriteProblem } from '../settings/property-limits';

/**
 * Keeps a read as the last one for this key, if it fits Google's limits (settings/property-limits.ts): the
 * service's answer has no size the spec sets. A read too large to keep loses only the
 * saving: it is shown now, and the next sidebar reads it again on Refresh. Never fails the user's action.
 * @param apiKey the key it was read with
 * @param read what was read
 */
export function storeUsageRead(apiKey: string, read: UsageRead): void {
  const fp = fingerprint(apiKey);
  try {
    const user = PropertiesService.getUserProperties();
    const current = user.getProperties();
    // A large answer keeps its bars; its whole table is then shown only after the next Refresh.
    const text = [JSON.stringify({ fp, read }), JSON.stringify({ fp, read: { ...read, table: [] } })].find(
      (candidate) => !propertyWriteProblem(current, { [PROP_USAGE_READ]: candidate }),
    );
    // None fits: a stale read of this key must not be shown as the last one either.
    if (text) user.setProperty(PROP_USAGE_READ, text);
    else if (current[PROP_USAGE_READ] !== undefined) user.deleteProperty(PROP_USAGE_READ);
  } catch {
    // shown now, just not kept
  }
}

/**
 * The last read kept for this key, or null (none, another key's, or unreadable).
 * @param apiKey the viewer's key
 */
export function readStoredUsage(apiKey: string): UsageRead | null {
  try {
    const text = PropertiesService.getUserProperties().getProperty(PROP_USAGE_READ);
    if (!text) return null;
    const { fp, read } = JSON.parse(text) as { fp?: unknown; read?: UsageRead };
    if (fp !== fingerprint(apiKey) || !read || !Array.isArray(read.bars) || typeof read.readAt !== 'string') return null;
    return { bars: read.bars, table: Array.isArray(read.table) ? read.table : [], readAt: read.readAt, resetAt: read.resetAt ?? null };
  } catch {
    return null;
  }
}
