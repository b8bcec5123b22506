/**
 * Spend nothing twice: after the service refused a request for a daily limit, nothing that the same
 * limit would refuse is sent again until it resets (each refused request would still cost one of the
 * day's calls). Counted at the local service, which refuses over its configured daily limits.
 *
 * Both clocks start at TEST_START (12:00 UTC) in each test, so the reset at 00:00 UTC is 12 h away
 * whenever the tests run; one test starts them at 23:41 UTC, when the reset is minutes away.
 */
import { describe, expect, it } from 'vitest';
import { OTHER_KEY, TEST_START, startStack, useStack } from './stack';

const FRESH_PER_DAY = 3;
const CALLS_PER_DAY = 40;

const stack = useStack('a', { freshPerDay: FRESH_PER_DAY, callsPerDay: CALLS_PER_DAY });

const column = (words: string[]) => words.map((w) => [w]);
const rows = (value: unknown) => (value as unknown[][]).map((r) => r[0]);
const recalculate = (words: string[]) => rows(stack.value('SEARCH_SCORE', column(words)));

describe('the fresh-search limit', () => {
  it('holds back each refused keyword until the reset; the others are still answered, and 10 recalculations spend nothing', async () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const first = recalculate(words);
    expect(first.filter((v) => typeof v === 'number')).toHaveLength(FRESH_PER_DAY);
    const refused = first.filter((v): v is string => typeof v === 'string');
    expect(refused).toHaveLength(2);
    for (const text of refused) expect(text).toBe('Daily limit reached (fresh searches): retry after 00:00 UTC (in 12 h 0 min).');
    expect(await stack.requests()).toBe(5);

    for (let i = 0; i < 10; i++) {
      const again = recalculate(words);
      expect(again.slice(0, 3)).toEqual(first.slice(0, 3));
      for (const text of again.slice(3)) {
        expect(text).toBe(
          'Daily limit reached (fresh searches): retry after 00:00 UTC (in 12 h 0 min); this is not sent again until then, so nothing more is spent.',
        );
      }
    }
    expect(await stack.requests()).toBe(5);
    // A keyword never refused may still be in the service's 7-day cache (free): it is sent.
    stack.value('SEARCH_SCORE', 'alpha');
    expect(await stack.requests()).toBe(5);
    stack.run('SEARCH_SCORE', 'zeta');
    expect(await stack.requests()).toBe(6);
  });

  it('is per key: a key shared with the document afterwards is not held back', async () => {
    recalculate(['one', 'two', 'three', 'four']);
    expect(await stack.requests()).toBe(4);
    // A new key, saved and shared with the document in the sidebar: the refusal was the old key's.
    expect(stack.gas.run('saveApiKey', [OTHER_KEY, true], { mode: 'sidebar' }).ok).toBe(true);
    await stack.service.control.resetStats();
    stack.run('SEARCH_SCORE', column(['four']));
    expect(await stack.requests('/trend')).toBe(1);
  });

  it('expires at the reset: the next recalculation sends again', async () => {
    recalculate(['one', 'two', 'three', 'four']);
    const refused = stack.run('SEARCH_SCORE', 'four').error ?? '';
    expect(refused).toMatch(/this is not sent again until then/);
    const hours = Number(/in (\d+) h/.exec(refused)?.[1] ?? '0');
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
    expect(stack.run('SEARCH_SCORE', 'coffee').error).toBe('Daily limit reached (API calls): retry after 00:00 UTC (in 12 h 0 min).');
    expect(await stack.requests()).toBe(1);
    const grid = rows(stack.value('SEARCH_SCORE', column(['tea', 'juice', 'coffee'])));
    for (const text of grid) {
      expect(text).toBe(
        'Daily limit reached (API calls): retry after 00:00 UTC (in 12 h 0 min); no request is sent until then, so nothing more is spent.',
      );
    }
    expect(stack.run('BRAND_SCORE', 'acme-pay').error).toMatch(/no request is sent until then/);
    expect(await stack.requests()).toBe(1);
  });

  it('is armed by a /usage answer that shows every call spent, read in the sidebar (Refresh)', async () => {
    await stack.service.control.limits({ callsUsed: CALLS_PER_DAY - 1 });
    const usage = stack.gas.run('refreshUsage', [], { mode: 'sidebar' });
    expect(usage.ok, usage.error).toBe(true);
    expect(await stack.requests()).toBe(1);
    expect(stack.run('SEARCH_SCORE', 'coffee').error).toMatch(/^Daily limit reached \(API calls\): .*no request is sent until then/);
    expect(await stack.requests()).toBe(1);
  });
});

describe('near midnight', () => {
  it('says the reset is minutes away: at 23:41 UTC, "retry in 19 min"', async () => {
    const late = await startStack('a', { freshPerDay: 1, startAt: TEST_START + (11 * 60 + 41) * 60_000 });
    try {
      const [answered, refused] = rows(late.value('SEARCH_SCORE', column(['alpha', 'beta'])));
      expect(typeof answered).toBe('number');
      expect(refused).toBe('Daily limit reached (fresh searches): retry in 19 min.');
      expect(late.run('SEARCH_SCORE', 'beta').error).toBe(
        'Daily limit reached (fresh searches): retry in 19 min; this is not sent again until then, so nothing more is spent.',
      );
    } finally {
      await late.stop();
    }
  });
});
