/**
 * Scheduled refreshes the way Google runs them: an add-on's time-driven trigger is attached to the
 * script, so its handler gets no document (dev/gas gives it null for the active spreadsheet, document
 * properties, document cache and document lock). One trigger per user serves every spreadsheet that user
 * scheduled, opening each by id; results are recorded in each spreadsheet for its sidebar. A schedule's
 * first run waits for its first slot after it was set, so the clocks are moved there before firing.
 */
import { describe, expect, it } from 'vitest';
import { KEY, useStack } from './stack';
import type { TablesView } from '../../src/shared/sidebar-api';

const USER = 'user@example.com';
const EDITOR = 'editor@example.com';

const stack = useStack();

/** A sidebar call in a spreadsheet, as `user`. */
function sidebar(fn: string, args: unknown[], at: { document?: string; user?: string } = {}): TablesView {
  const result = stack.gas.run(fn, args, { mode: 'sidebar', ...at });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as TablesView;
}

const insert = (group: string, document?: string) =>
  sidebar('insertRankingTable', [{ group, placement: 'new-sheet', columns: null, limit: 3 }], document ? { document } : {});

const HOUR = 3_600_000;

/** Moves both clocks (the runtime's and the service's) to the next hh:10 UTC. */
async function advanceTo(hour: number): Promise<void> {
  const now = stack.gas.clock.now();
  let target = Math.floor(now / (24 * HOUR)) * 24 * HOUR + hour * HOUR + 10 * 60_000;
  if (target <= now) target += 24 * HOUR;
  stack.gas.advanceClock(target - now);
  await stack.service.control.clock(target - now);
}

/** Fires every time-driven trigger once, as Google would, and returns their executions. */
function fireAll() {
  return [...stack.gas.triggers].filter((t) => t.eventType === 'CLOCK').map((t) => stack.gas.fireTrigger(t));
}

describe('one trigger per user, no document', () => {
  it('serves two spreadsheets; one deleted later is reported once and dropped', async () => {
    const budget = stack.gas.addSpreadsheet({ id: 'budget-2026', name: 'Budget 2026', owner: USER });
    insert('sector:fintech');
    insert('sector:saas', budget.id);
    sidebar('setRefreshSchedule', [{ kind: 'hourly' }]);
    sidebar('setRefreshSchedule', [{ kind: 'daily', hour: 6 }], { document: budget.id });
    // One hourly trigger serves both (Google runs add-on triggers at most hourly).
    expect(stack.gas.triggers).toHaveLength(1);
    expect(stack.gas.triggers[0]).toMatchObject({ owner: USER, handler: 'refreshRankingTables' });

    await advanceTo(6); // both slots have come: the hour, and the day at 06:00
    const [run] = fireAll();
    expect(run?.error).toBeUndefined();
    expect(run?.ok).toBe(true);
    for (const document of [undefined, budget.id]) {
      const view = sidebar('getTables', [], document ? { document } : {});
      expect(view.lastRun).toMatchObject({ trigger: 'schedule', note: '' });
      expect(view.lastRun?.results).toEqual([expect.objectContaining({ ok: true, message: 'refreshed' })]);
      expect(view.scheduledBy).toEqual({ you: true, email: USER });
    }

    stack.gas.deleteSpreadsheet(budget.id);
    // Noticed when it next falls due (the run opens only what is due): its daily slot, within a day.
    stack.gas.advanceClock(24 * 3_600_000);
    expect(fireAll()[0]?.ok).toBe(true);
    const notes = sidebar('getTables', []).notes;
    expect(notes).toEqual([
      expect.objectContaining({
        message: '"Budget 2026" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.',
      }),
    ]);
    // Dropped: the next run does not report it again, and the first spreadsheet's schedule goes on.
    expect(fireAll()[0]?.ok).toBe(true);
    expect(sidebar('getTables', []).notes).toHaveLength(1);
    expect(stack.gas.triggers).toHaveLength(1);
  });

  it('a spreadsheet that is not due is left alone, and a due one refreshes once per slot', async () => {
    insert('sector:fintech');
    sidebar('setRefreshSchedule', [{ kind: 'daily', hour: 6 }]);
    // Set at 12:00: its first slot is tomorrow's 06:00, so a run now opens nothing and sends nothing.
    await stack.service.control.resetStats();
    fireAll();
    expect(sidebar('getTables', []).lastRun).toBeNull();
    expect(await stack.requests()).toBe(0);
    await advanceTo(6);
    fireAll();
    const first = sidebar('getTables', []).lastRun;
    expect(first).toMatchObject({ trigger: 'schedule', results: [expect.objectContaining({ ok: true })] });
    await stack.service.control.resetStats();
    fireAll();
    expect(sidebar('getTables', []).lastRun).toEqual(first);
    expect(await stack.requests()).toBe(0);
  });

  it('spends the key of the user who set the schedule', async () => {
    stack.gas.userProperties(EDITOR).set('SDM_BASE_URL', stack.service.url);
    stack.gas.shareSpreadsheet(stack.gas.spreadsheet.id, EDITOR);
    insert('sector:fintech');
    // The editor has no key: their schedule's run says so, and spends nothing.
    sidebar('setRefreshSchedule', [{ kind: 'hourly' }], { user: EDITOR });
    await stack.service.control.resetStats();
    await advanceTo(13);
    fireAll();
    expect(sidebar('getTables', []).lastRun?.note).toMatch(/^No API key/);
    expect(await stack.requests()).toBe(0);
    stack.gas.userProperties(EDITOR).set('SDM_API_KEY', KEY);
    sidebar('refreshTablesNow', [true], { user: EDITOR });
    expect(sidebar('getTables', []).scheduledBy).toEqual({ you: false, email: EDITOR });
  });

  it("whoever sets the schedule becomes its runner; the previous runner's trigger drops it and deletes itself", async () => {
    stack.gas.userProperties(EDITOR).set('SDM_API_KEY', KEY);
    stack.gas.userProperties(EDITOR).set('SDM_BASE_URL', stack.service.url);
    stack.gas.shareSpreadsheet(stack.gas.spreadsheet.id, EDITOR);
    insert('sector:fintech');
    sidebar('setRefreshSchedule', [{ kind: 'hourly' }]);
    sidebar('setRefreshSchedule', [{ kind: 'every6h' }], { user: EDITOR });
    expect(stack.gas.triggers.map((t) => t.owner).sort()).toEqual([EDITOR, USER]);
    expect(sidebar('getTables', []).scheduledBy).toEqual({ you: false, email: EDITOR });
    await advanceTo(18); // the editor's first 6-hour mark; USER's hourly one has come long before
    fireAll();
    // USER's trigger found the schedule was no longer theirs, had nothing left, and deleted itself.
    expect(stack.gas.triggers.map((t) => t.owner)).toEqual([EDITOR]);
    expect(sidebar('getTables', []).lastRun).toMatchObject({ trigger: 'schedule', results: [expect.objectContaining({ ok: true })] });
  });

  it('reuses the trigger from another spreadsheet, and turning every schedule off removes it', () => {
    const second = stack.gas.addSpreadsheet({ id: 'second', name: 'Second', owner: USER });
    sidebar('setRefreshSchedule', [{ kind: 'hourly' }]);
    const uid = stack.gas.triggers[0]?.uid;
    sidebar('setRefreshSchedule', [{ kind: 'weekly', weekday: 1, hour: 7 }], { document: second.id });
    sidebar('setRefreshSchedule', [{ kind: 'daily', hour: 6 }]);
    expect(stack.gas.triggers.map((t) => t.uid)).toEqual([uid]);
    sidebar('setRefreshSchedule', [{ kind: 'off' }]);
    expect(stack.gas.triggers).toHaveLength(1); // the second spreadsheet is still scheduled
    // Turned off in the spreadsheet where the trigger was not made: it deletes itself on its next run.
    sidebar('setRefreshSchedule', [{ kind: 'off' }], { document: second.id });
    fireAll();
    expect(stack.gas.triggers).toHaveLength(0);
    expect(sidebar('setRefreshSchedule', [{ kind: 'hourly' }]).scheduledBy).toEqual({ you: true, email: USER });
    expect(stack.gas.triggers).toHaveLength(1);
  });
});
