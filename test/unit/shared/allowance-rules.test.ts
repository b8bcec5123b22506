/**
 * Whether a usage read is from before the allowance reset (src/shared/allowance-rules.ts), the one rule
 * the sidebar's bars, its estimate, the menu's question and a template's check all follow. The service's
 * limits are per day, and the time the daily windows reset is not shown (API-SPEC, "Limits"): a reset
 * time the answer names is used; without one, nothing but "a day" is assumed.
 */
import { describe, expect, it } from 'vitest';
import { readBeforeReset } from '../../../src/shared/allowance-rules';
import { DAY_MS } from '../../../src/shared/day';

const readAt = '2026-03-18T23:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('readBeforeReset', () => {
  it('uses the reset time the service names: before it the read holds, from it on it does not', () => {
    const read = { readAt, resetAt: '2026-03-19T06:00:00.000Z' };
    expect(readBeforeReset(read, at('2026-03-19T05:59:00Z'))).toBe(false);
    expect(readBeforeReset(read, at('2026-03-19T06:00:00Z'))).toBe(true);
  });

  it('assumes no time of day when /usage names no reset time: across midnight UTC the read still holds', () => {
    for (const resetAt of [null, 'soon']) {
      const read = { readAt, resetAt };
      expect(readBeforeReset(read, at('2026-03-19T00:01:00Z'))).toBe(false);
      expect(readBeforeReset(read, at('2026-03-19T22:59:59Z'))).toBe(false);
    }
  });

  it('takes a read a day old as from before the reset, whatever the service says of its time', () => {
    for (const resetAt of [null, '2026-03-18T00:00:00.000Z', '2026-03-25T00:00:00.000Z']) {
      const read = { readAt, resetAt };
      expect(readBeforeReset(read, new Date(Date.parse(readAt) + DAY_MS - 1))).toBe(false);
      expect(readBeforeReset(read, new Date(Date.parse(readAt) + DAY_MS))).toBe(true);
    }
  });

  it('takes a read that says not when it was made as from before the reset (nothing to count from)', () => {
    expect(readBeforeReset({ readAt: 'garbled', resetAt: null }, at('2026-03-18T23:00:00Z'))).toBe(true);
  });
});
