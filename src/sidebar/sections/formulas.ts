/**
 * The "Formulas in this spreadsheet" section: which key the formulas use, who pays and what to do, for
 * whoever opened the sidebar; the owner's "Let formulas here use my key" box, and "Stop using the
 * shared key" (owner or sharer) with an inline confirmation. Server sentences are inserted as text.
 */
import type { SettingsView } from '../../shared/sidebar-api';
import type { App } from '../app';
import type { Summarise } from '../folds';
import { confirmCall } from '../confirm-step';
import { byId, show } from '../dom';
import { formulasModel } from '../formulas-model';
import { call } from '../server';
import { boxCall, statusLine } from '../status';

/** The formulas section's controls. */
export interface FormulasSection {
  /** Shows whose key the formulas use and which controls apply to this viewer. */
  render(view: SettingsView): void;
}

/**
 * Binds the formulas section.
 * @param app where new settings are announced
 * @param summarise told the line beside the section's heading
 */
export function mountFormulasSection(app: App, summarise: Summarise): FormulasSection {
  const section = byId('formulas-section', HTMLElement);
  const title = byId('formulas-title', HTMLButtonElement);
  const mask = byId('formulas-mask', HTMLSpanElement);
  const source = byId('formulas-source', HTMLSpanElement);
  const paid = byId('formulas-paid', HTMLParagraphElement);
  const owner = byId('formulas-owner', HTMLParagraphElement);
  const advice = byId('formulas-advice', HTMLParagraphElement);
  const ownerKey = byId('formulas-owner-key', HTMLDivElement);
  const ownerBox = byId('formulas-owner-box', HTMLInputElement);
  const stopRow = byId('formulas-stop-row', HTMLDivElement);
  const question = byId('formulas-stop-question', HTMLParagraphElement);
  const status = statusLine('formulas-status');
  const stopping = confirmCall(
    {
      button: byId('formulas-stop', HTMLButtonElement),
      ask: byId('formulas-stop-confirm', HTMLDivElement),
      yes: byId('formulas-stop-yes', HTMLButtonElement),
      no: byId('formulas-stop-no', HTMLButtonElement),
    },
    {
      status,
      busy: ['Stopping the shared key…', 'Stopping…'],
      run: () => call('removeDocumentKey'),
      opening: () => status.clear(),
      done: (next) => {
        app.applySettings(next, false);
        status.set('success', 'Formulas here no longer use the shared key.');
        title.focus(); // the button that had focus is gone now: back to the section's heading
      },
    },
  );

  const render = (view: SettingsView): void => {
    const model = formulasModel(view);
    show(section, true);
    mask.textContent = model.mask;
    show(mask, model.mask !== '');
    source.textContent = model.source;
    // Closed, the heading still says which key pays, and warns when none reaches the formulas.
    summarise(model.source, view.formulas.source === 'none' ? 'warn' : 'plain');
    paid.textContent = model.paidBy;
    owner.textContent = model.owner;
    advice.textContent = model.advice;
    show(advice, model.advice !== '');
    show(ownerKey, model.ownerKey !== null);
    ownerBox.checked = model.ownerKey?.checked ?? false;
    show(stopRow, model.stop !== null);
    question.textContent = model.stop?.question ?? '';
    if (!model.stop) stopping.close();
  };

  ownerBox.addEventListener('change', () => {
    const allow = ownerBox.checked;
    const busy = allow ? 'Turning your key on for formulas here…' : 'Turning your key off for formulas here…';
    boxCall(
      ownerBox,
      status,
      busy,
      () => call('setOwnerKeyForFormulas', allow),
      (next) => {
        app.applySettings(next, false);
        status.set('success', allow ? 'Formulas here may use your key again.' : 'Your key is off for formulas here, yours included.');
      },
    );
  });

  return { render };
}
