/** The sidebar's pure formatting: bar colours, percentages, counts, local times. */
import { describe, expect, it } from 'vitest';
import { barLevel, cellText, clockTime, describeReset, formatCount, percentUsed, plural } from '../../../src/sidebar/format';

const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

describe('barLevel', () => {
  it('is blue below 80 %, amber from 80 %, red at the limit', () => {
    expect(barLevel(0, 250)).toBe('ok');
    expect(barLevel(199, 250)).toBe('ok');
    expect(barLevel(200, 250)).toBe('warn');
    expect(barLevel(249, 250)).toBe('warn');
    expect(barLevel(250, 250)).toBe('full');
    expect(barLevel(300, 250)).toBe('full');
  });
  it('treats a zero or missing allowance as full', () => {
    expect(barLevel(0, 0)).toBe('full');
    expect(barLevel(1, Number.NaN)).toBe('full');
  });
});

describe('percentUsed', () => {
  it('clamps to 0..100', () => {
    expect(percentUsed(50, 200)).toBe(25);
    expect(percentUsed(500, 200)).toBe(100);
    expect(percentUsed(-3, 200)).toBe(0);
    expect(percentUsed(0, 0)).toBe(0);
    expect(percentUsed(2, 0)).toBe(100);
  });
});

describe('formatCount and cellText', () => {
  it('groups thousands and keeps text as it is', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(0.125, 'en-US')).toBe('0.13');
    expect(formatCount('free')).toBe('free');
    expect(formatCount(null)).toBe('');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText('<b>x</b>')).toBe('<b>x</b>');
  });
  it('pluralises', () => {
    expect(plural(1, 'formula cell', 'formula cells')).toBe('1 formula cell');
    expect(plural(12, 'formula cell', 'formula cells')).toBe('12 formula cells');
  });
});

describe('clockTime and describeReset', () => {
  it('shows HH:MM in local time, or null for a non-date', () => {
    const iso = '2026-11-21T20:05:09.000Z';
    expect(clockTime(iso)).toBe(hhmm(new Date(iso)));
    expect(clockTime('soon')).toBeNull();
  });

  it('says the reset as every message says it: UTC, to the minute, with its day when more than a day away', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(describeReset('2026-11-21T23:30:00Z', now)).toBe('resets at 23:30 UTC');
    expect(describeReset('2026-11-22T00:00:00.000Z', now)).toBe('resets at 00:00 UTC');
    // A reset a few seconds either side of the minute is that minute (shared/reset-time.ts).
    expect(describeReset('2026-11-21T23:59:58Z', now)).toBe('resets at 00:00 UTC');
    expect(describeReset('2026-11-25T01:00:00Z', now)).toBe('resets at 2026-11-25 01:00 UTC');
  });

  it('shows a reset that is not a date as the service sent it, and nothing without one', () => {
    expect(describeReset('at midnight UTC', new Date())).toBe('resets at midnight UTC');
    expect(describeReset(null)).toBeNull();
    expect(describeReset('  ')).toBeNull();
  });
});
