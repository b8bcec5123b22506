/** What the formulas-and-cache section says, from the server's values (pure, so it is unit-tested). */
import { keptText } from '../shared/freeze-words';
import { refreshText } from '../shared/refresh-words';
import type { CacheView, FreezeView, RefreshEstimate, RefreshView } from '../shared/sidebar-api';
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
 * The line beside the section's heading: how many formula cells, and what a refresh would send.
 * @param estimate what estimateRefresh returned
 */
export function cacheSummary(estimate: RefreshEstimate): string {
  if (estimate.formulaCells === 0) return 'No formula of the add-on yet';
  const cells = plural(estimate.formulaCells, 'formula cell', 'formula cells');
  if (estimate.noKey) return `${cells} · no key reaches them`;
  return `${cells} · refresh: ${estimate.requests ? `up to ${plural(estimate.requests, 'request', 'requests')}` : 'no request'}`;
}

/**
 * The status line after "Refresh all formulas": how many cells run again, what was sent, and how many
 * keep what they show and until when (the menu's toast says the same).
 * @param view what refreshAllFormulas returned
 */
export function refreshMessage(view: RefreshView): string {
  return refreshText(view, formatCount);
}

/**
 * The status line after "Freeze" or "Unfreeze": how many formulas on how many sheets, and which were
 * left as they were and why (for Freeze: which results are not complete, as the menu's toast says).
 * @param view what freezeResults or unfreezeResults returned
 * @param unfrozen whether it was Unfreeze
 */
export function freezeMessage(view: FreezeView, unfrozen: boolean): string {
  const where = view.sheets > 1 ? ` on ${formatCount(view.sheets)} sheets` : '';
  const formulas = plural(view.formulas, 'formula', 'formulas');
  const done = !view.formulas
    ? `Nothing ${unfrozen ? 'unfrozen' : 'frozen'}.`
    : unfrozen
      ? `${formulas} put back${where}: ${view.formulas === 1 ? 'it runs' : 'they run'} again when Sheets recalculates (cached answers cost nothing).`
      : `${formulas} frozen${where}: recalculating can no longer spend or change them. Each cell's note keeps its formula.`;
  if (!view.skipped.length) return done;
  if (!unfrozen) return `${done} ${keptText(view.skipped, 5, (n) => formatCount(n))}`;
  const shown = view.skipped.slice(0, 5).map((s) => s.area);
  const more = view.skipped.length - shown.length;
  const list = `${shown.join(', ')}${more ? ` and ${formatCount(more)} more` : ''}`;
  const one = view.skipped.length === 1;
  return (
    `${done} Left frozen, as ${one ? 'its' : 'their'} values were changed since: ${list}. ` +
    `To put ${one ? 'it' : 'them'} back anyway, empty those cells (Delete keeps the ${one ? 'note' : 'notes'}) and unfreeze again.`
  );
}
