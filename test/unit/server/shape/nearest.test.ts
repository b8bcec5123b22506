import { describe, expect, it } from 'vitest';
import { didYouMean, nearestFirst } from '../../../../src/server/shape/nearest';

describe('nearest names', () => {
  it('suggests the one name a typo or two away, ignoring case and separators', () => {
    expect(didYouMean('serch score', ['Keyword', 'Search score', 'Peak month'])).toBe('Search score');
    expect(didYouMean('acme-pya', ['acme-pay', 'acme-cloud', 'strypo'])).toBe('acme-pay');
    expect(didYouMean('sector:fintec', ['sector:fintech', 'sector:food'])).toBe('sector:fintech');
  });

  it('suggests nothing when nothing is near, or two are equally near', () => {
    expect(didYouMean('zebra', ['Keyword', 'Search score'])).toBeUndefined();
    expect(didYouMean('ab', ['ac', 'ad'])).toBeUndefined();
    expect(didYouMean('', ['a'])).toBeUndefined();
  });

  it('orders names nearest first, a name containing what was typed near the front', () => {
    expect(nearestFirst('peak', ['Keyword', 'Months', 'Peak month', 'Peak']).slice(0, 2)).toEqual(['Peak', 'Peak month']);
  });
});
