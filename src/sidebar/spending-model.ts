/**
 * What the usage section shows of this spreadsheet's own spending (pure, so it is unit-tested): its cap
 * beside the allowance, and the request log's switch.
 */
import type { SpreadsheetSpending } from '../shared/sidebar-api';
import { formatCount, plural } from './format';

export interface SpendingModel {
  /** The cap's field: its number, or '' without one. */
  capValue: string;
  /** Whether a cap is set (Lift shows). */
  capped: boolean;
  /** The cap in words, what it leaves today and when it resets; or what no cap means. */
  capText: string;
  logOn: boolean;
  /** Where the log writes, and when formulas' rows come. */
  logText: string;
}

/**
 * The words of this spreadsheet's cap and log.
 * @param spending what the server counted
 */
export function spendingModel(spending: SpreadsheetSpending): SpendingModel {
  const { cap, today, log } = spending;
  const reset = `${spending.resetsAt.slice(11, 16)} UTC`;
  const capText =
    cap === null
      ? "No cap: formulas here may spend the account's whole allowance."
      : `Formulas and scheduled runs here stop at ${plural(cap, 'fresh search', 'fresh searches')} a day: ` +
        `${formatCount(Math.max(0, cap - today.freshSearches))} left today, until ${reset}.`;
  const logText = log.on
    ? `A row per batch sent goes to the sheet "${log.sheet ?? 'Search Demand log'}"; formulas' rows come when the sidebar opens or a menu item runs.`
    : 'Off: nothing is logged.';
  return { capValue: cap === null ? '' : String(cap), capped: cap !== null, capText, logOn: log.on, logText };
}
