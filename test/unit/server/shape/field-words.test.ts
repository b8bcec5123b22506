import { describe, expect, it } from 'vitest';
import { selectByName, selectByWords, unknownFieldMessage } from '../../../../src/server/shape/field-words';
import { trendA, trendB } from './fixtures';

describe('fields written as words', () => {
  it("selects an answer's only list by what the answer is, as its title says it, and nothing else by it", () => {
    expect(selectByName(trendB, 'Search trend', 'Search trend')).toEqual({ ok: true, value: trendB.history, path: 'history' });
    expect(selectByName(trendA, 'search  TREND', 'Search trend')).toMatchObject({ ok: true, path: 'months' });
    expect(selectByName(trendA, 'Months', 'Search trend')).toBeUndefined();
    expect(selectByName(trendA, 'Search trend', undefined)).toBeUndefined();
    expect(selectByName({ ...trendA, related: [{ keyword: 'tea' }] }, 'Search trend', 'Search trend')).toBeUndefined();
  });

  it('selects the field whose header says those words, whole or by its last names', () => {
    expect(selectByWords(trendA, 'Growth year-on-year %')).toEqual({ ok: true, value: 12.5, path: 'growth.yoy_pct' });
    expect(selectByWords(trendA, 'year-on-year %')).toEqual({ ok: true, value: 12.5, path: 'growth.yoy_pct' });
    expect(selectByWords(trendB, 'Peak month searches')).toMatchObject({ ok: true, value: 9000 });
    // As a cell shows it: an object's words, a colon, the field's.
    expect(selectByWords(trendA, 'Growth: year-on-year %')).toEqual({ ok: true, value: 12.5, path: 'growth.yoy_pct' });
    expect(selectByWords(trendB, 'Peak month: searches')).toMatchObject({ ok: true, value: 9000 });
  });

  it('takes a column stated once back by its label: the one value it holds on every row', () => {
    const list = { items: [1, 2, 3].map((rank) => ({ rank, sector: 'fintech' })) };
    expect(selectByWords(list, 'Sector of every item')).toEqual({ ok: true, value: 'fintech', path: 'items.sector' });
    expect(selectByWords(list, 'Rank of every item')).toMatchObject({ ok: true, value: [1, 2, 3] }); // not one value: the column
  });

  it('lists the places when the words fit several, and says nothing when none', () => {
    const month = selectByWords(trendA, 'month');
    expect(month).toMatchObject({ ok: false });
    expect(month?.ok === false && month.message).toBe('field "month" could be "Peak: month", "Months": write one of them');
    expect(selectByWords(trendA, 'zebra')).toBeUndefined();
  });

  it('says which field was meant, and lists the fields in words nearest first', () => {
    const message = unknownFieldMessage('serch scor', ['keyword', 'search_score', 'peak.month']);
    expect(message).toBe(
      'unknown field "serch scor": did you mean "Search score"? available fields are Search score, Keyword, Peak: month',
    );
  });
});
