/**
 * Google's cache keeps only the 900 items farthest from expiration once more than 1,000 are written
 * (dev/gas models it). Range formulas keep their answers packed, 100 to an entry, so a 1,500-keyword
 * column stays cached: recalculating it within 6 hours sends no request, and the sidebar's refresh
 * estimate, which reads the cache under the formulas' own keys, says so.
 */
import { expect, it } from 'vitest';
import type { RefreshEstimate } from '../../src/shared/sidebar-api';
import { useStack } from './stack';

// Counts requests, not time: the modelled latency would only make it slower. What the 900 items hold, so
// no item goes early here (rate 0); with items gone early, see test/integration/cache-early.test.ts.
// Filling 1,500 answers in one range passes dev/gas's assumed short-term limit (1,000 URL fetches a
// minute; Google gives no figure), which would leave the rest to a later recalculation: off here, as
// what the cache holds is what this counts (google-rules.test.ts shows what the add-on says at it).
const stack = useStack('a', {
  freshPerDay: 10_000,
  callsPerDay: 20_000,
  latency: false,
  resetBeforeEach: false,
  cacheEarlyRemoval: { rate: 0 },
  shortTimeLimits: { urlFetchShortTimeLimit: null },
});

const KEYWORDS = Array.from({ length: 1500 }, (_, i) => `capacity keyword ${i}`);

it('recalculates a 1,500-keyword column of range formulas within 6 hours with no request', async () => {
  const column = KEYWORDS.map((k) => [k]);
  const book = stack.gas.spreadsheet;
  book.addSheet('Keywords', column, { maxRows: 2000 });
  book.setFormula('Sheet1!B2', '=SEARCH_SCORE(Keywords!A1:A1500)');
  book.setFormula('Sheet1!C1', '=SEARCH_TREND(Keywords!A1:A1500)');

  const scores = stack.run('SEARCH_SCORE', column);
  expect(scores.ok, scores.error).toBe(true);
  expect((scores.value as unknown[][]).every((row) => typeof row[0] === 'number')).toBe(true);
  const table = stack.run('SEARCH_TREND', column);
  expect(table.ok, table.error).toBe(true);
  expect(table.value as unknown[][]).toHaveLength(1501); // a header, then one row per keyword
  expect(await stack.requests('/trend')).toBe(1500); // the second formula read the first one's packs
  // Far fewer items than keywords: what Google's 900 items can hold.
  expect(stack.gas.caches.document.keys().length).toBeLessThan(60);

  await stack.service.control.resetStats();
  stack.gas.advanceClock((6 * 60 - 1) * 60_000);
  const again = stack.run('SEARCH_SCORE', column);
  expect(again.value).toEqual(scores.value);
  expect(again.roundTrips).toBe(1); // one getAll, no write
  expect(stack.run('SEARCH_TREND', column).value).toEqual(table.value);
  expect(await stack.requests()).toBe(0);

  // The sidebar's estimate sees the packed answers as cached (one request for a new keyword only).
  book.setValues('Keywords!A1501', [['capacity newcomer']]);
  book.setFormula('Sheet1!D2', '=SEARCH_SCORE(Keywords!A1:A1501)');
  const estimate = stack.gas.run('estimateRefresh', [], { mode: 'sidebar' });
  expect(estimate.ok, estimate.error).toBe(true);
  expect(estimate.value as RefreshEstimate).toMatchObject({ requests: 1, freshSearches: 1, cached: 1500 });
  expect(await stack.requests()).toBe(0);
}, 120_000);
