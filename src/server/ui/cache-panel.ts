/** The sidebar's cache panel: clear cached answers (one property write) and refresh all formulas. */
import type { CacheView, RefreshView } from '../../shared/sidebar-api';
import { clearCache as clearAnswers, readGeneration } from '../cache/config-entry';
import { findOurFormulas } from '../spreadsheet/addon-formulas';
import { refreshFormulas } from '../refresh/refresh-run';

/** The cache generation and how many formula cells would recalculate. */
export function getCacheInfo(): CacheView {
  const formulaCells = findOurFormulas(SpreadsheetApp.getActiveSpreadsheet()).reduce((n, { cells }) => n + cells.length, 0);
  return { generation: readGeneration(), formulaCells };
}

/** Makes every cached answer unreachable at once (cache/config-entry.ts: a new generation), and shows the panel. */
export function clearCache(): CacheView {
  clearAnswers();
  return getCacheInfo();
}

/**
 * Makes Sheets run again the add-on's formulas that can be answered now (their answers fetched first,
 * within what is left); the others keep what they show (refresh/refresh-run.ts).
 */
export function refreshAllFormulas(): RefreshView {
  return refreshFormulas();
}
