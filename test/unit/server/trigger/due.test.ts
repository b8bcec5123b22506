/** When a scheduled refresh is due (src/server/trigger/due.ts): the latest slot, made up once; a new schedule's first slot after it was chosen. */
import { describe, expect, it } from 'vitest';
import { isDue, latestSlot, nextDue, slotsCountFrom } from '../../../../src/server/trigger/due';

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

describe('the first run after scheduling', () => {
  it('waits for the first slot after the schedule was chosen', () => {
    const chosen = at('2026-11-25T00:30:00Z'); // a Wednesday
    const from = slotsCountFrom(0, chosen);
    expect(nextDue({ kind: 'daily', hour: 6 }, from)).toBe(at('2026-11-25T06:00:00Z'));
    for (const hour of ['01', '02', '03', '04', '05'])
      expect(isDue({ kind: 'daily', hour: 6 }, from, at(`2026-11-25T${hour}:30:00Z`))).toBe(false);
    expect(isDue({ kind: 'daily', hour: 6 }, from, at('2026-11-25T06:30:00Z'))).toBe(true);
    // An hour already past today: tomorrow's. A weekday already past this week: next week's.
    expect(nextDue({ kind: 'daily', hour: 0 }, from)).toBe(at('2026-11-26T00:00:00Z'));
    expect(nextDue({ kind: 'weekly', weekday: 3, hour: 0 }, from)).toBe(at('2026-12-02T00:00:00Z'));
    expect(nextDue({ kind: 'weekly', weekday: 5, hour: 9 }, from)).toBe(at('2026-11-27T09:00:00Z'));
    expect(nextDue({ kind: 'hourly' }, slotsCountFrom(0, at('2026-11-25T10:20:00Z')))).toBe(at('2026-11-25T11:00:00Z'));
    expect(nextDue({ kind: 'every6h' }, slotsCountFrom(0, at('2026-11-25T10:20:00Z')))).toBe(at('2026-11-25T12:00:00Z'));
  });

  it('counts from the later of the last run and the time the schedule was chosen', () => {
    expect(slotsCountFrom(at('2026-11-25T06:10:00Z'), at('2026-11-20T08:00:00Z'))).toBe(at('2026-11-25T06:10:00Z'));
    expect(slotsCountFrom(at('2026-11-25T06:10:00Z'), at('2026-11-25T09:10:00Z'))).toBe(at('2026-11-25T09:10:00Z'));
    // Neither known (a schedule kept before the time it was chosen was recorded, never run): at once.
    expect(slotsCountFrom(0, 0)).toBe(0);
    expect(nextDue({ kind: 'daily', hour: 6 }, 0)).toBe(0);
  });
});

describe('isDue', () => {
  it('runs once per slot, making up a missed slot only once (and at once when nothing is known)', () => {
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
