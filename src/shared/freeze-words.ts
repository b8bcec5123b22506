/** What Freeze says of the formulas it kept: the menu's toast and the sidebar's status line say the same. */
import type { FreezeView, KeptReason } from './sidebar-api';

/** Why a result is not complete, and what fills it, in a few words. */
const WHY: Record<KeptReason, string> = {
  limit: 'daily limit reached: fills when you run Refresh all formulas after the reset',
  budget: 'not fetched in time: fills when you run Refresh all formulas',
  error: 'an error',
  loading: 'still loading',
};

/**
 * "Kept 2 formulas whose results are not complete: Sheet1!B2 (daily limit reached: …); Sheet1!D5 (an
 * error). Freeze them again once they are complete." Cells of the same reason are named together.
 * @param skipped what freezeResults left as it was
 * @param listed how many cells to name before "and N more"
 * @param count writes a number (the sidebar groups digits as the viewer's locale does)
 */
export function keptText(skipped: FreezeView['skipped'], listed: number, count: (n: number) => string = String): string {
  const kept = skipped.flatMap((s) => (s.reason === 'changed' ? [] : [{ cell: s.cell, reason: s.reason }]));
  if (!kept.length) return '';
  const groups = new Map<KeptReason, string[]>();
  for (const { cell, reason } of kept.slice(0, listed)) groups.set(reason, [...(groups.get(reason) ?? []), cell]);
  const named = [...groups].map(([reason, cells]) => `${cells.join(', ')} (${WHY[reason]})`).join('; ');
  const more = kept.length - Math.min(listed, kept.length);
  const one = kept.length === 1;
  return (
    `Kept ${count(kept.length)} ${one ? 'formula whose result is' : 'formulas whose results are'} not complete: ` +
    `${named}${more ? ` and ${count(more)} more` : ''}. Freeze ${one ? 'it again once it is' : 'them again once they are'} complete.`
  );
}
