/**
 * The alerts after one spreadsheet's scheduled run (trigger/hourly-run.ts calls this once the run has
 * ended): from what the run found (the tables' moves, counted from the values the sheet held, and the
 * tracking lists' changes) and what it recorded (each table's and list's result), at most one digest a
 * day and the failure mails. No request is sent: nothing here fetches. Mail is sent from here only,
 * so only by a scheduled run: never by a formula, the menu or the sidebar.
 */
import type { RunLog } from '../../shared/sidebar-api';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import type { FoundMoves } from '../tables/table-moves';
import type { TableRecord } from '../tables/table-records';
import type { TrackedChange } from '../tracking/summary';
import type { TrackRecord } from '../tracking/tracking-records';
import { alertsOn, readAlertSettings, type AlertSettings } from './alert-settings';
import { readAlertState, writeAlertState, type AlertState } from './alert-state';
import { crossing, listPart, mergeParts, tablePart, type DigestPart } from './digest';
import { effectiveEmail, sendAlertMail, type SendResult } from './mail-out';
import { digestMail, failureMail, mailTime, type Mail, type MailContext } from './mail-text';
import type { RunStop } from '../execution/run-stop';
import { failureStep, outcomeOf, stateOfStop, stopCauseOf } from './failure-step';

/** What a run found and recorded, gathered while it runs. */
export interface RunWatch {
  /** For refreshTables' `found`: a table's moves. */
  readonly table: (table: TableRecord, moves: FoundMoves) => void;
  /** For runTracking's `ran`: a list as saved, and what changed in it. */
  readonly list: (list: TrackRecord, changes: TrackedChange[]) => void;
  /** The tables' run log. */
  readonly tables: (log: RunLog) => void;
  readonly parts: DigestPart[];
  readonly results: { ok: boolean; message: string }[];
}

/** A new watch for one spreadsheet's run. */
export function watchRun(): RunWatch {
  const parts: DigestPart[] = [];
  const results: { ok: boolean; message: string }[] = [];
  return {
    parts,
    results,
    table: (table, moves) => parts.push(tablePart(table, moves)),
    list: (list, changes) => {
      if (changes.length) parts.push(listPart(list, changes));
      // A list waiting on a daily limit says so in its message: that run did not work either.
      results.push({ ok: list.status === 'ok' || stopCauseOf(list.message) === null, message: list.message });
    },
    tables: (log) => results.push(...log.results.map((r) => ({ ok: r.ok, message: r.message }))),
  };
}

/**
 * Sends what the run calls for and remembers it: the failure mail when runs stop or work again (if
 * failure alerts are on), then today's digest if anything crossed a threshold since the last one and
 * none went today. Writes the spreadsheet's alert memory only when it changed. Never throws.
 * @param store the spreadsheet the run opened
 * @param run what it found and recorded
 * @param stop what stopped the whole run there, if anything did (execution/run-stop.ts)
 */
export function alertAfterRun(store: SpreadsheetStore, run: RunWatch, stop: RunStop | null = null): void {
  try {
    alertOnce(store, run, stop);
  } catch {
    // An alert is never worth a failed run: what could not be remembered is found again by the next.
  }
}

function alertOnce(store: SpreadsheetStore, run: RunWatch, stop: RunStop | null): void {
  const settings = readAlertSettings(store);
  const before = readAlertState(store);
  if (!alertsOn(settings) && !before.waiting.length && !before.failure) return;
  const state: AlertState = { ...before };
  const now = new Date();
  const timeZone = store.spreadsheet.getSpreadsheetTimeZone();
  const about: MailContext = { name: store.spreadsheet.getName(), url: store.spreadsheet.getUrl(), when: mailTime(now, timeZone) };
  const send = (kind: 'digest' | 'stopped' | 'working', mail: Mail): SendResult => {
    const result = sendAlertMail(mail, settings.recipients);
    if (result.sent) {
      state.lastMail = { at: now.toISOString(), kind, subject: mail.subject, to: result.to };
      state.blocked = null;
    } else state.blocked = { at: now.toISOString(), why: result.why, owner: effectiveEmail() };
    return result;
  };

  const outcome = (stop && stateOfStop(stop)) ?? outcomeOf(run.results);
  const step = failureStep(before.failure, outcome, now.toISOString());
  state.failure = step.memory;
  if (step.mail && settings.failures) {
    const since = before.failure?.since ? mailTime(new Date(before.failure.since), timeZone) : about.when;
    const sent = send(step.mail, failureMail(step.mail, step.memory?.message ?? '', since, about)).sent;
    if (step.memory && step.mail === 'stopped') state.failure = { ...step.memory, mailed: sent };
  }

  state.waiting = mergeParts(before.waiting, crossing(run.parts, settings));
  const today = Utilities.formatDate(now, timeZone, 'yyyy-MM-dd');
  if (state.waiting.length && state.digestDay !== today && digestWanted(settings)) {
    if (send('digest', digestMail(state.waiting, settings, about)).sent) {
      state.digestDay = today;
      state.digestAt = now.toISOString();
      state.waiting = [];
    }
  }
  if (JSON.stringify(state) !== JSON.stringify(before)) writeAlertState(store, state);
}

/** Whether change alerts are on (a digest of what waited is not sent once both kinds are off). */
function digestWanted(settings: AlertSettings): boolean {
  return settings.rankPlaces !== null || settings.changePercent !== null;
}
