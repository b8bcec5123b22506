/**
 * The "Your API key" section: save (checked by the server first), replace, remove with an inline
 * confirmation, and the opt-in to share the key with this document (formulas here then spend it,
 * whoever evaluates them). Once a key reaches the formulas, it offers to re-run them in one click, and
 * shows that re-run's progress and result in the offer itself. The key is never written to the DOM: the
 * input is cleared after saving and only the server's mask is shown. In a self-install the service's
 * address is typed beside the key (one request checks both), and sharing warns that every editor can
 * read the script and the key.
 */
import type { SettingsView } from '../../shared/sidebar-api';
import type { App, RefreshPlace } from '../app';
import type { Summarise } from '../folds';
import { confirmCall, type ConfirmParts } from '../confirm-step';
import { byId, show } from '../dom';
import {
  formulasUseYourKey,
  keyInputHelp,
  keySavedMessage,
  keySource,
  rerunOffer,
  shareReplaces,
  sharingMessage,
  whereNote,
} from '../key-model';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
import { checkApiKey, checkServiceAddress } from '../validate';

/** The key section's controls, bound to the template's elements. */
export interface KeySection {
  /** Shows the viewer's own key (mask, sharing) and which controls apply. */
  render(view: SettingsView): void;
}

/**
 * Binds the key section.
 * @param app where new settings are announced
 * @param summarise told the line beside the section's heading
 */
export function mountKeySection(app: App, summarise: Summarise): KeySection {
  const section = byId('key-section', HTMLElement);
  const where = byId('key-where', HTMLParagraphElement);
  const urlField = byId('key-url-field', HTMLDivElement);
  const urlInput = byId('key-url-input', HTMLInputElement);
  const shareEditors = byId('key-share-editors', HTMLParagraphElement);
  const inputHelp = byId('key-input-help', HTMLParagraphElement);
  const saved = byId('key-saved', HTMLDivElement);
  const mask = byId('key-mask', HTMLSpanElement);
  const source = byId('key-source', HTMLSpanElement);
  const replace = byId('key-replace', HTMLButtonElement);
  const remove: ConfirmParts = {
    button: byId('key-remove', HTMLButtonElement),
    ask: byId('key-remove-confirm', HTMLDivElement),
    yes: byId('key-remove-yes', HTMLButtonElement),
    no: byId('key-remove-no', HTMLButtonElement),
  };
  const form = byId('key-form', HTMLFormElement);
  const input = byId('key-input', HTMLInputElement);
  const inputLabel = byId('key-input-label', HTMLLabelElement);
  const save = byId('key-save', HTMLButtonElement);
  const cancel = byId('key-cancel', HTMLButtonElement);
  const shareBlock = byId('key-share-block', HTMLDivElement);
  const share = byId('key-share', HTMLInputElement);
  const replaces = byId('key-share-replaces', HTMLParagraphElement);
  const status = new StatusLine(byId('key-status', HTMLParagraphElement));
  const rerun = byId('key-rerun', HTMLDivElement);
  const rerunWhy = byId('key-rerun-why', HTMLParagraphElement);
  const rerunRow = byId('key-rerun-row', HTMLDivElement);
  // The re-run shows its progress, its question and its result here, where it was asked for.
  const rerunPlace: RefreshPlace = {
    button: byId('key-rerun-button', HTMLButtonElement),
    status: new StatusLine(byId('key-rerun-status', HTMLParagraphElement)),
    ask: byId('key-rerun-confirm', HTMLDivElement),
    question: byId('key-rerun-question', HTMLParagraphElement),
    yes: byId('key-rerun-yes', HTMLButtonElement),
    no: byId('key-rerun-no', HTMLButtonElement),
    verb: 'Re-running',
    after: 'Sheets runs them now: each cell shows its answer when it arrives.',
    done: () => show(rerunRow, false),
  };
  let replacing = false;
  const removing = confirmCall(remove, {
    status,
    busy: ['Removing the key…', 'Removing…'],
    run: () => call('removeApiKey'),
    done: (view) => {
      show(rerun, false);
      replacing = false;
      app.applySettings(view, true);
      status.set('success', 'Your key was removed.');
      input.focus();
    },
  });

  // A key now reaches the formulas: cells that said "No API key" keep saying it until they re-run. Offered
  // only when cells show it (or #ERROR!, whose message shows on hover): what the cells show is the truth.
  // The count is the one the cache section reads after a key change (one call, shared).
  const offerRerun = (view: SettingsView): void => {
    show(rerun, false);
    if (!formulasUseYourKey(view)) return;
    void app.countNoKeyCells().then((cells) => {
      if (!cells || !(cells.said || cells.errors)) return; // none, or unknown: the cache section still has the button
      rerunWhy.textContent = rerunOffer(cells.said, cells.errors);
      rerunPlace.status.clear();
      show(rerunPlace.ask, false);
      show(rerunRow, true);
      show(rerun, true);
    });
  };

  const render = (view: SettingsView): void => {
    const formShown = !view.hasKey || replacing;
    show(section, true);
    show(saved, view.hasKey && !replacing);
    show(form, formShown);
    show(cancel, view.hasKey && replacing);
    show(shareBlock, true);
    if (!view.hasKey || replacing) removing.close();
    mask.textContent = view.maskedKey ?? '';
    if (view.hasKey) summarise(`${view.maskedKey ?? '••••'}${view.sharedWithDocument ? ' · shared with this document' : ''}`);
    else summarise('None saved yet', 'warn');
    source.textContent = keySource(view);
    where.textContent = whereNote(view);
    show(urlField, view.selfInstall);
    if (view.selfInstall && !urlInput.value) urlInput.value = view.baseUrl;
    show(shareEditors, view.selfInstall);
    const help = keyInputHelp(view);
    if (help !== null) inputHelp.textContent = help;
    inputLabel.textContent = view.hasKey ? 'Paste the new API key' : 'Paste your API key';
    share.checked = view.sharedWithDocument;
    const warning = shareReplaces(view);
    replaces.textContent = warning;
    show(replaces, warning !== '');
  };

  const setReplacing = (value: boolean): void => {
    replacing = value;
    input.value = '';
    urlInput.value = app.settings?.baseUrl ?? '';
    if (app.settings) render(app.settings);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (save.disabled) return;
    const checked = checkApiKey(input.value);
    if ('error' in checked) {
      status.set('error', checked.error);
      input.focus();
      return;
    }
    // A self-install has no default service: the address goes with the key, checked in the same request.
    const address = app.settings?.selfInstall ? checkServiceAddress(urlInput.value) : null;
    if (address && 'error' in address) {
      status.set('error', address.error);
      urlInput.focus();
      return;
    }
    status.set('busy', 'Checking the key with the service…');
    const send = () =>
      address ? call('saveApiKey', checked.key, share.checked, address.address) : call('saveApiKey', checked.key, share.checked);
    whileBusy(save, 'Checking…', send)
      .then((view) => {
        input.value = '';
        replacing = false;
        app.applySettings(view, true);
        status.set('success', keySavedMessage(view));
        offerRerun(view);
        replace.focus();
      })
      .catch((error: unknown) => {
        status.error(error);
        input.focus();
        input.select();
      });
  });

  rerunPlace.button.addEventListener('click', () => app.refreshFormulas(rerunPlace));

  replace.addEventListener('click', () => {
    status.clear();
    show(rerun, false);
    setReplacing(true);
    input.focus();
  });

  cancel.addEventListener('click', () => {
    status.clear();
    setReplacing(false);
    replace.focus();
  });

  share.addEventListener('change', () => {
    const view = app.settings;
    // Without a saved key of one's own, the box is only the choice sent with Save.
    if (!view || !view.hasKey || replacing) return;
    const wanted = share.checked;
    share.disabled = true;
    status.set('busy', wanted ? 'Sharing the key with this document…' : 'Stopping sharing…');
    call('setKeySharing', wanted)
      .then((next) => {
        app.applySettings(next, false);
        status.set('success', sharingMessage(next));
        if (wanted) offerRerun(next);
        else show(rerun, false);
      })
      .catch((error: unknown) => {
        share.checked = !wanted;
        status.error(error);
      })
      .finally(() => {
        share.disabled = false;
        share.focus();
      });
  });

  return { render };
}
