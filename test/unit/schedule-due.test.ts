/** When a scheduled refresh is due (src/server/trigger/due.ts): the latest slot, made up once. */
import { describe, expect, it } from 'vitest';
import { isDue, latestSlot } from '../../src/server/trigger/due';

const at = (iso: string) => Date.parse(iso);

describe('latestSlot', () => {
  it('is the start of the hour, the 6-hour mark, the day at the hour, or the week day at the hour (UTC)', () => {
    const now = at('2026-11-25T14:37:00Z'); // a Wednesday
    expect(latestSlot({ kind: 'off' }, now)).toBeNull();
    expect(latestSlot({ kind: 'hourly' }, now)).toBe(at('2026-11-25T14:00:00Z'));
    expect(latestSlot({ kind: 'every6h' }, now)).toBe(at('2026-11-25T12:00:00Z'));
    expect(latestSlot({ kind: 'daily', hour: 6 }, now)).toBe(at('2026-11-25T06:00:00Z'));
    expect(latestSlot({ kind: 'daily', hour: 20 }, now)).toBe(at('2026-11-24T20:00:00Z'));
    expect(latestSlot({ kind: 'weekly', weekday: 3, hour: 9 }, now)).toBe(at('2026-11-25T09:00:00Z'));
    expect(latestSlot({ kind: 'weekly', weekday: 3, hour: 15 }, now)).toBe(at('2026-11-18T15:00:00Z'));
    expect(latestSlot({ kind: 'weekly', weekday: 1, hour: 7 }, now)).toBe(at('2026-11-23T07:00:00Z'));
    expect(latestSlot({ kind: 'weekly', weekday: 7, hour: 0 }, now)).toBe(at('2026-11-22T00:00:00Z'));
  });
});

describe('isDue', () => {
  it('runs a new schedule at once, then once per slot, making up a missed slot only once', () => {
    const daily = { kind: 'daily', hour: 6 } as const;
    expect(isDue(daily, 0, at('2026-11-25T14:37:00Z'))).toBe(true);
    expect(isDue(daily, at('2026-11-25T14:37:00Z'), at('2026-11-25T15:37:00Z'))).toBe(false);
    expect(isDue(daily, at('2026-11-25T14:37:00Z'), at('2026-11-26T05:37:00Z'))).toBe(false);
    expect(isDue(daily, at('2026-11-25T14:37:00Z'), at('2026-11-26T06:37:00Z'))).toBe(true);
    // Three days without a run: due once; after that run, not again until the next slot.
    expect(isDue(daily, at('2026-11-22T06:37:00Z'), at('2026-11-25T10:37:00Z'))).toBe(true);
    expect(isDue(daily, at('2026-11-25T10:37:00Z'), at('2026-11-25T11:37:00Z'))).toBe(false);
    expect(isDue({ kind: 'hourly' }, at('2026-11-25T14:37:00Z'), at('2026-11-25T15:36:00Z'))).toBe(true);
    expect(isDue({ kind: 'off' }, 0, at('2026-11-25T14:37:00Z'))).toBe(false);
  });
});
