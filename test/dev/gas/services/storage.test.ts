import { describe, expect, it } from 'vitest';
import { GasRuntime, QUOTA_MESSAGE } from '../../../../dev/gas/index.js';

const CACHE_CODE = `
function TRY(f) { try { return f(); } catch (e) { return 'ERR ' + e.message; } }
function C() { return CacheService.getDocumentCache(); }
function PUT(key, value, ttl) { return TRY(function () { ttl === undefined ? C().put(key, value) : C().put(key, value, ttl); return 'ok'; }); }
function PUTNUM() { return TRY(function () { C().put('n', 5); return 'ok'; }); }
function GET(key) { return TRY(function () { var v = C().get(key); return v === null ? 'MISS' : v; }); }
function GETALL(keys) { return C().getAll(keys); }
function PUTALL(values, ttl) { return TRY(function () { C().putAll(values, ttl); return 'ok'; }); }
function REMOVE(keys) { C().removeAll(keys); }
function SEPARATE() {
  CacheService.getUserCache().put('k', 'user');
  CacheService.getScriptCache().put('k', 'script');
  CacheService.getDocumentCache().put('k', 'doc');
  return [CacheService.getUserCache().get('k'), CacheService.getScriptCache().get('k'), CacheService.getDocumentCache().get('k')];
}
`;

describe('CacheService', () => {
  const menu = { mode: 'menu' as const };

  it('persists across executions, in three separate caches', () => {
    const rt = new GasRuntime({ code: CACHE_CODE });
    expect(rt.run('PUT', ['a', '1']).value).toBe('ok');
    expect(rt.run('GET', ['a']).value).toBe('1');
    expect(rt.run('SEPARATE', [], menu).value).toEqual(['user', 'script', 'doc']);
    expect(rt.caches.document.keys()).toEqual(['a', 'k']);
    expect(rt.run('GETALL', [['a', 'missing', 'k']], menu).value).toEqual({ a: '1', k: 'doc' });
    rt.run('REMOVE', [['a', 'k']], menu);
    expect(rt.caches.document.entries()).toEqual([]);
  });

  it('enforces key, value and expiration limits', () => {
    const rt = new GasRuntime({ code: CACHE_CODE });
    expect(rt.run('PUT', ['k'.repeat(250), 'v']).value).toBe('ok');
    expect(rt.run('PUT', ['k'.repeat(251), 'v']).value).toBe('ERR Argument too large: key');
    expect(rt.run('GET', ['k'.repeat(251)]).value).toBe('ERR Argument too large: key');
    expect(rt.run('PUT', ['big', 'v'.repeat(100 * 1024)]).value).toBe('ok');
    expect(rt.run('PUT', ['big', 'v'.repeat(100 * 1024 + 1)]).value).toBe('ERR Argument too large: value');
    // 100 KB is counted in UTF-8 bytes: 'é' is two.
    expect(rt.run('PUT', ['big', 'é'.repeat(51_201)]).value).toBe('ERR Argument too large: value');
    expect(rt.run('PUTNUM').value).toBe("ERR The parameters (String,number) don't match the method signature for CacheService.Cache.put.");
    expect(rt.run('PUT', ['t', 'v', 0]).value).toBe('ERR Invalid argument: expirationInSeconds');
    expect(rt.run('PUT', ['t', 'v', 21_601]).value).toBe('ERR Invalid argument: expirationInSeconds');
    expect(rt.run('PUT', ['t', 'v', 21_600]).value).toBe('ok');
    expect(rt.run('PUTALL', [{ a: 'x', b: 'y'.repeat(100 * 1024 + 1) }, 60], menu).value).toBe('ERR Argument too large: value');
    expect(rt.caches.document.peek('a')).toBeNull(); // all or nothing
  });

  it('expires entries on the runtime clock (default 600 s)', () => {
    // Expiry alone: no item goes before it here (early removal is tested below).
    const rt = new GasRuntime({ code: CACHE_CODE, cacheEarlyRemoval: { rate: 0 } });
    // The clock also runs in real time, so each check keeps seconds from the expiry (a loaded machine).
    rt.run('PUT', ['short', 'v', 10]);
    rt.run('PUT', ['default', 'v']);
    rt.advanceClock(5_000);
    expect(rt.run('GET', ['short']).value).toBe('v');
    rt.advanceClock(5_000);
    expect(rt.run('GET', ['short']).value).toBe('MISS');
    rt.advanceClock(580_000);
    expect(rt.run('GET', ['default']).value).toBe('v');
    rt.advanceClock(10_000);
    expect(rt.run('GET', ['default']).value).toBe('MISS');
  });

  it("keeps the 900 items farthest from expiration once a write passes 1,000 (Google's rule)", () => {
    const rt = new GasRuntime({ code: CACHE_CODE });
    // 1,000 items, each expiring one second later than the one before: k0 first, k999 last.
    for (let i = 0; i < 1000; i++) rt.caches.document.seed(`k${i}`, String(i), 20_000 - 1000 + i);
    expect(rt.caches.document.keys()).toHaveLength(1000);
    // The 1,001st write (the farthest from expiration of all) trims the cache to 900.
    expect(rt.run('PUT', ['new', 'v', 21_600]).value).toBe('ok');
    const keys = rt.caches.document.keys();
    expect(keys).toHaveLength(900);
    expect(keys).toContain('new');
    // Kept: the 899 farthest of the old ones (k101 to k999); dropped: the 101 nearest (k0 to k100).
    expect(rt.caches.document.peek('k100')).toBeNull();
    expect(rt.caches.document.peek('k101')).toBe('101');
    expect(rt.caches.document.peek('k999')).toBe('999');
  });

  it('counts each item of a putAll as a write, so a putAll of 1,005 keeps 904', () => {
    const rt = new GasRuntime({ code: CACHE_CODE });
    const values: Record<string, string> = {};
    for (let i = 0; i < 1005; i++) values[`k${i}`] = String(i);
    expect(rt.run('PUTALL', [values, 600], menu).value).toBe('ok');
    // The 1,001st item trims to 900 (equal expiries: the earliest written go first), then 4 more land.
    const keys = rt.caches.document.keys();
    expect(keys).toHaveLength(904);
    expect(keys[0]).toBe('k101');
    expect(rt.caches.document.peek('k100')).toBeNull();
  });

  /** 1,000 items put in one putAll, to live `ttl` seconds; returns the runtime. */
  const thousand = (options: ConstructorParameters<typeof GasRuntime>[0], ttl = 21_600) => {
    const rt = new GasRuntime({ code: CACHE_CODE, ...options });
    const values: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) values[`item ${i}`] = String(i);
    rt.run('PUTALL', [values, ttl], menu);
    return rt;
  };
  const live = (rt: GasRuntime) => rt.caches.document.keys();

  it('removes a share of the items before their expiry ("only a suggestion"), the same ones for the same seed', () => {
    const early = { rate: 0.3, notBeforeMs: 0, seed: 5 };
    const rt = thousand({ cacheEarlyRemoval: early }, 600);
    rt.advanceClock(599_000);
    const kept = live(rt);
    expect(kept.length).toBeGreaterThan(650);
    expect(kept.length).toBeLessThan(750);
    // A read of a removed item misses for good; a kept one is there until its expiry.
    const gone = Array.from({ length: 1000 }, (_, i) => `item ${i}`).find((key) => !kept.includes(key)) ?? '';
    expect(rt.run('GET', [gone]).value).toBe('MISS');
    expect(rt.run('GET', [kept[0] ?? '']).value).not.toBe('MISS');
    // Reproducible: the same seed loses the same items, another seed others.
    const again = thousand({ cacheEarlyRemoval: early }, 600);
    again.advanceClock(599_000);
    expect(live(again)).toEqual(kept);
    const other = thousand({ cacheEarlyRemoval: { ...early, seed: 6 } }, 600);
    other.advanceClock(599_000);
    expect(live(other)).not.toEqual(kept);
  });

  it('by default, a tenth of the items go early, at any moment of their life (the first minute too)', () => {
    // 10-minute items: about a tenth of those that go early (1 % of all) go in the first minute.
    const rt = thousand({}, 600);
    rt.advanceClock(60_000);
    const afterAMinute = live(rt).length;
    expect(afterAMinute).toBeLessThan(1000);
    rt.advanceClock(530_000);
    const kept = live(rt).length;
    expect(kept).toBeLessThan(afterAMinute);
    expect(kept).toBeGreaterThan(870);
    expect(kept).toBeLessThan(930);
  });

  it('lets a test choose the strictest moment: gone as soon as written', () => {
    const rt = new GasRuntime({ code: CACHE_CODE, cacheEarlyRemoval: { rate: 1, notBeforeMs: 0, withinMs: 0 } });
    expect(rt.run('PUT', ['a', '1', 600]).value).toBe('ok');
    expect(rt.run('GET', ['a']).value).toBe('MISS');
    rt.caches.document.earlyRemoval = { ...rt.caches.document.earlyRemoval, rate: 0 };
    expect(rt.run('PUT', ['a', '1', 600]).value).toBe('ok');
    expect(rt.run('GET', ['a']).value).toBe('1');
  });

  it('misses reads at dropRate, reproducibly with a seed', () => {
    const rt = new GasRuntime({ code: CACHE_CODE });
    rt.caches.document.seed('a', '1');
    rt.caches.document.dropRate = 1;
    expect(rt.run('GET', ['a']).value).toBe('MISS');
    expect(rt.caches.document.peek('a')).toBe('1'); // still stored: only the read missed
    rt.caches.document.dropRate = 0.5;
    const sample = (): unknown[] => {
      rt.caches.document.setSeed(42);
      return Array.from({ length: 20 }, () => rt.run('GET', ['a']).value);
    };
    const first = sample();
    expect(sample()).toEqual(first);
    expect(first).toContain('MISS');
    expect(first).toContain('1');
    rt.caches.document.dropRate = 0;
    expect(rt.caches.document.drop((key) => key === 'a')).toBe(1);
    expect(rt.run('GET', ['a']).value).toBe('MISS');
  });
});

const PROPS_CODE = `
function TRY(f) { try { return f(); } catch (e) { return 'ERR ' + e.message; } }
function P() { return PropertiesService.getUserProperties(); }
function SET(key, value) { return TRY(function () { P().setProperty(key, value); return 'ok'; }); }
function SETNUM() { return TRY(function () { P().setProperty('n', 42); return P().getProperty('n'); }); }
function SETALL(values, deleteOthers) { return TRY(function () { P().setProperties(values, deleteOthers); return P().getKeys().sort(); }); }
function GET(key) { return P().getProperty(key); }
function ALLPROPS() { return P().getProperties(); }
function WRITES() {
  return ['setProperty', 'setProperties', 'deleteProperty', 'deleteAllProperties'].map(function (m) {
    return TRY(function () { m === 'setProperty' ? P().setProperty('a', 'b') : m === 'setProperties' ? P().setProperties({ a: 'b' }) : m === 'deleteProperty' ? P().deleteProperty('a') : P().deleteAllProperties(); return 'ok'; });
  });
}
`;

describe('PropertiesService', () => {
  const menu = { mode: 'menu' as const };

  it('persists across executions and coerces values to strings', () => {
    const rt = new GasRuntime({ code: PROPS_CODE });
    expect(rt.run('SET', ['SDM_API_KEY', 'k1'], menu).value).toBe('ok');
    expect(rt.run('GET', ['SDM_API_KEY']).value).toBe('k1');
    expect(rt.run('GET', ['missing'], menu).value).toBeNull();
    expect(rt.run('SETNUM', [], menu).value).toBe('42');
    expect(rt.properties.user.snapshot()).toEqual({ SDM_API_KEY: 'k1', n: '42' });
    expect(rt.run('SETALL', [{ x: '1' }, true], menu).value).toEqual(['x']);
    rt.properties.document.set('shared', 'yes');
    expect(rt.properties.document.get('shared')).toBe('yes');
    expect(rt.properties.script.snapshot()).toEqual({});
  });

  it('is read-only in custom functions', () => {
    const rt = new GasRuntime({ code: PROPS_CODE });
    rt.properties.user.set('a', 'kept');
    // A custom function's 1-D result is one row.
    expect(rt.run('WRITES').value).toEqual([
      [
        'ERR You do not have permission to call setProperty',
        'ERR You do not have permission to call setProperties',
        'ERR You do not have permission to call deleteProperty',
        'ERR You do not have permission to call deleteAllProperties',
      ],
    ]);
    expect(rt.run('GET', ['a']).value).toBe('kept');
    expect(rt.run('ALLPROPS', [], menu).value).toEqual({ a: 'kept' });
    expect(rt.run('WRITES', [], menu).value).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('limits a value to 9 KB and a store to 500 KB', () => {
    const rt = new GasRuntime({ code: PROPS_CODE });
    expect(rt.run('SET', ['v', 'x'.repeat(9 * 1024)], menu).value).toBe('ok');
    expect(rt.run('SET', ['v', 'x'.repeat(9 * 1024 + 1)], menu).value).toBe('ERR Argument too large: value');
    for (let i = 0; i < 54; i++) rt.properties.user.set(`fill${String(i).padStart(2, '0')}`, 'x'.repeat(9 * 1024));
    expect(rt.properties.user.bytes()).toBeLessThan(500 * 1024);
    const r = rt.run('SET', ['one-more', 'x'.repeat(9 * 1024)], menu);
    expect(r.value).toBe(`ERR ${QUOTA_MESSAGE}`);
    expect(QUOTA_MESSAGE).toBe('You have exceeded the property storage quota. Please remove some properties and try again.');
    expect(rt.properties.user.get('one-more')).toBeNull();
  });
});
