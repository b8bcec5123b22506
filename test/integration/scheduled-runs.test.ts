/**
 * The scheduled run as Google runs it, hour after hour: what an idle hour costs (no spreadsheet is
 * opened; what is due comes from the user's own index), and what happens when the add-on is turned off
 * in the spreadsheet where the user's one trigger lives (the trigger stops; the sidebar in any other
 * spreadsheet says so and makes it anew there; nothing runs twice). The runtime's clock is moved to a
 * fixed time of day first, so the test means the same at any hour and on any date.
 */
import { describe, expect, it } from 'vitest';
import type { TablesView, TrackingView } from '../../src/shared/sidebar-api';
import { type Stack, useStack } from './stack';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Counting calls, not timing them: no modelled waits (openById alone would cost 2 s each). With no
// latency, the sidebar calls that set up 12 spreadsheets start faster than any person clicks, so
// Google's start rate per second is off here: it is not what these tests count.
const stack = useStack('a', { latency: false, shortTimeLimits: { executionStartLimit: null } });

/** Moves the runtime's clock (and the service's) forward to the next hh:mm UTC. */
async function advanceTo(hour: number, minute: number): Promise<void> {
  const now = stack.gas.clock.now();
  let target = Math.floor(now / DAY) * DAY + hour * HOUR + minute * 60_000;
  if (target <= now) target += DAY;
  await advance(target - now);
}

async function advance(ms: number): Promise<void> {
  stack.gas.advanceClock(ms);
  await stack.service.control.clock(ms);
}

/** A sidebar call in a spreadsheet. */
function sidebar<T = TablesView>(fn: string, args: unknown[], document?: string): T {
  const result = stack.gas.run(fn, args, { mode: 'sidebar', ...(document ? { document } : {}) });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}

/** A spreadsheet of the user's with one small ranking table refreshed daily at 06:00 UTC. */
function scheduledSpreadsheet(id: string, name: string, group = 'sector:fintech'): void {
  if (id !== stack.gas.spreadsheet.id) stack.gas.addSpreadsheet({ id, name, owner: stack.gas.userEmail });
  sidebar('insertRankingTable', [{ group, placement: 'new-sheet', columns: null, limit: 3 }], id);
  sidebar('setRefreshSchedule', [{ kind: 'daily', hour: 6 }], id);
}

/** Advances an hour and fires what is due, as Google would: the openById calls of each run. */
async function nextHour(): Promise<{ opens: number[]; fired: ReturnType<Stack['gas']['fireDueTriggers']> }> {
  await advance(HOUR);
  const fired = stack.gas.fireDueTriggers();
  for (const f of fired) expect(f.result.error).toBeUndefined();
  return { opens: fired.map((f) => f.result.serviceCalls['spreadsheet.openById'] ?? 0), fired };
}

describe('an idle hour costs next to nothing', () => {
  it('12 spreadsheets scheduled daily at 06:00, 48 hourly runs: each opened once a day, idle runs open none', async () => {
    await advanceTo(5, 10);
    const ids = Array.from({ length: 12 }, (_, i) => (i === 0 ? stack.gas.spreadsheet.id : `book-${i}`));
    ids.forEach((id, i) => scheduledSpreadsheet(id, `Book ${i}`));
    expect(stack.gas.triggers).toHaveLength(1);

    const opens: number[] = [];
    const idle: Record<string, number>[] = [];
    for (let hour = 0; hour < 48; hour++) {
      const run = await nextHour();
      expect(run.fired).toHaveLength(1);
      opens.push(...run.opens);
      if (!run.opens[0]) idle.push(run.fired[0]!.result.serviceCalls);
    }
    // 06:10 on both days: the 12 due spreadsheets, each once; the 46 other runs open nothing.
    expect(opens.reduce((a, b) => a + b, 0)).toBe(24);
    expect(opens.filter((n) => n === 12)).toHaveLength(2);
    expect(idle).toHaveLength(46);
    // An idle run: the trigger record read and written, the index read; no document, no trigger call.
    for (const calls of idle) {
      expect(Object.keys(calls).filter((label) => /^(spreadsheet|triggers|urlfetch)\./.test(label))).toEqual([]);
      expect(calls['properties.getProperty']).toBe(2);
      expect(calls['properties.setProperty']).toBe(1);
    }
    for (const id of ids) expect(sidebar('getTables', [], id).lastRun).toMatchObject({ trigger: 'schedule', note: '' });
  });

  it('the first run after scheduling waits for the chosen hour: 12 spreadsheets scheduled at 00:30 for 06:00 open nothing before it', async () => {
    await advanceTo(0, 30);
    const ids = Array.from({ length: 12 }, (_, i) => (i === 0 ? stack.gas.spreadsheet.id : `book-${i}`));
    ids.forEach((id, i) => scheduledSpreadsheet(id, `Book ${i}`));
    const inserted = new Map(ids.map((id) => [id, sidebar('getTables', [], id).tables[0]?.updatedAt]));
    await stack.service.control.resetStats();
    // 01:30 … 05:30: nothing is due, so nothing is opened and nothing is sent; 06:30: all twelve, once.
    const opens: number[] = [];
    for (let hour = 0; hour < 6; hour++) opens.push(...(await nextHour()).opens);
    expect(opens).toEqual([0, 0, 0, 0, 0, 12]);
    for (const id of ids) {
      const view = sidebar('getTables', [], id);
      expect(view.lastRun).toMatchObject({ trigger: 'schedule', note: '' });
      expect(new Date(view.lastRun?.startedAt ?? '').getUTCHours()).toBe(6);
      expect(view.tables[0]?.updatedAt).not.toBe(inserted.get(id));
    }
    expect(await stack.requests('/ranking/list')).toBeGreaterThan(0);
  });

  it('a schedule moved to an hour that passed today waits for it tomorrow; saving it again unchanged still makes up a missed slot', async () => {
    await advanceTo(5, 10);
    scheduledSpreadsheet(stack.gas.spreadsheet.id, 'Alpha');
    expect((await nextHour()).opens).toEqual([1]); // 06:10
    for (let hour = 0; hour < 3; hour++) expect((await nextHour()).opens).toEqual([0]); // 07:10 … 09:10
    // At 09:10 the user moves it to 08:00, an hour that passed today: the first run is tomorrow's 08:10.
    sidebar('setRefreshSchedule', [{ kind: 'daily', hour: 8 }]);
    const opens: number[] = [];
    for (let hour = 0; hour < 23; hour++) opens.push(...(await nextHour()).opens); // 10:10 … 08:10
    expect(opens.map((n, i) => (n ? i : -1)).filter((i) => i >= 0)).toEqual([22]);
    // The trigger misses a whole day (its 08:00 slot with it); the user saves the same schedule again:
    // what was missed still runs at the next run, once.
    await advance(24 * HOUR);
    sidebar('setRefreshSchedule', [{ kind: 'daily', hour: 8 }]);
    expect((await nextHour()).opens).toEqual([1]); // 09:10
    for (let hour = 0; hour < 3; hour++) expect((await nextHour()).opens).toEqual([0]);
  });

  it('a daily tracking list is opened once a day, in the first run after midnight UTC', async () => {
    await advanceTo(5, 10);
    const view = sidebar<TrackingView>('addTrackingList', [
      { name: 'coffee', kind: 'keywords', items: ['coffee', 'tea'], period: 'day', fields: null },
    ]);
    expect(view.lists).toHaveLength(1);
    const opens: number[] = [];
    for (let hour = 0; hour < 48; hour++) opens.push(...(await nextHour()).opens);
    // Runs at 06:10 … 05:10 two days later: 00:10 on each of the two days opens it, nothing else does.
    expect(opens.map((n, i) => (n ? i : -1)).filter((i) => i >= 0)).toEqual([18, 42]);
    expect(opens.filter((n) => n).every((n) => n === 1)).toBe(true);
  });
});

describe('a trigger that repairs itself', () => {
  it('the add-on turned off where the trigger lives: nothing runs; the sidebar elsewhere says so, repairs, and nothing runs twice', async () => {
    await advanceTo(5, 10);
    const A = stack.gas.spreadsheet.id;
    stack.gas.spreadsheet.name = 'Alpha';
    scheduledSpreadsheet(A, 'Alpha'); // the trigger is made here
    scheduledSpreadsheet('beta', 'Beta', 'sector:saas');
    scheduledSpreadsheet('gamma', 'Gamma');
    expect(stack.gas.triggers.map((t) => t.documentId)).toEqual([A]);

    const first = await nextHour(); // 06:10: all three refreshed
    expect(first.opens).toEqual([3]);
    const lastSeen = stack.gas.clock.now();

    stack.gas.disableAddon(A);
    // A whole day: the trigger does not fire, so nothing is refreshed.
    for (let hour = 0; hour < 26; hour++) expect((await nextHour()).fired).toEqual([]);
    const betaBefore = sidebar('getTables', [], 'beta').lastRun?.startedAt;

    // The user opens the sidebar in another spreadsheet: it says what happened, in plain words.
    const since = `${new Date(lastSeen).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const expected =
      `Scheduled refreshes have not run since ${since}: the add-on was probably turned off or removed in "Alpha", where they were set up, ` +
      "or Google's daily limit on scheduled run time was reached. Run them from this spreadsheet instead: what was missed runs within the hour, once.";
    expect(sidebar('getTables', [], 'gamma').overdue?.message).toBe(expected);
    const seen = sidebar('getTables', [], 'beta');
    expect(seen.overdue?.message).toBe(expected);
    expect(seen.lastRun?.startedAt).toBe(betaBefore);

    // One click: the trigger is made anew in Beta; the notice goes.
    const repaired = sidebar('repairScheduledRuns', [], 'beta');
    expect(repaired.overdue).toBeNull();
    const fresh = stack.gas.triggers.find((t) => t.documentId === 'beta');
    expect(fresh).toBeDefined();
    // The user turns the add-on back on in Alpha: its old trigger fires again, finds it was replaced,
    // and deletes itself without refreshing anything.
    stack.gas.enableAddon(A);

    const after = await nextHour();
    expect(after.fired.map((f) => [f.trigger.documentId, f.result.serviceCalls['spreadsheet.openById'] ?? 0])).toEqual([
      [A, 0],
      ['beta', 3],
    ]);
    expect(stack.gas.triggers.map((t) => t.uid)).toEqual([fresh!.uid]);
    // What was missed ran once, in every spreadsheet: Alpha too (the trigger opens it by id, which
    // does not need the add-on on there).
    const ranAt = new Map<string, string | undefined>();
    for (const id of [A, 'beta', 'gamma']) {
      const lastRun = sidebar('getTables', [], id).lastRun;
      expect(lastRun).toMatchObject({ trigger: 'schedule', note: '', results: [expect.objectContaining({ ok: true })] });
      ranAt.set(id, lastRun?.startedAt);
    }
    // The next hours are idle until the next 06:00 slot: nothing runs twice.
    for (let hour = 0; hour < 5; hour++) expect((await nextHour()).opens).toEqual([0]);
    for (const id of [A, 'beta', 'gamma']) expect(sidebar('getTables', [], id).lastRun?.startedAt).toBe(ranAt.get(id));
    expect(sidebar('getTables', [], 'gamma').overdue).toBeNull();
  });

  it('removed (uninstalled): the menu item used in any spreadsheet repairs by itself and says so', async () => {
    await advanceTo(5, 10);
    scheduledSpreadsheet(stack.gas.spreadsheet.id, 'Alpha');
    scheduledSpreadsheet('beta', 'Beta');
    const old = stack.gas.triggers[0]!;
    stack.gas.uninstallAddon();
    for (let hour = 0; hour < 4; hour++) expect((await nextHour()).fired).toEqual([]);
    // Reinstalled, the user picks "Refresh ranking tables now" in Beta: the trigger is made there.
    const menu = stack.gas.run('refreshRankingTables', [], { mode: 'menu', document: 'beta' });
    expect(menu.error).toBeUndefined();
    expect(stack.gas.toasts.map((t) => t.message)).toContain('Your scheduled refreshes had stopped: they run from this spreadsheet again.');
    expect(stack.gas.triggers.map((t) => t.documentId)).toEqual([old.documentId, 'beta']);
    const run = await nextHour();
    // Beta was refreshed from the menu just now; Alpha's missed slot runs once.
    expect(run.fired.map((f) => [f.trigger.documentId, f.result.serviceCalls['spreadsheet.openById'] ?? 0])).toEqual([['beta', 1]]);
    expect(sidebar('getTables', []).lastRun).toMatchObject({ trigger: 'schedule' });
  });
});
