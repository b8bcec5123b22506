/**
 * "As of" on every readable table answer (docs/use/functions.md, "As of"): the date-time the service
 * answered, kept with the cache entry, so a cached answer shows its first time however late it is shown;
 * at no extra round trip; never with noHeaders or raw, nor beside a single value.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useStack, type Stack } from './stack';

type Grid = unknown[][];
const HOUR = 3_600_000;

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/** Our label: "As of", with the zone its date-time shows in (the tests' spreadsheet is in UTC). */
const AS_OF = 'As of (UTC)';

/** The date-time beside "As of" at the bottom of a readable table (undefined when it says none). */
function asOfRow(value: unknown): Date | undefined {
  const grid = value as Grid;
  const row = grid.find((r) => r[0] === AS_OF);
  return row && isDate(row[1]) ? row[1] : undefined;
}

const MINUTE = 60_000;

/**
 * Runs a formula, and the runtime clock just before and after it: when the service answered lies between
 * (As of is said to the minute, as a date-time shows: `before` is that minute's start).
 */
function timed(stack: Stack, fn: string, ...args: unknown[]): { value: unknown; before: number; after: number; roundTrips: number } {
  const before = Math.floor(stack.gas.clock.now() / MINUTE) * MINUTE;
  const result = stack.run(fn, ...args);
  const after = stack.gas.clock.now();
  expect(result.ok, result.error).toBe(true);
  return { value: result.value, before, after, roundTrips: result.roundTrips };
}

describe.each([
  ['a', {}],
  ['b', {}],
  ['c', { world: '7' }],
] as const)('schema %s', (schema, options) => {
  // A hit is what these count: no item goes before its expiry (a hit whose items went early is a miss:
  // test/integration/cache-early.test.ts).
  const stack = useStack(schema, { ...options, cacheEarlyRemoval: { rate: 0 } });
  // The sidebar keeps the spreadsheet's time zone for the formulas (their months are dates): a hit then reads nothing else.
  beforeEach(() => expect(stack.gas.run('showSidebar', [], { mode: 'menu' }).ok).toBe(true));

  it('says below a table when the service answered, and a cached answer its first time hours later', () => {
    const first = timed(stack, 'SEARCH_TREND', 'standing desk');
    const grid = first.value as Grid;
    expect(grid[grid.length - 1]?.[0]).toBe(AS_OF);
    expect(grid[grid.length - 2]?.every((c) => c === '')).toBe(true); // a blank row above it
    // Once: a field of the service's own that reads "As of" too is told apart (schema c has one).
    expect(grid.filter((row) => String(row[0]).startsWith('As of'))).toHaveLength(1);
    const at = asOfRow(grid);
    expect(at).toBeDefined();
    expect(at!.getTime()).toBeGreaterThanOrEqual(first.before);
    expect(at!.getTime()).toBeLessThanOrEqual(first.after);

    stack.gas.advanceClock(2 * HOUR);
    const again = timed(stack, 'SEARCH_TREND', 'standing desk');
    expect(again.roundTrips).toBe(1); // a hit: one getAll, as before
    expect(stack.results.at(-1)?.fetchCount).toBe(0);
    expect(asOfRow(again.value)?.getTime()).toBe(at!.getTime());
    expect(again.before - at!.getTime()).toBeGreaterThanOrEqual(2 * HOUR - MINUTE);
  });

  it('gives every answer without a subject its time too (markets, the ranking overview)', () => {
    for (const fn of ['MARKET_ANALYSIS', 'RANKING_OVERVIEW']) {
      const run = timed(stack, fn);
      const at = asOfRow(run.value);
      expect(at, fn).toBeDefined();
      expect(at!.getTime()).toBeGreaterThanOrEqual(run.before);
      expect(at!.getTime()).toBeLessThanOrEqual(run.after);
    }
  });

  it("gives a range's table an As of column, each row its own answer's time, the cached ones their first", () => {
    const one = timed(stack, 'SEARCH_TREND', 'coffee');
    const firstAt = asOfRow(one.value)!.getTime();
    stack.gas.advanceClock(HOUR);
    const range = timed(stack, 'SEARCH_TREND', [['coffee'], ['tea'], [''], ['mate']]);
    const [header, ...rows] = range.value as Grid;
    const column = header!.indexOf(AS_OF);
    expect(column).toBe(header!.length - 1);
    expect(header!.filter((name) => String(name).startsWith('As of'))).toHaveLength(1);
    expect((rows[0]![column] as Date).getTime()).toBe(firstAt); // cached an hour ago
    for (const row of [rows[1]!, rows[3]!]) {
      const at = (row[column] as Date).getTime();
      expect(at).toBeGreaterThanOrEqual(range.before);
      expect(at).toBeLessThanOrEqual(range.after);
    }
    expect(rows[2]!.every((c) => c === '')).toBe(true); // the blank input's row stays blank
    // Hours later, from the packs: each row still shows when it came.
    stack.gas.advanceClock(2 * HOUR);
    const later = timed(stack, 'SEARCH_TREND', [['coffee'], ['tea'], [''], ['mate']]);
    expect(later.roundTrips).toBe(1);
    expect((later.value as Grid).map((row) => row[column])).toEqual((range.value as Grid).map((row) => row[column]));
  });

  it('leaves it out with noHeaders and raw, and beside a single value', () => {
    stack.value('SEARCH_TREND', 'coffee');
    for (const option of ['noHeaders', 'raw']) {
      const grid = stack.value('SEARCH_TREND', 'coffee', '', option) as Grid;
      expect(grid.flat(), option).not.toContain(AS_OF);
      const range = stack.value('SEARCH_TREND', [['coffee'], ['tea']], '', option) as Grid;
      expect(range.flat(), option).not.toContain(AS_OF);
    }
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
    const label = (stack.value('SEARCH_TREND', 'coffee') as Grid).find((row) => typeof row[1] === 'number')?.[0];
    expect(typeof stack.value('SEARCH_TREND', 'coffee', label)).toBe('number');
  });
});
