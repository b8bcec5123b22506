/**
 * Time dilation (GasRuntimeOptions.timeScale / RunOptions.timeScale): a script's clock, its deadline
 * and its blocking waits run `timeScale` times faster than real time, so "6 minutes" take seconds.
 * Nothing here times the machine: what the script's clock saw is bounded from below (a busy machine
 * only adds to it), and what the thread was made to wait is dev/gas's own count (`blockedMs`, the real
 * ms it asked the thread to block; `sleptMs`, the script ms slept), which no load changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GasRuntime, GasWorkerPool } from '../../../../dev/gas/index.js';
import { startServer, type TestServer } from '../http-server.js';

const CODE = String.raw`
function SLEEP_ELAPSED(ms) { var t0 = Date.now(); Utilities.sleep(ms); return Date.now() - t0; }
function NOW() { return Date.now(); }
function NOW_AFTER_SLEEP(ms) {
  var t0 = Date.now();
  Utilities.sleep(ms);
  var a = Date.now(), d = new Date(), b = Date.now(), s = Date();
  return { a: a, d: d.getTime(), b: b, s: s, constructed: new Date(a).getTime(), slept: a - t0 };
}
function FIXED() {
  var d = new Date(0);
  return {
    zero: d.getTime(), iso: d.toISOString(), ymd: new Date(2024, 1, 29, 12, 30).getTime(),
    utc: Date.UTC(2024, 1, 29), parse: Date.parse('2024-02-29T00:00:00Z'), copy: new Date(new Date(5)).getTime(),
    str: new Date('2024-02-29T00:00:00Z').getTime(), invalid: isNaN(new Date('nope').getTime()),
  };
}
function IDENTITY(arg) {
  class Stamp extends Date {}
  var made = new Date(), sub = new Stamp(), fixed = new Date(1000);
  return {
    instance: made instanceof Date && fixed instanceof Date, tag: Object.prototype.toString.call(made),
    constructorIsDate: Date.prototype.constructor === Date && made.constructor === Date,
    protoIsDate: Object.getPrototypeOf(made) === Date.prototype,
    subclass: sub instanceof Stamp && sub instanceof Date && Object.prototype.toString.call(sub) === '[object Date]',
    subclassNow: sub.getTime() >= made.getTime() && sub.getTime() <= Date.now(),
    argIsDate: arg instanceof Date, argTime: arg.getTime(),
    name: Date.name, length: Date.length, typeofDate: typeof Date, nowName: Date.now.name,
    nowIsScripts: Date.now.constructor === Function && Date.now instanceof Function,
    nowNotConstructor: (function () { try { new Date.now(); return false; } catch (e) { return e instanceof TypeError; } })(),
    performance: typeof performance,
    returned: fixed,
  };
}
function LOOP_40S() { var t0 = Date.now(); while (Date.now() - t0 < 40000) Utilities.sleep(1000); return 'finished'; }
function SPIN_40S() { var t0 = Date.now(); while (Date.now() - t0 < 40000) {} return 'finished'; }
function BUDGETED() {
  var start = Date.now(), rounds = 0;
  while (Date.now() - start <= 25000) { Utilities.sleep(1000); rounds++; }
  return [[rounds, Date.now() - start]];
}
// The ranking-table refresh pattern: a table takes ~20 s; none is started with less than 25 s left.
function REFRESH_TABLES() {
  var start = Date.now(), limit = 6 * 60 * 1000, done = 0;
  while (limit - (Date.now() - start) >= 25000) { Utilities.sleep(20000); done++; }
  return { done: done, elapsed: Date.now() - start };
}
function FETCH_ELAPSED(url) {
  var t0 = Date.now();
  var code = UrlFetchApp.fetch(url).getResponseCode();
  return { code: code, elapsed: Date.now() - t0 };
}
function FETCH_CATCH(url) {
  var t0 = Date.now();
  try { UrlFetchApp.fetch(url); return 'no exception'; } catch (e) { return { message: e.message, elapsed: Date.now() - t0 }; }
}
function TRY_LOCK(ms) {
  var t0 = Date.now();
  var got = LockService.getScriptLock().tryLock(ms);
  return { got: got, elapsed: Date.now() - t0 };
}
function TIMED(ms) { console.time('t'); Utilities.sleep(ms); console.timeEnd('t'); return 'ok'; }
function CACHE_AFTER(ms) {
  var c = CacheService.getScriptCache();
  c.put('short', 'still here', 1);
  Utilities.sleep(ms);
  return String(c.get('short'));
}
function NATIVE() { return Function.prototype.toString.call(Date); }
`;

const menu = { mode: 'menu' as const };

describe('time dilation: the script clock', () => {
  // Waiting for real: these compare the script's time with the real time that passed.
  const rt = new GasRuntime({ code: CODE, timeScale: 20, waits: 'real' });

  it('runs Date.now() 20 times faster than real time during a sleep, and sleeps 1/20 of the time', () => {
    const r = rt.run('SLEEP_ELAPSED', [4000], menu);
    expect(r.ok).toBe(true);
    const elapsed = r.value as number;
    expect(elapsed).toBeGreaterThanOrEqual(4000);
    expect(r.sleptMs).toBe(4000);
    // 4 s of script time (and the modelled start-up) block the thread 1/20 as long: 200 ms of real time.
    expect(r.blockedMs).toBeCloseTo((4000 + r.modelledMs) / 20, 6);
    expect(r.durationMs).toBeCloseTo(r.realDurationMs * 20, 6);
    expect(r.durationMs).toBeGreaterThanOrEqual(elapsed);
  });

  it('starts the script clock at the real time the execution starts', () => {
    const before = Date.now();
    const r = rt.run('NOW', [], menu);
    const after = Date.now();
    expect(r.value as number).toBeGreaterThanOrEqual(before);
    // Whatever ran before the call (context, Code.js) counted 20 times over (+1 ms: Date.now() granularity).
    expect(r.value as number).toBeLessThanOrEqual(before + (after - before + 1) * 20);
  });

  it('makes new Date() and Date() agree with Date.now()', () => {
    const r = rt.run('NOW_AFTER_SLEEP', [3000], menu);
    const v = r.value as { a: number; d: number; b: number; s: string; constructed: number; slept: number };
    expect(v.d).toBeGreaterThanOrEqual(v.a);
    expect(v.d).toBeLessThanOrEqual(v.b);
    expect(v.constructed).toBe(v.a);
    // Date() has second precision, and was read after a.
    expect(Date.parse(v.s)).toBeGreaterThanOrEqual(Math.floor(v.a / 1000) * 1000);
    // Dilated: all three saw the 3 s sleep, which blocked the thread 1/20 as long.
    expect(v.slept).toBeGreaterThanOrEqual(3000);
    expect(r.blockedMs).toBeCloseTo((3000 + r.modelledMs) / 20, 6);
  });

  it('leaves Date with arguments, Date.UTC and Date.parse alone', () => {
    const v = rt.run('FIXED', [], menu).value as Record<string, unknown>;
    expect(v).toEqual({
      zero: 0,
      iso: '1970-01-01T00:00:00.000Z',
      ymd: new Date(2024, 1, 29, 12, 30).getTime(),
      utc: Date.UTC(2024, 1, 29),
      parse: Date.UTC(2024, 1, 29),
      copy: 5,
      str: Date.UTC(2024, 1, 29),
      invalid: true,
    });
  });

  it('keeps Date a real constructor of the script realm: instanceof, [object Date], subclasses, arguments, results', () => {
    const arg = new Date(Date.UTC(2024, 0, 2));
    const r = rt.run('IDENTITY', [arg], menu);
    expect(r.ok).toBe(true);
    const v = r.value as Record<string, unknown>;
    expect(v).toMatchObject({
      instance: true,
      tag: '[object Date]',
      constructorIsDate: true,
      protoIsDate: true,
      subclass: true,
      subclassNow: true,
      argIsDate: true,
      argTime: arg.getTime(),
      name: 'Date',
      length: 7,
      typeofDate: 'function',
      nowName: 'now',
      nowIsScripts: true,
      nowNotConstructor: true,
      performance: 'undefined',
    });
    expect(v.returned).toBeInstanceOf(Date);
    expect((v.returned as Date).getTime()).toBe(1000);
  });

  it('lets a custom function return a Date made with new Date()', () => {
    const r = new GasRuntime({ code: 'function WHEN() { return new Date(); }', timeScale: 20 }).run('WHEN');
    expect(r.ok).toBe(true);
    expect(r.value).toBeInstanceOf(Date);
  });

  it('times console.time in script time', () => {
    const r = rt.run('TIMED', [2000], menu);
    expect(r.logs[0]).toMatch(/^t: \d+ms$/);
    const ms = Number(/(\d+)ms/.exec(r.logs[0] ?? '')?.[1]);
    expect(ms).toBeGreaterThanOrEqual(2000); // script time: the thread blocked only 100 ms of it
    expect(r.blockedMs).toBeCloseTo((2000 + r.modelledMs) / 20, 6);
  });

  it('does not dilate the runtime clock (cache expiry spans executions)', () => {
    // 5 s of script time is ~250 ms real: a 1-second cache entry is still there.
    expect(rt.run('CACHE_AFTER', [5000], menu).value).toBe('still here');
  });

  it('reads the runtime clock at scale 1 too (a fixed start), and a run can override the runtime scale', () => {
    const start = Date.UTC(2026, 2, 18, 12, 0, 0);
    const plain = new GasRuntime({ code: CODE, startAt: start, waits: 'real' });
    expect(plain.run('NATIVE', [], menu).value).toMatch(/^function \w* ?\(\) \{ \[native code\] \}$/);
    const now = plain.run('NOW', [], menu).value as number;
    // The runtime clock's reading (start plus the real time since), not the machine's date.
    expect(now).toBeGreaterThanOrEqual(start);
    expect(now).toBeLessThanOrEqual(plain.clock.now());
    const r = plain.run('SLEEP_ELAPSED', [2000], { ...menu, timeScale: 10 });
    expect(r.value as number).toBeGreaterThanOrEqual(2000);
    expect(r.blockedMs).toBeCloseTo((2000 + r.modelledMs) / 10, 6);
    const back = rt.run('SLEEP_ELAPSED', [200], { ...menu, timeScale: 1 });
    expect(back.blockedMs).toBeCloseTo(200 + back.modelledMs, 6);
    expect(back.durationMs).toBe(back.realDurationMs);
  });

  it('rejects a timeScale that is not a positive finite number', () => {
    expect(() => new GasRuntime({ code: CODE, timeScale: 0 })).toThrow(RangeError);
    expect(() => new GasRuntime({ code: CODE, timeScale: Number.NaN })).toThrow(/timeScale/);
    expect(() => rt.run('NOW', [], { ...menu, timeScale: -1 })).toThrow(RangeError);
    expect(() => new GasWorkerPool({ size: 1, code: CODE, timeScale: Infinity })).toThrow(RangeError);
  });
});

describe('time dilation: the time limit is in script time', () => {
  // Waiting for real: the thread blocks, 1/20 of the script time.
  const rt = new GasRuntime({ code: CODE, timeScale: 20, waits: 'real' });
  // Waits skipped: the script's clock moves by what it sleeps, so a script that budgets itself meets
  // the same figures however busy the machine (only its CPU time counts 20 times over: microseconds here).
  const skipping = new GasRuntime({ code: CODE, timeScale: 20, latency: false });

  it('terminates a sleeping 40 s loop at the 30 s limit, having blocked 1/20 of it', () => {
    const r = rt.run('LOOP_40S');
    expect(r).toMatchObject({ ok: false, timedOut: true, error: 'Exceeded maximum execution time' });
    expect(r.durationMs).toBeGreaterThanOrEqual(29_800);
    // Slept up to the deadline, not the 40 s; the thread blocked 1/20 of that: at most 1.5 s real.
    expect(r.sleptMs).toBeGreaterThan(0);
    expect(r.sleptMs).toBeLessThanOrEqual(30_000);
    expect(r.blockedMs).toBeLessThanOrEqual(1_500);
  });

  it('cuts a CPU loop with vm’s watchdog at the scaled limit', () => {
    const r = rt.run('SPIN_40S');
    expect(r).toMatchObject({ ok: false, timedOut: true });
    expect(r.durationMs).toBeGreaterThanOrEqual(29_800); // not before the limit, in script time
    expect(r.sleptMs).toBe(0);
  });

  it('lets a script that budgets itself with Date.now() finish', () => {
    const r = skipping.run('BUDGETED');
    expect(r.ok).toBe(true);
    const [[rounds, elapsed]] = r.value as number[][] as [[number, number]];
    // 25 rounds of 1 s reach 25 s; the 26th starts only if no CPU time at all passed besides.
    expect([25, 26]).toContain(rounds);
    expect(r.sleptMs).toBe(rounds * 1000);
    expect(elapsed).toBeGreaterThan(25_000);
    expect(r.blockedMs).toBe(0);
  });

  it('budgets 6 minutes of a trigger in script time at scale 120, stopping with 25 s left', () => {
    const r = skipping.run('REFRESH_TABLES', [], { mode: 'trigger', timeScale: 120 });
    expect(r.ok).toBe(true);
    const v = r.value as { done: number; elapsed: number };
    // 17 tables of 20 s: after 16 (320 s) more than 25 s are left, after 17 (340 s) not.
    expect(v.done).toBe(17);
    expect(r.sleptMs).toBe(340_000);
    expect(v.elapsed).toBeGreaterThanOrEqual(340_000);
  });

  it('converts lock waits: tryLock(10 s) gives up after 0.5 s of real time', () => {
    rt.locks.holdExternally('script', 60_000); // real time, as another execution's hold is
    try {
      const r = rt.run('TRY_LOCK', [10_000], menu);
      const v = r.value as { got: boolean; elapsed: number };
      expect(v.got).toBe(false);
      expect(v.elapsed).toBeGreaterThanOrEqual(10_000);
      // Its polls blocked the thread at most 10 s / 20 (the modelled tryLock and start-up come on top).
      expect(r.blockedMs - r.modelledMs / 20).toBeLessThanOrEqual(500);
    } finally {
      rt.locks.releaseExternal('script');
    }
  });

  it('terminates a lock wait at the scaled deadline', () => {
    rt.locks.holdExternally('script', 60_000);
    try {
      const r = rt.run('TRY_LOCK', [120_000]);
      expect(r).toMatchObject({ ok: false, timedOut: true });
      expect(r.durationMs).toBeGreaterThanOrEqual(29_800);
      // Not the 120 s of the wait (6 s real): the polls stopped at the 30 s limit, 1.5 s real (+ 1 ms, a poll's least).
      expect(r.blockedMs).toBeLessThanOrEqual(1_501);
    } finally {
      rt.locks.releaseExternal('script');
    }
  });
});

describe('time dilation: real latency costs dilated budget', () => {
  let server: TestServer;
  let rt: GasRuntime;

  beforeAll(async () => {
    server = await startServer();
    rt = new GasRuntime({ code: CODE, timeScale: 20, urlFetchTimeoutMs: 20_000 });
  });

  afterAll(() => {
    rt?.close();
    server?.close();
  });

  it('counts a 500 ms (real) answer as ~10 s of script time', () => {
    // Its own runtime with a request timeout of 5 script minutes (15 s real): a loaded machine may take
    // more than the shared runtime's 1 s real to answer, which would be the timeout, not this test's point.
    const patient = new GasRuntime({ code: CODE, timeScale: 20, urlFetchTimeoutMs: 300_000 });
    const r = patient.run('FETCH_ELAPSED', [`${server.base}/slow?ms=500`], menu);
    patient.close();
    expect(r.ok).toBe(true);
    const v = r.value as { code: number; elapsed: number };
    expect(v.code).toBe(200);
    expect(v.elapsed).toBeGreaterThanOrEqual(10_000); // 500 ms real, 20 times over (a busy machine only adds)
  });

  it('terminates a custom function waiting on a 4 s (real) answer at its 30 s limit, ~1.5 s real', () => {
    // The default 60 s per-request timeout (3 s real) would come after the deadline.
    const own = new GasRuntime({ code: CODE, timeScale: 20 });
    const r = own.run('FETCH_ELAPSED', [`${server.base}/slow?ms=4000`]);
    own.close();
    // The execution's limit ended it (not the request's timeout, which would have thrown "Timeout" to a
    // script that carries on): nothing after the fetch ran, and the script's clock passed the limit.
    expect(r).toMatchObject({ ok: false, timedOut: true, error: 'Exceeded maximum execution time' });
    expect(r.value).toBeUndefined();
    expect(r.durationMs).toBeGreaterThanOrEqual(29_800);
  });

  it('counts the per-request timeout in script time (20 s here: 1 s real)', () => {
    const r = rt.run('FETCH_CATCH', [`${server.base}/hang`], menu);
    expect(r.ok).toBe(true);
    const v = r.value as { message: string; elapsed: number };
    expect(v.message).toBe(`Timeout: ${server.base}/hang`);
    // 20 s of script time (1 s real) rather than the menu's 6 minutes: the script went on after it.
    expect(v.elapsed).toBeGreaterThanOrEqual(20_000);
  });
});

describe('time dilation in GasWorkerPool', () => {
  it('passes timeScale to the workers, and per run', async () => {
    const pool = new GasWorkerPool({ size: 2, code: CODE, timeScale: 20 });
    try {
      const [a, b] = await Promise.all([
        pool.run('SLEEP_ELAPSED', [4000], menu),
        pool.run('SLEEP_ELAPSED', [400], { ...menu, timeScale: 2 }),
      ]);
      expect(a.value as number).toBeGreaterThanOrEqual(4000);
      expect(a.blockedMs).toBeCloseTo((4000 + a.modelledMs) / 20, 6);
      expect(a.durationMs).toBeCloseTo(a.realDurationMs * 20, 6);
      expect(b.value as number).toBeGreaterThanOrEqual(400);
      expect(b.blockedMs).toBeCloseTo((400 + b.modelledMs) / 2, 6);
      expect(b.durationMs).toBeCloseTo(b.realDurationMs * 2, 6);
      const timedOut = await pool.run('LOOP_40S');
      expect(timedOut).toMatchObject({ ok: false, timedOut: true });
      expect(timedOut.blockedMs).toBeLessThanOrEqual(1_500);
    } finally {
      await pool.close();
    }
  });
});

describe('one world clock', () => {
  it("moves the script's Date.now() with advanceClock, as cache expiry moves", () => {
    const rt = new GasRuntime({ code: 'function now() { return Date.now(); }', latency: false });
    const before = rt.run('now', [], { mode: 'menu' }).value as number;
    rt.advanceClock(3 * 3_600_000);
    const advanced = rt.clock.now();
    const after = rt.run('now', [], { mode: 'menu' }).value as number;
    expect(advanced - before).toBeGreaterThanOrEqual(3 * 3_600_000);
    // The script's clock reads the runtime clock: the advanced one, not the machine's.
    expect(after).toBeGreaterThanOrEqual(advanced);
    expect(after).toBeLessThanOrEqual(rt.clock.now());
    rt.close();
  });
});

describe('a fixed start', () => {
  const START = Date.UTC(2026, 10, 25, 23, 40, 0);
  const NOW_CODE = 'function now() { return [Date.now(), new Date().getTime(), Date()]; }';

  it("starts the runtime clock and the script's Date there, and both run on in real time", () => {
    const rt = new GasRuntime({ code: NOW_CODE, startAt: new Date(START), latency: false });
    const [now, made, text] = rt.run('now', [], { mode: 'menu' }).value as [number, number, string];
    // START plus the real time since the runtime was made: between START and the runtime clock's reading now.
    expect(now).toBeGreaterThanOrEqual(START);
    expect(made).toBeGreaterThanOrEqual(now);
    expect(made).toBeLessThanOrEqual(rt.clock.now());
    expect(text).toMatch(/^Wed Nov 25 2026 23:4\d:\d\d GMT/);
    rt.close();
  });

  it('is shared by every worker of a pool', async () => {
    const pool = new GasWorkerPool({ size: 2, code: NOW_CODE, startAt: START, latency: false });
    try {
      const runs = await Promise.all([0, 1, 2, 3].map(() => pool.run('now', [], { mode: 'menu' })));
      for (const r of runs) {
        const [now] = r.value as [number];
        expect(now).toBeGreaterThanOrEqual(START);
        expect(now).toBeLessThanOrEqual(pool.clock.now());
      }
      pool.advanceClock(3_600_000);
      const later = (await pool.run('now', [], { mode: 'menu' })).value as [number];
      expect(later[0]).toBeGreaterThanOrEqual(START + 3_600_000);
    } finally {
      await pool.close();
    }
  });

  it('refuses an instant that is not one', () => {
    expect(() => new GasRuntime({ code: NOW_CODE, startAt: Number.NaN })).toThrow(/startAt/);
  });
});
