/**
 * Whether a spreadsheet's scheduled run stopped, and the failure alerts' one decision: a mail when runs
 * start stopping, none while they keep stopping, one when they work again. The decision is a pure
 * function of what was remembered of the runs before and this run's outcome (failureStep), so it holds
 * whatever records the outcome. The outcome is what stopped the run where the run knows it
 * (execution/run-stop.ts: stateOfStop), else what it recorded for each table and list, read by the add-on's own
 * messages (errors/errors.ts, LEADS: outcomeOf).
 */
import { LEADS } from '../errors/errors';
import { runStopWords, type RunStop } from '../execution/run-stop';

/** Why scheduled runs stop until someone acts or the day turns: not one entry's problem. */
export type StopCause = 'no-key' | 'auth' | 'permission' | 'limit' | 'quota' | 'unavailable';

/** A run's state for the failure alerts: stopped (with why, in the add-on's words) or not. */
export interface RunState {
  stopped: StopCause | null;
  message: string;
}

/** What the failure alerts remember between runs. */
export interface FailureMemory {
  /** Why runs are stopped now, or null when the last run worked. */
  stopped: StopCause | null;
  /** Since when (ISO) they are stopped. */
  since: string | null;
  message: string;
  /** Whether the mail that they stopped went out (so one says they work again). */
  mailed: boolean;
}

/** The add-on's messages that say a run could not work at all, by how they begin. */
const CAUSES: [string, StopCause][] = [
  [LEADS.noKey, 'no-key'],
  [LEADS.auth, 'auth'],
  [LEADS.permission, 'permission'],
  [LEADS.dailyLimit, 'limit'],
  [LEADS.quota, 'quota'],
  [LEADS.triggerTime, 'quota'],
  [LEADS.unavailable, 'unavailable'],
];

/** What each of run-stop.ts's stops is for the failure alerts ('unexpected' is not one: it was logged). */
const CAUSE_OF_STOP: Record<RunStop['kind'], StopCause | null> = {
  permission: 'permission',
  'no-key': 'no-key',
  'key-refused': 'auth',
  'allowance-spent': 'limit',
  'service-down': 'unavailable',
  'google-limit': 'quota',
  unexpected: null,
};

/**
 * A run's state from what stopped it, as the scheduled run learned it (trigger/hourly-run.ts); null when
 * that stop is not one the failure alerts mail about.
 * @param stop what stopped the run
 */
export function stateOfStop(stop: RunStop): RunState | null {
  const cause = CAUSE_OF_STOP[stop.kind];
  return cause ? { stopped: cause, message: runStopWords(stop) } : null;
}

/**
 * The stop a message says, where it says one (at its start, or after "wait for the next run: ").
 * @param message a table's or list's message
 */
export function stopCauseOf(message: string): StopCause | null {
  const at = (lead: string) => message.startsWith(lead) || message.includes(`: ${lead}`);
  return CAUSES.find(([lead]) => at(lead))?.[1] ?? null;
}

/**
 * One run's outcome from what it recorded for each table and list it ran: stopped when none worked and
 * every one says a stop; null when nothing ran.
 * @param results each table's and list's result this run
 */
export function outcomeOf(results: { ok: boolean; message: string }[]): RunState | null {
  if (!results.length) return null;
  if (results.some((r) => r.ok)) return { stopped: null, message: '' };
  const causes = results.map((r) => stopCauseOf(r.message));
  const first = causes.findIndex((c) => c !== null);
  if (first < 0 || causes.some((c) => c === null)) return { stopped: null, message: '' };
  return { stopped: causes[first] ?? null, message: results[first]?.message ?? '' };
}

/**
 * The failure alerts' step: what to remember after this run, and which mail to send. 'stopped' when runs
 * stop and no such mail went out yet (the first stopping run, or a later one if that mail could not go);
 * 'working' when a run works after a 'stopped' mail went out; else none. A run where nothing ran changes
 * nothing. The caller sets `mailed` from whether the mail went.
 * @param previous what was remembered (null: nothing yet)
 * @param outcome this run's outcome (null: nothing ran)
 * @param now this run's time (ISO)
 */
export function failureStep(
  previous: FailureMemory | null,
  outcome: RunState | null,
  now: string,
): { memory: FailureMemory | null; mail: 'stopped' | 'working' | null } {
  if (!outcome) return { memory: previous, mail: null };
  if (!outcome.stopped) {
    return { memory: null, mail: previous?.stopped && previous.mailed ? 'working' : null };
  }
  const since = previous?.stopped ? (previous.since ?? now) : now;
  const mailed = previous?.stopped ? previous.mailed : false;
  return { memory: { stopped: outcome.stopped, since, message: outcome.message, mailed }, mail: mailed ? null : 'stopped' };
}
