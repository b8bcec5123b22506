/** The cache section: refresh every add-on formula, or clear the cached answers after a confirmation. */
import type { CacheView } from '../../shared/sidebar-api';
import { byId, show } from '../dom';
import { plural } from '../format';
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

  const render = (view: CacheView): void => {
    cells.textContent =
      view.formulaCells === 0
        ? 'No cell in this spreadsheet uses the add-on yet.'
        : `Refreshing recalculates ${plural(view.formulaCells, 'formula cell', 'formula cells')}. It is free while their answers are cached (up to 6 hours).`;
  };

  const load = async (): Promise<void> => {
    try {
      render(await call('getCacheInfo'));
    } catch (error) {
      status.error(error);
    }
  };

  refresh.addEventListener('click', () => {
    status.set('busy', 'Rewriting the formulas…');
    whileBusy(refresh, 'Refreshing…', () => call('refreshAllFormulas'))
      .then((result) => {
        status.set(
          'success',
          result.formulasRewritten === 0
            ? 'No formula to refresh.'
            : `Refreshed ${plural(result.formulasRewritten, 'formula', 'formulas')} on ${plural(result.sheets, 'sheet', 'sheets')}. Sheets recalculates them now.`,
        );
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
        render(view);
        status.set('success', 'Cached answers cleared. The next recalculation fetches fresh data.');
        clear.focus();
      })
      .catch((error: unknown) => status.error(error));
  });

  return { load };
}
