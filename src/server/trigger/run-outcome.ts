/**
 * What the user's scheduled runs came to, kept in their user properties beside the trigger's record
 * (registry.ts: the only store a time-driven trigger can read, as it runs as its owner with no document):
 * the last run that had something due, the one before it, and since when runs have been stopping. The
 * sidebar says why runs stopped and how to fix it; failure alerts compare the last outcome with the one
 * before to mail once when runs start failing and once when they work again.
 *
 * Stored shape (JSON under SDM_RUN_OUTCOME): `{ last: RunOutcome, previous: RunOutcome | null,
 * failingSince: string | null }`, each RunOutcome `{ at, stop, where }` (execution/run-stop.ts says what `stop`
 * holds).
 */
import type { RunStopNotice } from '../../shared/sidebar-api';
import { runStopWords, type RunStop } from '../execution/run-stop';
import { formatUtc } from '../tables/table-layout';
import { scheduledSpreadsheets } from './registry';

const OUTCOME = 'SDM_RUN_OUTCOME';

/** One scheduled run that had something due. */
export interface RunOutcome {
  /** When it ended (ISO). */
  at: string;
  /** What stopped it; null when it did its work. */
  stop: RunStop | null;
  /** The spreadsheet where it stopped (id and name); null when it stopped before opening any, or did its work. */
  where: { id: string; name: string } | null;
}

/** The last outcome, the one before it, and since when runs have been stopping (ISO; null while they work). */
export interface RunOutcomes {
  last: RunOutcome;
  previous: RunOutcome | null;
  failingSince: string | null;
}

const props = () => PropertiesService.getUserProperties();

const STOP_KINDS = new Set<string>([
  'permission',
  'no-key',
  'key-refused',
  'allowance-spent',
  'service-down',
  'google-limit',
  'unexpected',
]);

/** A stored outcome, or null when it is not one (written by another version, or damaged). */
function outcomeOf(value: unknown): RunOutcome | null {
  if (!value || typeof value !== 'object') return null;
  const { at, stop, where } = value as { at?: unknown; stop?: unknown; where?: unknown };
  if (typeof at !== 'string') return null;
  const place = where && typeof where === 'object' ? (where as { id?: unknown; name?: unknown }) : null;
  const spreadsheet = typeof place?.id === 'string' && typeof place.name === 'string' ? { id: place.id, name: place.name } : null;
  if (stop === null) return { at, stop: null, where: null };
  const kind = stop && typeof stop === 'object' ? (stop as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && STOP_KINDS.has(kind) ? { at, stop: stop as RunStop, where: spreadsheet } : null;
}

/**
 * The user's recorded outcomes, or null before their first run with something due. One property read.
 */
export function readRunOutcomes(): RunOutcomes | null {
  try {
    const raw = JSON.parse(props().getProperty(OUTCOME) ?? '') as { last?: unknown; previous?: unknown; failingSince?: unknown };
    const last = outcomeOf(raw.last);
    if (!last) return null;
    const failingSince = typeof raw.failingSince === 'string' && last.stop ? raw.failingSince : last.stop ? last.at : null;
    return { last, previous: outcomeOf(raw.previous), failingSince };
  } catch {
    return null;
  }
}

/**
 * Records a run's outcome (now), the last one becoming the previous. One read and one write.
 * @param stop what stopped the run, or null when it did its work
 * @param where the spreadsheet where it stopped, if it stopped in one
 * @returns what is stored now
 */
export function recordRunOutcome(stop: RunStop | null, where: { id: string; name: string } | null = null): RunOutcomes {
  const before = readRunOutcomes();
  const at = new Date().toISOString();
  const outcomes: RunOutcomes = {
    last: { at, stop, where: stop ? where : null },
    previous: before?.last ?? null,
    failingSince: stop ? (before?.failingSince ?? at) : null,
  };
  props().setProperty(OUTCOME, JSON.stringify(outcomes));
  return outcomes;
}

/**
 * What the sidebar says while the user's scheduled runs stop: since when, why, and how to fix it. Null
 * when the last run worked, none ran yet, or nothing is scheduled any more.
 */
export function runStopNotice(): RunStopNotice | null {
  const outcomes = readRunOutcomes();
  if (!outcomes?.last.stop || !Object.keys(scheduledSpreadsheets()).length) return null;
  const since = outcomes.failingSince ?? outcomes.last.at;
  return {
    since,
    message: `Your scheduled runs have stopped since ${formatUtc(new Date(since))}. ${runStopWords(outcomes.last.stop)}`,
  };
}
