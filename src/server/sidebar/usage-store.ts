/**
 * The last read of /usage, kept so that opening the sidebar costs no request: the viewer's user
 * properties hold it (theirs alone, and readable by their next sidebar in any spreadsheet) with a
 * fingerprint of the key it was read with, never the key, so another key's figures are never shown.
 */
import type { UsageRead } from '../../shared/sidebar-api';
import { PROP_USAGE_READ } from '../config';
import { fingerprint } from '../cache/guard';

/** Under Google's 9 KB per property value, with room for the fingerprint. */
const MAX_BYTES = 8_000;

/**
 * Keeps a read as the last one for this key. A failure to store (a quota) loses only the saving.
 * @param apiKey the key it was read with
 * @param read what was read
 */
export function storeUsageRead(apiKey: string, read: UsageRead): void {
  const fp = fingerprint(apiKey);
  let text = JSON.stringify({ fp, read });
  // A large answer keeps its bars; its whole table is then shown only after the next Refresh.
  if (byteLength(text) > MAX_BYTES) text = JSON.stringify({ fp, read: { ...read, table: [] } });
  if (byteLength(text) > MAX_BYTES) return;
  try {
    PropertiesService.getUserProperties().setProperty(PROP_USAGE_READ, text);
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

function byteLength(text: string): number {
  return Utilities.newBlob(text).getBytes().length;
}
