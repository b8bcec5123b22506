/**
 * The cache section: refresh every add-on formula (through the SDM_REFRESH argument, the only way to make
 * Sheets run a custom function again), clear the cached answers after a confirmation, format the
 * results as people read them, or freeze the formulas' results as values (and unfreeze them). It shows what a
 * refresh would send against what is left (counted by the server without a request), and asks first
 * when a refresh may spend more than is left. The count and the refresh live in sections/cache/; this
 * module binds the section's buttons to them, Clear cache, and Freeze.
 */
import type { FreezeView, UsageRead } from '../../shared/sidebar-api';
import type { App, RefreshPlace } from '../app';
import { freezeMessage } from '../cache-model';
import { confirmCall, type ConfirmParts } from '../confirm-step';
import { byId } from '../dom';
import { call } from '../server';
import { busyCall, statusLine } from '../status';
import { mountFormulaCount } from './cache/formula-count';
import { mountRefreshAll } from './cache/refresh-all';

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
 * @param onSpent told after a refresh: whether it sent anything, and how long its formulas may take to run
 * @param summarise told the line beside the section's heading whenever the count changes
 */
export function mountCacheSection(app: App, onSpent: (sent: boolean, ms: number) => void, summarise: (text: string) => void): CacheSection {
  const clear: ConfirmParts = {
    button: byId('cache-clear', HTMLButtonElement),
    ask: byId('cache-clear-confirm', HTMLDivElement),
    yes: byId('cache-clear-yes', HTMLButtonElement),
    no: byId('cache-clear-no', HTMLButtonElement),
  };
  const status = statusLine('cache-status');
  const own: RefreshPlace = {
    button: byId('cache-refresh', HTMLButtonElement),
    status,
    ask: byId('cache-refresh-confirm', HTMLDivElement),
    question: byId('cache-refresh-question', HTMLParagraphElement),
    yes: byId('cache-refresh-yes', HTMLButtonElement),
    no: byId('cache-refresh-no', HTMLButtonElement),
    verb: 'Refreshing',
  };
  const counter = mountFormulaCount(app, summarise);
  const load = async (): Promise<void> => void (await counter.count(status));
  const refresh = mountRefreshAll(counter, load, onSpent);

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
  // Counted for the key section: no error shown here (it asks while this section may be closed).
  const recount = async () => ((await counter.count(null)) ? counter.estimate() : null);
  return {
    load,
    setUsage: (read) => counter.setUsage(read),
    refresh: (place) => (place ? refresh(place) : refreshHere()),
    cells: async () => (await recount())?.formulaCells ?? null,
    noKeyCells: async () => {
      const estimate = await recount();
      return estimate ? { said: estimate.noKeyCells, errors: estimate.errorCells } : null;
    },
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
  const status = statusLine('freeze-status');

  all.addEventListener('change', () => {
    freeze.textContent = `Freeze ${all.checked ? 'all' : 'selected'} results as values`;
    unfreeze.textContent = `Unfreeze ${all.checked ? 'all' : 'selected'} results`;
  });

  const run = (button: HTMLButtonElement, unfrozen: boolean, task: () => Promise<FreezeView>): void => {
    const busy = unfrozen ? (['Putting the formulas back…', 'Unfreezing…'] as const) : (['Freezing the results…', 'Freezing…'] as const);
    busyCall(status, button, busy, task, (view) => {
      status.set(view.skipped.length ? 'info' : 'success', freezeMessage(view, unfrozen));
      void reload();
    });
  };
  const scope = () => (all.checked ? 'all' : 'selection');
  const format = byId('format-run', HTMLButtonElement);
  format.addEventListener('click', () => {
    busyCall(
      status,
      format,
      ['Formatting…', 'Formatting…'],
      () => call('formatResults', scope()),
      (view) => status.set('success', view.message),
    );
  });
  freeze.addEventListener('click', () => run(freeze, false, () => call('freezeResults', scope())));
  unfreeze.addEventListener('click', () => run(unfreeze, true, () => call('unfreezeResults', scope())));
}
