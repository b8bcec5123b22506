/**
 * What the change view and the chart draw from a history: one point per period of the service's data,
 * dated as the service dates it. In a list with a series those are its points (runs' rows hold no series
 * value); a sheet written before may hold runs' rows with the series' newest figure, which must neither
 * show a month twice nor draw a jump that did not happen.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../../src/server/tracking/history';
import { periodOfDate } from '../../../../src/server/tracking/period';
import { changedItems, changeRows, chartRows, itemReadings } from '../../../../src/server/tracking/summary';
import type { TrackRecord } from '../../../../src/server/tracking/tracking-records';

const list: TrackRecord = {
  id: 't1',
  name: 'Drinks',
  kind: 'keywords',
  period: 'week',
  items: ['coffee', 'tea'],
  fields: ['months.volume'],
  series: { value: 'months.volume', date: 'months.month' },
  by: 'u',
  byEmail: 'u@example.com',
  sheetId: 1,
  sheetName: 'Tracking: Drinks',
  width: 20,
  chartId: null,
  lastRun: null,
  ranFor: '',
  retrySoon: false,
  status: 'ok',
  message: '',
};

const row = (item: string, date: string, value: number | null, status = 'ok'): HistoryRow => ({
  row: 0,
  period: periodOfDate(date, 'week') ?? '',
  date,
  item,
  value,
  status,
});

describe('one point per period of the service data', () => {
  // Runs each week from Monday 2026-04-27: April's figure is the newest until May is complete (week of
  // June 1); a run's row holds the score, the series its own rows under the service's dates.
  const rows = [
    row('coffee', '2026-03-01', 100, 'backfilled'),
    row('coffee', '2026-04-01', 120, 'backfilled'),
    row('coffee', '2026-04-27', null),
    row('coffee', '2026-05-04', null),
    row('coffee', '2026-05-01', 90, 'backfilled'),
    row('coffee', '2026-06-01', null),
    row('tea', '2026-03-01', 50, 'backfilled'),
    row('tea', '2026-04-01', 55, 'backfilled'),
    row('tea', '2026-04-27', null, 'failed'),
  ];

  it("reads the series' points only, each under its own month, oldest first", () => {
    expect(itemReadings('coffee', rows).map((r) => [r.date, r.value])).toEqual([
      ['2026-03-01', 100],
      ['2026-04-01', 120],
      ['2026-05-01', 90],
    ]);
    expect(itemReadings('tea', rows).map((r) => r.date)).toEqual(['2026-03-01', '2026-04-01']);
  });

  it('charts one row per month, and compares the latest month with the one before', () => {
    expect(chartRows(list, rows)).toEqual([
      ['2026-03-01', 100, 50],
      ['2026-04-01', 120, 55],
      ['2026-05-01', 90, ''],
    ]);
    expect(changeRows(list, rows)).toEqual([
      ["'coffee", 90, 120, -30, 'down'],
      ["'tea", 55, 50, 5, 'up'],
    ]);
  });

  it('keeps every run of a list without a series, the same figure included', () => {
    const scores = { ...list, fields: [], series: null };
    const weekly = [row('coffee', '2026-04-27', 30), row('coffee', '2026-05-04', 30), row('coffee', '2026-05-11', 31)];
    expect(chartRows(scores, weekly)).toEqual([
      ['2026-04-27', 30, ''],
      ['2026-05-04', 30, ''],
      ['2026-05-11', 31, ''],
    ]);
  });
});

describe('what a run changed, for the alerts', () => {
  const before = [
    row('coffee', '2026-03-01', 100, 'backfilled'),
    row('coffee', '2026-04-01', 120, 'backfilled'),
    row('coffee', '2026-04-27', null),
    row('tea', '2026-03-01', 50, 'backfilled'),
    row('tea', '2026-04-01', 55, 'backfilled'),
  ];

  it('is nothing when a run found no new month, though the view still compares the last two', () => {
    expect(changeRows(list, before)[0]).toEqual(["'coffee", 120, 100, 20, 'up']);
    expect(changedItems(list, before, [...before, row('coffee', '2026-05-04', null)])).toEqual([]);
  });

  it("is an item's new month, or its latest month revised by the service, and no other item", () => {
    const newMonth = [...before, row('coffee', '2026-05-01', 90, 'backfilled')];
    expect(changedItems(list, before, newMonth)).toEqual([{ item: 'coffee', from: 120, to: 90 }]);
    const revised = [...before.filter((r) => !(r.item === 'tea' && r.date === '2026-04-01')), row('tea', '2026-04-01', 66, 'backfilled')];
    expect(changedItems(list, before, revised)).toEqual([{ item: 'tea', from: 50, to: 66 }]);
  });
});

describe('a sheet written before runs kept the series apart', () => {
  // March and April backfilled; then runs' rows holding the series' newest figure: April's in the weeks
  // of April 27 and May 4, May's from the week of June 1 (no May point backfilled yet).
  const rows = [
    row('coffee', '2026-03-01', 100, 'backfilled'),
    row('coffee', '2026-04-01', 120, 'backfilled'),
    row('coffee', '2026-05-04', 120),
    row('coffee', '2026-04-27', 120),
    row('coffee', '2026-06-01', 90),
    row('coffee', '2026-06-08', 90),
    row('tea', '2026-03-01', 50, 'backfilled'),
    row('tea', '2026-04-01', 55, 'backfilled'),
    row('tea', '2026-04-27', null, 'failed'),
  ];

  it('shows no month twice and no jump: a run in a month the series has, or repeating the figure before it, is left out', () => {
    expect(itemReadings('coffee', rows).map((r) => [r.date, r.value, r.status])).toEqual([
      ['2026-03-01', 100, 'backfilled'],
      ['2026-04-01', 120, 'backfilled'],
      ['2026-06-01', 90, 'ok'],
    ]);
    // A failed run's row is no reading.
    expect(itemReadings('tea', rows).map((r) => r.date)).toEqual(['2026-03-01', '2026-04-01']);
    expect(changeRows(list, rows)).toEqual([
      ["'coffee", 90, 120, -30, 'down'],
      ["'tea", 55, 50, 5, 'up'],
    ]);
  });
});
