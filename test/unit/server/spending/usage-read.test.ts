/**
 * How a usage read is brought up to date (src/server/spending/usage-read.ts): what this document sent since is
 * added to the bar it belongs to, never past the limit. (Whether a read is from before the allowance
 * reset: test/unit/shared/allowance-rules.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { UsageRead } from '../../../../src/shared/sidebar-api';
import { withSpend } from '../../../../src/server/spending/usage-read';

const read = (over: Partial<UsageRead> = {}): UsageRead => ({
  bars: [
    { label: 'Fresh searches', used: 12, limit: 250 },
    { label: 'API calls', used: 31, limit: 2000 },
    { label: 'Exports', used: 1, limit: 10 },
  ],
  table: [],
  readAt: '2026-03-18T12:00:00.000Z',
  resetAt: '2026-03-19T00:00:00.000Z',
  ...over,
});

describe('withSpend', () => {
  it('adds fresh searches to the fresh-search bar and requests to the call bar, leaving others as read', () => {
    const since = { requests: 240, freshSearches: 238, complete: true };
    const shown = withSpend(read(), since);
    expect(shown.bars.map((b) => [b.label, b.used, b.limit])).toEqual([
      ['Fresh searches', 250, 250],
      ['API calls', 271, 2000],
      ['Exports', 1, 10],
    ]);
    expect(shown.spentSince).toEqual(since);
    expect(shown.readAt).toBe(read().readAt);
  });

  it('never shows more used than the limit (refused requests were counted here too), nor less than the service said', () => {
    const shown = withSpend(read(), { requests: 5000, freshSearches: 300, complete: true });
    expect(shown.bars.map((b) => b.used)).toEqual([250, 2000, 1]);
    const over = withSpend(read({ bars: [{ label: 'API calls', used: 2003, limit: 2000 }] }), {
      requests: 2,
      freshSearches: 0,
      complete: true,
    });
    expect(over.bars[0]?.used).toBe(2003);
  });
});
