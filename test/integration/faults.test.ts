/**
 * Faults not covered elsewhere, against the built Code.js in dev/gas and dev/service: a request that
 * hangs past the 30 s limit, a cache that loses entries at random, many executions writing the same
 * (split) cache entry at once, two ranking tables sharing a sheet, and a 429 whose Retry-After is
 * longer than the time left.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GasWorkerPool, TIMEOUT_MESSAGE, mapSources, readProject, type ScriptFile } from '../../dev/gas/index.js';
import type { TablesView } from '../../src/shared/sidebar-api';
import { userRuntime } from '../../dev/stack.js';
import { answerEntries, KEY, TEST_START, liveMarks, useStack, withoutAsOf } from './stack';

const stack = useStack('a', { freshPerDay: 10_000, callsPerDay: 10_000 });

/** Cached answers, without the pending marks ("being fetched", 30 s) of executions. */
const cachedAnswers = () => answerEntries(stack);

describe('a request that hangs past the 30 s limit', () => {
  // The service holds the request 3 s real. At 20× that is 60 s of script time, twice the custom
  // function's 30 s; UrlFetchApp's own 60 s timeout is dilated too (3 s real), so Google's execution
  // limit (1.5 s real) is what ends it, as it would in Sheets.
  const HANG = { kind: 'hang' as const, ms: 3_000 };
  const SCALE = 20;

  it("ends with Google's time-out, caches nothing, and the next call is answered", async () => {
    await stack.service.control.faults([{ ...HANG, count: 1 }]);
    const hung = stack.gas.run('SEARCH_SCORE', ['coffee'], { timeScale: SCALE });
    expect(hung).toMatchObject({ ok: false, timedOut: true, error: TIMEOUT_MESSAGE });
    // Cut at the limit, not at the end of the hang: the service never answered it (a 200 is counted
    // the moment it answers; a request dropped by its client, never).
    expect((await stack.service.control.stats()).statusCounts['200']).toBeUndefined();
    expect(cachedAnswers()).toEqual([]);

    // The runtime clock (cache expiry) is not dilated, but the killed execution's own clock was: a mark
    // it wrote says "being fetched" for 30 s from its script time, which its 30 s limit may have carried
    // to nearly 30 s on (more of it the slower a loaded machine ran). A minute on, none is live, however
    // the machine ran, so nobody waits for it.
    stack.gas.advanceClock(60_000);
    expect(answerEntries(stack)).toEqual([]);
    const next = stack.run('SEARCH_SCORE', 'coffee');
    expect(next.ok).toBe(true);
    expect(typeof next.value).toBe('number');
    // It read the cache and its own mark back, and waited for no one (a wait polls the cache).
    expect(next.serviceCalls['cache.getAll']).toBe(2);
    expect(await stack.requests('/trend')).toBe(2);
  });

  it('in a range, one hanging request ends the whole execution the same way, and a recalculation fills it', async () => {
    // fetchAll waits for every response of its batch, so one hanging request holds the others' answers
    // hostage: the execution is killed with all of them unreturned and uncached. Google gives fetchAll no
    // timeout, so there is nothing the add-on could cut short (its budget stops between batches only).
    const keywords = ['espresso', 'latte', 'mocha', 'flat white', 'cortado'];
    // More than a handful of misses: the range reads what is left today first (/usage), then the five.
    await stack.service.control.faults([{ ...HANG, count: 1, path: '/trend' }]);
    const hung = stack.gas.run('SEARCH_SCORE', [keywords.map((k) => [k])], { timeScale: SCALE });
    expect(hung).toMatchObject({ ok: false, timedOut: true, error: TIMEOUT_MESSAGE });
    expect(cachedAnswers()).toEqual([]);
    const first = await stack.service.control.stats();
    expect(first.byEndpoint['/trend']).toBe(5);
    expect(first.statusCounts).toEqual({ '200': 5, '0': 1 }); // the usage read and four answered, one cut off

    stack.gas.advanceClock(30_000);
    const grid = stack.value(
      'SEARCH_SCORE',
      keywords.map((k) => [k]),
    ) as unknown[][];
    expect(grid.map((r) => typeof r[0])).toEqual(keywords.map(() => 'number'));
    const after = await stack.service.control.stats();
    expect(after.byEndpoint['/trend']).toBe(10);
    expect(after.cacheHits).toBe(4); // the service kept what it answered: no credit spent twice
  });
});

describe('a cache that loses entries at random', () => {
  /** 24 cells over 8 keywords, in different spellings, as a user's column would be. */
  const column = Array.from({ length: 24 }, (_, i) => {
    const k = ['coffee beans', 'green tea', 'oat milk', 'cold brew', 'matcha latte', 'chai', 'decaf', 'french press'][i % 8] as string;
    return i % 3 === 0 ? k.toUpperCase() : i % 3 === 1 ? `  ${k} ` : k;
  });

  /**
   * Everything a sheet would compute: per-cell scores, the same column as a range, a table, a big list;
   * each as its cells show it, its As of aside (an answer fetched again is as of its new fetch).
   */
  const computeAll = (run: (fn: string, ...args: unknown[]) => unknown) => {
    const value = (fn: string, ...args: unknown[]) => withoutAsOf(run(fn, ...args));
    return {
      cells: column.map((k) => value('SEARCH_SCORE', k)),
      range: value(
        'SEARCH_SCORE',
        column.map((k) => [k]),
      ),
      table: value(
        'SEARCH_TREND',
        column.slice(0, 8).map((k) => [k]),
      ),
      months: value(
        'SEARCH_TREND',
        column.slice(0, 8).map((k) => [k]),
        'months.volume',
      ),
      list: [1, 2, 3].map(() => value('RANKING_LIST', 'market:us')),
    };
  };

  /**
   * A runtime of `project` (default dist/) with the key saved, whose document cache misses half its reads
   * (seeded). Its items are not also removed early: that model draws a moment on the script clock, which
   * runs with real time, so under load it shifted which reads the seed dropped.
   */
  const lossyRuntime = (project?: ScriptFile[]) => {
    const gas = userRuntime(stack.service.url, project, undefined, TEST_START, undefined, { rate: 0 });
    gas.caches.document.dropRate = 0.5;
    gas.caches.document.setSeed(11);
    return {
      gas,
      value: (fn: string, ...args: unknown[]) => {
        const result = gas.run(fn, args);
        if (!result.ok) throw new Error(`${fn} failed on the cell: ${result.error}`);
        return result.value;
      },
    };
  };

  it('every value is still right (the same as with a reliable cache); only more requests are sent', async () => {
    const reliable = computeAll(stack.value);
    const reliableRequests = await stack.requests(); // each distinct answer once
    await stack.service.control.resetStats();
    expect(computeAll(stack.value)).toEqual(reliable);
    expect(await stack.requests()).toBe(0); // a recalculation is answered from the cache

    // The same sheet and its recalculation on a cache that drops half its reads: with the built
    // Code.js, and with one that splits the market list over parts (any part lost is a miss).
    for (const project of [undefined, projectWithSmallCacheValues()]) {
      const lossy = lossyRuntime(project);
      try {
        // Values equal: the service's 7-day cache repeats each answer exactly (fetch time included).
        await stack.service.control.resetStats();
        expect(computeAll(lossy.value)).toEqual(reliable);
        expect(await stack.requests()).toBeGreaterThan(reliableRequests);
        await stack.service.control.resetStats();
        expect(computeAll(lossy.value)).toEqual(reliable);
        expect(await stack.requests()).toBeGreaterThan(0);
        // Each read of the list misses with a chance of one half: if its three cells all found it, the
        // next recalculations of a cell fetch it again.
        for (let more = 0; more < 8 && (await stack.requests('/ranking/list')) === 0; more++) lossy.value('RANKING_LIST', 'market:us');
        expect(await stack.requests('/ranking/list')).toBeGreaterThan(0);
      } finally {
        lossy.gas.close();
      }
    }
    // Six passes over the sheet, each cell its own execution: a bound on a long test, not a speed claim
    // (on a loaded 2-core machine it takes about a minute).
  }, 180_000);
});

/**
 * The built project, its Code.js with the per-value cache limit lowered from 100,000 to 20,000 characters
 * (the formulas' bundle; the cells here run nothing of Server.js). A market
 * list is ~72 KB once gzipped, under one value's limit; at 20 KB it is split over 4 parts under a head,
 * which is what concurrent writers must not tear. The constant is inlined twice (the limit and the part
 * size), and `1e5` appears nowhere else; if the build changes that, this fails loudly.
 */
function projectWithSmallCacheValues(): ScriptFile[] {
  return mapSources(readProject(fileURLToPath(new URL('../../dist/Code.js', import.meta.url))), (code, name) => {
    if (name !== 'Code.js') return code;
    const uses = code.split('1e5').length - 1;
    if (uses !== 2) throw new Error(`expected the cache value limit (1e5) twice in dist/Code.js, found ${uses}`);
    return code.replaceAll('1e5', '2e4');
  });
}

describe('many executions writing the same cache entry at once', () => {
  let pool: GasWorkerPool;
  beforeAll(async () => {
    // Counts what concurrent writes of one entry cost while Google keeps every item (rate 0): an item
    // gone early is fetched again (cache-early.test.ts), which would blur the exact counts here. Script
    // time runs at a tenth of real time (timeScale 0.1): the executions waiting for the one that fetches
    // give up after 1 s of script time (lookup/pipeline.ts), and on a loaded machine one fetch of the big
    // list, split and stored, took longer than that in real time (4 s, at a quarter, beside a second test
    // run), where Google's takes a fraction of it. Lighter owners: concurrency.test.ts, at a quarter.
    pool = new GasWorkerPool({
      size: 8,
      project: projectWithSmallCacheValues(),
      startAt: TEST_START,
      cacheEarlyRemoval: { rate: 0 },
      timeScale: 0.1,
    });
    pool.properties.user.set('SDM_API_KEY', KEY);
    pool.properties.user.set('SDM_BASE_URL', stack.service.url);
    await pool.ready();
  });
  afterAll(() => pool.close());

  /** There are split answers in the pool's cache, and each has all its parts, of the head's write. */
  const splitEntriesReadable = () => {
    const c = pool.caches.document;
    const heads = c.entries().filter((e) => /~p\d+\|\w+$/.test(e.value));
    return (
      heads.length > 0 &&
      heads.every((h) => {
        const [, count, id] = /~p(\d+)\|(\w+)$/.exec(h.value) ?? [];
        return Array.from({ length: Number(count) }, (_, i) => c.peek(`${h.key}.${i}`)).every((p) => p?.startsWith(`${id}|`));
      })
    );
  };

  it('8 at a time on one keyword and one big split list: every cell right, the entry readable afterwards', async () => {
    // The reference values (this also warms the service's cache, so every answer repeats exactly).
    const score = stack.value('SEARCH_SCORE', 'concurrent coffee');
    const list = stack.value('RANKING_LIST', 'market:us');
    await stack.service.control.resetStats();
    const cells = Array.from({ length: 16 }, (_, i) =>
      i % 2
        ? pool.run('SEARCH_SCORE', [i % 4 === 1 ? ' Concurrent  COFFEE ' : 'concurrent coffee'])
        : pool.run('RANKING_LIST', ['market:us']),
    );
    const results = await Promise.all(cells);
    for (const [i, r] of results.entries()) {
      expect(r.ok, r.error).toBe(true);
      // The list as the stack showed it, as of when this pool fetched it (once: every cell the same time).
      expect(withoutAsOf(r.value)).toEqual(i % 2 ? score : withoutAsOf(list));
      expect(r.value).toEqual(i % 2 ? score : results[0]?.value);
    }
    expect((await stack.service.control.stats()).requests).toBe(2); // claimed once each
    expect(splitEntriesReadable()).toBe(true);

    await stack.service.control.resetStats();
    expect((await pool.run('RANKING_LIST', ['market:us'])).value).toEqual(results[0]?.value);
    expect((await pool.run('SEARCH_SCORE', ['concurrent coffee'])).value).toBe(score);
    expect((await stack.service.control.stats()).requests).toBe(0);
  });

  it('the same when reads miss, the marks too, so executions fetch and write the entry together', async () => {
    const score = stack.value('SEARCH_SCORE', 'locked coffee');
    const list = stack.value('RANKING_LIST', 'market:uk');
    pool.caches.document.clear();
    await stack.service.control.resetStats();
    // Reads miss 70% of the time, the "being fetched" marks too (formulas take no lock: the marks are
    // all they have). So executions miss together, fetch together and put the same split entry at once.
    pool.caches.document.dropRate = 0.7;
    pool.caches.document.setSeed(5);
    try {
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 2 ? pool.run('SEARCH_SCORE', ['locked coffee']) : pool.run('RANKING_LIST', ['market:uk']),
        ),
      );
      for (const [i, r] of results.entries()) {
        expect(r.timedOut).toBe(false);
        expect(r.ok, r.error).toBe(true);
        expect(withoutAsOf(r.value)).toEqual(i % 2 ? score : withoutAsOf(list));
      }
    } finally {
      pool.caches.document.dropRate = 0;
    }
    // The race really happened: several executions fetched (and wrote) the same list.
    expect((await stack.service.control.stats()).byEndpoint['/ranking/list']).toBeGreaterThan(1);
    expect(splitEntriesReadable()).toBe(true);
    expect(liveMarks(pool.caches.document.entries(), pool.clock.now())).toEqual([]);

    await stack.service.control.resetStats();
    expect(withoutAsOf((await pool.run('RANKING_LIST', ['market:uk'])).value)).toEqual(withoutAsOf(list));
    expect((await pool.run('SEARCH_SCORE', ['locked coffee'])).value).toBe(score);
    expect((await stack.service.control.stats()).requests).toBe(0);
  });
});

describe('two ranking tables on one sheet', () => {
  const call = (fn: string, ...args: unknown[]): TablesView => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as TablesView;
  };
  const insertAt = (a1: string, group: string, limit: number | null) => {
    stack.gas.spreadsheet.setActive('Sheet1', a1);
    return call('insertRankingTable', { group, placement: 'selection', columns: null, limit }).tables.find((t) => t.group === group);
  };
  const values = (ref: string) => stack.gas.spreadsheet.getValues(ref);
  /**
   * A table's header and rows, without its stamp (the refresh time), its rank change column and the
   * line under it (its own refresh compares them with its values before: table-moves.test.ts).
   */
  const body = (range: string) => {
    const [, header = [], ...rest] = values(range);
    const change = header.indexOf('Rank change');
    return [header, ...rest.slice(0, -1)].map((row) => row.filter((_, i) => i !== change));
  };
  const refresh = () => call('refreshTablesNow', true).tables;
  const limit = (n: number) => stack.service.control.config({ rankingListLimit: n });

  it('side by side: both refresh; one shrinking or growing never touches the other', async () => {
    await limit(10);
    const a = insertAt('B2', 'sector:health', null); // follows the list's length
    expect(a?.range).toBe("'Sheet1'!B2:I14");
    const b = insertAt('M2', 'sector:fintech', 3); // always 3 rows
    expect(b?.range).toBe("'Sheet1'!M2:T7");
    const bBody = body('Sheet1!M2:T7');

    await limit(4);
    let tables = refresh();
    expect(tables.map((t) => [t.group, t.status, t.rows])).toEqual([
      ['sector:health', 'ok', 4],
      ['sector:fintech', 'ok', 3],
    ]);
    expect(
      values('Sheet1!B9:I14')
        .flat()
        .every((v) => v === ''),
    ).toBe(true); // A cleared its own old rows
    expect(body('Sheet1!M2:T7')).toEqual(bBody);
    expect(values('Sheet1!M2')[0]?.[0]).toMatch(/^Search Demand ranking · Fintech · updated /);

    await limit(30);
    tables = refresh();
    expect(tables.map((t) => [t.group, t.status, t.rows])).toEqual([
      ['sector:health', 'ok', 30],
      ['sector:fintech', 'ok', 3],
    ]);
    expect(values('Sheet1!B33')[0]?.[0]).toBe(30);
    expect(body('Sheet1!M2:T7')).toEqual(bBody);
    expect(
      values('Sheet1!L2:L40')
        .flat()
        .every((v) => v === ''),
    ).toBe(true); // the gap column stays empty
    expect(
      values('Sheet1!M8:T40')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
  });

  it('one above the other: the upper one never grows into the lower; shrinking and growing back touch only itself', async () => {
    await limit(10);
    insertAt('B2', 'sector:health', null); // B2:I14
    const lower = insertAt('B16', 'sector:fintech', 3); // B16:I21
    expect(lower?.range).toBe("'Sheet1'!B16:I21");
    const lowerBody = body('Sheet1!B16:I21');

    await limit(20); // the upper table would need B2:I24
    let tables = refresh();
    const upper = tables.find((t) => t.group === 'sector:health');
    expect(upper).toMatchObject({ status: 'error', rows: 10 });
    expect(upper?.message).toMatch(/would grow into your data at 'Sheet1'!B15:I24, so it was not refreshed/);
    expect(tables.find((t) => t.group === 'sector:fintech')).toMatchObject({ status: 'ok', rows: 3 });
    expect(body('Sheet1!B16:I21')).toEqual(lowerBody);
    expect(
      values('Sheet1!B15:I15')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);

    await limit(4);
    tables = refresh();
    expect(tables.map((t) => [t.group, t.status, t.rows])).toEqual([
      ['sector:health', 'ok', 4],
      ['sector:fintech', 'ok', 3],
    ]);
    expect(
      values('Sheet1!B9:I15')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(body('Sheet1!B16:I21')).toEqual(lowerBody);

    await limit(11); // grows back into its own old cells and the free rows below: B2:I15
    tables = refresh();
    expect(tables.map((t) => [t.group, t.status, t.rows])).toEqual([
      ['sector:health', 'ok', 11],
      ['sector:fintech', 'ok', 3],
    ]);
    expect(values('Sheet1!B14')[0]?.[0]).toBe(11);
    expect(body('Sheet1!B16:I21')).toEqual(lowerBody);
    expect(values('Sheet1!B16')[0]?.[0]).toMatch(/^Search Demand ranking · Fintech · updated /);
  });
});

describe('a 429 whose Retry-After is longer than the time left', () => {
  it('is not waited for, and says when to retry; nothing is cached and the next call is answered', async () => {
    await stack.service.control.faults([{ kind: '429', count: 1, retryAfter: 40 }]);
    const limited = stack.run('SEARCH_SCORE', 'coffee');
    expect(limited).toMatchObject({ ok: false, timedOut: false, error: 'Too many requests to the service: retry in 40 s.' });
    expect(limited.sleptMs).toBeLessThan(40_000); // no Retry-After slept: only its marks' settle
    expect(await stack.requests()).toBe(1);
    expect(cachedAnswers()).toEqual([]);
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
  });

  it('in a range, every limited row says when to retry, a longer wait as the time it ends', async () => {
    await stack.service.control.faults([{ kind: '429', count: 3, retryAfter: 5_400 }]);
    const before = stack.gas.clock.now();
    const grid = stack.value('SEARCH_SCORE', [['tea'], [''], ['milk'], ['sugar']]) as unknown[][];
    // Retry-After counts from when it came: between the clock before and after the run, to the minute.
    const at = [before, stack.gas.clock.now()].map((t) =>
      new Date(Math.round((t + 5_400_000) / 60_000) * 60_000).toISOString().slice(11, 16),
    );
    const limited = new RegExp(`^Daily limit reached \\(API calls\\): Refresh all formulas after (${at.join('|')}) UTC\\.$`);
    expect(grid).toEqual([[expect.stringMatching(limited)], [''], [expect.stringMatching(limited)], [expect.stringMatching(limited)]]);
    expect(await stack.requests()).toBe(3);
  });

  it('while one that fits the time left is waited for once (15 s on the script clock)', async () => {
    // The wait is skipped on the script clock (the stack's runtime skips waits): no time scale, so the
    // real time of the requests counts once, not 20 times over, against the 30 s.
    await stack.service.control.faults([{ kind: '429', count: 1, retryAfter: 15 }]);
    const waited = stack.gas.run('SEARCH_SCORE', ['coffee']);
    expect(waited.ok, waited.error).toBe(true);
    expect(typeof waited.value).toBe('number');
    expect(waited.sleptMs).toBeGreaterThanOrEqual(15_000);
    expect(waited.durationMs).toBeGreaterThanOrEqual(15_000);
    expect(await stack.requests()).toBe(2);
  });
});
