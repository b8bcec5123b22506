/**
 * Ranking tables in the local spreadsheet: inserted as values, refreshed safely (failures keep old
 * values, user cells are never overwritten, deleted sheets are reported), scheduled with exactly one
 * trigger per user per document, never two refreshes at once.
 */
import { describe, expect, it } from 'vitest';
import { rawAnswer, useStack } from './stack';

const stack = useStack();

interface TablesView {
  tables: {
    id: string;
    group: string;
    name: string;
    sheetName: string;
    range: string;
    rows: number;
    status: string;
    message: string;
    updatedAt: string;
  }[];
  schedule: { kind: string };
  lastRun: { trigger: string; note: string; results: { group: string; ok: boolean; message: string }[] } | null;
  /** refreshTablesNow only: this call's run. */
  run?: { trigger: string; note: string; results: { group: string; ok: boolean; message: string }[] };
}

const call = (fn: string, ...args: unknown[]): TablesView => {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as TablesView;
};
const failure = (fn: string, ...args: unknown[]) => stack.gas.run(fn, args, { mode: 'sidebar' }).error ?? '';
const insert = (group: string, placement: 'new-sheet' | 'selection', limit: number | null = null, columns: string[] | null = null) =>
  call('insertRankingTable', { group, placement, columns, limit });
const values = (ref: string) => stack.gas.spreadsheet.getValues(ref);
const hasSheet = (name: string) => {
  try {
    return !!stack.gas.spreadsheet.sheet(name);
  } catch {
    return false;
  }
};

describe('inserting', () => {
  it('writes a new sheet named after the group: stamp, header, every ranked row as values', () => {
    const view = insert('sector:fintech', 'new-sheet');
    const [table] = view.tables;
    expect(table).toMatchObject({ group: 'sector:fintech', sheetName: 'Ranking: Fintech', status: 'ok' });
    expect(hasSheet('Ranking: Fintech')).toBe(true);
    const grid = values(`'Ranking: Fintech'!A1:C${(table?.rows ?? 0) + 2}`);
    expect(grid[0]?.[0]).toMatch(/^Search Demand ranking · Fintech · updated \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(grid[1]).toEqual(expect.arrayContaining(['Rank'])); // the header in words, as the formulas say it
    expect(table?.rows).toBeGreaterThan(50);
    expect(typeof grid[2]?.[0]).toBe('number');
    expect(
      stack.gas.spreadsheet
        .getFormulas(`'Ranking: Fintech'!A1:C5`)
        .flat()
        .every((f) => f === ''),
    ).toBe(true);
  });

  it('writes at the selected cell with chosen columns and a row limit, but never over user data', () => {
    stack.gas.spreadsheet.setActive('Sheet1', 'C5');
    const view = insert('ai:all', 'selection', 10, ['rank', 'name']);
    // Stamp, header, 10 rows and the line under them; the rank change column beside the rank.
    expect(view.tables[0]).toMatchObject({ range: "'Sheet1'!C5:E17", rows: 10 });
    expect(values('Sheet1!C6:E6')).toEqual([['Rank', 'Rank change', 'Name']]);
    expect(values('Sheet1!C7:C16').map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Nothing to compare with yet: no move, and no "new", is shown.
    expect(values('Sheet1!D7:D16').flat()).toEqual(Array(10).fill(''));
    expect(values('Sheet1!C17')[0]?.[0]).toBe(
      'Rank change and the entries that dropped out show from the next refresh on, compared with these values.',
    );

    stack.gas.spreadsheet.setValues('Sheet1!H20', [['my notes']]);
    stack.gas.spreadsheet.setActive('Sheet1', 'G18');
    expect(failure('insertRankingTable', { group: 'sector:saas', placement: 'selection', columns: null, limit: 5 })).toMatch(
      /'Sheet1'!G18:.* is not empty: pick an empty spot or a new sheet/,
    );
    expect(values('Sheet1!H20')).toEqual([['my notes']]);
    expect(call('getTables').tables).toHaveLength(1);
  });

  it('refuses a malformed group and unknown columns without writing anything', () => {
    expect(failure('insertRankingTable', { group: 'fintech', placement: 'new-sheet', columns: null, limit: null })).toMatch(/prefix:name/);
    expect(failure('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: ['nope'], limit: null })).toMatch(
      /None of those columns exist in sector:fintech: available are rank, /,
    );
    expect(hasSheet('Ranking: Fintech')).toBe(false);
    expect(call('getTables').tables).toHaveLength(0);
  });

  it('offers the groups of the ranking overview and previews a table', () => {
    const groups = stack.gas.run('getRankingGroups', [], { mode: 'sidebar' }).value as { group: string; label: string }[];
    expect(groups.map((g) => g.group)).toEqual(expect.arrayContaining(['sector:fintech', 'ai:all', 'market:us']));
    const preview = stack.gas.run('previewRankingTable', ['sector:fintech'], { mode: 'sidebar' }).value as {
      headers: string[];
      rows: number;
    };
    expect(preview.headers[0]).toBe('rank');
    expect(preview.rows).toBeGreaterThan(50);
  });
});

describe('refreshing', () => {
  it('refreshes every table, and a failing one keeps its values and says why in its stamp', async () => {
    insert('sector:fintech', 'new-sheet', 5);
    insert('sector:saas', 'new-sheet', 5);
    const inserted = insert('sector:travel', 'new-sheet', 5).tables;
    const before = new Map(inserted.map((t) => [t.group, values(`'${t.sheetName}'!A2:C7`)]));
    await stack.service.control.resetStats();
    // Forced, so every table fetches; the first request answers garbage.
    await stack.service.control.faults([{ kind: 'malformed', count: 1 }]);
    const view = call('refreshTablesNow', true);
    const failed = view.tables.filter((t) => t.status === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.message).toMatch(/unreadable answer/);
    expect(view.lastRun?.results.filter((r) => r.ok)).toHaveLength(2);
    const withoutChange = (grid: unknown[][] | undefined) => grid?.map(([rank, , ...rest]) => [rank, ...rest]);
    for (const table of view.tables) {
      const old = inserted.find((t) => t.id === table.id);
      // The failed table keeps its values and its time of update; the others have a newer one, and
      // say in their rank change column (B) that nothing moved.
      const now = values(`'${table.sheetName}'!A2:C7`);
      if (table.status === 'error') expect(now).toEqual(before.get(table.group));
      else expect(now.slice(1).map((row) => row[1])).toEqual(Array(5).fill('–'));
      expect(withoutChange(now)).toEqual(withoutChange(before.get(table.group)));
      if (table.status === 'error') expect(table.updatedAt).toBe(old?.updatedAt);
      else expect(table.updatedAt > (old?.updatedAt ?? '')).toBe(true);
    }
    const failedSheet = failed[0]?.sheetName as string;
    expect(values(`'${failedSheet}'!A1`)[0]?.[0]).toMatch(/ · refresh failed .* UTC: The service sent an unreadable answer/);
    expect(await stack.requests('/ranking/list')).toBe(3);
    // Each table by its group's name, as its list gives it and the sidebar says it.
    const saas = view.tables.find((t) => t.group === 'sector:saas');
    expect(saas?.name).not.toBe('sector:saas');
    expect(stack.gas.toasts.map((t) => t.message)).toEqual(expect.arrayContaining([`Refreshing 2 of 3: ${saas?.name}`]));
  });

  it('uses the cache unless forced', async () => {
    insert('sector:fintech', 'new-sheet', 5);
    await stack.service.control.resetStats();
    call('refreshTablesNow', false);
    expect(await stack.requests()).toBe(0);
  });

  it('never grows into user data, and a shrinking table clears only its own rows', async () => {
    await stack.service.control.config({ rankingListLimit: 10 });
    stack.gas.spreadsheet.setActive('Sheet1', 'B2');
    insert('sector:health', 'selection');
    expect(values('Sheet1!B13')[0]?.[0]).toBe(10); // stamp B2, header B3, rows B4:B13, the line under them B14
    stack.gas.spreadsheet.setValues('Sheet1!C16', [['keep me']]);

    await stack.service.control.config({ rankingListLimit: 20 });
    const grown = call('refreshTablesNow', true);
    expect(grown.tables[0]).toMatchObject({ status: 'error' });
    expect(grown.tables[0]?.message).toMatch(/would grow into your data at 'Sheet1'!B15:.*, so it was not refreshed/);
    expect(values('Sheet1!C16')).toEqual([['keep me']]);
    expect(values('Sheet1!B15')).toEqual([['']]);

    await stack.service.control.config({ rankingListLimit: 4 });
    const shrunk = call('refreshTablesNow', true);
    expect(shrunk.tables[0]).toMatchObject({ status: 'ok', rows: 4 });
    expect(values('Sheet1!B4:B7').map((r) => r[0])).toEqual([1, 2, 3, 4]);
    // The six it no longer holds are named under it, never silently gone.
    expect(values('Sheet1!B8')[0]?.[0]).toMatch(
      /^Rank change: places moved since the refresh of \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Dropped out since then: (.+ \(was \d+\), ){5}.+ \(was 10\)\. Change \(service\): as the service reports it \(it does not say over what period\)\.$/,
    );
    expect(
      values('Sheet1!B9:G14')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(values('Sheet1!C16')).toEqual([['keep me']]);
  });

  it('reports a table whose sheet was deleted and never recreates it; follows a renamed sheet', () => {
    insert('sector:fintech', 'new-sheet', 3);
    insert('sector:saas', 'new-sheet', 3);
    stack.gas.spreadsheet.deleteSheet('Ranking: Fintech');
    stack.gas.spreadsheet.renameSheet('Ranking: SaaS', 'My SaaS');
    const view = call('refreshTablesNow', true);
    const deleted = view.tables.find((t) => t.group === 'sector:fintech');
    expect(deleted).toMatchObject({ status: 'error' });
    expect(deleted?.message).toMatch(/was deleted, so the table is not recreated/);
    expect(hasSheet('Ranking: Fintech')).toBe(false);
    expect(view.tables.find((t) => t.group === 'sector:saas')).toMatchObject({ status: 'ok', sheetName: 'My SaaS' });
  });

  it('leaves a table alone when its first cell no longer holds the stamp', () => {
    insert('sector:fintech', 'new-sheet', 3);
    stack.gas.spreadsheet.setValues("'Ranking: Fintech'!A1", [['my own title']]);
    const view = call('refreshTablesNow', true);
    expect(view.tables[0]?.message).toMatch(/no longer holds the table's stamp/);
    expect(values("'Ranking: Fintech'!A1")).toEqual([['my own title']]);
  });

  it('skips a refresh while another is running, touching nothing', () => {
    insert('sector:fintech', 'new-sheet', 3);
    const stamp = values("'Ranking: Fintech'!A1");
    const lastRun = call('getTables').lastRun;
    stack.gas.locks.holdExternally('document', 60_000);
    const view = call('refreshTablesNow', true);
    expect(values("'Ranking: Fintech'!A1")).toEqual(stamp);
    expect(view.lastRun).toEqual(lastRun);
    expect(view.run).toMatchObject({ trigger: 'sidebar', results: [], note: 'Another refresh is running: this one was skipped.' });
    expect(stack.gas.toasts.at(-1)?.message).toBe('Another refresh is running: this one was skipped.');
  });

  it('records a clear failure when the trigger owner has no key any more', () => {
    insert('sector:fintech', 'new-sheet', 3);
    call('setRefreshSchedule', { kind: 'hourly' });
    stack.gas.properties.user.delete('SDM_API_KEY');
    const trigger = stack.gas.triggers[0];
    expect(trigger).toBeTruthy();
    stack.gas.advanceClock(3_600_000); // the schedule's first slot: the next hour
    const result = stack.gas.fireTrigger(trigger!);
    expect(result.ok).toBe(true);
    const view = call('getTables');
    expect(view.lastRun).toMatchObject({ trigger: 'schedule' });
    expect(view.lastRun?.note).toMatch(/^No API key/);
    expect(view.tables[0]?.message).toMatch(/^No API key/);
  });
});

describe('what moved', () => {
  it('a table written before the add-on showed moves gains them at its next refresh, counted from its old values', async () => {
    await stack.service.control.config({ rankingListLimit: 5 });
    stack.gas.spreadsheet.setActive('Sheet1', 'B2');
    insert('sector:fintech', 'selection', null, ['rank', 'slug', 'name']);
    // Made as an older version left it: its stamp by the group, header and rows only (the slug beside the
    // name, as it showed then), and a record without `moves`.
    const raw = (await rawAnswer(stack.service, '/ranking/list', { group: 'sector:fintech' })) as {
      items: { rank: number; slug: string; name: string }[];
    };
    const rows = raw.items.slice(0, 5).map((item) => [item.rank, item.slug, item.name]);
    stack.gas.spreadsheet.setValues('Sheet1!B2:E9', [
      ['Search Demand ranking · sector:fintech · updated 2026-03-18 11:00 UTC', '', '', ''],
      ['Rank', 'Slug', 'Name', ''],
      ...rows.map((row) => [...row, '']),
      ['', '', '', ''],
    ]);
    const record = stack.gas.spreadsheet.developerMetadata.list.find((r) => r.key.startsWith('sdm.table.'))!;
    const { moves, name, ...old } = JSON.parse(record.value ?? '') as { moves?: boolean; name?: string; height: number; width: number };
    expect([moves, name]).toEqual([true, 'Fintech']);
    record.value = JSON.stringify({ ...old, height: 7, width: 3 });

    await stack.service.control.config({ rankingListSkip: 1 });
    const after = (await rawAnswer(stack.service, '/ranking/list', { group: 'sector:fintech' })) as typeof raw;
    const view = call('refreshTablesNow', true);
    // The old stamp is still ours; the slug, a fact the name says, goes; moves count from the names.
    expect(view.tables[0]).toMatchObject({ status: 'ok', range: "'Sheet1'!B2:D9", rows: 5 });
    expect(values('Sheet1!B2')[0]?.[0]).toMatch(/^Search Demand ranking · Fintech · updated /);
    expect(values('Sheet1!B3:E8')).toEqual([
      ['Rank', 'Rank change', 'Name', ''],
      ...after.items.map((item, i) => [i + 1, i < 4 ? '▲1' : 'new', item.name, '']),
    ]);
    expect(values('Sheet1!B9')[0]?.[0]).toMatch(
      new RegExp(`^Rank change: places moved since the refresh of .* UTC\\. Dropped out since then: ${rows[0]?.[2]} \\(was 1\\)\\.$`),
    );
  });
});

describe('schedule', () => {
  it('keeps one hourly trigger per user whatever the schedule, none when off', () => {
    expect(call('setRefreshSchedule', { kind: 'daily', hour: 6 }).schedule).toEqual({ kind: 'daily', hour: 6 });
    expect(stack.gas.triggers).toHaveLength(1);
    const first = stack.gas.triggers[0];
    expect(first?.schedule).toMatchObject({ kind: 'hours', every: 1 });
    call('setRefreshSchedule', { kind: 'daily', hour: 6 });
    call('setRefreshSchedule', { kind: 'weekly', weekday: 1, hour: 7 });
    expect(stack.gas.triggers.map((t) => t.uid)).toEqual([first?.uid]);
    expect(stack.gas.triggers[0]?.handler).toBe('refreshRankingTables');
    call('setRefreshSchedule', { kind: 'off' });
    expect(stack.gas.triggers).toHaveLength(0);
    expect(failure('setRefreshSchedule', { kind: 'daily', hour: 25 })).toMatch(/hour of the daily refresh/);
  });

  it('the trigger refreshes every table as its owner', async () => {
    insert('sector:fintech', 'new-sheet', 3);
    call('setRefreshSchedule', { kind: 'every6h' });
    await stack.service.control.resetStats();
    // Set at 12:00 UTC: its first slot is the next 6-hour mark, 18:00.
    stack.gas.advanceClock(6 * 3_600_000);
    await stack.service.control.clock(6 * 3_600_000);
    const result = stack.gas.fireTrigger(stack.gas.triggers[0]!);
    expect(result.ok).toBe(true);
    const view = call('getTables');
    expect(view.lastRun).toMatchObject({ trigger: 'schedule', results: [{ group: 'sector:fintech', ok: true }] });
  });
});

describe('menu', () => {
  it('Refresh ranking tables now with no tables says so in a toast', () => {
    expect(stack.gas.run('refreshRankingTables', [], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.toasts.at(-1)?.message).toBe('No ranking tables in this spreadsheet yet: insert one from the sidebar.');
  });

  it('Refresh now from the sidebar with no tables returns a run with that note and no results', () => {
    const view = call('refreshTablesNow', false);
    expect(view.run).toMatchObject({
      trigger: 'sidebar',
      results: [],
      note: 'No ranking tables in this spreadsheet yet: insert one from the sidebar.',
    });
    expect(view.lastRun).toBeNull();
  });
});

describe('time budget', () => {
  it('stops starting tables before the 6-minute limit, and the next run refreshes those first', () => {
    const groups = [
      'sector:fintech',
      'sector:saas',
      'sector:travel',
      'sector:health',
      'sector:media',
      'sector:gaming',
      'sector:education',
      'sector:mobility',
    ];
    for (const group of groups) insert(group, 'new-sheet', 3);
    // Each forced fetch takes 48 s of the run's 6 minutes: dev/gas's modelled UrlFetch time, which passes
    // on the script's clock without a real wait.
    const slowFetches = { mode: 'sidebar', latency: { urlFetch: 48_000 } } as const;
    const first = stack.gas.run('refreshTablesNow', [true], slowFetches);
    expect(first.timedOut).toBe(false);
    expect(first.ok).toBe(true);
    const afterFirst = (first.value as TablesView).tables;
    const waiting = afterFirst.filter((t) => t.status === 'waiting');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.length).toBeLessThan(groups.length);
    for (const t of waiting) expect(t.message).toBe('Not refreshed yet: the run ran out of time; the next run continues.');

    const second = stack.gas.run('refreshTablesNow', [true], slowFetches);
    expect(second.timedOut).toBe(false);
    const log = (second.value as TablesView).lastRun;
    // The tables left waiting are refreshed first in the next run.
    expect(log?.results.slice(0, waiting.length).map((r) => [r.group, r.ok])).toEqual(waiting.map((t) => [t.group, true]));
    expect(
      (second.value as TablesView).tables.filter((t) => t.status === 'waiting').every((t) => !waiting.some((w) => w.id === t.id)),
    ).toBe(true);
  }, 60_000);
});

describe("Google's 30,000 characters of developer metadata", () => {
  it('refuses a table that would not fit before Google does, naming what to forget, and changes nothing', () => {
    insert('sector:fintech', 'new-sheet', 3);
    const book = stack.gas.spreadsheet;
    // Another add-on's (or this one's) records fill the spreadsheet's metadata up to a few characters.
    const used = book.developerMetadata.charsAt(null);
    book.developerMetadata.add({ key: 'other.addon', value: 'x'.repeat(30_000 - used - 'other.addon'.length - 50) });
    const metadataBefore = JSON.stringify(book.developerMetadata.list);
    const sheetsBefore = book.sheets.map((sheet) => sheet.name);
    const error = failure('insertRankingTable', { group: 'sector:saas', placement: 'new-sheet', columns: null, limit: 3 });
    expect(error).toBe(
      'This spreadsheet holds as many ranking tables and tracking lists as Google lets an add-on record (30,000 characters of settings per spreadsheet): forget a table or a tracking list first, then try again. Nothing was changed.',
    );
    expect(JSON.stringify(book.developerMetadata.list)).toBe(metadataBefore);
    expect(book.sheets.map((sheet) => sheet.name)).toEqual(sheetsBefore);
    expect(call('getTables').tables.map((t) => t.group)).toEqual(['sector:fintech']);
  });
});
