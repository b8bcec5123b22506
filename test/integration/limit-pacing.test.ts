/**
 * A range that meets a daily limit (issue 30.1; docs/develop/how-it-works.md, "A formula sends within
 * what is left of the day's allowance"): it sends at most a handful of requests past the limit (the
 * goal: none), fills every row it can with what is left, and every other row says the same thing: when
 * it will be fetched. Knowing what is left may cost one usage read; what the service answers from its
 * 7-day cache costs no credit and is still used.
 * Counted at the local service, which refuses (429) what its daily limits do not allow.
 *
 * Both clocks start at TEST_START (12:00 UTC), so the reset at 00:00 UTC is 12 h away whenever this runs.
 */
import { describe, expect, it } from 'vitest';
import { rawAnswer, useStack } from './stack';

// Every cache item kept to its expiry: the tests count exact requests, and the limit guard is a cache entry.
const stack = useStack('a', { cacheEarlyRemoval: { rate: 0 } });

/** The most requests a document sends past a limit until it resets. */
const HANDFUL = 3;
/**
 * What a row the fresh-search limit left unfetched says, the same in every such row of a formula: which
 * limit, and after when Refresh all formulas fills it (how many more requests may still be refused is
 * the sidebar's and the docs' to say, and is counted at the service here).
 */
const WAIT_FRESH = 'Daily limit reached (fresh searches): Refresh all formulas after 00:00 UTC.';
/** Past the API calls, nothing at all is sent. */
const WAIT_CALLS = 'Daily limit reached (API calls): Refresh all formulas after 00:00 UTC.';

const column = (words: string[]) => words.map((w) => [w]);
const rows = (value: unknown) => (value as unknown[][]).map((r) => r[0]);
const isNumber = (v: unknown): v is number => typeof v === 'number';
const stats = () => stack.service.control.stats();
/** Requests the service refused for a daily limit since the last resetStats. */
const refused = async () => (await stats()).statusCounts['429'] ?? 0;
const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} keyword ${i}`);

describe('a range that meets the fresh-search limit', () => {
  it('with 238 fresh searches left, 350 new keywords fill 238 rows, none is refused, and every other row says when it is fetched', async () => {
    // The case: 12 of 250 fresh searches and 30 of 2,000 calls used today.
    await stack.service.control.limits({ freshUsed: 12, callsUsed: 30 });
    const scores = rows(stack.value('SEARCH_SCORE', column(words(350, 'new'))));
    expect(scores.slice(0, 238).every(isNumber)).toBe(true); // the rows from the top, in order
    expect(new Set(scores.slice(238))).toEqual(new Set([WAIT_FRESH]));
    expect(await refused()).toBe(0);
    expect(await stack.requests('/trend')).toBe(238);
    expect(await stack.requests('/usage')).toBe(1); // what is left, read once
    expect((await stats()).freshCredits).toBe(238);

    // Recalculating sends the handful the rows announced past the limit (to find what the service's cache
    // still answers), one each time, then nothing until the reset; the rows count them down.
    await stack.service.control.resetStats();
    for (let i = 0; i < 10; i++) {
      const again = rows(stack.value('SEARCH_SCORE', column(words(350, 'new'))));
      expect(again.slice(0, 238)).toEqual(scores.slice(0, 238));
      const sent = await refused();
      expect(sent).toBe(Math.min(i + 1, HANDFUL));
      expect(new Set(again.slice(238))).toEqual(new Set([WAIT_FRESH]));
    }
    expect(await stack.requests()).toBe(HANDFUL);
  });

  it('still uses the service’s 7-day cache: keywords it answered this week fill their rows for free', async () => {
    const all = words(350, 'mixed');
    const cached = all.filter((_, i) => i % 7 === 0); // 50, spread over the column
    for (const keyword of cached) await rawAnswer(stack.service, '/trend', { keyword }); // another account asked this week
    await stack.service.control.limits({ freshUsed: 12 });
    await stack.service.control.resetStats();

    const scores = rows(stack.value('SEARCH_SCORE', column(all)));
    const filled = scores.filter(isNumber).length;
    expect((await stats()).freshCredits).toBe(238); // every fresh search left was used
    expect(filled).toBeGreaterThanOrEqual(238 + 40); // and the cached keywords among what was sent, free
    // Sent in order until the searches ran out: the first 278 rows, 238 new keywords and 40 the service
    // had cached (each wave as large as the searches left, the cached ones leaving room for more).
    expect(scores.slice(0, 278).every(isNumber)).toBe(true);
    expect(await refused()).toBeLessThanOrEqual(HANDFUL);
    expect(new Set(scores.filter((v) => !isNumber(v)))).toEqual(new Set([WAIT_FRESH]));
  });

  it('fetches duplicates and variants once, and fills every row of a keyword it could fetch', async () => {
    await stack.service.control.limits({ freshUsed: 150 }); // 100 left
    const distinct = words(150, 'dup');
    const cells = [...distinct, ...distinct.map((k) => ` ${k.toUpperCase()} `)];
    const scores = rows(stack.value('SEARCH_SCORE', column(cells)));
    expect(await stack.requests('/trend')).toBe(100);
    expect(await refused()).toBe(0);
    for (let i = 0; i < 150; i++) expect(scores[i + 150]).toBe(scores[i]); // a keyword and its variant agree
    expect(scores.filter(isNumber)).toHaveLength(200);
    expect(new Set(scores.filter((v) => !isNumber(v)))).toEqual(new Set([WAIT_FRESH]));
  });

  it('a second range right after sends at most one request past the limit, and says the same', async () => {
    await stack.service.control.limits({ freshUsed: 240 }); // 10 left
    const first = rows(stack.value('SEARCH_SCORE', column(words(40, 'first'))));
    expect(first.filter(isNumber)).toHaveLength(10);
    expect(await refused()).toBe(0);
    await stack.service.control.resetStats();

    const second = rows(stack.value('SEARCH_SCORE', column(words(60, 'second'))));
    expect(await stack.requests('/usage')).toBe(0); // the guard knows the searches are spent
    expect(await refused()).toBe(1); // one request finds whether the service has them cached
    expect(new Set(second)).toEqual(new Set([WAIT_FRESH]));
    // A single cell of a keyword the service has cached is still answered; one it has not says the same.
    await rawAnswer(stack.service, '/trend', { keyword: 'known elsewhere' });
    expect(isNumber(stack.value('SEARCH_SCORE', 'known elsewhere'))).toBe(true);
    expect(stack.run('SEARCH_SCORE', 'never asked before').value).toBe(WAIT_FRESH);
    expect(await refused()).toBe(2);
  });
});

describe('a range that meets the API-call limit', () => {
  it('sends no more requests than calls are left, the usage read included, and says when the rest is fetched', async () => {
    await stack.service.control.limits({ callsUsed: 1_900 }); // 100 calls left
    const scores = rows(stack.value('SEARCH_SCORE', column(words(150, 'calls'))));
    expect(await stack.requests()).toBe(100); // one usage read and 99 keywords
    expect(await refused()).toBe(0);
    expect(scores.slice(0, 99).every(isNumber)).toBe(true);
    expect(new Set(scores.slice(99))).toEqual(new Set([WAIT_CALLS]));
    // Nothing at all is sent until the reset: every request would cost a call there is not.
    expect(stack.run('SEARCH_SCORE', 'one more').value).toBe(WAIT_CALLS);
    expect(await stack.requests()).toBe(100);
  });
});
