/**
 * A spreadsheet's own cap on fresh searches a day (docs/use/sidebar.md, "A cap for this spreadsheet"):
 * set from the sidebar, refused with a clear message when it is no whole number or above the account's
 * allowance; formulas and scheduled tracking runs stop at it as at the daily limit, the rows past it say
 * the cap and when it resets (in at most 90 characters), and lifting it fills them. Counted at the
 * service (dev/service's counters), on two schemas.
 */
import { describe, expect, it } from 'vitest';
import type { UsageView } from '../../src/shared/sidebar-api';
import { useStack } from './stack';

const column = (words: string[]) => words.map((w) => [w]);
const rows = (value: unknown) => (value as unknown[][]).map((r) => r[0]);
const isNumber = (v: unknown): v is number => typeof v === 'number';
const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} keyword ${i}`);
/** What a row past a cap of `cap` says (the cap's day is UTC: both clocks start at 12:00 UTC). */
const HELD = (cap: number) => `This spreadsheet's cap (${cap} fresh searches a day): Refresh all formulas after 00:00 UTC.`;

describe.each(['a', 'b'] as const)('schema %s', (schema) => {
  // Exact counts: no cache item goes before its expiry.
  const stack = useStack(schema, { cacheEarlyRemoval: { rate: 0 } });

  /** Calls a sidebar function; its value, or { error } with its message. */
  const sidebar = (fn: string, ...args: unknown[]): unknown => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    return result.ok ? result.value : { error: result.error };
  };
  const freshCredits = async () => (await stack.service.control.stats()).freshCredits;

  it('with a cap of 10, a column of 30 new keywords spends at most 10, the other rows name the cap; lifting it fills them', async () => {
    const set = sidebar('setSpendCap', { freshSearchesPerDay: 10 }) as UsageView;
    expect(set.spending).toMatchObject({ cap: 10, today: { freshSearches: 0 } });
    await stack.service.control.resetStats();

    const keywords = column(words(30, 'capped'));
    const scores = rows(stack.value('SEARCH_SCORE', keywords));
    expect(await freshCredits()).toBeLessThanOrEqual(10);
    expect(scores.filter(isNumber)).toHaveLength(10);
    expect(new Set(scores.filter((s) => !isNumber(s)))).toEqual(new Set([HELD(10)]));
    expect(HELD(10).length).toBeLessThanOrEqual(90);
    expect(await stack.requests('/trend')).toBe(10); // nothing sent past the cap, no handful of probes
    // The sidebar counts it, as the service did.
    expect((sidebar('getUsage') as UsageView).spending?.today.freshSearches).toBe(await freshCredits());

    // Calculated again: still nothing past it, until the cap is lifted.
    expect(rows(stack.value('SEARCH_SCORE', keywords))).toEqual(scores);
    expect(await freshCredits()).toBe(10);
    expect((sidebar('setSpendCap', { freshSearchesPerDay: null }) as UsageView).spending?.cap).toBeNull();
    const filled = rows(stack.value('SEARCH_SCORE', keywords));
    expect(filled.every(isNumber)).toBe(true);
    expect(filled.slice(0, 10)).toEqual(scores.slice(0, 10));
    expect(await freshCredits()).toBe(30);
  });

  it('a range of trends (a table) and a per-cell formula stop at it too; answers from the cache are free and still shown', async () => {
    sidebar('setSpendCap', { freshSearchesPerDay: 3 });
    expect(stack.value('SEARCH_SCORE', 'first')).toEqual(expect.any(Number));
    const table = stack.value('SEARCH_TREND', column(['first', 'second', 'third', 'fourth', 'fifth'])) as unknown[][];
    expect(await freshCredits()).toBe(3);
    const [header, ...body] = table;
    expect(header?.[0]).not.toBe(HELD(3));
    expect(body.filter((row) => row[0] === HELD(3))).toHaveLength(2);
    expect(stack.value('SEARCH_SCORE', 'sixth')).toBe(HELD(3)); // a single input says it in its cell
    expect(stack.value('SEARCH_SCORE', 'second')).toEqual(expect.any(Number)); // cached here: no search
    expect(await freshCredits()).toBe(3);
  });

  it('a template needing more fresh searches than the cap leaves says so before the click, and Insert refuses with the same numbers', async () => {
    sidebar('setSpendCap', { freshSearchesPerDay: 2 });
    await stack.service.control.resetStats();
    type Offer = { id: string; title: string; freshSearches: number; waits: { limit: string; needed: number; left: number } | null };
    const offers = sidebar('listTemplates') as Offer[];
    // The keyword research's examples are new keywords: more fresh searches than a cap of 2 leaves.
    const research = offers.find((t) => t.id === 'keyword-research') as Offer;
    expect(research.freshSearches).toBeGreaterThan(2);
    expect(research.waits).toMatchObject({ limit: 'cap', needed: research.freshSearches, left: 2 });
    // One needing no fresh search is not held by the cap.
    for (const offer of offers.filter((t) => t.freshSearches === 0)) expect(offer.waits).toBeNull();

    const sheets = stack.gas.spreadsheet.sheets.length;
    const refused = sidebar('insertTemplate', 'keyword-research') as { error: string };
    expect(refused.error).toBe(
      `Not inserted: "${research.title}" may use ${research.freshSearches} fresh searches, and this spreadsheet's cap leaves 2 today ` +
        '(it resets at 00:00 UTC). Nothing was sent or changed: raise the cap in Settings, or try after the reset.',
    );
    expect(stack.gas.spreadsheet.sheets.length).toBe(sheets);
    expect((await stack.service.control.stats()).requests).toBe(0);
  });

  it('refuses a cap that is no whole number from 0 up, or above the allowance, saving nothing', async () => {
    sidebar('setSpendCap', { freshSearchesPerDay: 40 });
    for (const bad of [-1, 2.5, 'ten', true, {}]) {
      expect(sidebar('setSpendCap', { freshSearchesPerDay: bad })).toEqual({
        error: 'Bad input: a cap is a whole number of fresh searches a day, from 0 up. Nothing was saved.',
      });
    }
    expect(sidebar('setSpendCap', { freshSearchesPerDay: 251 })).toEqual({
      error: "Bad input: a cap of 251 is above your account's 250 fresh searches a day: choose 250 or fewer. Nothing was saved.",
    });
    expect((sidebar('getUsage') as UsageView).spending?.cap).toBe(40);
    // A cap of 0 sends no search at all.
    sidebar('setSpendCap', { freshSearchesPerDay: 0 });
    await stack.service.control.resetStats();
    expect(stack.value('SEARCH_SCORE', 'nothing at all')).toBe(HELD(0));
    expect(await stack.requests()).toBe(0);
  });

  it('a scheduled tracking run stops before the cap, says so, and its batch is logged and counted as spent here', async () => {
    const keywords = ['coffee', 'tea', 'matcha', 'cold brew', 'espresso'];
    sidebar('addTrackingList', { name: 'Drinks', kind: 'keywords', items: keywords, period: 'week', fields: null });
    // A week later each keyword is a fresh search again, on a new day of the spend record.
    stack.gas.advanceClock(7 * 86_400_000);
    await stack.service.control.clock(7 * 86_400_000);
    sidebar('setSpendCap', { freshSearchesPerDay: 3 });
    sidebar('setRequestLog', true);
    await stack.service.control.resetStats();

    const [trigger] = stack.gas.triggers.filter((t) => t.eventType === 'CLOCK');
    expect(trigger).toBeDefined();
    expect(stack.gas.fireTrigger(trigger!).ok).toBe(true);
    expect(await freshCredits()).toBe(3);
    const list = (sidebar('getTracking') as { lists: { status: string; due: number; message: string }[] }).lists[0];
    expect(list).toMatchObject({ status: 'waiting', due: 2 });
    expect(list?.message).toMatch(
      /; 2 keywords wait for the next run: stopped before this spreadsheet's cap on fresh searches, which resets at 00:00 UTC\.$/,
    );
    // The sidebar counts the run's spend here, as the log does.
    const view = sidebar('getUsage') as UsageView;
    expect(view.spending?.today.freshSearches).toBe(3);
    const rows = stack.gas.spreadsheet.sheet('Search Demand log').values.slice(1);
    const run = rows.filter((row) => row[1] === 'Scheduled run: Tracking list "Drinks"');
    expect(run.reduce((n, row) => n + (row[3] as number), 0)).toBe(3);
    expect(run.reduce((n, row) => n + (row[2] as number), 0)).toBe((await stack.service.control.stats()).requests);
    // Once the sidebar has opened, the formulas count what the run spent too: the cap is reached.
    expect(stack.value('SEARCH_SCORE', 'one more keyword')).toBe(HELD(3));
    expect(await freshCredits()).toBe(3);
  });
});
