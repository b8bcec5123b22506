/** The alerts panel: each sidebar call read and checked by alerts/, shown by alerts-view. Sends no mail. */
import type { AlertsView } from '../../shared/sidebar-api';
import { checkAlertSettings, saveAlertSettings } from '../alerts/alert-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { alertsView } from './alerts-view';

/** The open spreadsheet's alerts, what a digest would say now, and the last mail. */
export function getAlerts(): AlertsView {
  return alertsView(openStore());
}

/**
 * Sets the open spreadsheet's alerts (null: all off), after checking every value: a bad one is refused
 * with what is wrong, and nothing is saved.
 * @param raw the sidebar's settings
 */
export function setAlerts(raw: unknown): AlertsView {
  const settings = checkAlertSettings(raw);
  const store = openStore();
  saveAlertSettings(store, settings);
  return alertsView(store);
}
