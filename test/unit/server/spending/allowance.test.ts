/**
 * The server's allowance (src/server/spending/allowance.ts): what a /usage answer says is left and when
 * it resets, read by meaning under any field names, the same bars the sidebar shows.
 */
import { describe, expect, it } from 'vitest';
import { allowanceOf, callsSpent, resetText, resetTime } from '../../../../src/server/spending/allowance';

describe('allowanceOf', () => {
  it('reads what is left of fresh searches and API calls, and the reset, from nested or flat names', () => {
    const nested = {
      searches_fresh: { used: 12, limit: 250 },
      api_calls: { used: 31, remaining: 1969 },
      window: { resets_at: '2026-03-19T00:00:00Z' },
    };
    expect(allowanceOf(nested)).toEqual({ fresh: 238, calls: 1969, resetAt: Date.parse('2026-03-19T00:00:00Z') });
    const flat = { freshCreditsUsed: 250, freshCreditsLimit: 250, requestCount: 4, requestQuota: 2000 };
    expect(allowanceOf(flat)).toEqual({ fresh: 0, calls: 1996, resetAt: null });
  });

  it('says nothing it cannot read: no bar, no figure; no time that parses, no reset', () => {
    expect(allowanceOf({ exports: { used: 1, limit: 10 }, resetsAt: 'tomorrow' })).toEqual({ fresh: null, calls: null, resetAt: null });
    expect(resetText({ resetsAt: 'tomorrow' })).toBe('tomorrow');
    expect(resetTime({ resetsAt: 'tomorrow' })).toBeNull();
  });

  it('knows the calls spent only when the call bar is at its limit', () => {
    expect(callsSpent({ api_calls: { used: 2000, limit: 2000 } })).toBe(true);
    expect(callsSpent({ api_calls: { used: 1999, limit: 2000 } })).toBe(false);
    expect(callsSpent({ searches: { used: 250, limit: 250 } })).toBe(false);
  });
});
