/** What the usage section shows for a UsageView: the last read, when it was read, or that there is none. */
import { describe, expect, it } from 'vitest';
import { allowanceLeft, shortfall } from '../../../src/shared/allowance-rules';
import { NOT_READ_YET, usageModel } from '../../../src/sidebar/usage-model';
import type { UsageRead, UsageView } from '../../../src/shared/sidebar-api';

const read = (over: Partial<UsageRead> = {}): UsageRead => ({
  bars: [
    { label: 'Fresh searches', used: 205, limit: 250 },
    { label: 'API calls', used: 1990, limit: 2000 },
    { label: 'Other', used: 3, limit: 100 },
  ],
  table: [['plan'], ['free']],
  readAt: new Date(2026, 10, 21, 9, 7).toISOString(),
  resetAt: '2026-11-22T00:00:00Z',
  ...over,
});
const view = (over: Partial<UsageRead> | null = {}): UsageView => ({
  last: over === null ? null : read(over),
  readBeforeReset: null,
  document: { day: '2026-11-21', requests: 1234, freshSearches: 7 },
});

describe('usageModel', () => {
  it('makes one bar per allowance with numbers, width and colour', () => {
    const model = usageModel(view(), new Date(2026, 10, 21, 9, 8));
    expect(model.bars.map((b) => [b.label, b.level, b.percent])).toEqual([
      ['Fresh searches', 'warn', 82],
      ['API calls', 'warn', 99.5],
      ['Other', 'ok', 3],
    ]);
    expect(model.bars[0]!.numbers).toMatch(/^205 of 250$/);
    expect(model.bars[0]!.valueText).toBe('205 of 250 used, 82 %');
    expect(model.table).toBeNull();
  });

  it('says when it was read, how long ago, and when it resets, as the cells say it (UTC)', () => {
    expect(usageModel(view(), new Date(2026, 10, 21, 9, 8)).meta).toBe('Read at 09:07, 1 min ago · resets at 00:00 UTC');
    expect(usageModel(view({ resetAt: null }), new Date(2026, 10, 21, 11, 30)).meta).toBe('Read at 09:07, 2 h ago');
    expect(usageModel(view({ resetAt: null }), new Date(2026, 10, 23, 9, 30)).meta).toBe('Read on 2026-11-21 at 09:07, 2 days ago');
  });

  it('tells the whole story of a spent allowance, with the same reset as the rows that wait', () => {
    const spent = (searches: number, calls: number, resetAt: string | null = '2026-11-22T00:00:00.400Z') =>
      view({
        bars: [
          { label: 'Fresh searches', used: searches, limit: 250 },
          { label: 'API calls', used: calls, limit: 2000 },
        ],
        resetAt,
      });
    const at = new Date('2026-11-21T12:00:00Z');
    const rows = 'rows that say "Daily limit reached" fill when you Refresh all formulas after 00:00 UTC; until then formulas';
    expect(usageModel(spent(250, 300), at).meta).toMatch(/ · resets at 00:00 UTC\. Fresh searches spent: rows that say/);
    expect(usageModel(spent(250, 300), at).meta).toContain(
      `${rows} ask only for keywords the service may have cached (free), 3 refused at most.`,
    );
    expect(usageModel(spent(250, 2000), at).meta).toMatch(
      new RegExp(`resets at 00:00 UTC\\. API calls spent: ${rows.replace(/[.()]/g, '\\$&')} send nothing\\.$`),
    );
    expect(usageModel(spent(250, 2000, null), at).meta).toMatch(/Refresh all formulas after the reset; until then/);
    expect(usageModel(spent(249, 1999), at).meta).not.toMatch(/spent/);
  });

  it('says that nothing was read yet, and that reading costs one request', () => {
    const model = usageModel(view(null));
    expect(model).toMatchObject({ bars: [], table: null, meta: NOT_READ_YET });
    expect(NOT_READ_YET).toBe('Not read yet: Refresh reads it (one request).');
  });

  it('says what the bars add to the read: what this document sent since, and when that count may be short', () => {
    const at = new Date(2026, 10, 21, 9, 30);
    const since = (requests: number, freshSearches: number, complete = true) =>
      view({ resetAt: null, spentSince: { requests, freshSearches, complete } });
    expect(usageModel(since(240, 238), at).meta).toBe(
      'Read at 09:07, 23 min ago, plus 240 requests (238 fresh searches) this document sent since',
    );
    expect(usageModel(since(1, 0), at).meta).toBe('Read at 09:07, 23 min ago, plus 1 request this document sent since');
    expect(usageModel(since(0, 0), at).meta).toBe('Read at 09:07, 23 min ago');
    expect(usageModel(since(3, 3, false), at).meta).toBe(
      "Read at 09:07, 23 min ago, plus at least 3 requests (3 fresh searches) this document sent since; this document's count may not reach back that far: Refresh for exact figures",
    );
    expect(usageModel(since(0, 0, false), at).meta).toBe(
      "Read at 09:07, 23 min ago; this document's count may not reach back that far: Refresh for exact figures",
    );
    // An answer without bars is shown as it was read: nothing was added to it, and the line says so.
    expect(usageModel(view({ bars: [], resetAt: null, spentSince: { requests: 4, freshSearches: 0, complete: true } }), at).meta).toBe(
      'Read at 09:07, 23 min ago; this document has sent 4 requests since: Refresh for current figures',
    );
  });

  it('shows no figures of a read from before the allowance reset, only when it was read', () => {
    const model = usageModel(
      {
        last: null,
        readBeforeReset: new Date(2026, 10, 20, 23, 50).toISOString(),
        document: { day: '2026-11-21', requests: 2, freshSearches: 2 },
      },
      new Date(2026, 10, 21, 0, 10),
    );
    expect(model).toMatchObject({ bars: [], table: null });
    expect(model.meta).toBe(
      "Read on 2026-11-20 at 23:50, 20 min ago, before the allowance reset: Refresh reads today's figures (one request).",
    );
    expect(model.documentRows[1]).toEqual(['Fresh searches', '2']);
  });

  it("lists this document's spend", () => {
    expect(usageModel(view()).documentRows.map(([label]) => label)).toEqual(['Requests sent', 'Fresh searches']);
    expect(usageModel(view()).documentRows[1]![1]).toBe('7');
  });

  it('falls back to the table when the answer has no bars', () => {
    expect(usageModel(view({ bars: [] })).table).toEqual([['plan'], ['free']]);
    expect(usageModel(view({ bars: [], table: [] })).table).toBeNull();
  });
});

describe('allowanceLeft', () => {
  it('finds fresh searches and calls by meaning, never below zero', () => {
    expect(allowanceLeft(read())).toEqual({ searches: 45, calls: 10 });
    expect(allowanceLeft(read({ bars: [{ label: 'Requests', used: 10, limit: 2000 }] }))).toEqual({ searches: null, calls: 1990 });
    expect(allowanceLeft(read({ bars: [{ label: 'API calls', used: 2100, limit: 2000 }] }))).toEqual({ searches: null, calls: 0 });
  });
});

describe('shortfall: whether a refresh asks first (the sidebar and the menu both use it)', () => {
  const before = new Date(2026, 10, 21, 10, 0); // after the read, before the reset
  const bars = (searchesUsed: number, callsUsed: number) => ({
    bars: [
      { label: 'Fresh searches', used: searchesUsed, limit: 250 },
      { label: 'API calls', used: callsUsed, limit: 2000 },
    ],
  });

  it('names the fresh searches first, then the calls, and says nothing when the refresh fits', () => {
    expect(shortfall(10, 10, read(bars(245, 0)), before)).toEqual({ kind: 'searches', needed: 10, left: 5 });
    expect(shortfall(10, 0, read(bars(245, 1995)), before)).toEqual({ kind: 'calls', needed: 10, left: 5 });
    expect(shortfall(5, 5, read(bars(245, 1995)), before)).toBeNull();
  });

  it('says nothing once the allowance has reset since the read, or when no bar says what is left', () => {
    expect(shortfall(10, 10, read(bars(250, 2000)), new Date(2026, 10, 22, 2, 0))).toBeNull();
    expect(shortfall(10, 10, read({ bars: [{ label: 'Other', used: 100, limit: 100 }] }), before)).toBeNull();
  });
});
