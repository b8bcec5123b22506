/** What the ranking tables section shows for the server's values. */
import { describe, expect, it } from 'vitest';
import type { RunLog, TablesView, TableView } from '../../../src/shared/sidebar-api';
import {
  columnsRequest,
  describeSchedule,
  groupChoices,
  hourText,
  insertedTable,
  localWhen,
  noteItems,
  refreshOutcome,
  runModel,
  scheduledByText,
  scheduleFromForm,
  scheduleHelp,
  tableItem,
  tablesSummary,
} from '../../../src/sidebar/tables-model';

const now = new Date(2026, 10, 21, 9, 30);
const local = (h: number, m: number, day = 21) => new Date(2026, 10, day, h, m).toISOString();

const table = (over: Partial<TableView> = {}): TableView => ({
  id: 'a1',
  group: 'sector:fintech',
  name: 'Fintech',
  sheetName: 'Ranking: Fintech',
  range: "'Ranking: Fintech'!A1:H7",
  rows: 5,
  updatedAt: local(6, 5),
  status: 'ok',
  message: '',
  ...over,
});

const run = (over: Partial<RunLog> = {}): RunLog => ({
  startedAt: local(9, 0),
  finishedAt: local(9, 1),
  trigger: 'sidebar',
  results: [{ id: 'a1', group: 'sector:fintech', ok: true, message: 'refreshed' }],
  note: '',
  ...over,
});

describe('groupChoices', () => {
  it('groups by prefix in the order they come, "all" first, then by label, without duplicates', () => {
    const choices = groupChoices([
      { group: 'ai:video', label: 'AI Video' },
      { group: 'ai:all', label: 'All AI' },
      { group: 'sector:saas', label: 'SaaS' },
      { group: 'ai:chatbots', label: 'AI Chatbots' },
      { group: 'sector:fintech', label: 'Fintech' },
      { group: 'ai:video', label: 'again' },
      { group: 'region:emea', label: 'region:emea' },
    ]);
    expect(choices).toEqual([
      {
        label: 'AI',
        options: [
          { value: 'ai:all', text: 'All AI' },
          { value: 'ai:chatbots', text: 'AI Chatbots' },
          { value: 'ai:video', text: 'AI Video' },
        ],
      },
      {
        label: 'Sectors',
        options: [
          { value: 'sector:fintech', text: 'Fintech' },
          { value: 'sector:saas', text: 'SaaS' },
        ],
      },
      { label: 'Region', options: [{ value: 'region:emea', text: 'region:emea' }] },
    ]);
  });
  it('uses the group itself when the label is empty', () => {
    expect(groupChoices([{ group: 'market:us', label: '' }])).toEqual([
      { label: 'Markets', options: [{ value: 'market:us', text: 'market:us' }] },
    ]);
  });
});

describe('schedules', () => {
  it('in words, hours as HH:00 UTC and Monday = 1', () => {
    expect(hourText(6)).toBe('06:00');
    expect(describeSchedule({ kind: 'off' })).toBe('Off');
    expect(describeSchedule({ kind: 'hourly' })).toBe('Every hour');
    expect(describeSchedule({ kind: 'every6h' })).toBe('Every 6 hours');
    expect(describeSchedule({ kind: 'daily', hour: 6 })).toBe('Every day at 06:00 UTC');
    expect(describeSchedule({ kind: 'weekly', weekday: 1, hour: 23 })).toBe('Every Monday at 23:00 UTC');
    expect(describeSchedule({ kind: 'weekly', weekday: 7, hour: 0 })).toBe('Every Sunday at 00:00 UTC');
  });
  it('from the form, with only the fields the kind needs', () => {
    expect(scheduleFromForm('off', '6', '1')).toEqual({ kind: 'off' });
    expect(scheduleFromForm('hourly', '6', '1')).toEqual({ kind: 'hourly' });
    expect(scheduleFromForm('every6h', '6', '1')).toEqual({ kind: 'every6h' });
    expect(scheduleFromForm('daily', '6', '3')).toEqual({ kind: 'daily', hour: 6 });
    expect(scheduleFromForm('weekly', '18', '7')).toEqual({ kind: 'weekly', weekday: 7, hour: 18 });
    expect(scheduleFromForm('nonsense', '6', '1')).toEqual({ kind: 'off' });
  });
});

describe('who runs the schedule', () => {
  it('says who set it and whose key pays', () => {
    expect(scheduledByText(null)).toBe('');
    expect(scheduledByText({ you: true, email: 'ann@example.com' })).toBe('Set by you — your trigger refreshes it with your key.');
    expect(scheduledByText({ you: false, email: 'bob@example.com' })).toBe('Set by bob@example.com — their key pays.');
    expect(scheduledByText({ you: false, email: '' })).toBe('Set by another editor — their key pays.');
  });
  it('warns that saving makes you the runner, instead of whoever set it', () => {
    const runs = 'your trigger refreshes these tables with your key, even when the spreadsheet is closed.';
    expect(scheduleHelp(null)).toBe(`Saving a schedule makes you its runner: ${runs}`);
    expect(scheduleHelp({ you: true, email: '' })).toBe(`Saving a schedule makes you its runner: ${runs}`);
    expect(scheduleHelp({ you: false, email: 'bob@example.com' })).toBe(
      `Saving a schedule makes you its runner instead of bob@example.com: ${runs}`,
    );
  });
  it("lists the notes of the viewer's scheduled runs with their local time", () => {
    const deleted = '"Q3 plan" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.';
    expect(
      noteItems(
        [
          { at: local(8, 15), message: deleted },
          { at: 'not a date', message: 'x' },
        ],
        now,
      ),
    ).toEqual([`08:15 · ${deleted}`, 'x']);
    expect(noteItems([], now)).toEqual([]);
  });
});

describe('localWhen', () => {
  it('is the clock time today, with the date on another day, and null for no date', () => {
    expect(localWhen(local(6, 5), now)).toBe('06:05');
    expect(localWhen(local(23, 59, 20), now)).toBe('2026-11-20 23:59');
    expect(localWhen(null, now)).toBeNull();
    expect(localWhen('not a date', now)).toBeNull();
  });
});

describe('tableItem', () => {
  it('names the group as its list does, and shows the sheet, the cells and the rows, and when it was updated', () => {
    expect(tableItem(table(), now)).toEqual({
      name: 'Fintech',
      where: 'Ranking: Fintech · A1:H7 · 5 rows',
      state: 'updated 06:05',
      status: 'ok',
    });
    expect(tableItem(table({ rows: 1, range: "'It''s!'!C5:D8", sheetName: "It's!" }), now).where).toBe("It's! · C5:D8 · 1 row");
    expect(tableItem(table({ updatedAt: null }), now).state).toBe('not refreshed yet');
    expect(tableItem(table({ message: '(sheet renamed from "Old")' }), now).state).toBe('updated 06:05 · (sheet renamed from "Old")');
    expect(tableItem(table({ name: '' }), now).name).toBe('sector:fintech'); // nothing named it
  });
  it('shows the message of an error or a wait instead of the time', () => {
    expect(tableItem(table({ status: 'error', message: 'The service is unavailable.' }), now).state).toBe('The service is unavailable.');
    expect(tableItem(table({ status: 'error' }), now).state).toBe('The last refresh failed.');
    expect(tableItem(table({ status: 'waiting', message: 'Not refreshed yet: the run ran out of time.' }), now)).toMatchObject({
      state: 'Not refreshed yet: the run ran out of time.',
      status: 'waiting',
    });
  });
});

describe('insertedTable and columnsRequest', () => {
  it('finds the table that was not there before', () => {
    const a = table();
    const b = table({ id: 'b2', group: 'ai:all' });
    expect(insertedTable([a], [a, b])).toBe(b);
    expect(insertedTable([a, b], [a, b])).toBeNull();
  });
  it('asks for every column as null, and for a choice as the list', () => {
    expect(columnsRequest(['rank', 'name', 'slug'], ['rank', 'name', 'slug'])).toBeNull();
    expect(columnsRequest(['rank', 'name', 'slug'], ['rank', 'name'])).toEqual(['rank', 'name']);
    expect(columnsRequest(['rank'], [])).toEqual([]);
  });
});

describe('the run log', () => {
  it('says when, who started it, and each table', () => {
    const model = runModel(
      run({
        trigger: 'schedule',
        results: [
          { id: 'a', group: 'sector:fintech', name: 'Fintech', ok: true, message: 'refreshed' },
          { id: 'b', group: 'ai:all', ok: false, message: 'The service sent an unreadable answer.' },
        ],
      }),
      now,
    );
    expect(model.heading).toBe('Last refresh 09:01, on schedule');
    expect(model.results.map((r) => r.ok)).toEqual([true, false]);
    expect(model.results.map((r) => r.name)).toEqual(['Fintech', 'ai:all']); // a log written before names: the group
    expect(model.failed).toBe(1);
    expect(runModel(run({ trigger: 'menu', finishedAt: '' }), now).heading).toBe('Last refresh 09:00, from the menu');
    expect(runModel(run({ startedAt: '?', finishedAt: '' }), now).heading).toBe('Last refresh from the sidebar');
  });

  it('sums up a run for the status line', () => {
    expect(refreshOutcome(run())).toEqual({ kind: 'success', message: 'Refreshed 1 table.' });
    const failing = run({ results: [...run().results, { id: 'b', group: 'ai:all', ok: false, message: 'x' }] });
    expect(refreshOutcome(failing)).toEqual({ kind: 'error', message: '1 of 2 tables not refreshed: see why below.' });
    expect(refreshOutcome(run({ note: 'No API key.' }))).toEqual({ kind: 'error', message: 'No API key.' });
  });

  it('says so when the run did not happen (another one held the lock, or no tables)', () => {
    const skipped = run({ results: [], note: 'Another refresh is running: this one was skipped.' });
    expect(refreshOutcome(skipped)).toEqual({ kind: 'error', message: 'Another refresh is running: this one was skipped.' });
    const none = run({ results: [], note: 'No ranking tables in this spreadsheet yet: insert one from the sidebar.' });
    expect(refreshOutcome(none).kind).toBe('error');
    expect(refreshOutcome(run({ startedAt: local(9, 10) })).kind).toBe('success');
  });
});

describe('tablesSummary', () => {
  const view = (over: Partial<TablesView> = {}): TablesView => ({
    tables: [table()],
    schedule: { kind: 'off' },
    scheduledBy: null,
    lastRun: null,
    notes: [],
    overdue: null,
    runStop: null,
    groupListCost: { requests: 0, freshSearches: 0, heldBack: 0 },
    ...over,
  });
  it('counts the tables and says when they refresh', () => {
    expect(tablesSummary(view())).toEqual({ text: '1 table · refreshed by hand', warn: false });
    expect(tablesSummary(view({ tables: [table(), table({ id: 'b' })], schedule: { kind: 'weekly', weekday: 1, hour: 6 } }))).toEqual({
      text: '2 tables · every Monday at 06:00 UTC',
      warn: false,
    });
    expect(tablesSummary(view({ tables: [] }))).toEqual({ text: 'None in this spreadsheet yet', warn: false });
  });
  it('warns of a failed table, and first of scheduled runs that stopped', () => {
    expect(tablesSummary(view({ tables: [table({ status: 'error' })] }))).toEqual({ text: '1 table · 1 failed to refresh', warn: true });
    expect(tablesSummary(view({ overdue: { since: null, message: 'stopped' } }))).toEqual({
      text: 'Scheduled refreshes stopped: open to repair',
      warn: true,
    });
    // Runs that stop at each run (a permission, the key, the allowance): before a failed table.
    const runStop = { since: '2026-11-29T06:10:00.000Z', message: 'Your scheduled runs have stopped since …' };
    expect(tablesSummary(view({ runStop, tables: [table({ status: 'error' })] }))).toEqual({
      text: 'Scheduled runs stopped: open to see why',
      warn: true,
    });
  });
});
