/**
 * The cache section: refresh every add-on formula (through the SDM_REFRESH argument, the only way to make
 * Sheets run a custom function again), or clear the cached answers after a confirmation.
 */
import { cellsText, refreshMessage } from '../cache-model';
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

  return { load };
}
