import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LATENCY as D,
  GasWorkerPool,
  SIMULTANEOUS_EXECUTIONS_MESSAGE,
  type CacheStore,
  type PoolExecutionResult,
  type PropertyStore,
} from '../../../../dev/gas/index.js';
import { startServer, type TestServer } from '../http-server.js';

const CODE = String.raw`
function SLEEP(ms) { Utilities.sleep(ms); return ms; }
function PUT(key, value, seconds) { CacheService.getDocumentCache().put(key, value, seconds || 600); return 'ok'; }
function PUT_THEN_SLEEP(key, value, ms) { CacheService.getDocumentCache().put(key, value); Utilities.sleep(ms); return 'ok'; }
function GET(key) { var v = CacheService.getDocumentCache().get(key); return v === null ? '(null)' : v; }
function WAIT_FOR(key, ms) {
  var c = CacheService.getDocumentCache(), until = Date.now() + ms;
  for (;;) { var v = c.get(key); if (v !== null) return v; if (Date.now() > until) return '(timeout)'; Utilities.sleep(5); }
}
function PUT_ALL(n) { var o = {}; for (var i = 0; i < n; i++) o['k' + i] = 'v' + i; CacheService.getDocumentCache().putAll(o); return n; }
function GET_ALL(n) { var ks = []; for (var i = 0; i < n; i++) ks.push('k' + i); return Object.keys(CacheService.getDocumentCache().getAll(ks)).length; }
// Each of n executions says it is here, then waits (at most ms) until all n are: how many it saw at once.
function ARRIVE(i, n, ms) {
  var c = CacheService.getDocumentCache(), ks = [], until = Date.now() + ms, seen = 0;
  for (var j = 0; j < n; j++) ks.push('here' + j);
  c.put('here' + i, 'yes');
  while ((seen = Object.keys(c.getAll(ks)).length) < n && Date.now() < until) Utilities.sleep(5);
  return seen;
}
function PROP(key) { var v = PropertiesService.getDocumentProperties().getProperty(key); return v === null ? '(null)' : v; }
function SET_PROP(key, value) { PropertiesService.getDocumentProperties().setProperty(key, value); return 'set'; }
function SET_IN_CELL() { try { PropertiesService.getDocumentProperties().setProperty('a', 'b'); return 'no'; } catch (e) { return e.message; } }
function INCREMENT(useLock, pauseMs) {
  var lock = LockService.getDocumentLock();
  if (useLock) lock.waitLock(20000);
  var props = PropertiesService.getDocumentProperties();
  var n = Number(props.getProperty('counter') || '0');
  Utilities.sleep(pauseMs);
  props.setProperty('counter', String(n + 1));
  if (useLock) lock.releaseLock();
  return n + 1;
}
// Reads the counter, waits until all n executions have read it, then writes it plus one: no lock, so all
// n read the same value and every increment but one is lost, whatever the machine's speed.
function RACE_INCREMENT(i, n) {
  var props = PropertiesService.getDocumentProperties(), c = CacheService.getDocumentCache(), ks = [];
  var v = Number(props.getProperty('counter') || '0');
  for (var j = 0; j < n; j++) ks.push('read' + j);
  c.put('read' + i, 'yes');
  while (Object.keys(c.getAll(ks)).length < n) Utilities.sleep(5);
  props.setProperty('counter', String(v + 1));
  return v + 1;
}
function HOLD_UNTIL(scope, key) {
  var lock = scope === 'script' ? LockService.getScriptLock() : LockService.getDocumentLock();
  var c = CacheService.getDocumentCache();
  lock.waitLock(5000);
  while (c.get(key) === null) Utilities.sleep(5);
  c.put('holder done', 'yes');
  return lock.hasLock();   // never released: the hold must end with the execution
}
function TRY_AFTER(scope, ms) {
  var lock = scope === 'script' ? LockService.getScriptLock() : LockService.getDocumentLock();
  var c = CacheService.getDocumentCache();
  c.put('waiting', 'yes');
  var got = lock.tryLock(ms), after = c.get('holder done');
  if (got) lock.releaseLock();
  return [[got, after === 'yes']];
}
function HOLD(scope, ms) {
  var lock = scope === 'script' ? LockService.getScriptLock() : LockService.getDocumentLock();
  lock.waitLock(5000);
  Utilities.sleep(ms);
  return lock.hasLock();   // never released: the hold must end with the execution
}
function TRY(scope, ms) {
  var lock = scope === 'script' ? LockService.getScriptLock() : LockService.getDocumentLock();
  var got = lock.tryLock(ms);
  if (got) lock.releaseLock();
  return [[got]];
}
function FETCH_ALL(base, i) {
  var rs = UrlFetchApp.fetchAll([base + '/slow?ms=200', base + '/ok?q=' + i, { url: base + '/echo', method: 'post', payload: 'n=' + i }]);
  return [[rs[0].getContentText(), JSON.parse(rs[1].getContentText()).q, JSON.parse(rs[2].getContentText()).body]];
}
function LOG(x) { Logger.log('log %s', x); return x; }
`;

const values = (rs: PoolExecutionResult[]): unknown[] => rs.map((r) => r.value);

describe('GasWorkerPool', () => {
  let pool: GasWorkerPool;

  beforeAll(async () => {
    pool = new GasWorkerPool({ size: 20, code: CODE });
    await pool.ready();
  });
  afterAll(async () => {
    await pool.close();
  });
  beforeEach(() => {
    for (const c of Object.values(pool.caches) as CacheStore[]) {
      c.clear();
      c.dropRate = 0;
    }
    for (const p of Object.values(pool.properties) as PropertyStore[]) p.clear();
  });

  it('runs executions in parallel, each on its own worker with its own execution id', async () => {
    pool.peakRunning = 0;
    // Each waits until all 20 have arrived: one after another, the first would never see the others.
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => pool.run('ARRIVE', [i, 20, 25_000])));
    expect(values(rs)).toEqual(Array(20).fill(20));
    expect(pool.peakRunning).toBe(20);
    expect(new Set(rs.map((r) => r.worker)).size).toBe(20);
    expect(new Set(rs.map((r) => r.executionId)).size).toBe(20);
  });

  it('queues executions beyond the pool size', async () => {
    const small = new GasWorkerPool({ size: 2, code: CODE });
    try {
      const rs = await Promise.all(Array.from({ length: 6 }, () => small.run('SLEEP', [100])));
      expect(values(rs)).toEqual([100, 100, 100, 100, 100, 100]);
      expect(small.peakRunning).toBe(2); // never more than the two workers at once: the rest waited their turn
      expect(new Set(rs.map((r) => r.worker))).toEqual(new Set([0, 1]));
    } finally {
      await small.close();
    }
  });

  it('shares one cache: a value put by one worker is read by another while the first still runs', async () => {
    const writer = pool.run('PUT_THEN_SLEEP', ['shared', 'from A', 300]);
    const reader = pool.run('WAIT_FOR', ['shared', 25_000]);
    const [a, b] = await Promise.all([writer, reader]);
    expect(a.worker).not.toBe(b.worker);
    expect(b.value).toBe('from A');
    expect(pool.caches.document.peek('shared')).toBe('from A');
  });

  it('lets the test inspect and set the shared caches, dropRate included', async () => {
    pool.caches.document.seed('seeded', 'by the test');
    expect((await pool.run('GET', ['seeded'])).value).toBe('by the test');
    await pool.run('PUT_ALL', [50]);
    expect(pool.caches.document.keys()).toHaveLength(51);
    expect((await pool.run('GET_ALL', [50])).value).toBe(50);
    pool.caches.document.dropRate = 1;
    expect((await pool.run('GET', ['seeded'])).value).toBe('(null)');
    expect(pool.caches.document.peek('seeded')).toBe('by the test');
  });

  it('draws which items go early on the pool side, for every worker (the pool cache’s earlyRemoval)', async () => {
    const store = pool.caches.document;
    const before = store.earlyRemoval;
    store.earlyRemoval = { ...before, rate: 1, notBeforeMs: 0, withinMs: 0 };
    try {
      expect((await pool.run('PUT', ['early', 'gone'])).value).toBe('ok');
      expect((await pool.run('GET', ['early'])).value).toBe('(null)');
      expect(store.keys()).not.toContain('early');
    } finally {
      store.earlyRemoval = before;
    }
  });

  it('expires entries on one clock shared by the pool and every worker', async () => {
    await pool.run('PUT', ['short', 'lived', 10]);
    expect((await pool.run('GET', ['short'])).value).toBe('lived');
    pool.advanceClock(9_000);
    expect((await pool.run('GET', ['short'])).value).toBe('lived');
    pool.advanceClock(2_000);
    expect((await pool.run('GET', ['short'])).value).toBe('(null)');
    expect(pool.caches.document.keys()).not.toContain('short');
  });

  it('shares properties, still read-only in custom functions', async () => {
    pool.properties.document.set('from-test', 'x');
    expect((await pool.run('PROP', ['from-test'])).value).toBe('x');
    await pool.run('SET_PROP', ['from-menu', 'y'], { mode: 'menu' });
    expect(pool.properties.document.get('from-menu')).toBe('y');
    expect((await pool.run('PROP', ['from-menu'])).value).toBe('y');
    expect((await pool.run('SET_IN_CELL')).value).toBe('You do not have permission to call setProperty');
  });

  it('never loses a concurrent setProperty of another key (each write is one atomic change)', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => pool.run('SET_PROP', [`key${i}`, String(i)], { mode: 'menu' })));
    expect(Object.keys(pool.properties.document.snapshot())).toHaveLength(20);
  });

  it('excludes across workers with the document lock: 10 locked increments make 10', async () => {
    const rs = await Promise.all(Array.from({ length: 10 }, () => pool.run('INCREMENT', [true, 20], { mode: 'menu' })));
    expect(rs.every((r) => r.ok)).toBe(true);
    expect(pool.properties.document.get('counter')).toBe('10');
    expect(values(rs).sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pool.locks.holder('document')).toBeUndefined();
  });

  it('races without the lock (the same increments lose updates)', async () => {
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => pool.run('RACE_INCREMENT', [i, 10], { mode: 'menu' })));
    expect(rs.every((r) => r.ok)).toBe(true);
    // All ten read 0 before any wrote: nine increments lost.
    expect(values(rs)).toEqual(Array(10).fill(1));
    expect(pool.properties.document.get('counter')).toBe('1');
  });

  it('makes another worker wait while a lock is held, and frees an unreleased lock when its execution ends', async () => {
    const holder = pool.run('HOLD_UNTIL', ['script', 'go'], { mode: 'menu' });
    // Until the worker has really taken the lock (a loaded machine may start it late).
    await expect.poll(() => pool.locks.holder('script'), { timeout: 30_000 }).toMatch(/^execution:\d+$/);
    const holding = pool.locks.holder('script');
    const [[gotNow]] = (await pool.run('TRY', ['script', 0], { mode: 'menu' })).value as [[boolean]];
    expect(gotNow).toBe(false);
    const waiter = pool.run('TRY_AFTER', ['script', 60_000], { mode: 'menu' });
    await expect.poll(() => pool.caches.document.peek('waiting'), { timeout: 30_000 }).toBe('yes');
    pool.caches.document.seed('go', 'now'); // the holder ends, its lock unreleased
    const held = await holder;
    expect(held.value).toBe(true);
    // Its execution no longer holds it (the waiter may hold it already: it takes the lock the moment it is free).
    expect(holding).toBe(`execution:${held.executionId}`);
    expect(pool.locks.holder('script')).not.toBe(holding);
    // The waiter got it, and only once the holder's execution had ended (it saw what the holder wrote last).
    const [[gotLater, afterHolder]] = (await waiter).value as [[boolean, boolean]];
    expect(gotLater).toBe(true);
    expect(afterHolder).toBe(true);
  });

  it('lets the test hold a lock externally against the workers', async () => {
    pool.locks.holdExternally('document', 60_000);
    try {
      const [[got]] = (await pool.run('TRY', ['document', 100], { mode: 'menu' })).value as [[boolean]];
      expect(got).toBe(false);
    } finally {
      pool.locks.releaseExternal('document');
    }
    const [[gotAfter]] = (await pool.run('TRY', ['document', 100], { mode: 'menu' })).value as [[boolean]];
    expect(gotAfter).toBe(true);
  });

  it('reports each execution’s service calls and modelled time, in every mode', async () => {
    const get = await pool.run('GET', ['nothing']);
    expect(get).toMatchObject({ ok: true, roundTrips: 1, fetchCalls: 0, modelledMs: D.startup + D.handle + D.cacheGet });
    expect(get.serviceCalls).toEqual({ 'cache.getDocumentCache': 1, 'cache.get': 1 });
    expect(get.durationMs).toBeGreaterThanOrEqual(D.startup + D.handle + D.cacheGet);
    const set = await pool.run('SET_PROP', ['k', 'v'], { mode: 'menu' });
    expect(set).toMatchObject({
      serviceCalls: { 'properties.setProperty': 1 },
      roundTrips: 1,
      modelledMs: D.startup + D.handle + D.propertyWrite,
    });
    const put = await pool.run('PUT_ALL', [3], { mode: 'sidebar' });
    expect(put).toMatchObject({ serviceCalls: { 'cache.putAll': 1 }, roundTrips: 1, modelledMs: D.startup + D.handle + D.cachePutAll });
    const off = await pool.run('GET', ['nothing'], { latency: false });
    expect(off).toMatchObject({ serviceCalls: { 'cache.get': 1 }, roundTrips: 1, modelledMs: 0 });
  });

  it('collects logs of every worker', async () => {
    // From a menu item: Logger is not a service a custom function may call.
    await Promise.all([pool.run('LOG', ['a'], { mode: 'menu' }), pool.run('LOG', ['b'], { mode: 'menu' })]);
    expect(pool.logs).toEqual(expect.arrayContaining(['log a', 'log b']));
  });

  it('rejects for harness errors only', async () => {
    await expect(pool.run('GET', [null])).rejects.toThrow(TypeError);
    const broken = new GasWorkerPool({ size: 1, codePath: '/nonexistent/Code.js' });
    try {
      await expect(broken.run('F')).rejects.toThrow(/ENOENT/);
    } finally {
      await broken.close();
    }
  });
});

describe('GasWorkerPool defaults', () => {
  // The gas project's globalSetup builds dist/ first (test/setup/fresh-dist.ts).
  it('loads <repo>/dist/Code.js from inside the bundled worker', async () => {
    const pool = new GasWorkerPool({ size: 1 });
    try {
      expect(await pool.run('NO_SUCH_FUNCTION')).toMatchObject({ ok: false, error: 'Script function not found: NO_SUCH_FUNCTION' });
    } finally {
      await pool.close();
    }
  });
});

describe('GasWorkerPool with real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('runs UrlFetchApp.fetchAll in several workers at once', async () => {
    const pool = new GasWorkerPool({ size: 4, code: CODE });
    try {
      await pool.ready();
      const rs = await Promise.all(Array.from({ length: 8 }, (_, i) => pool.run('FETCH_ALL', [server.base, i])));
      expect(rs.map((r) => r.error)).toEqual(Array(8).fill(undefined));
      expect(values(rs)).toEqual(Array.from({ length: 8 }, (_, i) => [['slow 200', String(i), `n=${i}`]]));
      expect(pool.fetchLog).toHaveLength(24);
      expect(rs.every((r) => r.fetchCalls === 1 && r.fetchCount === 3 && r.roundTrips === 0)).toBe(true);
      expect(new Set(rs.map((r) => r.worker)).size).toBe(4);
    } finally {
      await pool.close();
    }
  });
});

describe('GasWorkerPool simultaneous executions', () => {
  const refused = (rs: PoolExecutionResult[]) => rs.filter((r) => r.error === SIMULTANEOUS_EXECUTIONS_MESSAGE);

  it('fails the 31st execution of a user while 30 run, as Google does, then starts new ones', async () => {
    const pool = new GasWorkerPool({ size: 31, code: CODE, latency: false });
    try {
      expect(pool.simultaneousExecutions).toBe(30);
      await pool.ready();
      const rs = await Promise.all(Array.from({ length: 31 }, () => pool.run('SLEEP', [300])));
      expect(rs.filter((r) => r.ok && r.value === 300)).toHaveLength(30);
      expect(refused(rs)).toHaveLength(1);
      expect(refused(rs)[0]).toMatchObject({ ok: false, timedOut: false, worker: -1, roundTrips: 0, modelledMs: 0 });
      expect((await pool.run('SLEEP', [1])).ok).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('takes a lowered cap: executions beyond it fail at once, without running', async () => {
    const pool = new GasWorkerPool({ size: 4, code: CODE, latency: false, simultaneousExecutions: 2 });
    try {
      await pool.ready();
      const runs = Array.from({ length: 4 }, (_, i) => pool.run('PUT_THEN_SLEEP', [`k${i}`, 'v', 400]));
      const first = await Promise.race(runs);
      expect(first.error).toBe(SIMULTANEOUS_EXECUTIONS_MESSAGE);
      // Refused at once, while the two it let start still run, not after them.
      expect(pool.running).toBe(2);
      const rs = await Promise.all(runs);
      expect(rs.filter((r) => r.ok)).toHaveLength(2);
      expect(refused(rs)).toHaveLength(2);
      expect(pool.caches.document.keys()).toHaveLength(2); // the refused never ran
    } finally {
      await pool.close();
    }
  });

  it('queues rather than fails when the pool has no more workers than the cap (waiting is not running)', async () => {
    const pool = new GasWorkerPool({ size: 2, code: CODE, latency: false, simultaneousExecutions: 2 });
    try {
      const rs = await Promise.all(Array.from({ length: 6 }, () => pool.run('SLEEP', [50])));
      expect(rs.every((r) => r.ok)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => new GasWorkerPool({ size: 1, simultaneousExecutions: 0 })).toThrow(RangeError);
    expect(() => new GasWorkerPool({ size: 1, latency: { startup: -5 } })).toThrow(TypeError);
  });
});

describe('GasWorkerPool.close', () => {
  it('rejects running and queued executions and ends the threads at once', async () => {
    const pool = new GasWorkerPool({ size: 1, code: CODE, latency: false });
    await pool.ready();
    const running = expect(pool.run('HOLD', ['document', 60_000], { mode: 'menu' })).rejects.toThrow(/closed/);
    const queued = expect(pool.run('SLEEP', [10])).rejects.toThrow(/closed/);
    // Until the worker has really taken the lock (a loaded machine may start it late).
    await expect.poll(() => pool.locks.holder('document'), { timeout: 30_000 }).toMatch(/^execution:/);
    // Ended, not waited for: the execution sleeping its minute is rejected, not finished.
    await pool.close();
    await running;
    await queued;
    expect(pool.locks.holder('document')).toBeUndefined();
    await expect(pool.run('SLEEP', [1])).rejects.toThrow(/closed/);
  });

  it('leaves nothing keeping the process alive (pool and HTTP workers)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-gas-pool-'));
    const poolPath = fileURLToPath(new URL('../../../../dev/gas/index.ts', import.meta.url));
    const script = join(dir, 'child.mjs');
    writeFileSync(
      script,
      `import { GasWorkerPool } from ${JSON.stringify(poolPath)};
      const pool = new GasWorkerPool({ size: 3, code: 'function F(u) { try { UrlFetchApp.fetch(u); } catch (e) { return e.message; } }' });
      const rs = await Promise.all([0, 1, 2].map(() => pool.run('F', ['http://127.0.0.1:9/'])));
      console.log(rs.map((r) => r.value).join('|'));
      await pool.close();
      console.log('closed');`,
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill();
          resolve(null);
        }, 20_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(out).toContain('Address unavailable: http://127.0.0.1:9/|');
      expect(out).toContain('closed');
      expect(code).toBe(0); // exited by itself, not killed by the timer
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
