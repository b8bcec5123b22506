/**
 * Sheets evaluates many cells at once. Executions in parallel worker threads share one document cache
 * and lock, like Sheets' executions: a keyword repeated across concurrent cells is fetched once.
 *
 * Script time runs at a quarter of real time (timeScale 0.25), as in faults.test.ts. The marks protocol
 * has two windows measured on the script's clock (lookup/pipeline.ts): an execution reads its marks back
 * as long after they landed as its own cache read and marking took, and waits for another's answer at
 * most a second. On a loaded machine a worker thread can pause between its cache read and its marks, or
 * the one fetching can take more than a second of real time, where Google's servers take a fraction of
 * it: then two executions each found their own mark, or gave up waiting, and both fetched (the column
 * below was once fetched twice, with two usage reads, beside a second test run). Slowed script time keeps
 * those windows wider than any such pause, so the counts below hold on a busy machine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GasWorkerPool } from '../../dev/gas/index.js';
import { startService, type ServiceHandle } from '../../dev/service/harness.js';
import { KEY, TEST_START, liveMarks } from './stack';

let service: ServiceHandle;
let pool: GasWorkerPool;
beforeAll(async () => {
  service = await startService({ keys: [KEY], latencyFreshMs: 200, latencyCachedMs: 20, startAt: TEST_START });
  // These count what the marks save while Google keeps them: no item goes early (rate 0). With marks
  // gone early, the last test below.
  pool = new GasWorkerPool({ size: 8, startAt: TEST_START, cacheEarlyRemoval: { rate: 0 }, timeScale: 0.25 });
  pool.properties.user.set('SDM_API_KEY', KEY);
  pool.properties.user.set('SDM_BASE_URL', service.url);
});
afterAll(async () => {
  await pool.close();
  await service.stop();
});

it('fetches each keyword once when 48 cells over 12 keywords run 8 at a time', async () => {
  const keywords = Array.from({ length: 12 }, (_, i) => `concurrent keyword ${i}`);
  const cells = Array.from({ length: 48 }, (_, i) => {
    const k = keywords[i % 12] as string;
    return i % 2 ? k.toUpperCase() : ` ${k} `;
  });
  const results = await Promise.all(cells.map((k) => pool.run('SEARCH_SCORE', [k])));
  expect(results.every((r) => r.ok && typeof r.value === 'number')).toBe(true);
  // The same keyword shows the same score in every cell.
  for (let i = 12; i < 48; i++) expect(results[i]?.value).toBe(results[i % 12]?.value);
  expect((await service.control.stats()).requests).toBe(12);
  // No pending marks are left behind.
  expect(liveMarks(pool.caches.document.entries(), pool.clock.now())).toEqual([]);
});

it('fetches once when eight executions start on the same keyword at the same moment', async () => {
  await pool.ready();
  await service.control.resetStats();
  const results = await Promise.all(Array.from({ length: 8 }, () => pool.run('SEARCH_SCORE', ['simultaneous'])));
  expect(new Set(results.map((r) => r.value)).size).toBe(1);
  expect(typeof results[0]?.value).toBe('number');
  expect((await service.control.stats()).requests).toBe(1);
});

it("fetches a column once when range formulas over it start together on a fresh document (the document's first miss)", async () => {
  // A fresh document: no config entry, no answers. Four range formulas over the same keywords (three
  // over the column as typed, one over case and space variants of it) are calculated together, as
  // Sheets does when a sheet opens; each keyword must cost one request, not one per formula.
  await pool.ready();
  pool.caches.document.clear();
  await service.control.resetStats();
  const keywords = Array.from({ length: 30 }, (_, i) => `fresh column keyword ${i}`);
  const column = keywords.map((k) => [k]);
  const results = await Promise.all([
    pool.run('SEARCH_SCORE', [column]),
    pool.run('SEARCH_SCORE', [column]),
    pool.run('SEARCH_SCORE', [keywords.map((k) => [` ${k.toUpperCase()} `])]),
    pool.run('SEARCH_SCORE', [column]),
  ]);
  for (const r of results) {
    expect(r.ok, r.error).toBe(true);
    expect(r.value).toEqual(results[0]?.value);
  }
  expect((results[0]?.value as unknown[][]).every(([v]) => typeof v === 'number')).toBe(true);
  const { byEndpoint, freshCredits } = await service.control.stats();
  expect(byEndpoint['/trend']).toBe(30);
  expect(freshCredits).toBe(30); // no credit spent twice
  expect(byEndpoint['/usage']).toBe(1); // the one formula that fetched read what is left today first
  expect(liveMarks(pool.caches.document.entries(), pool.clock.now())).toEqual([]);
});

it('with every mark gone as soon as it is written (expiry is only a suggestion), eight executions at once each fetch once and show the same answer', async () => {
  // Google: "cached data may be removed before this time". A mark gone early cannot stop another
  // execution: each fetches the keyword itself, once (no retry, no wait for a mark it cannot see).
  await pool.ready();
  const store = pool.caches.document;
  const before = store.earlyRemoval;
  store.earlyRemoval = { ...before, rate: 1, notBeforeMs: 0, withinMs: 0 };
  try {
    await service.control.resetStats();
    const results = await Promise.all(Array.from({ length: 8 }, () => pool.run('SEARCH_SCORE', ['marks gone early'])));
    expect(results.every((r) => r.ok && typeof r.value === 'number')).toBe(true);
    expect(new Set(results.map((r) => r.value)).size).toBe(1);
    expect((await service.control.stats()).requests).toBe(8);
  } finally {
    store.earlyRemoval = before;
  }
});
