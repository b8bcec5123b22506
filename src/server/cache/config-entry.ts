/**
 * The document's config entry: the cache generation and the base URL the formulas use, which store
 * held their key, the time zone, the spreadsheet's own cap and whether the request log is on, mirrored from the properties into the cache so that a cache hit reads no property and
 * a miss reads one store. Written only right after reading the properties (so its 6-hour life bounds how
 * stale it can get), and removed by this document's sidebar whenever it changes what the entry mirrors;
 * when absent, a lookup reads the properties. The one change it cannot see at once is the owner changing
 * their base URL override in another spreadsheet: formulas here follow within 6 hours.
 */
import type { KeyHint } from '../core/lookup-settings';
import { CONFIG_KEY } from './keys';
import { removeAll } from './cache-store';

/** The part of the settings the cache's stamps depend on, and where the formulas' key was found. */
export interface LookupConfig {
  generation: string;
  baseUrl: string;
  keyFrom: KeyHint | null;
  /** The spreadsheet's time zone, where the dates a formula shows fall (absent in entries written before it was kept). */
  timeZone?: string;
  /** This spreadsheet's own cap on fresh searches a day, as stored (spending/spend-cap.ts), if set. */
  spendCap?: string;
  /** Whether the request log is on (spending/request-log.ts). */
  requestLog?: boolean;
}

/**
 * The config entry as read, or null when absent or unreadable.
 * @param text the stored text
 */
export function readLookupConfig(text: string | undefined): LookupConfig | null {
  if (!text) return null;
  try {
    const { g, b, k, z, c, l } = JSON.parse(text) as { g?: unknown; b?: unknown; k?: unknown; z?: unknown; c?: unknown; l?: unknown };
    if (typeof g !== 'string' || typeof b !== 'string') return null;
    const config: LookupConfig = { generation: g, baseUrl: b, keyFrom: k === 'document' || k === 'owner' ? k : null };
    if (typeof z === 'string' && z) config.timeZone = z;
    if (typeof c === 'string' && c) config.spendCap = c;
    if (l === 1) config.requestLog = true;
    return config;
  } catch {
    return null;
  }
}

/**
 * The config entry to write.
 * @param config the generation and base URL read from the properties, and the spreadsheet's time zone
 */
export function writeLookupConfig(config: LookupConfig): Record<string, string> {
  const entry = {
    g: config.generation,
    b: config.baseUrl,
    k: config.keyFrom ?? '',
    z: config.timeZone ?? '',
    ...(config.spendCap ? { c: config.spendCap } : {}),
    ...(config.requestLog ? { l: 1 } : {}),
  };
  return { [CONFIG_KEY]: JSON.stringify(entry) };
}

/** Drops the config entry after a change it mirrors (cache cleared, base URL, which key formulas use, the cap, the request log). */
export function forgetLookupConfig(): void {
  removeAll([CONFIG_KEY]);
}
