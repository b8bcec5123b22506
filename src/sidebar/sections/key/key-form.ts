/**
 * The key section's form: paste a key (in a self-install, with its service's address: one request
 * checks both) and save it, checked by the server first; Replace opens the form over a saved key and
 * Cancel closes it. The key is never written to the DOM: the input is cleared after saving.
 */
import type { SettingsView } from '../../../shared/sidebar-api';
import type { App } from '../../app';
import { byId, show } from '../../dom';
import { keyInputHelp, keySavedMessage } from '../../key-model';
import { call } from '../../server';
import { whileBusy, type StatusLine } from '../../status';
import { checkApiKey, checkServiceAddress } from '../../validate';
import type { KeyPage } from './key-page';
import type { KeyShare } from './key-share';
import type { RerunOffer } from './rerun-offer';

/** The form's part of the section. */
export interface KeyForm {
  /**
   * Shows the form while there is no key or while one is replaced, with the fields this installation needs.
   * @param view the settings
   */
  show(view: SettingsView): void;
  /** Moves focus to the key's field. */
  focus(): void;
}

/**
 * Binds the form, Replace and Cancel.
 * @param app where new settings are announced
 * @param page the section (whether a key is being replaced, showing settings)
 * @param status the section's status line
 * @param share the share box, whose choice is sent with Save
 * @param rerun offered once a saved key reaches the formulas
 */
export function mountKeyForm(app: App, page: KeyPage, status: StatusLine, share: KeyShare, rerun: RerunOffer): KeyForm {
  const form = byId('key-form', HTMLFormElement);
  const input = byId('key-input', HTMLInputElement);
  const label = byId('key-input-label', HTMLLabelElement);
  const help = byId('key-input-help', HTMLParagraphElement);
  const urlField = byId('key-url-field', HTMLDivElement);
  const urlInput = byId('key-url-input', HTMLInputElement);
  const save = byId('key-save', HTMLButtonElement);
  const cancel = byId('key-cancel', HTMLButtonElement);
  const replace = byId('key-replace', HTMLButtonElement);

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
      address ? call('saveApiKey', checked.key, share.checked(), address.address) : call('saveApiKey', checked.key, share.checked());
    whileBusy(save, 'Checking…', send)
      .then((view) => {
        input.value = '';
        page.replacing = false;
        app.applySettings(view, true);
        status.set('success', keySavedMessage(view));
        rerun.offer(view);
        replace.focus();
      })
      .catch((error: unknown) => {
        status.error(error);
        input.focus();
        input.select();
      });
  });

  const setReplacing = (value: boolean): void => {
    page.replacing = value;
    input.value = '';
    urlInput.value = app.settings?.baseUrl ?? '';
    if (app.settings) page.render(app.settings);
  };
  replace.addEventListener('click', () => {
    status.clear();
    rerun.hide();
    setReplacing(true);
    input.focus();
  });
  cancel.addEventListener('click', () => {
    status.clear();
    setReplacing(false);
    replace.focus();
  });

  return {
    show(view) {
      show(form, !view.hasKey || page.replacing);
      show(cancel, view.hasKey && page.replacing);
      show(urlField, view.selfInstall);
      if (view.selfInstall && !urlInput.value) urlInput.value = view.baseUrl;
      const words = keyInputHelp(view);
      if (words !== null) help.textContent = words;
      label.textContent = view.hasKey ? 'Paste the new API key' : 'Paste your API key';
    },
    focus: () => input.focus(),
  };
}
