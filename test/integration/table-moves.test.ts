/**
 * A ranking table shows what moved since its values before: each entry's rank change beside the rank,
 * "new" for an entry it did not hold, and the entries that dropped out named under it, counted from the
 * sheet's own previous values (no request more). On our stand-in and on a service whose field names
 * nothing of ours knows: the test finds the rank as the column the add-on put "Rank change" beside, and
 * an entry by its whole row, never by a field name.
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';

const LIMIT = 10;
const HOUR = 3_600_000;

describe.each([
  ['a', {}],
  ['c', { world: 'moves' }],
] as const)('schema %s', (schema, options) => {
  const stack = useStack(schema, options);

  const call = <T>(fn: string, ...args: unknown[]): T => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };
  interface Table {
    range: string;
    rows: number;
    status: string;
    message: string;
  }
  const onlyTable = () => call<{ tables: Table[] }>('getTables').tables[0] as Table;

  /** The table as the sheet shows it: stamp, header, rows, the line under them, and its columns. */
  const shown = () => {
    const table = onlyTable();
    expect(table).toMatchObject({ status: 'ok', rows: LIMIT });
    const grid = stack.gas.spreadsheet.getValues(table.range);
    const header = grid[1] as string[];
    const change = header.indexOf('Rank change');
    expect(change).toBeGreaterThan(0); // beside the rank, which is the column before it
    const rows = grid.slice(2, 2 + LIMIT);
    return {
      stamp: String(grid[0]?.[0]),
      header,
      rows,
      ranks: rows.map((r) => r[change - 1]),
      changes: rows.map((r) => r[change]),
      /** Each row without its rank and rank change: what names the entry, whatever its place. */
      entries: rows.map((r) => JSON.stringify(r.filter((_, i) => i !== change && i !== change - 1))),
      footer: String(grid[2 + LIMIT]?.[0]),
    };
  };
  const updatedAt = (stamp: string) => /· updated (\d{4}-\d\d-\d\d \d\d:\d\d UTC)$/.exec(stamp)?.[1];
  /** What the line under the table says of the service's own change column, whatever it names it. */
  const SERVICE = / (Change|Movement) \(service\): as the service reports it \(it does not say over what period\)\.$/;
  /**
   * The names in "Rank change: places moved since the refresh of …. Dropped out since then: A (was 1),
   * B (was 2). Change (service): …", with their old ranks.
   */
  const droppedOut = (footer: string, since: string) => {
    const prefix = `Rank change: places moved since the refresh of ${since}. Dropped out since then: `;
    expect(footer.startsWith(prefix)).toBe(true);
    expect(footer).toMatch(SERVICE);
    const list = footer.slice(prefix.length).replace(SERVICE, '').slice(0, -1);
    return [...list.matchAll(/(.+?) \(was (\d+)\)(?:, |$)/g)].map((m) => [m[1], Number(m[2])] as const);
  };

  it('a refresh shows the moves, the new entries and those that dropped out; a refresh with nothing new keeps them', async () => {
    await stack.service.control.config({ rankingListLimit: LIMIT });
    call('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: null });
    const first = shown();
    expect(first.ranks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.changes).toEqual(Array(LIMIT).fill('')); // nothing to compare with: no move, no "new"
    expect(first.footer.replace(SERVICE, '')).toBe(
      'Rank change and the entries that dropped out show from the next refresh on, compared with these values.',
    );
    // The service's own change column says it is the service's: nobody takes it for the add-on's.
    expect(first.header.filter((h) => / \(service\)$/.test(h))).toEqual([expect.stringMatching(/^(Change|Movement) \(service\)$/)]);
    // A fact once: the slug beside each name is left out, and so is the sector every row of Fintech's holds.
    expect(first.header).not.toContain('Slug');
    expect(first.header).not.toContain('Handle');
    expect(first.rows.flat()).not.toContain('fintech');

    // The top two leave the list: the scheduled refresh (its cache expired) sees the others two places up.
    call('setRefreshSchedule', { kind: 'hourly' });
    await stack.service.control.config({ rankingListSkip: 2 });
    await stack.service.control.resetStats();
    stack.gas.advanceClock(7 * HOUR);
    await stack.service.control.clock(7 * HOUR);
    expect(stack.gas.fireTrigger(stack.gas.triggers[0]!).ok).toBe(true);
    expect(await stack.requests()).toBe(1); // the list itself, and nothing more for its moves
    const second = shown();
    expect(second.header).toEqual(first.header);
    expect(second.ranks).toEqual(first.ranks);
    expect(second.changes).toEqual([...Array<string>(LIMIT - 2).fill('▲2'), 'new', 'new']);
    expect(second.entries.slice(0, LIMIT - 2)).toEqual(first.entries.slice(2));
    expect(first.entries).not.toContain(second.entries[LIMIT - 1]);
    const gone = droppedOut(second.footer, updatedAt(first.stamp)!);
    expect(gone.map(([, rank]) => rank)).toEqual([1, 2]);
    gone.forEach(([name], i) => expect(first.rows[i]).toContain(name)); // named as the table showed them

    // One comes back at the top: the others fall one place, the last one drops out.
    await stack.service.control.config({ rankingListSkip: 1 });
    await stack.service.control.resetStats();
    stack.gas.advanceClock(HOUR);
    await stack.service.control.clock(HOUR);
    call('refreshTablesNow', true);
    expect(await stack.requests()).toBe(1);
    const third = shown();
    expect(third.changes).toEqual(['new', ...Array<string>(LIMIT - 1).fill('▼1')]);
    expect(third.entries.slice(1)).toEqual(second.entries.slice(0, LIMIT - 1));
    expect(third.entries[0]).toBe(first.entries[1]);
    const last = droppedOut(third.footer, updatedAt(second.stamp)!);
    expect(last).toHaveLength(1);
    expect(last[0]?.[1]).toBe(LIMIT);
    expect(second.rows[LIMIT - 1]).toContain(last[0]?.[0]);

    // Nothing changed since (the cached answer): the moves stay, counted from the same time; no request.
    await stack.service.control.resetStats();
    stack.gas.advanceClock(HOUR);
    call('refreshTablesNow', false);
    expect(await stack.requests()).toBe(0);
    const fourth = shown();
    expect(updatedAt(fourth.stamp)).not.toBe(updatedAt(third.stamp));
    expect(fourth.changes).toEqual(third.changes);
    expect(fourth.footer).toBe(third.footer);
  });
});
