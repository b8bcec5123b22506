/** What a refresh sends once the allowance is nearly or fully spent (spending/pacing.ts's rules, counted). */
import { describe, expect, it } from 'vitest';
import { capToAllowance } from '../../../../src/server/spending/refresh-cap';

const counted = { searches: 86, searchFormulas: 1, others: 0, usageReads: 0 };

describe('capToAllowance', () => {
  it('sends every search when what is left is not known, or is enough', () => {
    expect(capToAllowance(counted, { fresh: null, calls: null, probes: 3 })).toEqual({
      requests: 86,
      freshSearches: 86,
      probes: 0,
      waiting: 0,
    });
    expect(capToAllowance(counted, { fresh: 100, calls: null, probes: 3 })).toEqual({
      requests: 86,
      freshSearches: 86,
      probes: 0,
      waiting: 0,
    });
  });

  it('past the searches left, each other formula asks for one cached keyword while the handful lasts; the rest waits', () => {
    // The formula that spends the last search asks none.
    expect(capToAllowance(counted, { fresh: 5, calls: null, probes: 3 })).toEqual({
      requests: 5,
      freshSearches: 5,
      probes: 0,
      waiting: 81,
    });
    expect(capToAllowance(counted, { fresh: 0, calls: null, probes: 3 })).toEqual({
      requests: 1,
      freshSearches: 0,
      probes: 1,
      waiting: 85,
    });
    expect(capToAllowance({ ...counted, searchFormulas: 5 }, { fresh: 0, calls: null, probes: 2 })).toEqual({
      requests: 2,
      freshSearches: 0,
      probes: 2,
      waiting: 84,
    });
    expect(capToAllowance({ ...counted, searchFormulas: 5 }, { fresh: 0, calls: null, probes: 0 })).toEqual({
      requests: 0,
      freshSearches: 0,
      probes: 0,
      waiting: 86,
    });
  });

  it('sends nothing past the API calls left, the read of what is left included', () => {
    expect(capToAllowance({ ...counted, others: 10, usageReads: 1 }, { fresh: null, calls: 20, probes: 3 })).toEqual({
      requests: 20,
      freshSearches: 19,
      probes: 0,
      waiting: 0,
    });
  });

  it("sends no search past the spreadsheet's own cap, not even the handful, and says the cap holds the rest", () => {
    expect(capToAllowance(counted, { fresh: 100, calls: null, probes: 3, capLeft: 10 })).toEqual({
      requests: 10,
      freshSearches: 10,
      probes: 0,
      waiting: 76,
      capped: true,
    });
    expect(capToAllowance({ ...counted, searchFormulas: 5 }, { fresh: 50, calls: null, probes: 3, capLeft: 0 })).toEqual({
      requests: 0,
      freshSearches: 0,
      probes: 0,
      waiting: 86,
      capped: true,
    });
    // The daily limit below the cap: the limit's rules (the handful) hold.
    expect(capToAllowance({ ...counted, searchFormulas: 5 }, { fresh: 0, calls: null, probes: 2, capLeft: 40 })).toEqual({
      requests: 2,
      freshSearches: 0,
      probes: 2,
      waiting: 84,
    });
    // A cap with room to spare changes nothing.
    expect(capToAllowance(counted, { fresh: null, calls: null, probes: 3, capLeft: 200 })).toEqual({
      requests: 86,
      freshSearches: 86,
      probes: 0,
      waiting: 0,
    });
  });
});
