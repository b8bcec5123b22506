/**
 * This spreadsheet's own spending, in the usage section: its cap on fresh searches (Set, Lift) and the
 * request log's switch. Each change returns the whole usage view, which the usage section shows.
 */
import type { UsageView } from '../../shared/sidebar-api';
import { byId, show } from '../dom';
import { call } from '../server';
import { boxCall, busyCall, statusLine } from '../status';
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
  const status = statusLine('spending-status');

  const render = (view: UsageView): void => {
    if (!view.spending) return;
    const model = spendingModel(view.spending);
    if (document.activeElement !== input) input.value = model.capValue;
    show(liftButton, model.capped);
    capHelp.textContent = model.capText;
    logBox.checked = model.logOn;
    logHelp.textContent = model.logText;
  };

  /** Shows the view a change returned, and says it was saved. */
  const saved = (done: string) => (view: UsageView) => {
    showView(view);
    status.set('success', done);
  };
  // Sent as typed: the server says what a cap may be.
  setButton.addEventListener('click', () =>
    busyCall(
      status,
      setButton,
      ['Saving…', 'Saving…'],
      () => call('setSpendCap', { freshSearchesPerDay: input.value.trim() }),
      saved('Cap saved.'),
    ),
  );
  liftButton.addEventListener('click', () =>
    busyCall(status, liftButton, ['Saving…', 'Saving…'], () => call('setSpendCap', { freshSearchesPerDay: null }), saved('Cap lifted.')),
  );
  logBox.addEventListener('change', () => {
    const on = logBox.checked;
    boxCall(logBox, status, 'Saving…', () => call('setRequestLog', on), saved(on ? 'Request log on.' : 'Request log off.'));
  });
  return { render };
}
