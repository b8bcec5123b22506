/**
 * A tracking run's count-down of what is left (src/server/spending/tracking-allowance.ts): what is left
 * is read once, on first need, and what the run spends is counted down from it, so a run stops at the
 * limit that caps it instead of being refused by it.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/server/service/endpoints';
import { Spending } from '../../../../src/server/spending/tracking-allowance';
import type { AllowanceLeft } from '../../../../src/server/spending/allowance';

/** A Spending over a fixed read, with how many times it was read. */
function spendingOver(left: AllowanceLeft): { spending: Spending; reads: () => number } {
  let reads = 0;
  const spending = new Spending(() => {
    reads++;
    return left;
  });
  return { spending, reads: () => reads };
}

describe('Spending', () => {
  it('reads what is left once, on first need, and not at all for a run that asks nothing', () => {
    const idle = spendingOver({ fresh: 5, calls: 50, resetAt: null });
    idle.spending.spent({ requests: 3, freshSearches: 1 });
    expect(idle.reads()).toBe(0);
    const busy = spendingOver({ fresh: 5, calls: 50, resetAt: null });
    busy.spending.cap(ENDPOINTS.trend, 2);
    busy.spending.cap(ENDPOINTS.brand, 2);
    expect(busy.reads()).toBe(1);
  });

  it('caps searches by the fresh searches left and every request by the calls left, saying which limit and when it resets', () => {
    const { spending } = spendingOver({ fresh: 3, calls: 10, resetAt: 1_000 });
    expect(spending.cap(ENDPOINTS.trend, 8)).toEqual({ count: 3, limit: 'fresh searches', resetAt: 1_000 });
    expect(spending.cap(ENDPOINTS.brand, 8)).toEqual({ count: 8, limit: null, resetAt: 1_000 });
    expect(spending.cap(ENDPOINTS.brand, 12)).toEqual({ count: 10, limit: 'API calls', resetAt: 1_000 });
  });

  it('counts down what the run spends, never below nothing, and leaves the read it was given as it was', () => {
    const read: AllowanceLeft = { fresh: 3, calls: 10, resetAt: null };
    const { spending } = spendingOver(read);
    spending.cap(ENDPOINTS.trend, 1);
    spending.spent({ requests: 4, freshSearches: 3 });
    expect(spending.cap(ENDPOINTS.trend, 5)).toEqual({ count: 0, limit: 'fresh searches', resetAt: null });
    expect(spending.cap(ENDPOINTS.brand, 9)).toEqual({ count: 6, limit: 'API calls', resetAt: null });
    spending.spent({ requests: 9, freshSearches: 0 });
    expect(spending.cap(ENDPOINTS.brand, 1)).toEqual({ count: 0, limit: 'API calls', resetAt: null });
    expect(read).toEqual({ fresh: 3, calls: 10, resetAt: null });
  });

  it('caps nothing when what is left is not known', () => {
    const { spending } = spendingOver({ fresh: null, calls: null, resetAt: null });
    expect(spending.cap(ENDPOINTS.trend, 500)).toEqual({ count: 500, limit: null, resetAt: null });
  });

  it("caps searches by what the spreadsheet's own cap leaves, read once, counted down as the run spends", () => {
    let capReads = 0;
    const spending = new Spending(
      () => ({ fresh: 100, calls: 100, resetAt: 1_000 }),
      () => {
        capReads++;
        return 4;
      },
    );
    expect(spending.cap(ENDPOINTS.trend, 10)).toEqual({ count: 4, limit: 'cap', resetAt: 1_000 });
    spending.spent({ requests: 4, freshSearches: 3 });
    expect(spending.cap(ENDPOINTS.trend, 10)).toEqual({ count: 1, limit: 'cap', resetAt: 1_000 });
    expect(spending.cap(ENDPOINTS.brand, 10)).toEqual({ count: 10, limit: null, resetAt: 1_000 }); // no searches
    expect(capReads).toBe(1);
  });
});
