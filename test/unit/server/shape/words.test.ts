import { describe, expect, it } from 'vitest';
import { headerWords, inSentence, singularWords } from '../../../../src/server/shape/words';

describe('headerWords', () => {
  it('says a field path in words, whatever the naming convention', () => {
    expect(headerWords('growth.yoy_pct')).toBe('Growth: year-on-year %');
    expect(headerWords('avgMonthlyVolume')).toBe('Average monthly volume');
    expect(headerWords('demand-change.vs-3-months-ago-pct')).toBe('Demand change vs 3 months ago %');
    expect(headerWords('peak.month')).toBe('Peak: month');
    expect(headerWords('as-of')).toBe('As of');
    expect(headerWords('searchScore')).toBe('Search score');
    expect(headerWords('top10Brands')).toBe('Top 10 brands');
    expect(headerWords('URLPath')).toBe('URL path');
  });

  it('keeps initialisms and lone two-letter codes in capitals, and short words as words', () => {
    expect(headerWords('ranks.markets.us')).toBe('Ranks by market: US');
    expect(headerWords('ranks.markets.de')).toBe('Ranks by market: DE');
    expect(headerWords('ai_category')).toBe('AI category');
    expect(headerWords('api_calls.used')).toBe('API calls: used');
    expect(headerWords('share_of_voice')).toBe('Share of voice');
    expect(headerWords('vs')).toBe('Vs');
  });

  it('never shows a dotted path, camelCase or snake_case, and says a repeated joint once', () => {
    for (const path of ['a.b_c', 'fooBar.baz-qux', 'x__y..z', 'items.items_count']) {
      const words = headerWords(path);
      expect(words).not.toMatch(/[._]|[a-z][A-Z]/);
    }
    expect(headerWords('items.items_count')).toBe('Items count');
    expect(headerWords('months.month')).toBe('Months');
    expect(headerWords('')).toBe('Value');
  });

  it("says an object's field after the object's words, never their words run together as a path", () => {
    // Whatever the service calls them: an object's words, a colon, the field's words.
    expect(headerWords('signals.search_demand')).toBe('Signals: search demand');
    expect(headerWords('signalBreakdown.searchDemand')).toBe('Signal breakdown: search demand');
    expect(headerWords('fresh-search-credits.daily-limit')).toBe('Fresh search credits: daily limit');
    // An object between says what its fields are by; a field led by a preposition reads on.
    expect(headerWords('rank-positions.territories.us')).toBe('Rank positions by territory: US');
    expect(headerWords('rankings.inIndustry')).toBe('Rankings in industry');
    expect(headerWords('rankings.byMarket')).toBe('Rankings by market');
    expect(headerWords('growth.pct')).toBe('Growth %');
  });
});

describe('singularWords and inSentence', () => {
  it("names one of a list's items, and reads inside a sentence, initialisms kept", () => {
    expect(['Industries', 'AI clusters', 'Results', 'Baskets', 'Ranking', 'Analysis', 'Boxes'].map(singularWords)).toEqual([
      'Industry',
      'AI cluster',
      'Result',
      'Basket',
      'Ranking',
      'Analysis',
      'Box',
    ]);
    expect(singularWords('Rankings by market')).toBe('Ranking by market');
    expect(inSentence('Industry')).toBe('industry');
    expect(inSentence('AI cluster')).toBe('AI cluster');
  });
});
