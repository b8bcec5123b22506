/**
 * The "Your API key" section: save (checked by the server first), replace, remove with an inline
 * confirmation, and the opt-in to share the key with this document (formulas here then spend it,
 * whoever evaluates them). Once a key reaches the formulas, it offers to re-run them in one click, and
 * shows that re-run's progress and result in the offer itself. The key is never written to the DOM: the
 * input is cleared after saving and only the server's mask is shown. In a self-install the service's
 * address is typed beside the key (one request checks both), and sharing warns that every editor can
 * read the script and the key. The form, the share box and the re-run offer live in sections/key/; this
 * module shows the saved key with Remove, and ties the parts to the settings.
 */
import type { SettingsView } from '../../shared/sidebar-api';
import type { App } from '../app';
import type { Summarise } from '../folds';
import { confirmCall } from '../confirm-step';
import { byId, show } from '../dom';
import { keySource, keySummary, whereNote } from '../key-model';
import { call } from '../server';
import { statusLine } from '../status';
import { mountKeyForm } from './key/key-form';
import type { KeyPage } from './key/key-page';
import { mountKeyShare } from './key/key-share';
import { mountRerunOffer } from './key/rerun-offer';

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
  const saved = byId('key-saved', HTMLDivElement);
  const mask = byId('key-mask', HTMLSpanElement);
  const source = byId('key-source', HTMLSpanElement);
  const status = statusLine('key-status');

  const render = (view: SettingsView): void => {
    show(section, true);
    show(saved, view.hasKey && !page.replacing);
    if (!view.hasKey || page.replacing) removing.close();
    mask.textContent = view.maskedKey ?? '';
    const line = keySummary(view);
    summarise(line.text, line.warn ? 'warn' : 'plain');
    source.textContent = keySource(view);
    where.textContent = whereNote(view);
    form.show(view);
    share.show(view);
  };
  const page: KeyPage = { replacing: false, render };
  const rerun = mountRerunOffer(app);
  const share = mountKeyShare(app, page, status, rerun);
  const form = mountKeyForm(app, page, status, share, rerun);
  const removing = confirmCall(
    {
      button: byId('key-remove', HTMLButtonElement),
      ask: byId('key-remove-confirm', HTMLDivElement),
      yes: byId('key-remove-yes', HTMLButtonElement),
      no: byId('key-remove-no', HTMLButtonElement),
    },
    {
      status,
      busy: ['Removing the key…', 'Removing…'],
      run: () => call('removeApiKey'),
      done: (view) => {
        rerun.hide();
        page.replacing = false;
        app.applySettings(view, true);
        status.set('success', 'Your key was removed.');
        form.focus();
      },
    },
  );

  return { render };
}
