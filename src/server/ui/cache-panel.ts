/** The sidebar's cache panel: clear cached answers (one property write) and refresh all formulas. */
import type { CacheView, RefreshView } from '../../shared/sidebar-api';
import { forgetLookupConfig } from '../cache/config-entry';
import { readGeneration } from '../cache/keys';
import { PROP_CACHE_GENERATION } from '../core/constants';
import { findOurFormulas } from '../spreadsheet/addon-formulas';
import { refreshFormulas } from './refresh-run';

/** The cache generation and how many formula cells would recalculate. */
export function getCacheInfo(): CacheView {
  const formulaCells = findOurFormulas(SpreadsheetApp.getActiveSpreadsheet()).reduce((n, { cells }) => n + cells.length, 0);
  return { generation: readGeneration(), formulaCells };
}

/**
 * Makes every cached answer unreachable: answers carry the generation they were stored under, so a new
 * generation is an empty cache for everyone at once (the config entry that mirrors it is removed, so
 * the next formula reads the new one). Old entries expire by themselves within 6 hours.
 */
export function clearCache(): CacheView {
  const next = Date.now().toString(36); // unique without reading: two clears never collide
  PropertiesService.getDocumentProperties().setProperty(PROP_CACHE_GENERATION, next);
  forgetLookupConfig();
  return getCacheInfo();
}

/**
 * Makes Sheets run again the add-on's formulas that can be answered now (their answers fetched first,
 * within what is left); the others keep what they show (refresh-run.ts).
 */
export function refreshAllFormulas(): RefreshView {
  return refreshFormulas();
}
