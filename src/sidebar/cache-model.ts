/** What the formulas-and-cache section says, from the server's values (pure, so it is unit-tested). */
import type { CacheView, RefreshView } from '../shared/sidebar-api';
import { formatCount, plural } from './format';

/**
 * The line about this spreadsheet's formula cells.
 * @param view what getCacheInfo, clearCache or estimateRefresh returned
 */
export function cellsText(view: Pick<CacheView, 'formulaCells'>): string {
  return view.formulaCells === 0
    ? 'No cell in this spreadsheet uses the add-on yet.'
    : `Refreshing recalculates ${plural(view.formulaCells, 'formula cell', 'formula cells')}. It is free while their answers are cached (up to 6 hours).`;
}

/**
 * The status line after "Refresh all formulas": how many cells re-run, and how many got the
 * SDM_REFRESH argument just now (only the first refresh adds it).
 * @param view what refreshAllFormulas returned
 */
export function refreshMessage(view: RefreshView): string {
  if (view.formulaCells === 0) return 'No cell in this spreadsheet uses the add-on: nothing to refresh.';
  const where = view.sheets > 1 ? ` on ${formatCount(view.sheets)} sheets` : '';
  const added = view.formulasRewritten > 0 ? ` (${formatCount(view.formulasRewritten)} got the SDM_REFRESH argument the first time)` : '';
  return `${plural(view.formulaCells, 'formula cell', 'formula cells')}${where} re-run${added}.`;
}
