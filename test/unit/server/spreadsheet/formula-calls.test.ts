/**
 * How the refresh estimate finds the add-on's calls in a formula without running it
 * (src/server/spreadsheet/formula-calls.ts): at any depth, with each argument's text.
 */
import { describe, expect, it } from 'vitest';
import { callsIn } from '../../../../src/server/spreadsheet/formula-calls';

describe('callsIn', () => {
  it("finds the add-on's calls at any depth, with each argument's text", () => {
    expect(callsIn('=SEARCH_SCORE(A2:A501, SDM_REFRESH)')).toEqual([{ name: 'SEARCH_SCORE', args: ['A2:A501', 'SDM_REFRESH'] }]);
    expect(callsIn('=IFERROR(search_trend( "coffee" , "peak.month"), 0) + BRAND_SCORE(B2)')).toEqual([
      { name: 'SEARCH_TREND', args: ['"coffee"', '"peak.month"'] },
      { name: 'BRAND_SCORE', args: ['B2'] },
    ]);
    expect(callsIn('=SEARCH_SCORE(LOWER(A2))')).toEqual([{ name: 'SEARCH_SCORE', args: ['LOWER(A2)'] }]);
    expect(callsIn('=SEARCH_SCORE(SEARCH_TREND("a", "name"))').map((c) => c.name)).toEqual(['SEARCH_TREND', 'SEARCH_SCORE']);
    expect(callsIn('=MARKET_ANALYSIS()')).toEqual([{ name: 'MARKET_ANALYSIS', args: [] }]);
    expect(callsIn('=RANKING_LIST("sector:fintech", , "noHeaders")')).toEqual([
      { name: 'RANKING_LIST', args: ['"sector:fintech"', '', '"noHeaders"'] },
    ]);
  });

  it('skips quoted text, quoted sheet names and functions that only look like ours', () => {
    expect(callsIn('="SEARCH_SCORE(A1)"')).toEqual([]);
    expect(callsIn("=SEARCH_SCORE('My (sheet), 2'!A2:A9)")).toEqual([{ name: 'SEARCH_SCORE', args: ["'My (sheet), 2'!A2:A9"] }]);
    expect(callsIn('=SEARCH_SCORE({"a","b"})')).toEqual([{ name: 'SEARCH_SCORE', args: ['{"a","b"}'] }]);
    expect(callsIn('=MY_SEARCH_SCORE(A1) + SUM(A1:A3)')).toEqual([]);
  });
});
