/**
 * The sidebar's usage panel. Opening it sends no request: it shows the last read of /usage made with the
 * viewer's key, brought up to date with what this document sent since (spending/usage-read.ts); Refresh
 * reads /usage again (one request). Beside it, this spreadsheet's own cap, what it spent today and the
 * request log's switch (log-sheet/log-view.ts).
 */
import type { UsageView } from '../../shared/sidebar-api';
import { errors } from '../errors/errors';
import { readApiKey, readLookupSettings } from '../settings/lookup-settings';
import { lastUsageView, readUsageNow, rememberUsage, usageView } from '../spending/usage-read';
import { liftsCap, saveSpendCap, saveSpendSettings } from '../spending/spend-settings';
import { openStore } from '../spreadsheet/spreadsheet-store';
import { spreadsheetSpending } from '../log-sheet/log-view';
import { settleNow } from '../log-sheet/log-flush';

/**
 * The last usage read with the viewer's key brought up to date (no request), and this document's spend,
 * the request log first written with what waited for the sidebar to open.
 */
export function getUsage(): UsageView {
  settleNow();
  return withSpending(lastUsageView(readApiKey('user')));
}

/** Reads /usage now (one request) and keeps it as the last read. */
export function refreshUsage(): UsageView {
  return withSpending(readUsage());
}

/**
 * Sets this spreadsheet's cap on fresh searches a day, or lifts it (null). Refused, with nothing saved,
 * unless a whole number from 0 up and within the account's fresh searches a day (the last usage read,
 * else a read now: one request).
 * @param sent `{ freshSearchesPerDay }` as the sidebar sent it
 */
export function setSpendCap(sent: unknown): UsageView {
  const apiKey = readApiKey('user');
  let view = lastUsageView(apiKey);
  if (!view.last && apiKey && !liftsCap(sent)) view = readUsage();
  saveSpendCap(openStore(), sent, view.last);
  return withSpending(view);
}

/**
 * Turns the request log on or off (on: its sheet is made at once, and rows come as batches are sent).
 * @param on whether it is on
 */
export function setRequestLog(on: unknown): UsageView {
  if (typeof on !== 'boolean') throw errors.input('Bad input: the request log is on (true) or off (false). Nothing was changed.');
  saveSpendSettings(openStore(), { log: on });
  if (on) settleNow(); // its sheet at once, with what formulas sent since it was last on
  return withSpending(lastUsageView(readApiKey('user')));
}

function readUsage(): UsageView {
  const { apiKey, baseUrl } = readLookupSettings('user');
  if (!apiKey) throw errors.noKey();
  const readAt = new Date().toISOString();
  const outcome = readUsageNow(apiKey, baseUrl, readAt);
  if (!outcome.ok) throw outcome.error;
  return usageView(apiKey, rememberUsage(apiKey, outcome.data, readAt));
}

/**
 * The view with this spreadsheet's own spending, when it can be read: usage needs no permission to see
 * the spreadsheet, so without one the view says nothing of it (and no word of a permission).
 */
function withSpending(view: UsageView): UsageView {
  try {
    return { ...view, spending: spreadsheetSpending(openStore()) };
  } catch {
    return view;
  }
}
