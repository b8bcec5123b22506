/**
 * A spreadsheet's own spending settings: its cap on fresh searches a day (spend-cap.ts) and whether the
 * request log is on (request-log.ts). Each is kept twice, written together: in the document's properties,
 * which the formulas' config entry mirrors into the cache (a formula reads them at no round trip of its
 * own), and in the spreadsheet's records, which a scheduled run reads (it has no document properties).
 */
import { PROP_REQUEST_LOG, PROP_SPEND_CAP } from '../settings/constants';
import { forgetLookupConfig } from '../cache/config-entry';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import type { UsageRead } from '../../shared/allowance-rules';
import { allowanceBars } from './allowance';
import { capLeft, readSpendCap, spendCapRequest } from './spend-cap';
import { readDaySpend } from './day-spend';

/** The spreadsheet's record of both. */
const RECORD = 'sdm.spendSettings';

/** What a spreadsheet asks of its own spending. */
export interface SpendSettings {
  /** Its cap on fresh searches a day (null: none). */
  cap: number | null;
  /** Whether the request log is on. */
  log: boolean;
}

/**
 * The settings as the open spreadsheet's document properties keep them (one round trip), or, without a
 * document (a scheduled run), as its records keep them.
 * @param store the spreadsheet's records
 */
export function readSpendSettings(store: SpreadsheetStore): SpendSettings {
  const props = documentProperties();
  if (props) {
    const all = props.getProperties();
    return { cap: readSpendCap(all[PROP_SPEND_CAP]), log: all[PROP_REQUEST_LOG] === '1' };
  }
  try {
    const stored = JSON.parse(store.get(RECORD) ?? '') as { cap?: unknown; log?: unknown };
    return { cap: typeof stored.cap === 'number' ? readSpendCap(String(stored.cap)) : null, log: stored.log === true };
  } catch {
    return { cap: null, log: false };
  }
}

/**
 * Saves a change to the settings in both places, and drops the formulas' config entry so their next
 * lookup mirrors it.
 * @param store the open spreadsheet's records
 * @param change what changes
 */
export function saveSpendSettings(store: SpreadsheetStore, change: Partial<SpendSettings>): SpendSettings {
  const next = { ...readSpendSettings(store), ...change };
  const props = documentProperties();
  if (props) {
    if (next.cap === null) props.deleteProperty(PROP_SPEND_CAP);
    else props.setProperty(PROP_SPEND_CAP, String(next.cap));
    if (next.log) props.setProperty(PROP_REQUEST_LOG, '1');
    else props.deleteProperty(PROP_REQUEST_LOG);
  }
  store.set(RECORD, JSON.stringify(next));
  forgetLookupConfig();
  return next;
}

/**
 * Whether what the sidebar sent lifts the cap (`{ freshSearchesPerDay: null }`): lifting needs no usage read.
 * @param sent what the sidebar sent
 */
export function liftsCap(sent: unknown): boolean {
  return !!sent && typeof sent === 'object' && (sent as { freshSearchesPerDay?: unknown }).freshSearchesPerDay === null;
}

/**
 * Sets this spreadsheet's cap on fresh searches a day as the sidebar sent it, or lifts it (null). Refused,
 * with nothing saved, unless a whole number from 0 up and within the account's fresh searches a day, as
 * the usage read's bars say (spend-cap.ts).
 * @param store the open spreadsheet's records
 * @param sent `{ freshSearchesPerDay }` as the sidebar sent it
 * @param last the viewer's last usage read, if any
 */
export function saveSpendCap(store: SpreadsheetStore, sent: unknown, last: UsageRead | null): void {
  const cap = spendCapRequest(sent, (last && allowanceBars(last.bars).searches?.limit) ?? null);
  saveSpendSettings(store, { cap });
}

/**
 * The fresh searches this spreadsheet's own cap still lets go today (null: no cap), as every estimate and
 * a tracking run count it.
 * @param store the spreadsheet's records
 * @param now the time (ms)
 */
export function capRoomToday(store: SpreadsheetStore, now: number = Date.now()): number | null {
  const { cap } = readSpendSettings(store);
  return cap === null ? null : capLeft(cap, readDaySpend(store, now).freshSearches);
}

function documentProperties(): GoogleAppsScript.Properties.Properties | null {
  try {
    return PropertiesService.getDocumentProperties();
  } catch {
    return null;
  }
}
