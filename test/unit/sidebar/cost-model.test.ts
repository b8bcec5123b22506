import { describe, expect, it } from 'vitest';
import { scheduleCostText, sendsText } from '../../../src/sidebar/cost-model';

const cost = (requests: number, freshSearches = 0, heldBack = 0) => ({ requests, freshSearches, heldBack });

describe('sendsText', () => {
  it('says the requests and the fresh searches they may cost', () => {
    expect(sendsText(cost(1))).toBe('1 request, no fresh search');
    expect(sendsText(cost(4, 3))).toBe('4 requests, at most 3 fresh searches');
  });

  it('says nothing is sent, and why: cached, or held back by a daily limit', () => {
    expect(sendsText(cost(0))).toBe('nothing (cached)');
    expect(sendsText(cost(0, 0, 2))).toBe('nothing (2 held back by a daily limit)');
  });

  it("says what waits for this spreadsheet's own cap", () => {
    expect(sendsText({ ...cost(3, 2), capped: 4 })).toBe("3 requests, at most 2 fresh searches; 4 wait for this spreadsheet's cap");
    expect(sendsText({ ...cost(0), capped: 1 })).toBe("nothing (1 wait for this spreadsheet's cap)");
  });
});

describe('scheduleCostText', () => {
  it('says what a run sends at most, and per day (a week for weekly)', () => {
    expect(scheduleCostText('hourly', 2)).toBe(
      "Each run sends at most 2 requests (one per table's group, no fresh search): at most 48 a day.",
    );
    expect(scheduleCostText('every6h', 1)).toBe(
      "Each run sends at most 1 request (one per table's group, no fresh search): at most 4 a day.",
    );
    expect(scheduleCostText('daily', 3)).toBe("Each run sends at most 3 requests (one per table's group, no fresh search), a day.");
    expect(scheduleCostText('weekly', 1)).toBe("Each run sends at most 1 request (one per table's group, no fresh search), a week.");
  });

  it('says nothing when off, and that a run sends nothing without tables', () => {
    expect(scheduleCostText('off', 3)).toBe('');
    expect(scheduleCostText('hourly', 0)).toBe('No tables yet: a run sends nothing.');
  });
});
