/** What a spreadsheet spent today (src/server/spending/day-spend.ts): the spend record and the scheduled runs' copy. */
import { describe, expect, it } from 'vitest';
import { daySpendIn, daySpendKeys, runsCopyKey } from '../../../../src/server/spending/day-spend';
import { addSpend, todaysSpendKeys } from '../../../../src/server/spending/spend-log';

const NOW = Date.UTC(2026, 2, 18, 12);

describe('daySpendIn', () => {
  it("adds today's spend record over its shards and what scheduled runs spent, as copied", () => {
    const [a, b] = todaysSpendKeys(NOW);
    const heads = {
      [a!]: addSpend(addSpend(undefined, { requests: 4, freshSearches: 3 }, 'fp', NOW), { requests: 1, freshSearches: 1 }, 'fp', NOW)!,
      [b!]: addSpend(undefined, { requests: 2, freshSearches: 0 }, 'fp', NOW)!,
      [runsCopyKey(NOW)]: JSON.stringify({ r: 6, f: 5 }),
    };
    expect(daySpendKeys(NOW)).toEqual([...todaysSpendKeys(NOW), runsCopyKey(NOW)]);
    expect(daySpendIn(heads, NOW)).toEqual({ requests: 13, freshSearches: 9 });
    // Yesterday's copy and record count nothing today.
    expect(daySpendIn(heads, NOW + 86_400_000)).toEqual({ requests: 0, freshSearches: 0 });
    expect(daySpendIn({}, NOW)).toEqual({ requests: 0, freshSearches: 0 });
  });
});
