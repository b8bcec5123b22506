/**
 * A spreadsheet's alerts, kept in its developer metadata (spreadsheet/spreadsheet-store.ts) so the
 * sidebar and a scheduled run (which opens the spreadsheet by id, with no document) read the same
 * record. What the sidebar sends is checked here before anything is saved.
 */
import { MAX_RECIPIENTS, isMailAddress, thresholdProblem } from '../../shared/alert-rules';
import { errors } from '../errors/errors';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';

/** The alerts as stored: null (or false) turns a kind off. */
export interface AlertSettings {
  rankPlaces: number | null;
  changePercent: number | null;
  failures: boolean;
  /** Addresses besides the schedule's owner, who always gets the mails. */
  recipients: string[];
}

/** Every kind off: what a spreadsheet has before alerts are set, and after setAlerts(null). */
export const ALERTS_OFF: Readonly<AlertSettings> = Object.freeze({
  rankPlaces: null,
  changePercent: null,
  failures: false,
  recipients: [],
});

const KEY = 'sdm.alerts';

/**
 * Whether any kind of alert is on.
 * @param settings the alerts
 */
export function alertsOn(settings: AlertSettings): boolean {
  return settings.rankPlaces !== null || settings.changePercent !== null || settings.failures;
}

/**
 * The spreadsheet's alerts (all off when none were set, or the record is unreadable).
 * @param store the spreadsheet's records
 */
export function readAlertSettings(store: SpreadsheetStore): AlertSettings {
  try {
    return checkAlertSettings(JSON.parse(store.get(KEY) ?? 'null'));
  } catch {
    return { ...ALERTS_OFF };
  }
}

/**
 * Stores the alerts; all off removes the record.
 * @param store the spreadsheet's records
 * @param settings checked settings
 */
export function saveAlertSettings(store: SpreadsheetStore, settings: AlertSettings): void {
  if (alertsOn(settings) || settings.recipients.length) store.set(KEY, JSON.stringify(settings));
  else store.remove(KEY);
}

/**
 * What the sidebar sent, checked: the thresholds within their bounds (null: off), failures on or off,
 * the recipients real addresses, each once, at most MAX_RECIPIENTS. null turns every kind off. Throws
 * the first problem in words; nothing is saved then.
 * @param raw setAlerts' argument
 */
export function checkAlertSettings(raw: unknown): AlertSettings {
  if (raw === null) return { ...ALERTS_OFF };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw errors.input('Alerts are settings with rankPlaces, changePercent and failures.');
  const { rankPlaces = null, changePercent = null, failures = null, recipients = [] } = raw as Record<string, unknown>;
  for (const [kind, value] of [
    ['rankPlaces', rankPlaces],
    ['changePercent', changePercent],
  ] as const) {
    const problem = thresholdProblem(kind, value);
    if (problem) throw errors.input(problem);
  }
  if (failures !== null && typeof failures !== 'boolean') throw errors.input('Failure alerts are on (true) or off (false or null).');
  if (!Array.isArray(recipients) || !recipients.every((r): r is string => typeof r === 'string'))
    throw errors.input('Recipients are a list of email addresses.');
  const seen = new Set<string>();
  const list = recipients.map((r) => r.trim()).filter((r) => r && !seen.has(r.toLowerCase()) && seen.add(r.toLowerCase()));
  const bad = list.find((r) => !isMailAddress(r));
  if (bad !== undefined) throw errors.input(`“${bad.slice(0, 80)}” is not an email address: type one such as name@example.com.`);
  if (list.length > MAX_RECIPIENTS)
    throw errors.input(`At most ${MAX_RECIPIENTS} recipients besides you: each one counts against Google's daily mail quota.`);
  return {
    rankPlaces: rankPlaces as number | null,
    changePercent: changePercent as number | null,
    failures: failures === true,
    recipients: list,
  };
}
