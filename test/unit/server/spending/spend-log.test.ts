/**
 * The spend counters' log (src/server/spending/spend-log.ts): what one key spent in a document after a usage
 * read, exactly, and when the log cannot reach back that far, said so rather than undercounted quietly.
 */
import { describe, expect, it } from 'vitest';
import { addSpend, lookupsSince, spentSince, totals } from '../../../../src/server/spending/spend-log';

const T = Date.UTC(2026, 2, 18, 12, 0, 0);
const DAY = '2026-03-18';
const key = (shard: number) => `sdm-spend|${DAY}|${shard}`;

/** Adds spends one after another to one shard: [time, requests, fresh searches, fingerprint]. */
function shard(spends: [number, number, number, string][], start?: string): string | undefined {
  let text = start;
  for (const [at, requests, fresh, fp] of spends) text = addSpend(text, { requests, freshSearches: fresh }, fp, at) ?? text;
  return text;
}

describe('addSpend and spentSince', () => {
  it('counts what a key spent after a time, and only that key', () => {
    const values = {
      [key(0)]: shard([
        [T - 5_000, 3, 3, 'mine'],
        [T + 1, 20, 18, 'mine'],
        [T + 2, 7, 7, 'theirs'],
      ])!,
      [key(5)]: shard([[T + 60_000, 1, 0, 'mine']])!,
    };
    expect(spentSince(values, 'mine', T, T + 120_000)).toEqual({ requests: 21, freshSearches: 18, complete: true });
    expect(spentSince(values, 'theirs', T, T + 120_000)).toEqual({ requests: 7, freshSearches: 7, complete: true });
    expect(spentSince(values, 'nobody', T, T + 120_000)).toEqual({ requests: 0, freshSearches: 0, complete: true });
    // Spent at the very millisecond of the read or before: in the read already.
    expect(spentSince(values, 'mine', T + 1, T + 120_000)).toMatchObject({ requests: 1 });
    // The day's totals are every key's.
    expect(totals(DAY, values)).toEqual({ day: DAY, requests: 31, freshSearches: 28 });
  });

  it('writes nothing for a lookup that sent nothing, and reads shards of the old form (totals only)', () => {
    expect(addSpend(undefined, { requests: 0, freshSearches: 0 }, 'mine', T)).toBeUndefined();
    const old = JSON.stringify({ r: 5, f: 2 });
    const values = { [key(1)]: shard([[T + 10, 1, 1, 'mine']], old)! };
    expect(totals(DAY, values)).toMatchObject({ requests: 6, freshSearches: 3 });
    expect(spentSince(values, 'mine', T, T + 20)).toEqual({ requests: 1, freshSearches: 1, complete: true });
    expect(spentSince({ [key(2)]: 'not json' }, 'mine', T, T + 20)).toEqual({ requests: 0, freshSearches: 0, complete: true });
  });

  it('keeps a key’s latest 100 lookups per shard; a read older than the dropped ones is counted as short', () => {
    const spends = Array.from({ length: 150 }, (_, i) => [T + i * 1_000, 1, 1, 'mine'] as [number, number, number, string]);
    const values = { [key(3)]: shard(spends)! };
    // A read before the burst: 50 lookups were dropped, so the count is at least the 100 kept, and says so.
    expect(spentSince(values, 'mine', T - 1, T + 200_000)).toEqual({ requests: 100, freshSearches: 100, complete: false });
    // A read after the last dropped lookup: exact.
    expect(spentSince(values, 'mine', T + 49_000, T + 200_000)).toEqual({ requests: 100, freshSearches: 100, complete: true });
    expect(spentSince(values, 'mine', T + 120_000, T + 200_000)).toEqual({ requests: 29, freshSearches: 29, complete: true });
    expect(totals(DAY, values)).toMatchObject({ requests: 150 });
    expect(values[key(3)]?.length).toBeLessThan(4_000); // a few KB, read in each lookup's one getAll
  });

  it('drops the least recent of more than six keys in a shard, and knows that key’s count is short', () => {
    const spends = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((fp, i) => [T + i, 1, 0, fp] as [number, number, number, string]);
    const values = { [key(4)]: shard(spends)! };
    expect(spentSince(values, 'g', T - 1, T + 10)).toEqual({ requests: 1, freshSearches: 0, complete: true });
    expect(spentSince(values, 'a', T - 1, T + 10)).toMatchObject({ requests: 0, complete: false });
    // A read after the drop is not affected by it; a dropped key that spends again starts a short log.
    expect(spentSince(values, 'a', T + 10, T + 20)).toMatchObject({ requests: 0, complete: true });
    const again = { [key(4)]: shard([[T + 30, 2, 0, 'a']], values[key(4)])! };
    expect(spentSince(again, 'a', T - 1, T + 40)).toMatchObject({ requests: 2, complete: false });
    expect(spentSince(again, 'a', T + 10, T + 40)).toMatchObject({ requests: 2, complete: true });
  });

  it('calls a read older than the counters live (6 hours) short: a shard idle that long may have expired', () => {
    const values = { [key(6)]: shard([[T + 7 * 3_600_000, 2, 2, 'mine']])! };
    expect(spentSince(values, 'mine', T, T + 7 * 3_600_000 + 5)).toEqual({ requests: 2, freshSearches: 2, complete: false });
    expect(spentSince(values, 'mine', T + 2 * 3_600_000, T + 7 * 3_600_000 + 5)).toMatchObject({ requests: 2, complete: true });
  });
});

describe('lookupsSince (what API_USAGE compares its cached read with)', () => {
  it("counts today's spending lookups of every key after a time, in today's shards only", () => {
    const values = {
      [key(0)]: shard([
        [T - 5_000, 3, 3, 'mine'],
        [T, 1, 0, 'mine'], // at the very millisecond: not after it
        [T + 1, 20, 18, 'mine'],
      ])!,
      [key(7)]: shard([[T + 2, 1, 0, 'theirs']])!,
      [`sdm-spend|2026-03-17|0`]: shard([[T + 3, 1, 0, 'mine']])!, // another day's shard: not read
      'sdm-config': JSON.stringify({ g: '1', b: 'x', k: 'document' }), // not a shard
    };
    expect(lookupsSince(values, T, T + 10)).toBe(2);
    expect(lookupsSince(values, T - 1, T + 10)).toBe(3);
    expect(lookupsSince(values, T + 2, T + 10)).toBe(0);
    expect(lookupsSince(values, NaN, T + 10)).toBe(0);
  });
});
