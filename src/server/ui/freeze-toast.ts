/** What the menu's Freeze and Unfreeze say in their toast (the sidebar says the same in its status line). */
import { keptText } from '../../shared/freeze-words';
import type { FreezeView } from '../../shared/sidebar-api';

/** Cells a toast names before "and N more". */
const LISTED = 3;

/**
 * The toast after "Freeze selected results as values" or "Unfreeze selected results": how many
 * formulas, and which were left as they were and why (for Freeze: which results are not complete),
 * in words that agree with the count.
 * @param view what freezeResults or unfreezeResults returned
 * @param unfrozen whether it was Unfreeze
 */
export function freezeToast(view: FreezeView, unfrozen: boolean): string {
  const n = view.formulas;
  const formulas = `${n} formula${n === 1 ? '' : 's'}`;
  const done = !n
    ? `Nothing ${unfrozen ? 'unfrozen' : 'frozen'}.`
    : unfrozen
      ? `${formulas} put back: ${n === 1 ? 'it runs' : 'they run'} again when Sheets recalculates (cached answers cost nothing).`
      : `${formulas} frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula.`;
  const skipped = view.skipped.length;
  if (!skipped) return done;
  if (!unfrozen) return `${done} ${keptText(view.skipped, LISTED)}`;
  const cells = view.skipped.slice(0, LISTED).map((s) => s.area);
  const list = `${cells.join(', ')}${skipped > LISTED ? ` and ${skipped - LISTED} more` : ''}`;
  const one = skipped === 1;
  return (
    `${done} Left frozen, as ${one ? 'its' : 'their'} values were changed since: ${list}. ` +
    `To put ${one ? 'it' : 'them'} back anyway, empty those cells (Delete keeps the ${one ? 'note' : 'notes'}) and unfreeze again.`
  );
}
