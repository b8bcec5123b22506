/**
 * Google's property limits (a value at most 9 KB, a store at most 500 KB) met through the sidebar and a
 * scheduled run of the built Code.js: a write that would pass them is refused before anything is stored
 * or sent, with what to remove; what runs write by themselves (the usage read, notes) keeps what fits.
 */
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_BASE_URL } from '../../scripts/build/manifest';
import { KEY, useStack } from './stack';

const FULL =
  /^Your Search Demand settings are full \(Google keeps 500 KB per user\): forget ranking tables or tracking lists in spreadsheets you no longer use, then try again\. Nothing was changed\.$/;

// Counting calls, not timing them: no modelled waits.
const stack = useStack('a', { latency: false });

const sidebar = (fn: string, ...args: unknown[]) => stack.gas.run(fn, args, { mode: 'sidebar' });
const ok = <T = Record<string, unknown>>(fn: string, ...args: unknown[]): T => {
  const result = sidebar(fn, ...args);
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
};
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Fills the user's store (test setup, past no limit) with an earlier version's leftovers to `free` bytes under 500 KB. */
function fillUserStore(free: number): void {
  const user = stack.gas.properties.user;
  let left = 500 * 1024 - user.bytes() - free;
  for (let i = 0; left > 0; i++) {
    const key = `OLD_${i}`;
    const size = Math.min(9 * 1024, left - bytes(key));
    user.set(key, 'x'.repeat(Math.max(size, 0)));
    left -= bytes(key) + Math.max(size, 0);
  }
}

describe("the user's own settings", () => {
  it('a key that would fill the store past 500 KB is refused before it is checked: nothing sent, nothing stored', async () => {
    fillUserStore(1_000);
    const before = stack.gas.properties.user.snapshot();
    const refused = sidebar('saveApiKey', KEY, false);
    expect(refused.error).toMatch(FULL);
    expect((await stack.service.control.stats()).apiCalls).toBe(0);
    expect(stack.gas.properties.user.snapshot()).toEqual(before);
  });

  it('a pasted 20 KB "key" is refused as too long: nothing sent, nothing stored', async () => {
    stack.gas.properties.user.delete('SDM_API_KEY');
    const refused = sidebar('saveApiKey', 'k'.repeat(20 * 1024), false);
    expect(refused.error).toBe('That is too long to be an API key: copy it again from your account page.');
    expect((await stack.service.control.stats()).apiCalls).toBe(0);
    expect(stack.gas.properties.user.get('SDM_API_KEY')).toBeNull();
  });

  it('a base URL over 9 KB is refused as too long, and the one saved before stays', () => {
    ok('setBaseUrl', PLACEHOLDER_BASE_URL);
    const before = stack.gas.properties.user.snapshot();
    // Inside the allowlist (http://localhost: is in it), so only its length stops it.
    const refused = sidebar('setBaseUrl', `http://localhost:8080/${'a'.repeat(10 * 1024)}`);
    expect(refused.error).toBe('That address is too long to be a base URL (Google keeps 9 KB per setting), so it was not saved.');
    expect(stack.gas.properties.user.snapshot()).toEqual(before);
  });

  it('keeping formulas off the key in one spreadsheet too many is refused, naming what to do; allowing again still works', () => {
    // 196 spreadsheets' ids: 9,213 bytes of Google's 9,216; one more does not fit.
    const ids = Array.from({ length: 196 }, (_, i) => `${'1'.repeat(40)}${String(i).padStart(4, '0')}`);
    stack.gas.properties.user.set('SDM_FORMULA_KEY_OFF', JSON.stringify(ids));
    const before = stack.gas.properties.user.snapshot();
    const refused = sidebar('setOwnerKeyForFormulas', false);
    expect(refused.error).toBe(
      'Your key is already kept from formulas in 196 spreadsheets, as many as Google lets the add-on remember (9 KB per setting): allow your key again in spreadsheets you no longer use, then try again. Nothing was changed.',
    );
    expect(stack.gas.properties.user.snapshot()).toEqual(before);
    expect(ok('setOwnerKeyForFormulas', true)).toMatchObject({ formulas: { ownerKeyOff: false } });
  });
});

describe('schedules', () => {
  const insertTable = () => ok('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 });

  it('a schedule that would fill the store past 500 KB is refused, and the table stays unscheduled', () => {
    stack.gas.properties.user.set('SDM_API_KEY', KEY);
    insertTable();
    fillUserStore(20 * 1024);
    const before = stack.gas.properties.user.snapshot();
    const refused = sidebar('setRefreshSchedule', { kind: 'daily', hour: 6 });
    expect(refused.error).toMatch(FULL);
    expect(stack.gas.properties.user.snapshot()).toEqual(before);
    expect(stack.gas.triggers).toHaveLength(0);
    expect(ok<{ schedule: unknown }>('getTables').schedule).toMatchObject({ kind: 'off' });
  });

  it('one spreadsheet more than the index holds is refused, naming what to do', () => {
    stack.gas.properties.user.set('SDM_API_KEY', KEY);
    insertTable();
    // 20 pieces of 8,000 bytes: as many spreadsheets as the index keeps (about 1,500 with short names).
    const entries: Record<string, { name: string; due: number }> = {};
    for (let i = 0; JSON.stringify(entries).length < 20 * 8_000 - 200; i++)
      entries[`book-${String(i).padStart(40, '0')}`] = { name: `Book ${i}`, due: 0 };
    const text = JSON.stringify(entries);
    const pieces = text.match(/[\s\S]{1,8000}/g)!;
    pieces.forEach((piece, i) =>
      stack.gas.properties.user.set(i ? `SDM_SCHEDULED~${i}` : 'SDM_SCHEDULED', i ? piece : `~${pieces.length}~${piece}`),
    );
    const before = stack.gas.properties.user.snapshot();
    const refused = sidebar('setRefreshSchedule', { kind: 'daily', hour: 6 });
    expect(refused.error).toBe(
      `You run ranking tables or tracking lists in ${Object.keys(entries).length} spreadsheets, as many as Google lets the add-on remember for you: turn a schedule off or forget a list in one of them first.`,
    );
    expect(stack.gas.properties.user.snapshot()).toEqual(before);
    expect(stack.gas.triggers).toHaveLength(0);
  });

  it("a run's note keeps the newest notes that fit the store, and the run goes on", () => {
    stack.gas.properties.user.set('SDM_API_KEY', KEY);
    insertTable();
    ok('setRefreshSchedule', { kind: 'hourly' });
    const old = Array.from({ length: 9 }, (_, i) => ({
      at: new Date(Date.UTC(2024, 0, 9 - i)).toISOString(),
      message: `"Book ${i}" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.`,
    }));
    stack.gas.properties.user.set('SDM_SCHEDULE_NOTES', JSON.stringify(old));
    // A second scheduled spreadsheet, since deleted: the run cannot open it and notes so.
    stack.gas.addSpreadsheet({ id: 'gone', name: 'Gone', owner: stack.gas.userEmail });
    const index = JSON.parse(stack.gas.properties.user.get('SDM_SCHEDULED')!) as Record<string, unknown>;
    stack.gas.properties.user.set('SDM_SCHEDULED', JSON.stringify({ ...index, gone: { name: 'Gone', due: 0 } }));
    stack.gas.deleteSpreadsheet('gone');
    // Room for the trigger's record, not for a tenth note.
    fillUserStore(60);

    stack.gas.advanceClock(3_600_000);
    const fired = stack.gas.fireDueTriggers();
    expect(fired).toHaveLength(1);
    expect(fired[0]!.result.ok).toBe(true);
    const notes = JSON.parse(stack.gas.properties.user.get('SDM_SCHEDULE_NOTES')!) as { message: string }[];
    expect(notes[0]!.message).toBe('"Gone" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.');
    expect(notes.length).toBeLessThan(10);
    expect(notes.slice(1)).toEqual(old.slice(0, notes.length - 1));
    // The run went on: the deleted spreadsheet left the index, the table was refreshed.
    expect(stack.gas.properties.user.get('SDM_SCHEDULED')).not.toContain('gone');
    expect(ok<{ lastRun: unknown }>('getTables').lastRun).toMatchObject({ trigger: 'schedule' });
  });
});

describe('the usage read', () => {
  it('is kept without its table when only that fits the store, and the refresh still shows it whole', () => {
    ok('saveApiKey', KEY, false);
    const whole = stack.gas.properties.user.get('SDM_USAGE_READ')!;
    const { fp, read } = JSON.parse(whole) as { fp: string; read: Record<string, unknown> };
    const trimmed = JSON.stringify({ fp, read: { ...read, table: [] } });
    expect(bytes(whole) - bytes(trimmed)).toBeGreaterThan(100);
    stack.gas.properties.user.delete('SDM_USAGE_READ');
    // Room for the trimmed read (whatever its time stamp), not for the whole one.
    fillUserStore(bytes('SDM_USAGE_READ') + bytes(trimmed) + 40);

    const shown = ok<{ last: { table: unknown[] } }>('refreshUsage');
    expect(shown.last.table.length).toBeGreaterThan(1);
    const kept = JSON.parse(stack.gas.properties.user.get('SDM_USAGE_READ')!) as { read: { table: unknown[]; bars: unknown[] } };
    expect(kept.read.table).toEqual([]);
    expect(kept.read.bars.length).toBeGreaterThan(0);
  });
});
