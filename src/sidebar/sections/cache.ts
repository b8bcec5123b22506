/**
 * The cache section: refresh every add-on formula (through the SDM_REFRESH argument, the only way to make
 * Sheets run a custom function again), clear the cached answers after a confirmation, format the
 * results as people read them, or freeze the formulas' results as values (and unfreeze them). It shows what a
 * refresh would send against what is left (counted by the server without a request), and asks first
 * when a refresh may spend more than is left.
 */
import type { FreezeView, RefreshEstimate, UsageRead } from '../../shared/sidebar-api';
import type { App, RefreshPlace } from '../app';
import { cacheSummary, cellsText, freezeMessage, refreshMessage } from '../cache-model';
import { confirmCall, confirmStep, type ConfirmParts, type ConfirmStep } from '../confirm-step';
import { byId, show } from '../dom';
import { plural } from '../format';
import { estimateModel, type EstimateModel } from '../estimate-model';
import { formulasUseYourKey } from '../key-model';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';

/** Sheets runs the formulas after the refresh returns: what they spend is read this long after. */
export const REREAD_AFTER_MS = 15_000;

/** The cache section's controls. */
export interface CacheSection {
  /** Reads how many formula cells there are and what a refresh would send (no request), and shows it. */
  load(): Promise<void>;
  /** Words the estimate against a new usage read. @param read the last read, or null */
  setUsage(read: UsageRead | null): void;
  /**
   * Refresh all formulas, as its button: counts again, asks first when it may spend more than is left.
   * @param place where progress, question and result show (default: the section's own button)
   */
  refresh(place?: RefreshPlace): void;
  /** Counts the formula cells again (sharing a count under way); null when the count failed. */
  cells(): Promise<number | null>;
  /** Counts again the cells that say "No API key", and the formula cells showing #ERROR!; null when the count failed. */
  noKeyCells(): Promise<{ said: number; errors: number } | null>;
}

/**
 * Binds the cache section.
 * @param app the settings (whose key formulas spend)
 * @param onSpent told after a refresh that may have spent, with how long the formulas may take
 * @param summarise told the line beside the section's heading whenever the count changes
 */
export function mountCacheSection(app: App, onSpent: (ms: number) => void, summarise: (text: string) => void): CacheSection {
  const cells = byId('cache-cells', HTMLParagraphElement);
  const estimateLine = byId('cache-estimate', HTMLParagraphElement);
  const clear: ConfirmParts = {
    button: byId('cache-clear', HTMLButtonElement),
    ask: byId('cache-clear-confirm', HTMLDivElement),
    yes: byId('cache-clear-yes', HTMLButtonElement),
    no: byId('cache-clear-no', HTMLButtonElement),
  };
  const status = new StatusLine(byId('cache-status', HTMLParagraphElement));
  const own: RefreshPlace = {
    button: byId('cache-refresh', HTMLButtonElement),
    status,
    ask: byId('cache-refresh-confirm', HTMLDivElement),
    question: byId('cache-refresh-question', HTMLParagraphElement),
    yes: byId('cache-refresh-yes', HTMLButtonElement),
    no: byId('cache-refresh-no', HTMLButtonElement),
    verb: 'Refreshing',
  };
  let estimate: RefreshEstimate | null = null;
  let usage: UsageRead | null = null;
  /** The count in flight, so reads asked for at once (opening, focus) share one call. */
  let counting: Promise<boolean> | null = null;

  const model = (): EstimateModel | null =>
    estimate && estimateModel(estimate, usage, app.settings ? formulasUseYourKey(app.settings) : false);

  const render = (): void => {
    if (estimate) {
      cells.textContent = cellsText(estimate);
      summarise(cacheSummary(estimate));
    }
    estimateLine.textContent = model()?.text ?? '';
    show(estimateLine, estimateLine.textContent !== '');
  };

  /** Counts again; false (the error shown where the count was asked for, if anywhere) when the count failed. */
  const count = (where: StatusLine | null = status): Promise<boolean> => {
    counting ??= call('estimateRefresh')
      .then((next) => {
        estimate = next;
        render();
        return true;
      })
      .catch((error: unknown) => {
        where?.error(error);
        return false;
      })
      .finally(() => (counting = null));
    return counting;
  };
  const load = async (): Promise<void> => void (await count());

  // Each place's question, bound once (a place outside this section is bound when first used).
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
    const spends = model()?.spends ?? true;
    const n = estimate?.formulaCells ?? 0;
    place.status.set('busy', `${place.verb} ${n ? plural(n, 'formula cell', 'formula cells') : 'the formulas'}…`);
    whileBusy(place.button, `${place.verb}…`, () => call('refreshAllFormulas'))
      .then((result) => {
        const later = spends && result.formulaCells > 0;
        const next = [
          later ? 'Usage and this estimate are read again once they have run.' : '',
          result.formulaCells ? (place.after ?? '') : '',
        ];
        place.status.set('success', [refreshMessage(result), ...next].filter(Boolean).join(' '));
        place.done?.();
        if (later) {
          onSpent(REREAD_AFTER_MS);
          setTimeout(() => void load(), REREAD_AFTER_MS);
        } else void load();
      })
      .catch((error: unknown) => place.status.error(error));
  };

  // Formulas may have changed since the count was shown: count again (free) before deciding to ask.
  const refresh = (place: RefreshPlace = own): void => {
    const step = stepOf(place);
    place.status.set('busy', 'Counting what a refresh would send…');
    void whileBusy(place.button, 'Counting…', () => count(place.status)).then((counted) => {
      if (!counted) return; // never refresh blind: the error says why
      const asking = model()?.confirm;
      if (!asking) return run(place);
      place.status.clear();
      place.question.textContent = asking;
      step.open();
    });
  };

  const refreshHere = (): void => {
    status.placeAfter(own.ask); // back under the button, if clearing moved it
    refresh(own);
  };
  own.button.addEventListener('click', refreshHere);

  confirmCall(clear, {
    status,
    busy: ['Clearing cached answers…', 'Clearing…'],
    run: () => call('clearCache'),
    starting: () => status.placeAfter(clear.ask), // the message shows by the button that was pressed
    done: () => {
      status.set('success', 'Cached answers cleared. The next recalculation fetches fresh data.');
      clear.button.focus();
      void load(); // nothing is cached now: the estimate grows
    },
  });

  mountFreeze(load);
  return {
    load,
    setUsage(read) {
      usage = read;
      render();
    },
    refresh: (place) => (place ? refresh(place) : refreshHere()),
    cells: async () => ((await count(null)) ? (estimate?.formulaCells ?? null) : null),
    noKeyCells: async () => ((await count(null)) && estimate ? { said: estimate.noKeyCells, errors: estimate.errorCells } : null),
  };
}

/**
 * Binds Format results, Freeze and Unfreeze: on the selected cells (Format: or the sheet's results, one
 * cell selected outside them), or on every sheet when the box is ticked (Freeze's buttons say which).
 * @param reload reads the formula count again afterwards (frozen cells are no longer formulas)
 */
function mountFreeze(reload: () => Promise<void>): void {
  const all = byId('freeze-all', HTMLInputElement);
  const freeze = byId('freeze-run', HTMLButtonElement);
  const unfreeze = byId('unfreeze-run', HTMLButtonElement);
  const status = new StatusLine(byId('freeze-status', HTMLParagraphElement));

  all.addEventListener('change', () => {
    freeze.textContent = `Freeze ${all.checked ? 'all' : 'selected'} results as values`;
    unfreeze.textContent = `Unfreeze ${all.checked ? 'all' : 'selected'} results`;
  });

  const run = (button: HTMLButtonElement, unfrozen: boolean, task: () => Promise<FreezeView>): void => {
    status.set('busy', unfrozen ? 'Putting the formulas back…' : 'Freezing the results…');
    whileBusy(button, unfrozen ? 'Unfreezing…' : 'Freezing…', task)
      .then((view) => {
        status.set(view.skipped.length ? 'info' : 'success', freezeMessage(view, unfrozen));
        void reload();
      })
      .catch((error: unknown) => status.error(error));
  };
  const scope = () => (all.checked ? 'all' : 'selection');
  const format = byId('format-run', HTMLButtonElement);
  format.addEventListener('click', () => {
    status.set('busy', 'Formatting…');
    whileBusy(format, 'Formatting…', () => call('formatResults', scope()))
      .then((view) => status.set('success', view.message))
      .catch((error: unknown) => status.error(error));
  });
  freeze.addEventListener('click', () => run(freeze, false, () => call('freezeResults', scope())));
  unfreeze.addEventListener('click', () => run(unfreeze, true, () => call('unfreezeResults', scope())));
}
