/**
 * The alerts section: the form (thresholds, failures, recipients), who gets the mail, why mail cannot
 * go, the last mail, and what today's digest would say, read from the sheets with nothing sent. Server
 * values are inserted as text. The form lives in sections/alerts/; this module shows each view.
 */
import type { AlertsView } from '../../shared/sidebar-api';
import { alertsSummary, lastMailText, previewWords, recipientsText } from '../alerts-model';
import { byId, show } from '../dom';
import type { Summarise } from '../folds';
import { call } from '../server';
import { statusLine } from '../status';
import { mountAlertsForm } from './alerts/alerts-form';

/**
 * Binds the alerts section; `load` reads the alerts (no request, no mail).
 * @param summarise told the line beside the section's heading
 */
export function mountAlertsSection(summarise: Summarise): { load(): Promise<void> } {
  const blocked = byId('alerts-blocked', HTMLParagraphElement);
  const to = byId('alerts-to', HTMLParagraphElement);
  const last = byId('alerts-last', HTMLParagraphElement);
  const preview = byId('alerts-preview', HTMLDetailsElement);
  const previewBody = byId('alerts-preview-body', HTMLPreElement);
  const previewTitle = byId('alerts-preview-title', HTMLElement);
  const status = statusLine('alerts-status');

  const render = (view: AlertsView): void => {
    const line = alertsSummary(view);
    summarise(line.text, line.warn ? 'warn' : 'plain');
    blocked.textContent = view.blocked ?? '';
    show(blocked, view.blocked !== null);
    to.textContent = recipientsText(view);
    last.textContent = lastMailText(view);
    const words = previewWords(view);
    previewTitle.textContent = words.title;
    previewBody.textContent = view.preview ? `${view.preview.subject}\n\n${view.preview.body}` : words.empty;
    show(preview, true);
    form.show(view);
  };
  const form = mountAlertsForm(render);

  const load = async (): Promise<void> => {
    try {
      render(await call('getAlerts'));
    } catch (error) {
      status.error(error);
    }
  };
  return { load };
}
