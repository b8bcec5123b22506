/**
 * A tracking run: for each list, the items with no row for the current period (or a failed one) are
 * asked for, within the day's allowance and the run's time, and get one row each; an item's first
 * answer also backfills its past periods from the answer's dated series. Failures are recorded as
 * "failed: why" and asked again at the next run; what a limit or the time left over waits for the next
 * run, and the list's status says so. Works the same from the sidebar and from the scheduled run, which
 * has no document (the spreadsheet was opened by id). One run at a time per spreadsheet.
 */
import type { TrackKind } from '../../shared/sidebar-api';
import type { Budget } from '../execution/time-budget';
import { AddonError, errors, messageOf, type ErrorKind } from '../errors/errors';
import { runBlocker, runStopOf } from '../execution/run-stop';
import { lookupAll, type Answer } from '../lookup/pipeline';
import { acquireRun } from '../spreadsheet/run-lock';
import { ENDPOINTS, type Endpoint } from '../service/endpoints';
import { readApiKey } from '../settings/lookup-settings';
import { inSentence, nameOf, type Cell } from '../shape/shape';
import type { SpreadsheetStore } from '../spreadsheet/spreadsheet-store';
import { findSheet } from '../spreadsheet/sheet-areas';
import { Spending } from '../spending/tracking-allowance';
import { sendingFor } from '../spending/request-log';
import { capResetsAt } from '../spending/spend-cap';
import { capRoomToday } from '../spending/spend-settings';
import { lookupAllowance } from '../lookup/usage-lookup';
import { fieldCell, scoreOf, seriesPoints, type Point } from './answer';
import {
  backfillUnit,
  isOurStamp,
  valueWords,
  readHistory,
  rowCells,
  stampText,
  valueColumn,
  writeHistory,
  type HistoryRow,
} from './history';
import { periodName, periodOf, periodOfDate } from './period';
import { saveTracked, type TrackRecord } from './tracking-records';
import { changedItems, summaryColumns, writeSummary, type TrackedChange } from './summary';
import { wantedWidth, widenColumns } from '../spreadsheet/column-widths';
import { resetClock } from '../../shared/reset-time';

/** Items asked for at once: few enough to stop soon after a refusal, enough to fetch in parallel. */
const CHUNK = 20;
/** Time to keep for one chunk before anything was measured. */
const CHUNK_ESTIMATE_MS = 20_000;
const RUNNING = 'sdm.trackRunning';

/** Which endpoint answers each kind of list. */
export const ENDPOINT_OF: Record<TrackKind, Endpoint> = { keywords: ENDPOINTS.trend, brands: ENDPOINTS.brand };

/** Failures that are the run's, not an item's: no row is written, the items wait. */
const RUN_FAILURES = new Set<ErrorKind>(['no-key', 'auth', 'quota', 'limit', 'budget', 'busy', 'permission']);
/** Item failures not worth asking again before the next period. */
const LASTING_FAILURES = new Set<ErrorKind>(['not-found', 'bad-request', 'input']);

/** How a run is made. */
export interface TrackRunOptions {
  budget: Budget;
  /** A scheduled run leaves alone the lists done for this period with nothing to retry soon. */
  scheduled: boolean;
  /** Told each list run, as saved, with what changed in it (a scheduled run's alerts). */
  ran?: (list: TrackRecord, changes: TrackedChange[]) => void;
  /**
   * Told what stopped the whole run, if anything did (execution/run-stop.ts): a missing permission, no key, a
   * refused key, a spent allowance, a service that does not answer.
   */
  stopped?: (error: AddonError) => void;
}

/**
 * Runs some lists of one spreadsheet. False, with nothing done, while another tracking run has it.
 * @param store the spreadsheet's records
 * @param lists the lists to run
 * @param options time and kind of run
 */
export function runTracking(store: SpreadsheetStore, lists: TrackRecord[], options: TrackRunOptions): boolean {
  const release = acquireRun(store, RUNNING);
  if (!release) return false;
  try {
    // What is left today, and what the spreadsheet's own cap still lets go (read on first need).
    const spending = new Spending(
      () => lookupAllowance(options.budget),
      () => capRoomToday(store),
    );
    const blocked = runBlocker(!!readApiKey('user'));
    const shared = { budget: options.budget, spending, blocked, stopped: (error: AddonError) => options.stopped?.(error) };
    for (const list of lists) {
      const period = periodOf(Date.now(), list.period);
      if (options.scheduled && list.ranFor === period && !list.retrySoon) continue;
      let next: TrackRecord;
      let changes: TrackedChange[] = [];
      try {
        if (blocked) options.stopped?.(blocked);
        next = runList(store, list, period, { ...shared, changed: (c) => (changes = c) });
      } catch (error) {
        next = { ...list, status: 'error', message: error instanceof AddonError ? error.message : messageOf(error), retrySoon: true };
      }
      const saved = { ...next, lastRun: new Date().toISOString(), ranFor: period };
      saveTracked(store, saved);
      options.ran?.(saved, changes);
    }
  } finally {
    release();
  }
  return true;
}

/**
 * Which items still need a row for the period: none yet, or a failed one. A backfilled row is the
 * service's own point of its series, not a run's row, whatever period its date falls in.
 * @param list the list
 * @param rows its history
 * @param period the current period
 */
export function dueItems(list: TrackRecord, rows: HistoryRow[], period: string): string[] {
  const done = new Set(rows.filter((r) => r.period === period && r.status === 'ok').map((r) => r.item));
  return list.items.filter((item) => !done.has(item));
}

/**
 * How many items a list's next run would ask for now, read from its history sheet (none without one).
 * @param list the list
 * @param sheet its history sheet, if it is still there
 * @param timeZone the spreadsheet's time zone
 */
export function dueNow(list: TrackRecord, sheet: GoogleAppsScript.Spreadsheet.Sheet | null, timeZone: string): number {
  return sheet ? dueItems(list, readHistory(sheet, list, timeZone).rows, periodOf(Date.now(), list.period)).length : 0;
}

interface ListContext {
  budget: Budget;
  spending: Spending;
  /** What stops every list before it asks (the permission to connect, a key), if anything. */
  blocked: AddonError | null;
  /** Told a failure that stops the whole run. */
  stopped: (error: AddonError) => void;
  /** Told what changed in the items this run recorded. */
  changed: (changes: TrackedChange[]) => void;
}

function runList(store: SpreadsheetStore, list: TrackRecord, period: string, ctx: ListContext): TrackRecord {
  const sheet = findSheet(store.spreadsheet, list.sheetId);
  const fail = (message: string, retrySoon = false): TrackRecord => ({ ...list, status: 'error', message, retrySoon });
  if (!sheet)
    return fail(
      `Its history sheet "${list.sheetName}" was deleted, so nothing is recorded and it is not recreated: forget this list in the sidebar.`,
    );
  list = { ...list, sheetName: sheet.getName() };
  if (!isOurStamp(sheet.getRange(1, 1).getValue(), list)) {
    return fail(`Its sheet "${list.sheetName}" no longer holds the list's stamp in A1 (moved or overwritten), so nothing was written.`);
  }
  if (ctx.blocked) return fail(ctx.blocked.message);
  sendingFor(`Tracking list "${list.name}"`);
  const timeZone = store.spreadsheet.getSpreadsheetTimeZone();
  const { rows, lastUsed } = readHistory(sheet, list, timeZone);
  const due = dueItems(list, rows, period);
  const noun = (n: number) => `${n} ${list.kind === 'keywords' ? 'keyword' : 'brand'}${n === 1 ? '' : 's'}`;
  if (!due.length)
    return { ...list, status: 'ok', retrySoon: false, message: `Every item has its row for ${periodName(period, list.period)}.` };

  const { answers, stop, blocked } = ask(ENDPOINT_OF[list.kind], due, ctx);
  const replaced: { row: number; cells: Cell[] }[] = [];
  const appended: Cell[][] = [];
  const written: HistoryRow[] = [];
  /** Writes a run's row (over its item's failed row of this period, if any), or a point of the series (`at`). */
  const keep = (item: string, cells: Cell[], status: string, at?: { date: string; over: HistoryRow | undefined }) => {
    const date = at?.date ?? period;
    const failedRow = at ? at.over : rows.find((r) => r.item === item && r.period === period && r.status !== 'backfilled');
    const row = rowCells(date, item, [...cells, status]);
    if (failedRow) replaced.push({ row: failedRow.row, cells: row });
    else appended.push(row);
    const value = cells[valueColumn(list) - 2];
    written.push({
      row: failedRow?.row ?? 0,
      period: periodOfDate(date, list.period) ?? period,
      date,
      item,
      value: typeof value === 'number' ? value : null,
      status: status.startsWith('failed') ? 'failed' : status,
    });
  };
  let recorded = 0;
  /** Brands' names, as this run's answers give them. */
  const names = new Map<string, string>();
  /** Points of the series written per item that had some. */
  const backfilled: number[] = [];
  let failed = 0;
  let retrySoon = false;
  for (const item of due) {
    const answer = answers.get(item);
    if (!answer || (!answer.ok && RUN_FAILURES.has(answer.error.kind))) continue; // waits for the next run
    if (!answer.ok) {
      failed++;
      retrySoon ||= !LASTING_FAILURES.has(answer.error.kind);
      keep(item, blanks(list), `failed: ${answer.error.message}`);
      continue;
    }
    // The series' points are the service's, one row each under the date it gives them (seriesRows); the
    // run's row holds what is of this period: the score and the other fields.
    const fields = list.fields.map((f) => (f === list.series?.value ? '' : fieldCell(answer.data, f)));
    keep(item, [scoreOf(answer.data, list.kind), ...fields], 'ok');
    recorded++;
    const name = list.kind === 'brands' ? nameOf(answer.data, item) : undefined;
    if (name) names.set(item, name);
    const points = list.series ? seriesPoints(answer.data, list.series) : [];
    const count = seriesRows(list, rows, item, points, (cells, date, over) => keep(item, cells, 'backfilled', { date, over }));
    if (count) backfilled.push(count);
  }
  let summary = { width: list.width, chartId: list.chartId, problem: '' };
  let fitted = list.fitted;
  if (replaced.length || appended.length) {
    // New rows read as a log: oldest first, the list's order within a date.
    const order = (row: Cell[]) => `${String(row[0])}|${String(list.items.indexOf(String(row[1]).slice(1)) + 1e6)}`;
    appended.sort((a, b) => (order(a) < order(b) ? -1 : 1));
    const shown = writeHistory(sheet, list, replaced, appended, lastUsed, timeZone, names);
    const history = [...rows.filter((r) => !replaced.some((x) => x.row === r.row)), ...written];
    const view = writeSummary(sheet, list, timeZone, history, names);
    summary = view;
    view.shown.forEach((texts, i) => (shown[summaryColumns(list).change - 1 + i] = texts));
    // Widened only where what was written is longer than what the columns were sized for: the user's widths stay.
    fitted = widenColumns(
      sheet,
      1,
      Array.from(shown, (texts) => wantedWidth(texts ?? { headers: [], values: [] })),
      list.fitted ?? [],
    );
    ctx.changed(changedItems(list, rows, history));
    sheet.getRange(1, 1).setValue(stampText(list, new Date()));
  }

  const waiting = due.length - recorded - failed;
  const parts = [`${noun(recorded)} recorded for ${periodName(period, list.period)}`];
  if (backfilled.length) parts.push(backfillText(list, backfilled));
  if (failed) parts.push(`${failed} failed (asked again at the next run)`);
  if (waiting) parts.push(`${noun(waiting)} wait for the next run: ${stop}`);
  if (summary.problem) parts.push(summary.problem);
  return {
    ...list,
    width: summary.width,
    chartId: summary.chartId,
    fitted,
    status: summary.problem || blocked ? 'error' : waiting ? 'waiting' : 'ok',
    message: `${parts.map((p) => p.replace(/\.$/, '')).join('; ')}.`,
    retrySoon: retrySoon || waiting > 0,
  };
}

/**
 * Writes the points of an item's series that its history lacks, or holds with another figure (the
 * service revised it): one row per point, under the date the service gives it, holding the series'
 * value only (the service gives no past score). So the chart has one point per period of the service's
 * data, where the service dates it: a run a week into November adds no second October, and November's
 * figure comes under November once the service has it. Returns how many rows were written.
 * @param list the list
 * @param rows its history
 * @param item the item
 * @param points the series in this run's answer
 * @param write writes one row: its cells (score, fields), its date, and the row it replaces, if any
 */
function seriesRows(
  list: TrackRecord,
  rows: HistoryRow[],
  item: string,
  points: Point[],
  write: (cells: Cell[], date: string, over?: HistoryRow) => void,
): number {
  const held = new Map(rows.filter((r) => r.item === item && r.status === 'backfilled').map((r) => [r.date, r] as const));
  let count = 0;
  for (const p of points) {
    const old = held.get(p.date);
    if (old?.value === p.value) continue;
    write(['', p.value, ...blanks(list).slice(2)], p.date, old);
    count++;
  }
  return count;
}

/**
 * What was backfilled, as it is: "12 months of each backfilled (volume by month only: the service gives
 * no past score)", never the list's periods (a weekly list's backfilled rows are months).
 * @param list the list
 * @param counts rows backfilled per item that had some
 */
function backfillText(list: TrackRecord, counts: number[]): string {
  const unit = backfillUnit(list);
  const units = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const same = counts.every((n) => n === counts[0]);
  const total = counts.reduce((a, b) => a + b, 0);
  const what = counts.length === 1 ? units(total) : same ? `${units(counts[0] ?? 0)} of each` : `${units(total)} in all`;
  return `${what} backfilled (${inSentence(valueWords(list))} only: the service gives no past score)`;
}

/** A failed row's empty score and fields (the value column index counts from the score). */
function blanks(list: TrackRecord): Cell[] {
  return ['', ...list.fields.map((): Cell => '')];
}

/**
 * Asks for the items in chunks, within the allowance (stopping before a daily limit) and the time;
 * stops at the first refusal or run-wide failure. `stop` says why some were not asked or answered;
 * `blocked` when nothing can work until the user acts (no key, a refused key, a Google quota).
 */
function ask(endpoint: Endpoint, items: string[], ctx: ListContext): { answers: Map<string, Answer>; stop: string; blocked: boolean } {
  const answers = new Map<string, Answer>();
  const cap = ctx.spending.cap(endpoint, items.length);
  const resetAt = cap.limit === 'cap' ? capResetsAt(Date.now()) : cap.resetAt;
  const resets = resetAt === null ? '' : `, which resets at ${resetClock(resetAt, Date.now())}`;
  const which = cap.limit === 'cap' ? "this spreadsheet's cap on fresh searches" : `the daily limit of ${cap.limit}`;
  let stop = cap.count < items.length ? `stopped before ${which}${resets}` : '';
  // Nothing may be asked today: the allowance is spent, which stops the run as a refusal would (the
  // spreadsheet's own cap is the user's choice, not a failure).
  if (!cap.count && items.length && cap.limit && cap.limit !== 'cap') ctx.stopped(errors.limit(cap.limit, '', cap.resetAt));
  let blocked = false;
  const asked = items.slice(0, cap.count);
  let slowestMs = 0;
  for (let i = 0; i < asked.length; i += CHUNK) {
    if (!ctx.budget.allows(Math.max(CHUNK_ESTIMATE_MS, slowestMs * 1.5))) {
      stop = 'the run ran out of time';
      break;
    }
    const began = Date.now();
    const result = lookupAll(endpoint, asked.slice(i, i + CHUNK), ctx.budget, 'user');
    slowestMs = Math.max(slowestMs, Date.now() - began);
    ctx.spending.spent(result.stats);
    for (const [item, answer] of result.answers) answers.set(item, answer);
    const failures = [...result.answers.values()].flatMap((a) => (a.ok ? [] : [a.error]));
    // A chunk the service answered not once (5xx, network) stops the run too: its items are retried at
    // the next run, and the items after it wait for it.
    const down = failures.length > 0 && failures.length === result.answers.size && failures.every((e) => e.kind === 'unavailable');
    const stops = failures.find((e) => runStopOf(e) && (down || RUN_FAILURES.has(e.kind)));
    if (stops) ctx.stopped(stops);
    const refused = [...result.answers.values()].find((a) => !a.ok && RUN_FAILURES.has(a.error.kind));
    if (refused && !refused.ok) {
      stop = refused.error.message.replace(/\.$/, '');
      blocked = !['limit', 'budget'].includes(refused.error.kind);
      break;
    }
    if (down) {
      stop = failures[0]?.message.replace(/\.$/, '') ?? stop;
      break;
    }
  }
  return { answers, stop, blocked };
}
