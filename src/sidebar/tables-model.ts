/** What the ranking tables section shows, computed from the server's values (pure, so it is unit-tested). */
import type { RankingGroup, RunLog, Schedule, TableView, TablesView } from '../shared/sidebar-api';
import { capitalize, hoursMinutes, localDay, pad, plural, sameLocalDay } from './format';

/** The time zone the schedule's hours are in. The contract does not say which, and triggers of this
 * project run in its script time zone (appsscript.json: Etc/UTC). */
export const SCHEDULE_ZONE = 'UTC';

/** Monday = 1 … Sunday = 7, as the contract numbers them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One `<optgroup>` of the group picker. */
export interface GroupChoices {
  label: string;
  options: { value: string; text: string }[];
}

const PREFIX_LABELS: Record<string, string> = { market: 'Markets', sector: 'Sectors', ai: 'AI' };

/**
 * The group picker's contents: one optgroup per prefix (in the order the overview reveals them), each
 * with its "all" group first, then by label. Duplicates are dropped.
 * @param groups what getRankingGroups returned
 */
export function groupChoices(groups: RankingGroup[]): GroupChoices[] {
  const byPrefix = new Map<string, RankingGroup[]>();
  const seen = new Set<string>();
  for (const g of groups) {
    if (typeof g?.group !== 'string' || seen.has(g.group)) continue;
    seen.add(g.group);
    const prefix = g.group.split(':')[0] ?? '';
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), g]);
  }
  return [...byPrefix].map(([prefix, list]) => ({
    label: PREFIX_LABELS[prefix.toLowerCase()] ?? capitalize(prefix),
    options: list
      .map((g) => ({ value: g.group, text: String(g.label || g.group), all: /:all$/i.test(g.group) }))
      .sort((a, b) => Number(b.all) - Number(a.all) || a.text.localeCompare(b.text))
      .map(({ value, text }) => ({ value, text })),
  }));
}

/**
 * "06:00".
 * @param hour 0..23
 */
export function hourText(hour: number): string {
  return `${pad(hour)}:00`;
}

/**
 * The schedule in words: "Off", "Every hour", "Every day at 06:00 UTC", "Every Monday at 06:00 UTC".
 * @param schedule the stored schedule
 */
export function describeSchedule(schedule: Schedule): string {
  switch (schedule.kind) {
    case 'hourly':
      return 'Every hour';
    case 'every6h':
      return 'Every 6 hours';
    case 'daily':
      return `Every day at ${hourText(schedule.hour)} ${SCHEDULE_ZONE}`;
    case 'weekly':
      return `Every ${WEEKDAYS[schedule.weekday - 1] ?? 'week'} at ${hourText(schedule.hour)} ${SCHEDULE_ZONE}`;
    default:
      return 'Off';
  }
}

/** A section's heading line while the viewer's scheduled runs stop at each run (its notice says why). */
export const RUNS_STOPPED = 'Scheduled runs stopped: open to see why';

/**
 * The line beside the section's heading: how many tables and when they refresh, or that scheduled runs
 * stopped (a warning: the section's notice repairs them, or says why they stop and what to do).
 * @param view the tables panel
 */
export function tablesSummary(view: TablesView): { text: string; warn: boolean } {
  if (view.overdue) return { text: 'Scheduled refreshes stopped: open to repair', warn: true };
  if (view.runStop) return { text: RUNS_STOPPED, warn: true };
  const failed = view.tables.filter((t) => t.status === 'error').length;
  if (!view.tables.length) return { text: 'None in this spreadsheet yet', warn: false };
  const every = describeSchedule(view.schedule);
  const schedule = view.schedule.kind === 'off' ? 'refreshed by hand' : every.charAt(0).toLowerCase() + every.slice(1);
  const tables = `${view.tables.length} table${view.tables.length === 1 ? '' : 's'}`;
  return failed ? { text: `${tables} · ${failed} failed to refresh`, warn: true } : { text: `${tables} · ${schedule}`, warn: false };
}

/**
 * Who set this spreadsheet's schedule and whose key pays; "" when there is none. A schedule runs on
 * the trigger of the person who set it, with their key, whoever else edits the spreadsheet.
 * @param by TablesView.scheduledBy
 */
export function scheduledByText(by: TablesView['scheduledBy']): string {
  if (!by) return '';
  if (by.you) return 'Set by you — your trigger refreshes it with your key.';
  return `Set by ${by.email || 'another editor'} — their key pays.`;
}

/**
 * The warning under Save schedule: saving makes the viewer the schedule's runner.
 * @param by TablesView.scheduledBy
 */
export function scheduleHelp(by: TablesView['scheduledBy']): string {
  const runs = 'your trigger refreshes these tables with your key, even when the spreadsheet is closed.';
  if (by && !by.you) return `Saving a schedule makes you its runner instead of ${by.email || 'them'}: ${runs}`;
  return `Saving a schedule makes you its runner: ${runs}`;
}

/**
 * The notes from the viewer's scheduled runs, for the list: "2026-11-20 14:05 · message".
 * @param notes TablesView.notes, newest first
 * @param now the current time
 */
export function noteItems(notes: TablesView['notes'], now: Date = new Date()): string[] {
  return notes.map((note) => {
    const when = localWhen(note.at, now);
    return when ? `${when} · ${note.message}` : note.message;
  });
}

/**
 * The schedule the form describes.
 * @param kind the select's value
 * @param hour the hour select's value
 * @param weekday the day select's value
 */
export function scheduleFromForm(kind: string, hour: string, weekday: string): Schedule {
  const h = Number(hour);
  const d = Number(weekday);
  switch (kind) {
    case 'hourly':
    case 'every6h':
      return { kind };
    case 'daily':
      return { kind, hour: h };
    case 'weekly':
      return { kind, weekday: d, hour: h };
    default:
      return { kind: 'off' };
  }
}

/**
 * A time in the viewer's time zone: "14:05" today, "2026-11-20 14:05" another day; null if not a date.
 * @param iso a date-time
 * @param now the current time
 */
export function localWhen(iso: string | null, now: Date = new Date()): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const time = hoursMinutes(date);
  return sameLocalDay(date, now) ? time : `${localDay(date)} ${time}`;
}

/** One tracked table as the list shows it. */
export interface TableItem {
  /** The group's name ("Fintech"), as the table's stamp says it. */
  name: string;
  /** "sector:fintech · A1:H7 · 5 rows" */
  where: string;
  /** The status line: "updated 14:05", or the table's error or waiting message. */
  state: string;
  status: TableView['status'];
}

/**
 * A tracked table for the list.
 * @param table what the server sent
 * @param now the current time
 */
export function tableItem(table: TableView, now: Date = new Date()): TableItem {
  const cells = table.range.slice(table.range.lastIndexOf('!') + 1) || table.range;
  const where = `${table.sheetName} · ${cells} · ${plural(table.rows, 'row', 'rows')}`;
  const when = localWhen(table.updatedAt, now);
  let state: string;
  if (table.status === 'error') state = table.message || 'The last refresh failed.';
  else if (table.status === 'waiting') state = table.message || 'Waiting for the next refresh.';
  else state = (when ? `updated ${when}` : 'not refreshed yet') + (table.message ? ` · ${table.message}` : '');
  return { name: table.name || table.group, where, state, status: table.status };
}

/**
 * The table an insert added: the one whose id was not there before.
 * @param before the list before inserting
 * @param after the list the insert returned
 */
export function insertedTable(before: readonly TableView[], after: readonly TableView[]): TableView | null {
  const old = new Set(before.map((t) => t.id));
  return after.find((t) => !old.has(t.id)) ?? null;
}

/**
 * The columns to request: null when every column is checked (so new columns appear later too).
 * @param headers every column the preview offered
 * @param checked the checked ones, in the preview's order
 */
export function columnsRequest(headers: readonly string[], checked: readonly string[]): string[] | null {
  return checked.length === headers.length && headers.every((h) => checked.includes(h)) ? null : [...checked];
}

const TRIGGERS: Record<RunLog['trigger'], string> = { schedule: 'on schedule', menu: 'from the menu', sidebar: 'from the sidebar' };

/** The last run as the log shows it. */
export interface RunModel {
  /** "Last refresh 14:05, from the sidebar" */
  heading: string;
  /** Each table's outcome, by its group's name. */
  results: { ok: boolean; name: string; message: string }[];
  note: string;
  failed: number;
}

/**
 * The last run's log.
 * @param log the stored run
 * @param now the current time
 */
export function runModel(log: RunLog, now: Date = new Date()): RunModel {
  const when = localWhen(log.finishedAt || log.startedAt, now);
  const how = TRIGGERS[log.trigger] ?? '';
  const heading = `Last refresh${when ? ` ${when}` : ''}${when && how ? ',' : ''}${how ? ` ${how}` : ''}`;
  return {
    heading,
    results: log.results.map((r) => ({ ok: r.ok === true, name: r.name || r.group, message: r.message })),
    note: log.note,
    failed: log.results.filter((r) => r.ok !== true).length,
  };
}

/**
 * The status line after "Refresh now", from that call's own run (a skipped run carries its note).
 * @param run the run the call returned
 */
export function refreshOutcome(run: RunLog): { kind: 'success' | 'error'; message: string } {
  if (run.note) return { kind: 'error', message: run.note };
  const failed = run.results.filter((r) => r.ok !== true).length;
  const total = run.results.length;
  if (failed) return { kind: 'error', message: `${failed} of ${plural(total, 'table', 'tables')} not refreshed: see why below.` };
  return { kind: 'success', message: `Refreshed ${plural(total, 'table', 'tables')}.` };
}
