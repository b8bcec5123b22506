/**
 * The advanced section: point the add-on at another service (self-hosting, local development), only
 * inside the allowlist the manifest declares (Google fetches nothing else), which it shows.
 */
import type { SettingsView } from '../../shared/sidebar-api';
import type { App } from '../app';
import { byId, show } from '../dom';
import { call } from '../server';
import { busyCall, statusLine } from '../status';
import { allowedAddresses, checkBaseUrl } from '../validate';

/** The advanced section's controls. */
export interface AdvancedSection {
  /** Shows the base URL in use, the default and the allowed addresses. */
  render(view: SettingsView): void;
}

/**
 * Binds the advanced section.
 * @param app where new settings are announced
 */
export function mountAdvancedSection(app: App): AdvancedSection {
  const details = byId('advanced', HTMLDetailsElement);
  const form = byId('url-form', HTMLFormElement);
  const input = byId('url-input', HTMLInputElement);
  const defaultUrl = byId('url-default', HTMLSpanElement);
  const allowed = byId('url-allowed', HTMLSpanElement);
  const save = byId('url-save', HTMLButtonElement);
  const reset = byId('url-reset', HTMLButtonElement);
  const status = statusLine('url-status');

  const render = (view: SettingsView): void => {
    // A self-install types its one address beside the key (sections/key.ts): there is no default to override.
    show(details, !view.selfInstall);
    input.value = view.baseUrlIsDefault ? '' : view.baseUrl;
    input.placeholder = view.defaultBaseUrl;
    defaultUrl.textContent = view.defaultBaseUrl;
    allowed.textContent = allowedAddresses(view.allowlist).join(', ');
    reset.disabled = view.baseUrlIsDefault;
  };

  const apply = (button: HTMLButtonElement, url: string): void => {
    busyCall(
      status,
      button,
      ['Saving…', 'Saving…'],
      () => call('setBaseUrl', url),
      (view) => {
        app.applySettings(view, true);
        status.set('success', savedMessage(view));
        if (button.disabled) input.focus();
      },
    );
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (save.disabled) return;
    const problem = checkBaseUrl(input.value, app.settings?.allowlist ?? []);
    if (problem !== null) {
      status.set('error', problem);
      input.focus();
      return;
    }
    apply(save, input.value.trim());
  });

  reset.addEventListener('click', () => apply(reset, ''));

  return { render };
}

/** What a saved base URL changes: this person's calls; formulas follow the spreadsheet owner's setting. */
function savedMessage(view: SettingsView): string {
  const target = view.baseUrlIsDefault ? 'the default service' : view.baseUrl;
  return view.you.role === 'owner'
    ? `Saved: this sidebar and formulas in spreadsheets you own now call ${target}.`
    : `Saved: this sidebar now calls ${target}. Formulas here follow the owner's setting.`;
}
