/**
 * spending/pacing.ts: how a formula's misses are sent in waves within what is left today, with a fake
 * service deciding which keywords it has cached and how many fresh searches are left. The integration
 * tests (test/integration/limit-pacing.test.ts) run the same through the built add-on.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyGuard,
  guardEntry,
  PAST_LIMIT_HANDFUL,
  readGuard,
  withRefusals,
  type Guard,
} from '../../../../src/server/spending/limit-guard';
import type { AllowanceRead } from '../../../../src/server/spending/allowance';
import { Pacer, readsUsageFirst, type Wave } from '../../../../src/server/spending/pacing';

const RESET = Date.UTC(2026, 2, 19);

/** A service with `fresh` searches left that has `cached` keywords in its 7-day cache; it records every wave. */
function service(fresh: number, cached: Set<string> = new Set(), calls = 2_000) {
  const waves: string[][] = [];
  let refused = 0;
  const sendWave = (wave: string[]): Wave => {
    waves.push(wave);
    const result: Wave = { requests: 0, freshSearches: 0, cached: 0, refusals: [], stopped: null };
    for (const subject of wave) {
      if (calls <= 0) {
        result.refusals.push({ key: subject, which: 'API calls', resetAt: RESET });
        refused++;
        continue;
      }
      calls--;
      result.requests++;
      if (cached.has(subject)) result.cached++;
      else if (fresh > 0) {
        fresh--;
        result.freshSearches++;
      } else {
        result.refusals.push({ key: subject, which: 'fresh searches', resetAt: RESET });
        refused++;
      }
    }
    return result;
  };
  let usageReads = 0;
  const readUsage = (): AllowanceRead => {
    usageReads++;
    calls--;
    return { fresh, calls, resetAt: RESET };
  };
  return { sendWave, readUsage, waves, refused: () => refused, usageReads: () => usageReads };
}

const keywords = (n: number, tag = 'k') => Array.from({ length: n }, (_, i) => `${tag}${i}`);

describe('Pacer', () => {
  it("sends no search past the spreadsheet's own cap, formula or not, and uses the room cached answers leave", () => {
    const all = keywords(30);
    const svc = service(250, new Set(all.slice(0, 4)));
    const pacer = new Pacer(null, true, true, 10);
    pacer.send(all, svc.sendWave, svc.readUsage);
    const sent = svc.waves.flat();
    // 4 cached (free) and 10 fresh: no probe past the cap.
    expect(sent.filter((k) => !all.slice(0, 4).includes(k))).toHaveLength(10);
    expect(sent).toEqual(all.slice(0, 14));
    expect(new Set(pacer.unsent.values())).toEqual(new Set(['cap']));
    expect(pacer.unsent.size).toBe(16);
    // Outside a formula (one wave, unpaced) the same cap holds.
    const other = service(250);
    const unpaced = new Pacer(null, true, false, 3);
    unpaced.send(keywords(8, 'u'), other.sendWave, other.readUsage);
    expect(other.waves.flat()).toEqual(keywords(3, 'u'));
    expect(unpaced.unsent.size).toBe(5);
    // A cap of 0 sends nothing; the daily limit below it is what the rows say.
    const none = service(250);
    const zero = new Pacer(null, true, true, 0);
    zero.send(keywords(2, 'z'), none.sendWave, none.readUsage);
    expect(none.waves).toEqual([]);
    expect([...zero.unsent.values()]).toEqual(['cap', 'cap']);
    const spent = service(0);
    const limit = new Pacer({ ...emptyGuard('fp'), freshUntil: RESET, past: PAST_LIMIT_HANDFUL }, true, true, 0);
    limit.send(keywords(2, 'l'), spent.sendWave, spent.readUsage);
    expect([...limit.unsent.values()]).toEqual(['fresh searches', 'fresh searches']);
    // Endpoints that are no searches are not capped.
    const brands = service(250);
    const notSearches = new Pacer(null, false, true, 0);
    notSearches.send(keywords(2, 'b'), brands.sendWave, brands.readUsage);
    expect(brands.waves.flat()).toHaveLength(2);
  });

  it('reads what is left once, sends no more searches than that, and leaves the rest unsent', () => {
    const svc = service(238);
    const pacer = new Pacer(null, true, true);
    pacer.send(keywords(350), svc.sendWave, svc.readUsage);
    expect(svc.usageReads()).toBe(1);
    expect(svc.refused()).toBe(0);
    expect(svc.waves.flat()).toEqual(keywords(238)); // from the top, in order
    expect(pacer.unsent.size).toBe(112);
    expect(pacer.waitFor('fresh searches')).toEqual({ which: 'fresh searches', resetAt: RESET });
  });

  it('sends a handful without reading what is left, and no more than that past the limit', () => {
    const svc = service(0);
    const pacer = new Pacer(null, true, true);
    pacer.send(keywords(PAST_LIMIT_HANDFUL), svc.sendWave, svc.readUsage);
    expect(svc.usageReads()).toBe(0);
    expect(svc.refused()).toBe(PAST_LIMIT_HANDFUL);
    // The next lookup knows the searches are spent and the handful used: it sends nothing.
    const guard = pacer.update(emptyGuard('fp'), Date.now());
    expect(guard).toMatchObject({ freshUntil: RESET, past: PAST_LIMIT_HANDFUL });
    const next = new Pacer(guard, true, true);
    next.send(keywords(50, 'n'), svc.sendWave, svc.readUsage);
    expect(svc.waves).toHaveLength(1);
    expect(next.unsent.size).toBe(50);
  });

  it('uses the room cached answers leave: each wave is as large as the searches still left', () => {
    const all = keywords(100);
    const svc = service(30, new Set(all.filter((_, i) => i % 2 === 0)));
    const pacer = new Pacer(null, true, true);
    pacer.send(all, svc.sendWave, svc.readUsage);
    expect(svc.waves.map((w) => w.length).slice(0, 3)).toEqual([30, 15, 8]);
    expect(svc.refused()).toBeLessThanOrEqual(PAST_LIMIT_HANDFUL);
    const sent = new Set(svc.waves.flat());
    expect(all.slice(0, 60).every((k) => sent.has(k))).toBe(true); // the first 60: 30 new, and the 30 the service had cached
  });

  it('once the searches are spent, asks one keyword to see if the service has them cached, and keeps asking while it does', () => {
    const svc = service(0, new Set(keywords(20)));
    const spent: Guard = { ...emptyGuard('fp'), freshUntil: RESET };
    const pacer = new Pacer(spent, true, true);
    pacer.send(keywords(20), svc.sendWave, svc.readUsage);
    expect(svc.usageReads()).toBe(0);
    expect(svc.waves[0]).toHaveLength(1);
    expect(svc.refused()).toBe(0);
    expect(pacer.unsent.size).toBe(0); // all of them answered from the service's cache, free
  });

  it('does not look further once a wave of new keywords saw nothing cached', () => {
    const svc = service(10);
    const pacer = new Pacer(null, true, true);
    pacer.send(keywords(40), svc.sendWave, svc.readUsage);
    expect(svc.waves.flat()).toHaveLength(10);
    expect(svc.refused()).toBe(0);
  });

  it('without an allowance it can read, sends in growing waves and stops at the first refusal', () => {
    const svc = service(20);
    const pacer = new Pacer(null, true, true);
    pacer.send(keywords(200), svc.sendWave, () => null);
    expect(svc.waves.map((w) => w.length)).toEqual([3, 6, 12]);
    expect(svc.refused()).toBe(1);
  });

  it('sends nothing past the API calls left', () => {
    const svc = service(1_000, new Set(), 51);
    const pacer = new Pacer(null, false, true);
    pacer.send(keywords(80), svc.sendWave, svc.readUsage);
    expect(svc.waves.flat()).toHaveLength(50);
    expect(svc.refused()).toBe(0);
    expect([...new Set(pacer.unsent.values())]).toEqual(['API calls']);
  });

  it('outside a formula, sends everything in one wave', () => {
    const svc = service(5);
    const pacer = new Pacer(null, true, false);
    pacer.send(keywords(10), svc.sendWave, svc.readUsage);
    expect(svc.waves.map((w) => w.length)).toEqual([10]);
    expect(svc.usageReads()).toBe(0);
  });

  it('says when a usage read would come first (for the sidebar’s estimate)', () => {
    expect(readsUsageFirst(null, PAST_LIMIT_HANDFUL, true)).toBe(false);
    expect(readsUsageFirst(null, PAST_LIMIT_HANDFUL + 1, true)).toBe(true);
    const known = { ...emptyGuard('fp'), left: { fresh: 10, calls: 100, at: Date.now(), resetAt: null } };
    expect(readsUsageFirst(known, 50, true)).toBe(false);
  });
});

describe('the guard’s stored shape', () => {
  it('still reads an entry written before it kept what is left', () => {
    const now = Date.now();
    const old = JSON.stringify({ fp: 'fp', callsUntil: null, refused: { k: now + 1000 } });
    expect(readGuard(old, 'fp', now)).toEqual({
      fp: 'fp',
      callsUntil: null,
      refused: { k: now + 1000 },
      freshUntil: null,
      past: 0,
      left: null,
    });
  });

  it('forgets a usage read after a minute, and a spent allowance at its reset', () => {
    const now = Date.now();
    const text = JSON.stringify({
      ...emptyGuard('fp'),
      freshUntil: now + 1000,
      past: 2,
      left: { fresh: 0, calls: 10, at: now - 61_000, resetAt: null },
    });
    expect(readGuard(text, 'fp', now)).toMatchObject({ freshUntil: now + 1000, past: 2, left: null });
    expect(readGuard(text, 'fp', now + 1000)).toBeNull();
  });

  it('stays writable (under a cache value’s 100 KB) however many queries were refused', () => {
    const now = Date.now();
    const refusals = Array.from({ length: 3_000 }, (_, i) => ({
      key: `sdm|${String(i).padStart(43, 'x')}`,
      which: 'fresh searches' as const,
      resetAt: now + 3_600_000,
    }));
    const entry = Object.values(guardEntry(withRefusals(null, 'fp', refusals, now)))[0] ?? '';
    expect(Buffer.byteLength(entry)).toBeLessThan(100 * 1024);
  });
});
