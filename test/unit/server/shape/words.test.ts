import { describe, expect, it } from 'vitest';
import { headerWords, inSentence, singularWords } from '../../../../src/server/shape/words';

describe('headerWords', () => {
  it('says a field path in words, whatever the naming convention', () => {
    expect(headerWords('growth.yoy_pct')).toBe('Growth year-on-year %');
    expect(headerWords('avgMonthlyVolume')).toBe('Average monthly volume');
    expect(headerWords('demand-change.vs-3-months-ago-pct')).toBe('Demand change vs 3 months ago %');
    expect(headerWords('peak.month')).toBe('Peak month');
    expect(headerWords('as-of')).toBe('As of');
    expect(headerWords('searchScore')).toBe('Search score');
    expect(headerWords('top10Brands')).toBe('Top 10 brands');
    expect(headerWords('URLPath')).toBe('URL path');
  });

  it('keeps initialisms and lone two-letter codes in capitals, and short words as words', () => {
    expect(headerWords('ranks.markets.us')).toBe('Ranks markets US');
    expect(headerWords('ranks.markets.de')).toBe('Ranks markets DE');
    expect(headerWords('ai_category')).toBe('AI category');
    expect(headerWords('api_calls.used')).toBe('API calls used');
    expect(headerWords('share_of_voice')).toBe('Share of voice');
    expect(headerWords('vs')).toBe('Vs');
  });

  it('never shows a dotted path, camelCase or snake_case, and says a repeated joint once', () => {
    for (const path of ['a.b_c', 'fooBar.baz-qux', 'x__y..z', 'items.items_count']) {
      const words = headerWords(path);
      expect(words).not.toMatch(/[._]|[a-z][A-Z]/);
    }
    expect(headerWords('items.items_count')).toBe('Items count');
    expect(headerWords('')).toBe('Value');
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
    expect(inSentence('Industry')).toBe('industry');
    expect(inSentence('AI cluster')).toBe('AI cluster');
  });
});
