/**
 * Cache expiry is only a suggestion (issue 31.1). Google: "The specified expiration time is only a
 * suggestion; cached data may be removed before this time." dev/gas removes a share of the items before
 * their expiry (cache.ts, earlyRemoval; seeded, so each run loses the same ones). Whatever goes, the
 * add-on's promises hold: a lost item refetches what it held and only that, no formula fails, and
 * nothing costs a fresh search twice (the service answers what it gave within 7 days from its cache,
 * free). Counted at the local service.
 */
import { describe, expect, it } from 'vitest';
import { answerEntries, useStack, withoutAsOf } from './stack';

const HOUR = 3_600_000;
const isNumber = (v: unknown): v is number => typeof v === 'number';
const rows = (value: unknown) => (value as unknown[][]).map((r) => r[0]);
const column = (words: string[]) => words.map((w) => [w]);
const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} keyword ${i}`);

describe('half of the items gone early (seeded), each at a moment of its life', () => {
  // What going early costs is counted here, not Google's short-term limits: a 1,000-keyword range sends
  // 1,001 requests (past dev/gas's assumed 1,000 a minute), and with latency off per-cell formulas start
  // faster than any sheet starts them. Both limits are off; google-rules.test.ts tests them.
  const stack = useStack('a', {
    freshPerDay: 10_000,
    callsPerDay: 20_000,
    latency: false,
    cacheEarlyRemoval: { rate: 0.5, notBeforeMs: 0, seed: 7 },
    shortTimeLimits: { urlFetchShortTimeLimit: null, executionStartLimit: null },
  });
  /** The answers' items (a query's own entry, or a pack of 100) live in the document cache now. */
  const items = () => new Set(answerEntries(stack).map((e) => e.key));

  it('a range refetches exactly what its lost packs held, every row right, no fresh search spent twice', async () => {
    const keywords = column(words(1_000, 'packed'));
    const first = rows(stack.value('SEARCH_SCORE', keywords));
    expect(first.every(isNumber)).toBe(true);
    const packs = [...items()].filter((key) => key.startsWith('sdm|g|'));
    expect(packs).toHaveLength(10);

    stack.gas.advanceClock(6 * HOUR - 60_000); // the latest recalculation within the 6 hours
    const lost = packs.filter((key) => !items().has(key)).length;
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(10);
    await stack.service.control.resetStats();
    expect(rows(stack.value('SEARCH_SCORE', keywords))).toEqual(first);
    const stats = await stack.service.control.stats();
    expect(stats.byEndpoint['/trend']).toBe(lost * 100); // a pack holds 100 answers: those, and only those
    expect(stats.freshCredits).toBe(0); // the service had them in its 7-day cache
    expect(stats.byEndpoint['/usage'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('per-cell formulas refetch each answer that went, once, and none that stayed', async () => {
    const keywords = words(200, 'cell');
    const first = keywords.map((k) => stack.value('SEARCH_SCORE', k));
    const kept = items();
    stack.gas.advanceClock(3 * HOUR);
    const lost = [...kept].filter((key) => !items().has(key)).length;
    expect(lost).toBeGreaterThan(0);
    await stack.service.control.resetStats();
    expect(keywords.map((k) => stack.value('SEARCH_SCORE', k))).toEqual(first);
    const stats = await stack.service.control.stats();
    expect(stats.byEndpoint['/trend']).toBe(lost);
    expect(stats.freshCredits).toBe(0);
  });
});

describe('every item gone as soon as it is written', () => {
  const stack = useStack('a', {
    freshPerDay: 10_000,
    callsPerDay: 20_000,
    latency: false,
    cacheEarlyRemoval: { rate: 1, notBeforeMs: 0, withinMs: 0 },
  });

  it('no formula fails: marks, config entry, packs and split answers all gone, each recalculation fetches again, free', async () => {
    const keywords = words(30, 'gone');
    // What the cells show, each answer as of its own fetch aside (every one is fetched again).
    const sheet = () => ({
      cells: keywords.slice(0, 5).map((k) => stack.value('SEARCH_SCORE', k)),
      range: stack.value('SEARCH_SCORE', column(keywords)),
      table: withoutAsOf(stack.value('SEARCH_TREND', column(keywords.slice(0, 8)))),
      list: withoutAsOf(stack.value('RANKING_LIST', 'market:us')), // over 100 KB: split over several items
    });
    const first = sheet();
    expect(rows(first.range).every(isNumber)).toBe(true);
    for (let i = 0; i < 2; i++) {
      await stack.service.control.resetStats();
      expect(sheet()).toEqual(first);
      const stats = await stack.service.control.stats();
      expect(stats.freshCredits).toBe(0);
      expect(stats.byEndpoint['/trend']).toBe(5 + 30 + 8);
      expect(stats.byEndpoint['/ranking/list']).toBe(1);
    }
  });
});

describe('at the fresh-search limit', () => {
  const stack = useStack('a', { freshPerDay: 120, latency: false, cacheEarlyRemoval: { rate: 0 } });
  const refused = async () => (await stack.service.control.stats()).statusCounts['429'] ?? 0;

  it('a pack gone early is fetched again from the service’s cache, free, though no search is left: the guard gone too, the same', async () => {
    const keywords = column(words(100, 'limit'));
    const first = rows(stack.value('SEARCH_SCORE', keywords));
    expect(first.every(isNumber)).toBe(true);
    // Another range spends the 20 searches left; 10 of its keywords wait for the reset.
    expect(rows(stack.value('SEARCH_SCORE', column(words(30, 'other')))).filter(isNumber)).toHaveLength(20);

    for (const alsoTheGuard of [false, true]) {
      // Gone early (dev/gas drops exactly these, as Google may): the first range's pack, and the guard.
      const gone = stack.gas.caches.document.drop((key) => key.startsWith('sdm|g|') || (alsoTheGuard && key === 'sdm-guard'));
      expect(gone).toBeGreaterThan(0);
      await stack.service.control.resetStats();
      expect(rows(stack.value('SEARCH_SCORE', keywords))).toEqual(first);
      const stats = await stack.service.control.stats();
      expect(stats.byEndpoint['/trend']).toBe(100);
      expect(stats.freshCredits).toBe(0);
      expect(await refused()).toBe(0);
      // What is left today is kept a minute (the limit guard): gone early, it is read again, once.
      expect(stats.byEndpoint['/usage'] ?? 0).toBe(alsoTheGuard ? 1 : 0);
    }
  });
});
