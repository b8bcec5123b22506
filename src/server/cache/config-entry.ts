/**
 * The document's config entry: the cache generation and the base URL the formulas use, which store
 * held their key, the time zone, the spreadsheet's own cap and whether the request log is on, mirrored from the properties into the cache so that a cache hit reads no property and
 * a miss reads one store. Written only right after reading the properties (so its 6-hour life bounds how
 * stale it can get), and removed by this document's sidebar whenever it changes what the entry mirrors;
 * when absent, a lookup reads the properties. The one change it cannot see at once is the owner changing
 * their base URL override in another spreadsheet: formulas here follow within 6 hours.
 *
 * Two of the settings it mirrors are changed here, by the sidebar and the menu: the cache generation
 * (Clear cache: clearCache) and the spreadsheet's time zone kept for formulas (keepTimeZone).
 */
import { PROP_CACHE_GENERATION, PROP_TIME_ZONE } from '../settings/constants';
import type { KeyHint } from '../settings/lookup-settings';
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

/** This document's cache generation ("0" when never cleared, or without a document). */
export function readGeneration(): string {
  try {
    return PropertiesService.getDocumentProperties()?.getProperty(PROP_CACHE_GENERATION) || '0';
  } catch {
    return '0';
  }
}

/**
 * Makes every cached answer unreachable: answers carry the generation they were stored under, so a new
 * generation is an empty cache for everyone at once (the config entry that mirrors it is removed, so
 * the next formula reads the new one). Old entries expire by themselves within 6 hours.
 */
export function clearCache(): void {
  const next = Date.now().toString(36); // unique without reading: two clears never collide
  PropertiesService.getDocumentProperties().setProperty(PROP_CACHE_GENERATION, next);
  forgetLookupConfig();
}

/**
 * Keeps the spreadsheet's time zone in the document's properties whenever the sidebar or a menu item
 * runs, so that formulas place calendar dates at midnight there without reading the spreadsheet in
 * every cell (they read it from this entry, which mirrors the properties). Writes the zone if it changed
 * (one property read, and a write only then); never fails the action.
 */
export function keepTimeZone(): void {
  try {
    const zone = SpreadsheetApp.getActiveSpreadsheet()?.getSpreadsheetTimeZone();
    const store = PropertiesService.getDocumentProperties();
    if (!zone || !store || store.getProperty(PROP_TIME_ZONE) === zone) return;
    store.setProperty(PROP_TIME_ZONE, zone);
    forgetLookupConfig(); // formulas read the properties again, and mirror the new zone
  } catch {
    // no document here, or no permission: formulas read the zone themselves when they need it
  }
}
