/**
 * This spreadsheet's own spending, in the usage section: its cap on fresh searches (Set, Lift) and the
 * request log's switch. Each change returns the whole usage view, which the usage section shows.
 */
import type { UsageView } from '../../shared/sidebar-api';
import { byId, show } from '../dom';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
import { spendingModel } from '../spending-model';

/** The part's controls: render what a usage view says of this spreadsheet. */
export interface SpendingPart {
  render(view: UsageView): void;
}

/**
 * Binds the cap's field and buttons and the log's switch.
 * @param showView shows a usage view the server returned (the usage section's)
 */
export function mountSpendingPart(showView: (view: UsageView) => void): SpendingPart {
  const input = byId('spend-cap', HTMLInputElement);
  const setButton = byId('spend-cap-set', HTMLButtonElement);
  const liftButton = byId('spend-cap-lift', HTMLButtonElement);
  const capHelp = byId('spend-cap-help', HTMLParagraphElement);
  const logBox = byId('request-log', HTMLInputElement);
  const logHelp = byId('request-log-help', HTMLParagraphElement);
  const status = new StatusLine(byId('spending-status', HTMLParagraphElement));

  const render = (view: UsageView): void => {
    if (!view.spending) return;
    const model = spendingModel(view.spending);
    if (document.activeElement !== input) input.value = model.capValue;
    show(liftButton, model.capped);
    capHelp.textContent = model.capText;
    logBox.checked = model.logOn;
    logHelp.textContent = model.logText;
  };

  /** Sends a change; its view is shown and true, or its error said and false. */
  const change = async (button: HTMLButtonElement | null, done: string, send: () => Promise<UsageView>): Promise<boolean> => {
    status.set('busy', 'Saving…');
    try {
      showView(button ? await whileBusy(button, 'Saving…', send) : await send());
      status.set('success', done);
      return true;
    } catch (error) {
      status.error(error);
      return false;
    }
  };

  // Sent as typed: the server says what a cap may be.
  setButton.addEventListener('click', () => {
    void change(setButton, 'Cap saved.', () => call('setSpendCap', { freshSearchesPerDay: input.value.trim() }));
  });
  liftButton.addEventListener('click', () => {
    void change(liftButton, 'Cap lifted.', () => call('setSpendCap', { freshSearchesPerDay: null }));
  });
  logBox.addEventListener('change', () => {
    const on = logBox.checked;
    logBox.disabled = true;
    void change(null, on ? 'Request log on.' : 'Request log off.', () => call('setRequestLog', on)).then((saved) => {
      logBox.disabled = false;
      if (!saved) logBox.checked = !on;
    });
  });
  return { render };
}
