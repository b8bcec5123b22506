/**
 * What the change view and the chart draw from a history: one point per item per period. A sheet
 * written before runs stopped backfilling their own month may hold a backfilled month and a run in that
 * month: the run's reading is the month's point.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../../src/server/tracking/history';
import { periodOfDate } from '../../../../src/server/tracking/period';
import { changeRows, chartRows, itemReadings } from '../../../../src/server/tracking/summary';
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

describe('one point per item per period', () => {
  // An older sheet: March and April backfilled, then the week of April 27 (April's figure) and of May 4.
  const rows = [
    row('coffee', '2026-03-01', 100, 'backfilled'),
    row('coffee', '2026-04-01', 120, 'backfilled'),
    row('coffee', '2026-05-04', 120),
    row('coffee', '2026-04-27', 120),
    row('tea', '2026-03-01', 50, 'backfilled'),
    row('tea', '2026-04-01', 55, 'backfilled'),
    row('tea', '2026-04-27', null, 'failed'),
  ];

  it("leaves out a backfilled month that holds a run's row, and keeps the rest oldest first", () => {
    expect(itemReadings('coffee', rows).map((r) => [r.date, r.value, r.status])).toEqual([
      ['2026-03-01', 100, 'backfilled'],
      ['2026-04-27', 120, 'ok'],
      ['2026-05-04', 120, 'ok'],
    ]);
    // A failed run's row is no reading: the backfilled April stays tea's April.
    expect(itemReadings('tea', rows).map((r) => r.date)).toEqual(['2026-03-01', '2026-04-01']);
  });

  it("charts each item's readings by date: no second point in April for coffee", () => {
    expect(chartRows(list, rows)).toEqual([
      ['2026-03-01', 100, 50],
      ['2026-04-01', '', 55],
      ['2026-04-27', 120, ''],
      ['2026-05-04', 120, ''],
    ]);
  });

  it('compares the latest reading with the one before it', () => {
    expect(changeRows(list, rows)).toEqual([
      ["'coffee", 120, 120, 0, 'same'],
      ["'tea", 55, 50, 5, 'up'],
    ]);
  });
});
