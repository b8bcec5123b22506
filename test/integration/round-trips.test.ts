/**
 * What one cell costs in service round trips, counted exactly by dev/gas (each CacheService,
 * PropertiesService, LockService and spreadsheet call; UrlFetch apart). On Google each round trip is
 * 20–90 ms, so these counts are the hot path's speed (bench/ measures the time; tests count).
 */
import { describe, expect, it } from 'vitest';
import type { ExecutionResult } from '../../dev/gas/index.js';
import { useStack } from './stack';

// What a hit and a miss cost while their items are there: none goes early (rate 0). A hit whose items
// went early is a miss (test/integration/cache-early.test.ts).
const stack = useStack('a', { cacheEarlyRemoval: { rate: 0 } });

/** The calls that cost a round trip, by kind (handles and UrlFetch are not round trips). */
function calls(result: ExecutionResult): Record<string, number> {
  expect(result.ok, result.error).toBe(true);
  return Object.fromEntries(Object.entries(result.serviceCalls).filter(([kind]) => !/getDocument|getUser|getScript|urlfetch/.test(kind)));
}
const writes = (result: ExecutionResult) => Object.keys(calls(result)).filter((kind) => /put|set|remove|delete/i.test(kind));
const column = (words: string[]) => words.map((w) => [w]);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('a formula cell, in round trips', () => {
  it('a cache hit: one getAll and no write, for one keyword and for a range of 100', () => {
    const words = Array.from({ length: 100 }, (_, i) => `keyword ${i}`);
    stack.run('SEARCH_SCORE', column(words));
    stack.run('SEARCH_SCORE', 'single keyword');
    const single = stack.run('SEARCH_SCORE', 'single keyword');
    expect(calls(single)).toEqual({ 'cache.getAll': 1 });
    expect(single.roundTrips).toBe(1);
    expect(writes(single)).toEqual([]);
    const range = stack.run('SEARCH_SCORE', column(words));
    expect(calls(range)).toEqual({ 'cache.getAll': 1 });
    expect(range.fetchCount).toBe(0);
  });

  it("a whole answer that holds brands' slugs without their names reads the cached names in one more getAll, never a request, and no write", () => {
    stack.run('RANKING_OVERVIEW'); // what names brands, cached
    stack.run('MARKET_ANALYSIS');
    const named = stack.run('MARKET_ANALYSIS');
    expect(calls(named)).toEqual({ 'cache.getAll': 2 });
    expect(named.fetchCount).toBe(0);
    expect(writes(named)).toEqual([]);
    // Its sectors' top brands by their names where the cached overview names them.
    expect((named.value as unknown[][]).flat()).toContain('Flovim Cash');
    // An answer that names every brand it holds (a ranking list), or a part with none, reads nothing more.
    stack.run('RANKING_LIST', 'sector:fintech');
    expect(calls(stack.run('RANKING_LIST', 'sector:fintech'))).toEqual({ 'cache.getAll': 1 });
    expect(calls(stack.run('MARKET_ANALYSIS', 'universe'))).toEqual({ 'cache.getAll': 1 });
  });

  it("a miss: five round trips plus the fetch; the document's first miss six (both property stores, and its marks read back)", () => {
    const first = stack.run('SEARCH_SCORE', 'coffee');
    expect(first.roundTrips).toBe(6);
    expect(calls(first)).toEqual({ 'cache.getAll': 2, 'properties.getProperties': 2, 'cache.putAll': 2 });
    expect(first.fetchCount).toBe(1);
    const miss = stack.run('SEARCH_SCORE', 'tea');
    expect(calls(miss)).toEqual({ 'cache.getAll': 2, 'properties.getProperties': 1, 'cache.putAll': 2 });
    expect(miss.roundTrips).toBe(5);
    expect(miss.fetchCount).toBe(1);
  });

  it('a hit once the config entry is gone (6 hours after it was written, or evicted) writes it again, so the next hit is one getAll', () => {
    stack.run('SEARCH_SCORE', 'coffee'); // the document's first miss writes the config entry
    stack.gas.advanceClock(3 * HOUR);
    stack.run('SEARCH_SCORE', 'tea'); // cached until 9 h from the start, the config entry until 6 h
    stack.gas.advanceClock(3 * HOUR + MINUTE);
    const cold = stack.run('SEARCH_SCORE', 'tea');
    expect(cold.fetchCount).toBe(0);
    expect(calls(cold)).toEqual({ 'cache.getAll': 1, 'properties.getProperties': 2, 'cache.putAll': 1 });
    for (const cell of ['tea', 'tea']) {
      const hit = stack.run('SEARCH_SCORE', cell);
      expect(calls(hit)).toEqual({ 'cache.getAll': 1 });
      expect(hit.fetchCount).toBe(0);
    }
    // The same for a range formula.
    const words = column(['espresso', 'latte', 'mocha']);
    stack.run('SEARCH_SCORE', words);
    stack.gas.advanceClock(6 * HOUR - MINUTE);
    stack.gas.caches.document.drop((key) => key === 'sdm-config'); // evicted: it was written before the packs
    expect(calls(stack.run('SEARCH_SCORE', words))).toEqual({ 'cache.getAll': 1, 'properties.getProperties': 2, 'cache.putAll': 1 });
    expect(calls(stack.run('SEARCH_SCORE', words))).toEqual({ 'cache.getAll': 1 });
  });

  it('a range of misses costs the same five, with one fetchAll per batch (and one usage read first: what is left today)', () => {
    stack.run('SEARCH_SCORE', 'warm up');
    const words = Array.from({ length: 100 }, (_, i) => `fresh ${i}`);
    const range = stack.run('SEARCH_SCORE', column(words));
    expect(range.roundTrips).toBe(5);
    expect(range.serviceCalls['urlfetch.fetchAll']).toBe(2);
    expect(range.fetchCount).toBe(101);
    // Within the minute, what is left is known from that read (counted down): no usage read again.
    const next = stack.run('SEARCH_SCORE', column(words.map((w) => `${w} again`)));
    expect(next.roundTrips).toBe(5);
    expect(next.serviceCalls['urlfetch.fetchAll']).toBe(1);
    expect(next.fetchCount).toBe(100);
  });
});
