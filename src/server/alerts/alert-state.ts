/**
 * What the alerts remember of a spreadsheet between scheduled runs, in its developer metadata beside the
 * settings: the day of the last digest (one a day at most), the changes waiting for the next one, the
 * failure alerts' memory, the last mail sent, and why mail could not go when it could not.
 */
import type { SentMailView } from '../../shared/sidebar-api';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import type { DigestPart } from './digest';
import type { FailureMemory } from './failure-step';

/** Why a mail could not be sent: the permission unticked, the day's mail quota spent, nobody to send to. */
export type MailBlock = 'permission' | 'quota' | 'no-address' | 'refused';

/** The alerts' memory of one spreadsheet. */
export interface AlertState {
  /** The day (`yyyy-MM-dd` in the spreadsheet's time zone) of the last digest, and when it went (ISO). */
  digestDay: string | null;
  digestAt: string | null;
  /** Changes found since the last digest, past the thresholds, not sent yet. */
  waiting: DigestPart[];
  failure: FailureMemory | null;
  lastMail: SentMailView | null;
  /** The last time mail could not be sent, and why; cleared by a mail that went. */
  blocked: { at: string; why: MailBlock; owner: string } | null;
}

const KEY = 'sdm.alertState';

const EMPTY: AlertState = { digestDay: null, digestAt: null, waiting: [], failure: null, lastMail: null, blocked: null };

/**
 * The spreadsheet's alert memory (empty when none, or unreadable).
 * @param store the spreadsheet's records
 */
export function readAlertState(store: SpreadsheetStore): AlertState {
  try {
    const state = JSON.parse(store.get(KEY) ?? 'null') as Partial<AlertState> | null;
    return state && typeof state === 'object'
      ? { ...EMPTY, ...state, waiting: Array.isArray(state.waiting) ? state.waiting : [] }
      : { ...EMPTY };
  } catch {
    return { ...EMPTY };
  }
}

/**
 * Stores the alert memory.
 * @param store the spreadsheet's records
 * @param state the memory
 */
export function writeAlertState(store: SpreadsheetStore, state: AlertState): void {
  store.set(KEY, JSON.stringify(state));
}
