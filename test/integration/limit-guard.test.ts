/**
 * Spend nothing twice: after the service refused a request for a daily limit, nothing that the same
 * limit would refuse is sent again until it resets (each refused request would still cost one of the
 * day's calls). Counted at the local service, which refuses over its configured daily limits.
 *
 * Both clocks start at TEST_START (12:00 UTC) in each test, so the reset at 00:00 UTC is 12 h away
 * whenever the tests run; one test starts them at 23:41 UTC, when the reset is minutes away.
 */
import { describe, expect, it } from 'vitest';
import { COLLABORATOR, KEY, OTHER_KEY, ownerAndCollaborator, TEST_START, startStack, useStack } from './stack';

const FRESH_PER_DAY = 3;
const CALLS_PER_DAY = 40;

const stack = useStack('a', { freshPerDay: FRESH_PER_DAY, callsPerDay: CALLS_PER_DAY });

const column = (words: string[]) => words.map((w) => [w]);
const rows = (value: unknown) => (value as unknown[][]).map((r) => r[0]);
const recalculate = (words: string[]) => rows(stack.value('SEARCH_SCORE', column(words)));

/**
 * What every row a daily limit leaves unfetched says (test/integration/limit-pacing.test.ts covers ranges):
 * which limit, and after when Refresh all formulas fills it, in at most 90 characters. What is still
 * sent until then (nothing, or a handful of requests the limit may refuse) is counted at the service.
 */
const WAIT = (which: string, when = 'after 00:00 UTC') => `Daily limit reached (${which}): Refresh all formulas ${when}.`;

describe('the fresh-search limit', () => {
  it('sends no keyword twice after the limit: 10 recalculations send at most a handful, none refused before, and the others stay answered', async () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const first = recalculate(words);
    expect(first.filter((v) => typeof v === 'number')).toHaveLength(FRESH_PER_DAY);
    const waiting = first.filter((v): v is string => typeof v === 'string');
    expect(waiting).toHaveLength(2);
    for (const text of waiting) expect(text).toBe(WAIT('fresh searches'));
    // More than a handful to send: what is left is read first (one usage read), and only that is sent.
    expect(await stack.requests('/trend')).toBe(FRESH_PER_DAY);
    expect(await stack.requests('/usage')).toBe(1);

    for (let i = 0; i < 10; i++) {
      const again = recalculate(words);
      expect(again.slice(0, 3)).toEqual(first.slice(0, 3));
      // How many more may be refused counts down (the last describe below follows it exactly).
      for (const text of again.slice(3))
        expect(text).toMatch(/^Daily limit reached \(fresh searches\): Refresh all formulas after 00:00 UTC\.$/);
    }
    // The two unfetched keywords may each be asked once (the service's 7-day cache might answer them,
    // free); once refused, never again. Nothing else is sent.
    const { byQuery } = await stack.service.control.stats();
    expect(Math.max(...Object.values(byQuery))).toBe(1);
    expect(await stack.requests()).toBeLessThanOrEqual(FRESH_PER_DAY + 1 + 2);
    const sent = await stack.requests();
    // A keyword never refused may still be in the service's 7-day cache (free): it is sent, within the handful.
    stack.value('SEARCH_SCORE', 'alpha');
    expect(await stack.requests()).toBe(sent);
    stack.run('SEARCH_SCORE', 'zeta');
    expect(await stack.requests()).toBeLessThanOrEqual(sent + 1);
  });

  it('paces a range by a usage read the sidebar made a moment before: the range reads none of its own', async () => {
    const usage = stack.gas.run('refreshUsage', [], { mode: 'sidebar' });
    expect(usage.ok, usage.error).toBe(true);
    const first = recalculate(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
    expect(first.filter((v) => typeof v === 'number')).toHaveLength(FRESH_PER_DAY);
    for (const text of first.slice(FRESH_PER_DAY)) expect(text).toBe(WAIT('fresh searches'));
    expect(await stack.requests('/usage')).toBe(1); // the sidebar's
    expect(await stack.requests('/trend')).toBe(FRESH_PER_DAY);
  });

  it('is per key: a key shared with the document afterwards is not held back', async () => {
    recalculate(['one', 'two', 'three', 'four']);
    expect(await stack.requests()).toBe(4); // a usage read, and the three searches left
    // A new key, saved and shared with the document in the sidebar: the refusal was the old key's.
    expect(stack.gas.run('saveApiKey', [OTHER_KEY, true], { mode: 'sidebar' }).ok).toBe(true);
    await stack.service.control.resetStats();
    stack.run('SEARCH_SCORE', column(['four']));
    expect(await stack.requests('/trend')).toBe(1);
  });

  it('expires at the reset: the next recalculation sends again', async () => {
    recalculate(['one', 'two', 'three', 'four']);
    const refused = stack.run('SEARCH_SCORE', 'four').value as string; // the limit's words are the cell's value
    expect(refused).toBe(WAIT('fresh searches')); // 'four' refused: 2 more may be
    const hours = 12; // from TEST_START (12:00 UTC) to the reset the row names
    const sentBefore = stack.gas.fetchLog.length;
    stack.gas.advanceClock((hours + 1) * 3_600_000);
    await stack.service.control.clock((hours + 1) * 3_600_000);
    expect(typeof stack.value('SEARCH_SCORE', 'four')).toBe('number');
    expect(stack.gas.fetchLog.slice(sentBefore).map((f) => f.url)).toEqual([expect.stringContaining('keyword=four')]);
  });
});

describe('the API-call limit', () => {
  it('after one refusal sends no request at all, for any keyword, until the reset', async () => {
    await stack.service.control.limits({ callsUsed: CALLS_PER_DAY });
    expect(stack.run('SEARCH_SCORE', 'coffee').value).toBe(WAIT('API calls'));
    expect(await stack.requests()).toBe(1);
    const grid = rows(stack.value('SEARCH_SCORE', column(['tea', 'juice', 'coffee'])));
    for (const text of grid) expect(text).toBe(WAIT('API calls'));
    expect(stack.run('BRAND_SCORE', 'acme-pay').value).toBe(WAIT('API calls'));
    expect(await stack.requests()).toBe(1);
  });

  it('is armed by a /usage answer that shows every call spent, read in the sidebar (Refresh)', async () => {
    await stack.service.control.limits({ callsUsed: CALLS_PER_DAY - 1 });
    const usage = stack.gas.run('refreshUsage', [], { mode: 'sidebar' });
    expect(usage.ok, usage.error).toBe(true);
    expect(await stack.requests()).toBe(1);
    expect(stack.run('SEARCH_SCORE', 'coffee').value).toBe(WAIT('API calls'));
    expect(await stack.requests()).toBe(1);
  });
});

describe("another key's usage read in the sidebar", () => {
  it("keeps the holds of the key the formulas pay with: a collaborator's Refresh does not let them send again", async () => {
    // Every cache item kept to its expiry: the test counts exact requests, and the hold is a cache entry.
    const gas = ownerAndCollaborator(stack, { cacheEarlyRemoval: { rate: 0 } });
    await stack.service.control.limits({ key: KEY, callsUsed: CALLS_PER_DAY });
    expect(stack.run('SEARCH_SCORE', 'coffee').value).toBe(WAIT('API calls'));
    expect(await stack.requests()).toBe(1);
    // The collaborator's own key has calls left; reading its usage must not drop the owner's key's hold.
    const theirs = gas.run('refreshUsage', [], { mode: 'sidebar', user: COLLABORATOR });
    expect(theirs.ok, theirs.error).toBe(true);
    expect(await stack.requests()).toBe(2);
    expect(stack.run('SEARCH_SCORE', 'tea').value).toBe(WAIT('API calls'));
    expect(await stack.requests()).toBe(2);
  });
});

describe('near midnight', () => {
  it('says the reset minutes away as every reset: at 23:41 UTC, "after 00:00 UTC"', async () => {
    const late = await startStack('a', { freshPerDay: 1, startAt: TEST_START + (11 * 60 + 41) * 60_000 });
    try {
      const [answered, refused] = rows(late.value('SEARCH_SCORE', column(['alpha', 'beta'])));
      expect(typeof answered).toBe('number');
      expect(refused).toBe(WAIT('fresh searches'));
      expect(late.run('SEARCH_SCORE', 'beta').value).toBe(WAIT('fresh searches'));
    } finally {
      await late.stop();
    }
  });
});

describe('what a limit row says is still sent', () => {
  // Every cache item kept to its expiry: the test counts exact requests, and the guard is a cache entry.
  const exact = useStack('a', { freshPerDay: FRESH_PER_DAY, callsPerDay: CALLS_PER_DAY, cacheEarlyRemoval: { rate: 0 } });
  const again = (words: string[]) => {
    const value = exact.value('SEARCH_SCORE', column(words));
    return Array.isArray(value) ? rows(value) : [value]; // one row: Sheets shows a single value
  };

  it('is what later recalculations send: one refused request each while the row says more may go, then nothing', async () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const first = again(words);
    expect(first.slice(0, 3).every((v) => typeof v === 'number')).toBe(true);
    // The searches ran out within this lookup: up to 3 requests may still look for cached keywords.
    expect(first.slice(3)).toEqual([WAIT('fresh searches'), WAIT('fresh searches')]);
    expect(await exact.requests()).toBe(FRESH_PER_DAY + 1); // the usage read, and the searches left
    const steps: { says: unknown[]; sent: number }[] = [];
    for (const list of [words, words, words, ['zeta'], ['eta', 'theta'], words]) {
      const before = await exact.requests();
      steps.push({ says: again(list).filter((v) => typeof v === 'string'), sent: (await exact.requests()) - before });
    }
    const says = (probes: number, n = 2) => Array<string>(n).fill(WAIT('fresh searches'));
    expect(steps).toEqual([
      { says: says(2), sent: 1 }, // one keyword asked (refused): 2 more may be
      { says: says(1), sent: 1 }, // the other (refused): 1 more may be
      { says: says(1), sent: 0 }, // both refused already: not asked again; another keyword still may be
      { says: says(0, 1), sent: 1 }, // a new keyword, refused: the third, so nothing more is sent
      { says: says(0), sent: 0 },
      { says: says(0), sent: 0 },
    ]);
    // What the rows promised: 3 refusals past the limit, each one API call, and nothing else.
    expect(await exact.requests('/trend')).toBe(FRESH_PER_DAY + 3);
    expect(await exact.requests('/usage')).toBe(1);
  });
});
