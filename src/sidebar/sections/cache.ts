/**
 * The cache section: refresh every add-on formula (through the SDM_REFRESH argument, the only way to make
 * Sheets run a custom function again), clear the cached answers after a confirmation, or freeze the
 * formulas' results as values (and unfreeze them). It shows what a
 * refresh would send against what is left (counted by the server without a request), and asks first
 * when a refresh may spend more than is left.
 */
import type { FreezeView, RefreshEstimate, UsageRead } from '../../shared/sidebar-api';
import type { App } from '../app';
import { cellsText, freezeMessage, refreshMessage } from '../cache-model';
import { byId, show } from '../dom';
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
  /** Refresh all formulas, as its button: asks first when it may spend more than is left. */
  refresh(): void;
}

/**
 * Binds the cache section.
 * @param app the settings (whose key formulas spend)
 * @param onSpent told after a refresh that may have spent, with how long the formulas may take
 */
export function mountCacheSection(app: App, onSpent: (ms: number) => void): CacheSection {
  const cells = byId('cache-cells', HTMLParagraphElement);
  const estimateLine = byId('cache-estimate', HTMLParagraphElement);
  const refreshButton = byId('cache-refresh', HTMLButtonElement);
  const ask = byId('cache-refresh-confirm', HTMLDivElement);
  const question = byId('cache-refresh-question', HTMLParagraphElement);
  const askYes = byId('cache-refresh-yes', HTMLButtonElement);
  const askNo = byId('cache-refresh-no', HTMLButtonElement);
  const clear = byId('cache-clear', HTMLButtonElement);
  const confirm = byId('cache-clear-confirm', HTMLDivElement);
  const confirmYes = byId('cache-clear-yes', HTMLButtonElement);
  const confirmNo = byId('cache-clear-no', HTMLButtonElement);
  const status = new StatusLine(byId('cache-status', HTMLParagraphElement));
  let estimate: RefreshEstimate | null = null;
  let usage: UsageRead | null = null;

  const model = (): EstimateModel | null =>
    estimate && estimateModel(estimate, usage, app.settings ? formulasUseYourKey(app.settings) : false);

  const render = (): void => {
    if (estimate) cells.textContent = cellsText(estimate);
    estimateLine.textContent = model()?.text ?? '';
    show(estimateLine, estimateLine.textContent !== '');
  };

  /** Counts again; false (the error shown) when the count failed. */
  const count = async (): Promise<boolean> => {
    try {
      estimate = await call('estimateRefresh');
      render();
      return true;
    } catch (error) {
      status.error(error);
      return false;
    }
  };
  const load = async (): Promise<void> => void (await count());

  const run = (): void => {
    show(ask, false);
    const spends = model()?.spends ?? true;
    status.set('busy', 'Refreshing the formulas…');
    whileBusy(refreshButton, 'Refreshing…', () => call('refreshAllFormulas'))
      .then((result) => {
        const later = spends && result.formulaCells > 0;
        status.set('success', `${refreshMessage(result)}${later ? ' Usage and this estimate are read again once they have run.' : ''}`);
        if (later) {
          onSpent(REREAD_AFTER_MS);
          setTimeout(() => void load(), REREAD_AFTER_MS);
        } else void load();
      })
      .catch((error: unknown) => status.error(error));
  };

  // Formulas may have changed since the sidebar opened: count again (free) before deciding to ask.
  const refresh = (): void => {
    status.set('busy', 'Counting what a refresh would send…');
    void whileBusy(refreshButton, 'Counting…', count).then((counted) => {
      if (!counted) return; // never refresh blind: the error says why
      const asking = model()?.confirm;
      if (!asking) return run();
      status.clear();
      question.textContent = asking;
      show(ask, true);
      ask.scrollIntoView({ block: 'nearest' });
      askNo.focus();
    });
  };

  refreshButton.addEventListener('click', refresh);
  askYes.addEventListener('click', run);
  askNo.addEventListener('click', () => {
    show(ask, false);
    status.set('info', 'Not refreshed.');
    refreshButton.focus();
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
      .then(() => {
        show(confirm, false);
        status.set('success', 'Cached answers cleared. The next recalculation fetches fresh data.');
        clear.focus();
        return load(); // nothing is cached now: the estimate grows
      })
      .catch((error: unknown) => status.error(error));
  });

  mountFreeze(load);
  return {
    load,
    setUsage(read) {
      usage = read;
      render();
    },
    refresh,
  };
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
