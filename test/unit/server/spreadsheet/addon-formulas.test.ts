/**
 * The SDM_REFRESH argument (src/server/spreadsheet/addon-formulas.ts): added once to every call of the add-on's functions
 * in a formula, so changing one named cell makes Sheets re-run them; ignored by the functions.
 */
import { describe, expect, it } from 'vitest';
import { isRefreshArgument, withoutRefresh, withRefreshArgument } from '../../../../src/server/spreadsheet/addon-formulas';

describe('withRefreshArgument', () => {
  it('appends SDM_REFRESH as the last argument of each call of ours, once', () => {
    const cases: [string, string][] = [
      ['=SEARCH_SCORE(A2:A501)', '=SEARCH_SCORE(A2:A501, SDM_REFRESH)'],
      ['=MARKET_ANALYSIS()', '=MARKET_ANALYSIS(SDM_REFRESH)'],
      ['=search_trend("coffee", "peak.month")', '=search_trend("coffee", "peak.month", SDM_REFRESH)'],
      ['=SEARCH_TREND(A2:A10, , "noHeaders")', '=SEARCH_TREND(A2:A10, , "noHeaders", SDM_REFRESH)'],
      [
        '=IFERROR(SEARCH_SCORE(A2), 0) + BRAND_SCORE("acme")',
        '=IFERROR(SEARCH_SCORE(A2, SDM_REFRESH), 0) + BRAND_SCORE("acme", SDM_REFRESH)',
      ],
      ['=SEARCH_SCORE(SEARCH_TREND("a", "name"))', '=SEARCH_SCORE(SEARCH_TREND("a", "name", SDM_REFRESH), SDM_REFRESH)'],
      ['=SEARCH_SCORE("say ""SEARCH_SCORE(x)"" (not this)")', '=SEARCH_SCORE("say ""SEARCH_SCORE(x)"" (not this)", SDM_REFRESH)'],
      ["=SEARCH_SCORE('My (sheet)'!A2:A9)", "=SEARCH_SCORE('My (sheet)'!A2:A9, SDM_REFRESH)"],
      ['=SEARCH_SCORE({"a","b"})', '=SEARCH_SCORE({"a","b"}, SDM_REFRESH)'],
      ['=MY_SEARCH_SCORE(A1) + SUM(A1:A3)', '=MY_SEARCH_SCORE(A1) + SUM(A1:A3)'],
    ];
    for (const [formula, expected] of cases) {
      expect(withRefreshArgument(formula), formula).toBe(expected);
      expect(withRefreshArgument(expected), expected).toBe(expected);
    }
    expect(withRefreshArgument('=SEARCH_SCORE(A2, sdm_refresh)')).toBe('=SEARCH_SCORE(A2, sdm_refresh)');
  });
});

describe('the functions ignore it', () => {
  it('recognises the counter and leaves every other argument as it is', () => {
    expect(isRefreshArgument('sdm-refresh:3')).toBe(true);
    for (const other of ['coffee', '', 3, undefined, [['sdm-refresh:3']], 'SDM_REFRESH']) expect(isRefreshArgument(other)).toBe(false);
    expect(withoutRefresh('coffee', 'sdm-refresh:7', undefined)).toEqual(['coffee', undefined, undefined]);
    expect(withoutRefresh('coffee', 'peak.month', 'sdm-refresh:7')).toEqual(['coffee', 'peak.month', undefined]);
  });
});
