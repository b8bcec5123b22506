/**
 * What a tracking list reads from an answer, by shape: the same rules whatever the service names its
 * fields (both naming schemas of the local service, and shapes neither has).
 */
import { describe, expect, it } from 'vitest';
import { dateOf, defaultFields, fieldCell, findSeries, numericPaths, scoreOf, seriesPoints } from '../../../../src/server/tracking/answer';
import { periodOf, periodOfDate } from '../../../../src/server/tracking/period';

const schemaA = {
  keyword: 'coffee',
  months: [
    { month: '2025-12', volume: 10 },
    { month: '2025-11', volume: 9 },
  ],
  avg_monthly_volume: 9.5,
  growth: { yoy_pct: 3 },
  peak: { month: '2025-12', volume: 10 },
  search_score: 41.2,
  cache: 'miss',
};
const schemaB = {
  query: 'coffee',
  history: [
    { period: '2025-11-01', searches: 9 },
    { period: '2025-12-01', searches: 10 },
  ],
  averageSearches: 9.5,
  yoyChangePct: 3,
  searchScore: 41.2,
  cache: false,
};

describe('a tracking list reads answers by shape', () => {
  it('finds the dated series, the score and the main numbers in either schema', () => {
    expect(findSeries(schemaA)).toEqual({ value: 'months.volume', date: 'months.month' });
    expect(findSeries(schemaB)).toEqual({ value: 'history.searches', date: 'history.period' });
    expect(seriesPoints(schemaA, { value: 'months.volume', date: 'months.month' })).toEqual([
      { date: '2025-11-01', value: 9 },
      { date: '2025-12-01', value: 10 },
    ]);
    expect(scoreOf(schemaA, 'keywords')).toBe(41.2);
    expect(scoreOf(schemaB, 'keywords')).toBe(41.2);
    expect(defaultFields(schemaA, 'search_score')).toEqual(['avg_monthly_volume']);
    expect(defaultFields(schemaB, 'searchScore')).toEqual(['averageSearches', 'yoyChangePct']);
    expect(numericPaths(schemaA)).toEqual(['months.volume', 'avg_monthly_volume', 'growth.yoy_pct', 'peak.volume', 'search_score']);
  });

  it('has no series where no list holds a date and a number in every record', () => {
    expect(
      findSeries({
        products: ['a', 'b'],
        ranks: { overall: 3 },
        byMarket: [
          { market: 'us', position: 2 },
          { market: 'uk', position: 5 },
        ],
      }),
    ).toBeNull();
    expect(
      findSeries({
        points: [
          { at: '2025-01', v: 1 },
          { at: 'soon', v: 2 },
        ],
      }),
    ).toBeNull();
  });

  it('keeps a field as one cell: a number or text as it is, a list of numbers by its last', () => {
    expect(fieldCell(schemaA, 'growth.yoy_pct')).toBe(3);
    expect(fieldCell(schemaA, 'months.volume')).toBe(9);
    expect(fieldCell(schemaA, 'peak.month')).toBe('2025-12');
    expect(fieldCell(schemaA, 'growth')).toBe('');
    expect(fieldCell(schemaA, 'nope')).toBe('');
  });

  it('reads month, day and date-time texts as days, and puts days in weeks from Monday (UTC)', () => {
    expect([dateOf('2025-04'), dateOf('2025-04-15'), dateOf('2025-04-15T08:00:00Z'), dateOf('April'), dateOf(4)]).toEqual([
      '2025-04-01',
      '2025-04-15',
      '2025-04-15',
      null,
      null,
    ]);
    expect(periodOfDate('2026-04-01', 'week')).toBe('2026-03-30'); // a Wednesday, in the week of Monday 30 March
    expect(periodOfDate('2026-03-30', 'week')).toBe('2026-03-30');
    expect(periodOfDate('2026-04-05', 'week')).toBe('2026-03-30'); // Sunday
    expect(periodOfDate('2026-04-05', 'day')).toBe('2026-04-05');
    expect(periodOf(Date.UTC(2026, 3, 6, 23, 59), 'week')).toBe('2026-04-06');
    expect(periodOfDate('soon', 'week')).toBeNull();
  });
});
