/**
 * The cache section: refresh every add-on formula (through the SDM_REFRESH argument, the only way to make
 * Sheets run a custom function again), clear the cached answers after a confirmation, or freeze the
 * formulas' results as values (and unfreeze them).
 */
import type { FreezeView } from '../../shared/sidebar-api';
import { cellsText, freezeMessage, refreshMessage } from '../cache-model';
import { byId, show } from '../dom';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';

/** The cache section's controls. */
export interface CacheSection {
  /** Reads how many formula cells there are and shows it. */
  load(): Promise<void>;
}

/** Binds the cache section. */
export function mountCacheSection(): CacheSection {
  const cells = byId('cache-cells', HTMLParagraphElement);
  const refresh = byId('cache-refresh', HTMLButtonElement);
  const clear = byId('cache-clear', HTMLButtonElement);
  const confirm = byId('cache-clear-confirm', HTMLDivElement);
  const confirmYes = byId('cache-clear-yes', HTMLButtonElement);
  const confirmNo = byId('cache-clear-no', HTMLButtonElement);
  const status = new StatusLine(byId('cache-status', HTMLParagraphElement));

  const load = async (): Promise<void> => {
    try {
      cells.textContent = cellsText(await call('getCacheInfo'));
    } catch (error) {
      status.error(error);
    }
  };

  refresh.addEventListener('click', () => {
    status.set('busy', 'Refreshing the formulas…');
    whileBusy(refresh, 'Refreshing…', () => call('refreshAllFormulas'))
      .then((result) => {
        status.set('success', refreshMessage(result));
        void load();
      })
      .catch((error: unknown) => status.error(error));
  });

  clear.addEventListener('click', () => {
    show(confirm, true);
    confirmNo.focus();
  });

  confirmNo.addEventListener('click', () => {
    show(confirm, false);
    clear.focus();
  });

  confirmYes.addEventListener('click', () => {
    status.set('busy', 'Clearing cached answers…');
    whileBusy(confirmYes, 'Clearing…', () => call('clearCache'))
      .then((view) => {
        show(confirm, false);
        cells.textContent = cellsText(view);
        status.set('success', 'Cached answers cleared. The next recalculation fetches fresh data.');
        clear.focus();
      })
      .catch((error: unknown) => status.error(error));
  });

  mountFreeze(load);
  return { load };
}

/**
 * Binds Freeze and Unfreeze: on the selected cells, or on every sheet when the box is ticked (the
 * buttons say which).
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
  freeze.addEventListener('click', () => run(freeze, false, () => call('freezeResults', scope())));
  unfreeze.addEventListener('click', () => run(unfreeze, true, () => call('unfreezeResults', scope())));
}
