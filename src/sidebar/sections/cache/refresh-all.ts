/**
 * "Refresh all formulas" (through the SDM_REFRESH argument, the only way to make Sheets run a custom
 * function again) from any place that offers it: the cache section's own button, or the key section's
 * "Re-run the formulas now". It counts again first (free) and asks first when a refresh may spend more
 * than is left; its question, progress and result show by the button that started it.
 */
import type { RefreshPlace } from '../../app';
import { refreshMessage } from '../../cache-model';
import { confirmStep, type ConfirmStep } from '../../confirm-step';
import { plural } from '../../format';
import { call } from '../../server';
import { busyCall, whileBusy } from '../../status';
import type { FormulaCount } from './formula-count';

/** Sheets runs the formulas after the refresh returns: what they spend is read this long after. */
export const REREAD_AFTER_MS = 15_000;

/**
 * Binds the refresh; each place's question is bound when first used.
 * @param counter the section's count
 * @param load counts again, a failure told in the section
 * @param onSpent told after a refresh: whether it sent anything, and how long its formulas may take to run
 * @returns the refresh, from a place: counts, asks first when it would, refreshes
 */
export function mountRefreshAll(
  counter: FormulaCount,
  load: () => Promise<void>,
  onSpent: (sent: boolean, ms: number) => void,
): (place: RefreshPlace) => void {
  const steps = new WeakMap<RefreshPlace, ConfirmStep>();
  const stepOf = (place: RefreshPlace): ConfirmStep => {
    let step = steps.get(place);
    if (!step) {
      step = confirmStep(
        place,
        () => run(place),
        () => place.status.set('info', 'Not refreshed.'),
      );
      steps.set(place, step);
    }
    return step;
  };

  const run = (place: RefreshPlace): void => {
    stepOf(place).close();
    const spends = counter.model()?.spends ?? true;
    const n = counter.estimate()?.formulaCells ?? 0;
    const busy = [`${place.verb} ${n ? plural(n, 'formula cell', 'formula cells') : 'the formulas'}…`, `${place.verb}…`] as const;
    busyCall(
      place.status,
      place.button,
      busy,
      () => call('refreshAllFormulas'),
      (result) => {
        place.status.set('success', [refreshMessage(result), result.formulaCells ? (place.after ?? '') : ''].filter(Boolean).join(' '));
        place.done?.();
        // The refresh fetched its answers before the formulas ran: what it spent counts now. Formulas
        // that read usage themselves (API_USAGE) spend once they run: counted again a little later.
        onSpent(spends || result.requests > 0, result.formulaCells > 0 ? REREAD_AFTER_MS : 0);
        void load();
      },
    );
  };

  // Formulas may have changed since the count was shown: count again (free) before deciding to ask.
  return (place) => {
    const step = stepOf(place);
    place.status.set('busy', 'Counting what a refresh would send…');
    void whileBusy(place.button, 'Counting…', () => counter.count(place.status, true)).then((counted) => {
      if (!counted) return; // never refresh blind: the error says why
      const asking = counter.model()?.confirm;
      if (!asking) return run(place);
      place.status.clear();
      place.question.textContent = asking;
      step.open();
    });
  };
}
