import { describe, expect, it } from 'vitest';
import { isoDate } from '../../../../src/server/shape/dates';

describe('isoDate', () => {
  it('makes a month its first day, at midnight in the spreadsheet time zone', () => {
    expect(isoDate('2025-03', 'Etc/UTC')?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    // New York is five hours behind UTC in March before the clocks change (and four after).
    expect(isoDate('2025-03', 'America/New_York')?.toISOString()).toBe('2025-03-01T05:00:00.000Z');
    expect(isoDate('2025-07-04', 'America/New_York')?.toISOString()).toBe('2025-07-04T04:00:00.000Z');
    expect(isoDate('2025-03-30', 'Europe/Berlin')?.toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(isoDate('2025-12-01', 'Asia/Tokyo')?.toISOString()).toBe('2025-11-30T15:00:00.000Z');
  });

  it('keeps an instant with its zone as that instant, and an unknown zone reads as UTC', () => {
    expect(isoDate('2026-03-18T12:00:00.463Z', 'Asia/Tokyo')?.toISOString()).toBe('2026-03-18T12:00:00.463Z');
    expect(isoDate('2026-03-18T12:00:00+02:00', 'Etc/UTC')?.toISOString()).toBe('2026-03-18T10:00:00.000Z');
    expect(isoDate('2025-03', 'Not/AZone')?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('leaves text that is not unambiguously a date', () => {
    for (const text of [
      '2025-13',
      '2025-02-30',
      '2026-03-18T12:00:00',
      'March 2025',
      '2025',
      '12-2025',
      '0099-01',
      'sector:fintech',
      '2025-03 ',
    ]) {
      expect(isoDate(text, 'Etc/UTC')).toBeNull();
    }
  });
});
