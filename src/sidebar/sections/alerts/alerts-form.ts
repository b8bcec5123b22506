/** The alerts form: the thresholds, failures on or off and the recipients, shown from and saved to the server. */
import type { AlertsView } from '../../../shared/sidebar-api';
import { settingsFromForm } from '../../alerts-model';
import { byId } from '../../dom';
import { call } from '../../server';
import { busyCall, statusLine } from '../../status';

/** The form's part of the section. */
export interface AlertsFormPart {
  /** Puts what is saved into the form. */
  show(view: AlertsView): void;
}

/**
 * Binds the form: Save checks it here first (the server checks again), then saves; what the server
 * sends back is shown by `render`.
 * @param render shows a new view in the whole section
 */
export function mountAlertsForm(render: (view: AlertsView) => void): AlertsFormPart {
  const form = byId('alerts-form', HTMLFormElement);
  const rankOn = byId('alerts-rank-on', HTMLInputElement);
  const rank = byId('alerts-rank', HTMLInputElement);
  const changeOn = byId('alerts-change-on', HTMLInputElement);
  const change = byId('alerts-change', HTMLInputElement);
  const failures = byId('alerts-failures', HTMLInputElement);
  const recipients = byId('alerts-recipients', HTMLInputElement);
  const save = byId('alerts-save', HTMLButtonElement);
  const status = statusLine('alerts-status');

  const syncFields = (): void => {
    rank.disabled = !rankOn.checked;
    change.disabled = !changeOn.checked;
  };
  rankOn.addEventListener('change', syncFields);
  changeOn.addEventListener('change', syncFields);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (save.disabled) return;
    const read = settingsFromForm({
      rankOn: rankOn.checked,
      rank: rank.value,
      changeOn: changeOn.checked,
      change: change.value,
      failures: failures.checked,
      recipients: recipients.value,
    });
    if ('error' in read) return status.set('error', read.error);
    busyCall(
      status,
      save,
      ['Saving alerts…', 'Saving…'],
      () => call('setAlerts', read.settings),
      (view) => {
        render(view);
        status.set('success', 'Saved. Mail comes after the next scheduled run that finds something.');
      },
    );
  });

  return {
    show(view) {
      const { rankPlaces, changePercent } = view.settings;
      rankOn.checked = rankPlaces !== null;
      if (rankPlaces !== null) rank.value = String(rankPlaces);
      changeOn.checked = changePercent !== null;
      if (changePercent !== null) change.value = String(changePercent);
      failures.checked = view.settings.failures === true;
      recipients.value = view.settings.recipients.join(', ');
      syncFields();
    },
  };
}
