/**
 * The key section's offer to re-run the formulas once a key reaches them: cells that said "No API key"
 * keep saying it until they re-run. The re-run shows its progress, its question and its result in the
 * offer itself, where it was asked for.
 */
import type { SettingsView } from '../../../shared/sidebar-api';
import type { App, RefreshPlace } from '../../app';
import { byId, show } from '../../dom';
import { formulasUseYourKey, rerunOffer } from '../../key-model';
import { statusLine } from '../../status';

/** The offer's controls. */
export interface RerunOffer {
  /**
   * Offers the re-run when these settings let the formulas use the viewer's key and cells show "No API
   * key" (or #ERROR!, whose message shows on hover): what the cells show is the truth.
   * @param view what the server returned after the key changed
   */
  offer(view: SettingsView): void;
  /** Hides the offer. */
  hide(): void;
}

/**
 * Binds the offer and its button.
 * @param app the formulas' refresh, and the count of the cells that say "No API key"
 */
export function mountRerunOffer(app: App): RerunOffer {
  const rerun = byId('key-rerun', HTMLDivElement);
  const why = byId('key-rerun-why', HTMLParagraphElement);
  const row = byId('key-rerun-row', HTMLDivElement);
  const place: RefreshPlace = {
    button: byId('key-rerun-button', HTMLButtonElement),
    status: statusLine('key-rerun-status'),
    ask: byId('key-rerun-confirm', HTMLDivElement),
    question: byId('key-rerun-question', HTMLParagraphElement),
    yes: byId('key-rerun-yes', HTMLButtonElement),
    no: byId('key-rerun-no', HTMLButtonElement),
    verb: 'Re-running',
    after: 'Sheets runs them now: each cell shows its answer when it arrives.',
    done: () => show(row, false),
  };
  place.button.addEventListener('click', () => app.refreshFormulas(place));
  const hide = (): void => show(rerun, false);

  return {
    hide,
    offer(view) {
      hide();
      if (!formulasUseYourKey(view)) return;
      // The count is the one the cache section reads after a key change (one call, shared).
      void app.countNoKeyCells().then((cells) => {
        if (!cells || !(cells.said || cells.errors)) return; // none, or unknown: the cache section still has the button
        why.textContent = rerunOffer(cells.said, cells.errors);
        place.status.clear();
        show(place.ask, false);
        show(row, true);
        show(rerun, true);
      });
    },
  };
}
