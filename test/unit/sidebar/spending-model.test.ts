import { describe, expect, it } from 'vitest';
import { spendingModel } from '../../../src/sidebar/spending-model';

const RESETS = '2026-03-19T00:00:00.000Z';

describe('spendingModel', () => {
  it('says what a cap leaves today and when it resets, or what no cap means', () => {
    const capped = spendingModel({
      cap: 10,
      today: { requests: 14, freshSearches: 4 },
      resetsAt: RESETS,
      log: { on: false, sheet: null },
    });
    expect(capped).toEqual({
      capValue: '10',
      capped: true,
      capText: 'Formulas and scheduled runs here stop at 10 fresh searches a day: 6 left today, until 00:00 UTC.',
      logOn: false,
      logText: 'Off: nothing is logged.',
    });
    const spent = spendingModel({ cap: 3, today: { requests: 9, freshSearches: 5 }, resetsAt: RESETS, log: { on: false, sheet: null } });
    expect(spent.capText).toContain('0 left today');
    const none = spendingModel({ cap: null, today: { requests: 0, freshSearches: 0 }, resetsAt: RESETS, log: { on: false, sheet: null } });
    expect(none).toMatchObject({ capValue: '', capped: false, capText: "No cap: formulas here may spend the account's whole allowance." });
  });

  it("says where the log writes, and when formulas' rows come", () => {
    const on = spendingModel({
      cap: null,
      today: { requests: 0, freshSearches: 0 },
      resetsAt: RESETS,
      log: { on: true, sheet: 'Search Demand log (2)' },
    });
    expect(on.logOn).toBe(true);
    expect(on.logText).toBe(
      'A row per batch sent goes to the sheet "Search Demand log (2)"; formulas\' rows come when the sidebar opens or a menu item runs.',
    );
  });
});
