/**
 * The sidebar's ranking tables section in a real browser: dist/Sidebar.html served by dev/host, its
 * google.script.run calls run by the built dist/Code.js in dev/gas, against the local service. The
 * user starts with a saved key; the spreadsheet and its triggers are checked in the runtime.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { startHost, type HostHandle } from '../../dev/host/index.js';
import { type ServiceHandle } from '../../dev/service/harness.js';
import { KEY } from '../../dev/stack.js';
import { newPageAt } from './chromium.js';
import { openFold } from './sidebar-folds.js';
import { useSidebarStack } from './sidebar-stack.js';

// page.evaluate callbacks run in the page, with the DOM types test/browser/tsconfig.json adds.

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const HANDLER = 'refreshRankingTables';
const STAMP = /^Search Demand ranking · Fintech · updated \d{4}-\d\d-\d\d \d\d:\d\d UTC$/;

let service: ServiceHandle;
let runtime: GasRuntime;
let host: HostHandle;
let browser: Browser;
let page: Page;
let pageErrors: string[];
/** Every server function the pages called, in order. */
const calls: string[] = [];

useSidebarStack(
  { keySaved: true, onRun: (event) => calls.push(event.fn) },
  (stack) => ({ service, runtime, host, browser, page, pageErrors } = stack),
);

async function newPage(): Promise<Page> {
  const p = await newPageAt(browser, runtime.clock.now(), { viewport: { width: 300, height: 800 } });
  p.on('pageerror', (error) => pageErrors.push(error.message));
  return p;
}

/** Runs a sidebar function directly in the runtime, as the page would. */
function server<T>(fn: string, ...args: unknown[]): T {
  const result = runtime.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}

const section = () => page.locator('#tables-section');
const items = () => page.locator('#tables-list > li');
const insertStatus = () => page.locator('#insert-status');
const refreshStatus = () => page.locator('#refresh-status');
const myTriggers = () => runtime.triggers.filter((t) => t.handler === HANDLER);
const activeId = (p: Page = page) => p.evaluate(() => document.activeElement?.id);
const hasSheet = (name: string) => {
  try {
    return !!runtime.spreadsheet.sheet(name);
  } catch {
    return false;
  }
};

let headers: string[];
let inserted: unknown[][];
/** A table's cells without its rank change column (beside the rank, the first column): what a refresh compares, not the data. */
const withoutChange = (grid: unknown[][]) => grid.map((row) => row.filter((_, i) => i !== 1));

describe('the ranking tables section', () => {
  it('sits between Usage and the cache, lists no table yet, and reads the groups only once Insert is opened', async () => {
    await expect.poll(() => page.locator('#cache-cells').textContent()).toMatch(/No cell/); // every first read is done
    expect(await page.locator('#tables-summary').textContent()).toBe('None in this spreadsheet yet'); // closed, it says so
    await openFold(page, 'tables');
    await expect.poll(() => page.locator('#tables-empty').isVisible()).toBe(true);
    expect(calls).not.toContain('getRankingGroups'); // opening the sidebar (or the section) spends no request on it
    await expect.poll(() => page.getByLabel('Group', { exact: true }).isVisible()).toBe(false);
    await page.getByText('Insert a ranking table').click();
    await expect.poll(() => page.locator('#insert-group option[value="sector:fintech"]').count()).toBe(1);
    expect(calls.filter((fn) => fn === 'getRankingGroups')).toHaveLength(1);
    expect(await page.locator('#tables-status').textContent()).toBe('');
    const order = await page.locator('main > section:not([hidden])').evaluateAll((all) => all.map((s) => s.id));
    expect(order).toEqual([
      'key-section',
      'formulas-section',
      'usage-section',
      'templates-section',
      'tables-section',
      'track-section',
      'alerts-section',
      'cache-section',
    ]);
    expect(await section().getByRole('heading', { level: 2 }).textContent()).toBe('Ranking tables');
    expect(await page.locator('#tables-empty').textContent()).toBe('No ranking tables in this spreadsheet yet.');
    expect(await items().count()).toBe(0);

    const optgroups = await page
      .locator('#insert-group optgroup')
      .evaluateAll((all) => all.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => o.textContent)]));
    expect(optgroups.map(([label]) => label)).toEqual(['AI', 'Sectors', 'Markets']);
    const ai = optgroups[0]![1] as string[];
    expect(ai[0]).toBe('All AI'); // "all" first, then by label
    expect(ai.slice(1)).toEqual([...ai.slice(1)].sort((a, b) => a.localeCompare(b)));
    expect(await page.locator('#insert-group').inputValue()).toBe('');
  });

  it('refuses a typed group that is not prefix:name before asking the server', async () => {
    const before = calls.length;
    await page.getByLabel('or type one').fill('fintech');
    await page.getByLabel('or type one').press('Enter');
    await expect
      .poll(() => page.locator('#insert-groups-status').textContent())
      .toBe('"fintech" must look like prefix:name, for example sector:fintech.');
    await page.getByRole('button', { name: 'Insert table' }).click();
    await expect.poll(() => insertStatus().getAttribute('role')).toBe('alert');
    expect(await insertStatus().textContent()).toMatch(/must look like prefix:name/);
    expect(await activeId()).toBe('insert-typed');
    expect(calls.slice(before)).toEqual([]);
    await page.getByLabel('or type one').fill('');
  });

  it('a typed group the service does not know names those that exist, for one request (issue 30.8)', async () => {
    const offered = await page
      .locator('#insert-group option')
      .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value).filter((v) => v.startsWith('sector:')));
    await service.control.resetStats();
    await page.getByLabel('or type one').fill('sector:madeup');
    await page.getByLabel('or type one').press('Enter');
    const status = page.locator('#insert-preview-status');
    await expect.poll(() => status.getAttribute('role')).toBe('alert');
    const text = (await status.textContent()) ?? '';
    expect(text).toMatch(/^Not found: group "sector:madeup"\. Groups that exist: .* \(RANKING_OVERVIEW\(\) lists every group\)\.$/);
    // The same groups the list offers (at most 12 named), read from the overview the list was read from.
    const named = /Groups that exist: (.*?)(?: and (\d+) more)? \(/.exec(text)!;
    expect(named[1]!.split(', ')).toEqual([...offered].sort((a, b) => a.localeCompare(b)).slice(0, 12));
    expect(Number(named[2] ?? 0)).toBe(Math.max(0, offered.length - 12));
    const stats = await service.control.stats();
    expect([stats.requests, stats.byEndpoint['/ranking/list']]).toEqual([1, 1]);
    await page.getByLabel('or type one').fill('');
  });

  it('inserts sector:fintech into a new sheet, without an unchecked column, 5 rows', async () => {
    await page.getByLabel('Group', { exact: true }).selectOption('sector:fintech');
    const preview = server<{ name: string; headers: string[]; labels: string[]; rows: number }>('previewRankingTable', 'sector:fintech');
    expect(preview.name).toBe('Fintech'); // the group's name, as its list gives it
    headers = preview.labels; // the columns in words, as the checkboxes and the sheet say them
    await expect.poll(() => page.locator('#insert-column-list input[type=checkbox]').count()).toBe(headers.length);
    expect(await page.locator('#insert-rows').textContent()).toBe(`· Fintech, ${preview.rows} rows`);
    expect(await page.locator('#insert-column-list input:checked').count()).toBe(headers.length);
    expect(await page.getByLabel('All columns').isChecked()).toBe(true);

    await page.getByLabel('Slug', { exact: true }).uncheck();
    expect(await page.getByLabel('All columns').evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await page.getByLabel('Rows', { exact: true }).fill('5');
    expect(await page.getByLabel('A new sheet, named after the group').isChecked()).toBe(true);
    // Opening the sidebar read no usage (the key was saved elsewhere, so none is kept yet).
    expect(await page.locator('#usage-meta').textContent()).toBe('Not read yet: Refresh reads it (one request).');
    await page.getByRole('button', { name: 'Insert table' }).click();

    await expect.poll(() => insertStatus().getAttribute('class')).toContain('status-success');
    expect(await insertStatus().textContent()).toBe("Inserted Fintech at 'Ranking: Fintech'!A1:H8 (5 rows).");
    await expect.poll(() => items().count()).toBe(1);
    expect(await items().locator('.table-group').textContent()).toBe('Fintech'); // by its name, never its code
    expect(await items().locator('.table-where').textContent()).toBe('Ranking: Fintech · A1:H8 · 5 rows');
    expect(await items().locator('.table-state').textContent()).toMatch(/^updated \d\d:\d\d$/);
    await expect.poll(() => page.locator('#tables-empty').isVisible()).toBe(false);

    const grid = runtime.spreadsheet.getValues("'Ranking: Fintech'!A1:I9");
    expect(grid[0]![0]).toMatch(STAMP);
    // The checked columns, each fact once: the sector every row of Fintech's table holds is the title's;
    // the service's own change column marked as its, beside the add-on's rank change.
    const [rank, ...others] = headers.filter((h) => h !== 'Slug' && h !== 'Sector').map((h) => (h === 'Change' ? 'Change (service)' : h));
    expect(grid[1]).toEqual([rank, 'Rank change', ...others, '']); // what moved, beside the rank (blank until a refresh)
    expect(grid.slice(2, 7).map((row) => row[0])).toEqual([1, 2, 3, 4, 5]);
    expect(grid[7]![0]).toMatch(/^Rank change and the entries that dropped out show from the next refresh on/);
    expect(grid[8]!.every((cell) => cell === '')).toBe(true);
    inserted = grid.map((row) => row.slice(0, 8)); // the table's own columns, A:H
    // Inserting spent requests: usage is counted again, without a request (nothing was read yet to add to).
    await expect.poll(() => calls.lastIndexOf('getUsage') > calls.lastIndexOf('insertRankingTable')).toBe(true);
    expect(calls).not.toContain('refreshUsage');
    expect(await page.locator('#usage-meta').textContent()).toBe('Not read yet: Refresh reads it (one request).');
  });

  it('at a selected cell over user data, shows the error as text and writes nothing', async () => {
    runtime.spreadsheet.setValues('Sheet1!B4', [['my notes']]);
    runtime.spreadsheet.setActive('Sheet1', 'A1');
    const typed = page.getByLabel('or type one');
    await typed.fill('sector:saas');
    await typed.press('Enter');
    expect(await page.getByLabel('Group', { exact: true }).inputValue()).toBe(''); // typing replaces the pick
    await expect.poll(() => page.locator('#insert-column-list input[type=checkbox]').count()).toBeGreaterThan(2);
    await page.getByLabel('At the selected cell').check();
    expect(await page.locator('#insert-selection-help').textContent()).toMatch(/only into empty cells/);
    await page.getByRole('button', { name: 'Insert table' }).click();

    await expect.poll(() => insertStatus().getAttribute('role')).toBe('alert');
    expect(await insertStatus().textContent()).toMatch(
      /^(Bad input: )?'Sheet1'!A1:[A-Z]+8 is not empty: pick an empty spot or a new sheet/,
    );
    const sheet1 = runtime.spreadsheet.getValues('Sheet1!A1:J8');
    expect(sheet1.flat().filter((cell) => cell !== '')).toEqual(['my notes']);
    expect(sheet1[3]![1]).toBe('my notes');
    expect(hasSheet('sector:saas')).toBe(false);
    expect(await items().count()).toBe(1);
    expect(server<{ tables: unknown[] }>('getTables').tables).toHaveLength(1);
  });
});

describe('the schedule', () => {
  it('shows the hour for daily, the day too for weekly, in UTC, and warns that saving makes you its runner', async () => {
    const kind = page.getByLabel('Refresh', { exact: true });
    expect(await kind.inputValue()).toBe('off');
    await expect.poll(() => page.locator('#schedule-hour-field').isVisible()).toBe(false);
    await kind.selectOption('weekly');
    await expect.poll(() => page.getByLabel('On', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('At (UTC)').isVisible()).toBe(true);
    await kind.selectOption('daily');
    await expect.poll(() => page.locator('#schedule-weekday-field').isVisible()).toBe(false);
    expect(await page.locator('#schedule-help').textContent()).toBe(
      'Saving a schedule makes you its runner: your trigger refreshes these tables with your key, even when the spreadsheet is closed.',
    );
    await expect.poll(() => page.locator('#schedule-by').isVisible()).toBe(false); // no schedule yet, so nobody runs it
  });

  it('a daily refresh at 06 is exactly one trigger, and saving again keeps one', async () => {
    expect(myTriggers()).toHaveLength(0);
    await page.getByLabel('At (UTC)').selectOption({ label: '06:00' });
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => page.locator('#schedule-status').textContent()).toBe('Saved: tables refresh every day at 06:00 UTC.');
    expect(await page.locator('#schedule-by').textContent()).toBe('Set by you — your trigger refreshes it with your key.');
    expect(myTriggers()).toHaveLength(1);
    const [trigger] = myTriggers();
    expect(trigger).toMatchObject({ eventType: 'CLOCK', source: 'CLOCK' });
    // One hourly trigger per user serves all their schedules; each run refreshes what is due (here 06:00).
    expect(trigger!.description).toBe('every hour');

    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => page.locator('#schedule-status').getAttribute('class')).toContain('status-success');
    await expect.poll(() => calls.filter((fn) => fn === 'setRefreshSchedule').length).toBe(2);
    expect(myTriggers()).toHaveLength(1);
    expect(server<{ schedule: unknown }>('getTables').schedule).toEqual({ kind: 'daily', hour: 6 });
  });
});

describe('a schedule someone else set', () => {
  it('tells another editor who runs it and that saving would make them the runner', async () => {
    const other = 'editor@example.com';
    // dev/gas with spreadsheet owners refuses a user without access; older dev/gas has no such check.
    (runtime as { shareSpreadsheet?: (id: string, email: string) => void }).shareSpreadsheet?.(runtime.spreadsheet.id, other);
    runtime.userProperties(other).set('SDM_API_KEY', KEY);
    runtime.userProperties(other).set('SDM_BASE_URL', service.url);
    const theirs = await startHost({ runtime, user: other });
    const p = await newPage();
    try {
      await p.goto(theirs.pageUrl('Sidebar'));
      await expect.poll(() => p.locator('#schedule-by').textContent()).toBe(`Set by ${runtime.userEmail} — their key pays.`);
      expect(await p.getByLabel('Refresh', { exact: true }).inputValue()).toBe('daily');
      expect(await p.locator('#schedule-help').textContent()).toBe(
        `Saving a schedule makes you its runner instead of ${runtime.userEmail}: your trigger refreshes these tables with your key, even when the spreadsheet is closed.`,
      );
    } finally {
      await p.close();
      await theirs.close();
    }
  });

  it("lists what the viewer's scheduled runs reported about their other spreadsheets", async () => {
    // What a scheduled run records when it drops a spreadsheet that was deleted (src/server/trigger/registry.ts).
    const message = '"Q3 plan" could not be opened (deleted, or no longer shared with you), so its scheduled refresh stopped.';
    runtime.properties.user.set('SDM_SCHEDULE_NOTES', JSON.stringify([{ at: new Date(runtime.clock.now()).toISOString(), message }]));
    const p = await newPage();
    try {
      await p.goto(host.pageUrl('Sidebar'));
      await openFold(p, 'tables');
      const notes = p.getByRole('list', { name: 'From your scheduled runs' });
      await expect.poll(() => notes.isVisible()).toBe(true);
      const lines = await notes.locator('li').allTextContents();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\d\d:\d\d · /); // when, in the viewer's time
      expect(lines[0]!.slice('00:00 · '.length)).toBe(message);
    } finally {
      await p.close();
      runtime.properties.user.delete('SDM_SCHEDULE_NOTES');
    }
  });
});

describe('refreshing now', () => {
  it('says it is running, then shows the log with ✓ and the toasts went to the spreadsheet', async () => {
    const toastsBefore = runtime.toasts.length;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/__gas/run', async (route) => {
      if ((route.request().postDataJSON() as { fn: string }).fn === 'refreshTablesNow') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => refreshStatus().textContent()).toBe('Refreshing… (progress appears in the spreadsheet)');
    expect(await page.locator('#refresh-now').isDisabled()).toBe(true);
    expect(await section().getAttribute('aria-busy')).toBe('true');
    release();

    await expect.poll(() => refreshStatus().textContent()).toBe('Refreshed 1 table.');
    await page.unroute('**/__gas/run');
    expect(await page.locator('#last-run .run-head').textContent()).toMatch(/^Last refresh \d\d:\d\d, from the sidebar$/);
    expect(await page.locator('#last-run li').allTextContents()).toEqual(['✓Fintech refreshed']);
    expect(runtime.toasts.slice(toastsBefore).map((t) => t.message)).toEqual(['Refreshing 1 of 1: Fintech', 'Refreshed 1 table.']);
    // Refreshed with the same columns and limit.
    expect(withoutChange(runtime.spreadsheet.getValues("'Ranking: Fintech'!A2:H7"))).toEqual(withoutChange(inserted.slice(1, 7)));
    expect(runtime.spreadsheet.getValues("'Ranking: Fintech'!B3:B7").flat()).toEqual(['–', '–', '–', '–', '–']); // nothing moved
  });

  it('a failing forced refresh shows ✗ with the message, keeps the values, and the table says why', async () => {
    await service.control.faults([{ kind: 'malformed', count: 1 }]);
    await page.getByLabel('Skip the cache (costs requests)').check();
    await page.getByRole('button', { name: 'Refresh now' }).click();

    await expect.poll(() => refreshStatus().getAttribute('role')).toBe('alert');
    expect(await refreshStatus().textContent()).toBe('1 of 1 table not refreshed: see why below.');
    const failed = page.locator('#last-run li.run-fail');
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toMatch(/^✗Fintech .*unreadable answer/);
    expect(await failed.locator('.run-mark').getAttribute('aria-label')).toBe('failed');
    expect(await items().first().getAttribute('class')).toContain('table-error');
    const state = items().first().locator('.table-state');
    expect(await state.textContent()).toMatch(/unreadable answer/);
    expect(await state.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(165, 14, 14)');
    expect(await page.getByLabel('Skip the cache (costs requests)').isChecked()).toBe(false); // one forced run at a time
    expect(withoutChange(runtime.spreadsheet.getValues("'Ranking: Fintech'!A2:H7"))).toEqual(withoutChange(inserted.slice(1, 7)));
    expect(runtime.spreadsheet.getValues("'Ranking: Fintech'!A1")[0]![0]).toMatch(/refresh failed .*unreadable answer/);

    await section().scrollIntoViewIfNeeded();
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: `${OUTPUT}sidebar-tables.png`, fullPage: true });
  });

  it('fits 300 px without sideways scrolling', async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
  });
});

describe('keyboard', () => {
  it('moves through the insert form in order, and toggles every column with All columns', async () => {
    await page.getByLabel('Group', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await activeId()).toBe('insert-typed');
    await page.getByLabel('All columns').focus();
    await page.keyboard.press('Space'); // mixed → unchecked
    expect(await page.locator('#insert-column-list input:checked').count()).toBe(0);
    await page.keyboard.press('Space');
    expect(await page.locator('#insert-column-list input:not(:checked)').count()).toBe(0);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });
});

describe('forgetting', () => {
  it('asks inline (the cells stay), then stops tracking; the cells are still there', async () => {
    const forget = page.getByRole('button', { name: 'Forget Fintech' });
    await forget.click();
    const confirm = page.getByRole('group', { name: /Stop tracking Fintech/ });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toMatch(/cells stay in the sheet/);
    expect(await activeId()).toBe('');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Forget Fintech');

    await forget.press('Enter');
    await confirm.getByRole('button', { name: 'Forget table' }).click();
    await expect.poll(() => items().count()).toBe(0);
    await expect.poll(() => page.locator('#tables-empty').isVisible()).toBe(true);
    expect(await page.locator('#tables-status').textContent()).toBe('Stopped tracking Fintech. Its cells stay as they are.');
    expect(await activeId()).toBe('tables-title');
    expect(server<{ tables: unknown[] }>('getTables').tables).toHaveLength(0);
    const grid = runtime.spreadsheet.getValues("'Ranking: Fintech'!A1:H7");
    expect(grid[0]![0]).toMatch(/^Search Demand ranking · Fintech/);
    expect(withoutChange(grid.slice(1))).toEqual(withoutChange(inserted.slice(1, 7)));
  });

  it('with no table left, Refresh now says so without calling the server', async () => {
    const before = calls.length;
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => refreshStatus().textContent()).toBe('Insert a table first: there is nothing to refresh yet.');
    expect(calls.slice(before)).toEqual([]);
  });
});

describe('loading and errors', () => {
  it('says when the tables or the groups cannot be read, and tries again on request', async () => {
    const p = await newPage();
    await p.route('**/__gas/run', async (route) => {
      const { fn } = route.request().postDataJSON() as { fn: string };
      if (fn === 'getTables' || fn === 'getRankingGroups') {
        return route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, error: `Exception: The service is unavailable (${fn}).` }),
        });
      }
      return route.continue();
    });
    await p.goto(host.pageUrl('Sidebar'));
    await openFold(p, 'tables');
    await p.getByText('Insert a ranking table').click();
    await expect.poll(() => p.locator('#tables-status').getAttribute('role')).toBe('alert');
    expect(await p.locator('#tables-status').textContent()).toBe('The service is unavailable (getTables).');
    await expect
      .poll(() => p.locator('#insert-groups-status').textContent())
      .toBe('The service is unavailable (getRankingGroups). You can still type a group below.');
    expect(await p.locator('#insert-group option').first().textContent()).toBe('List unavailable: type a group below');

    await p.unroute('**/__gas/run');
    await p.getByRole('button', { name: 'Load the list again' }).click();
    await expect.poll(() => p.locator('#insert-group option[value="ai:all"]').count()).toBe(1);
    expect(await p.locator('#insert-groups-status').textContent()).toBe('');
    expect(await p.locator('#tables-status').getAttribute('role')).toBe('alert'); // that one is still to retry

    const before = calls.length;
    await p.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => p.locator('#tables-status').textContent()).toBe('');
    await expect.poll(() => p.locator('#tables-empty').isVisible()).toBe(true);
    await expect.poll(() => p.locator('#tables-retry').isVisible()).toBe(false);
    expect(calls.slice(before)).toEqual(['getTables']); // the groups it has are kept
    await p.close();
  });

  it('renders HTML in groups, tables, messages and the run log as text', async () => {
    const payload = '<img src=x onerror="window.__xss=1"><b id="injected">bold</b>';
    const p = await newPage();
    await p.route('**/__gas/run', async (route) => {
      const { fn } = route.request().postDataJSON() as { fn: string };
      const reply = (body: unknown) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
      if (fn === 'getRankingGroups') return reply({ ok: true, value: [{ group: `x:${payload}`, label: payload }] });
      if (fn === 'previewRankingTable')
        return reply({ ok: true, value: { headers: [payload, 'rank'], labels: [payload, 'Rank'], rows: 3 } });
      if (fn === 'insertRankingTable') return reply({ ok: false, error: payload });
      if (fn === 'getTables') {
        const table = {
          id: 't1',
          group: payload,
          sheetName: payload,
          range: `'${payload}'!A1:B3`,
          rows: 1,
          updatedAt: null,
          status: 'error',
          message: payload,
        };
        const run = {
          startedAt: new Date(runtime.clock.now()).toISOString(),
          finishedAt: new Date(runtime.clock.now()).toISOString(),
          trigger: 'schedule',
          results: [{ id: 't1', group: payload, ok: false, message: payload }],
          note: payload,
        };
        const notes = [{ at: new Date(runtime.clock.now()).toISOString(), message: payload }];
        return reply({
          ok: true,
          value: {
            tables: [table],
            schedule: { kind: 'daily', hour: 6 },
            scheduledBy: { you: false, email: payload },
            lastRun: run,
            notes,
          },
        });
      }
      return route.continue();
    });
    await p.goto(host.pageUrl('Sidebar'));
    await openFold(p, 'tables');
    await p.getByText('Insert a ranking table').click();
    await expect.poll(() => p.locator('#tables-list .table-group').textContent()).toBe(payload);
    expect(await p.locator('#tables-list .table-state').textContent()).toBe(payload);
    expect(await p.locator('#last-run .run-note').textContent()).toBe(payload);
    expect(await p.locator('#last-run .run-message').textContent()).toBe(payload);
    expect(await p.locator('#last-run .run-head').textContent()).toMatch(/on schedule$/);
    expect(await p.locator('#schedule-by').textContent()).toBe(`Set by ${payload} — their key pays.`);
    expect(await p.locator('#schedule-help').textContent()).toMatch(`instead of ${payload}:`);
    expect((await p.locator('#tables-notes li').textContent())?.slice('00:00 · '.length)).toBe(payload);
    await expect.poll(() => p.locator('#insert-group optgroup option').textContent()).toBe(payload);
    await p.locator('#insert-group').selectOption(`x:${payload}`);
    await expect.poll(() => p.locator('#insert-column-list label').first().textContent()).toBe(payload);
    await p.getByRole('button', { name: 'Insert table' }).click();
    await expect.poll(() => p.locator('#insert-status').textContent()).toBe(payload);

    expect(await p.locator('#injected').count()).toBe(0);
    expect(await p.locator('main img').count()).toBe(0);
    expect(await p.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
    await p.close();
  });
});

describe('opened from the menu', () => {
  it('"Insert ranking table" opens the sidebar at this section, focused, with the insert form open', async () => {
    server('refreshUsage'); // a read kept for the key (as Refresh usage keeps one): the bars show on opening
    const p = await newPage();
    await p.goto(`${host.url}/__gas/open/showRankingTables`);
    expect(runtime.ui.sidebars.at(-1)?.title).toBe('Search Demand');
    await expect.poll(() => activeId(p)).toBe('tables-title');
    expect(await p.locator('#insert-details').getAttribute('open')).toBe('');
    // Usage, above, has loaded too (closed, its heading repeats its bars), and the section is in view.
    await expect.poll(() => p.locator('.bar').count()).toBeGreaterThan(0);
    await expect.poll(() => p.locator('#usage-summary').textContent()).toMatch(/ of /);
    await expect.poll(() => p.locator('#insert-group option[value="sector:fintech"]').count()).toBe(1);
    expect(await p.locator('.fold-body:not([hidden])').evaluateAll((all) => all.map((b) => b.id))).toEqual(['tables-body']);
    const box = (await p.locator('#tables-title').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(p.viewportSize()!.height);
    expect((await p.locator('#insert-group').boundingBox())!.y).toBeLessThan(p.viewportSize()!.height);
    await p.close();
  });

  it('without a key, asks for it first, then goes to the tables once it is saved', async () => {
    runtime.properties.user.delete('SDM_API_KEY');
    const p = await newPage();
    await p.goto(`${host.url}/__gas/open/showRankingTables`);
    await expect.poll(() => p.locator('#tables-need-key').isVisible()).toBe(true);
    await expect.poll(() => p.locator('#tables-section').isVisible()).toBe(false);
    await p.getByLabel('Paste your API key').fill(KEY);
    await p.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => activeId(p)).toBe('tables-title');
    await expect.poll(() => p.locator('#tables-need-key').isVisible()).toBe(false);
    await expect.poll(() => p.locator('#tables-section').isVisible()).toBe(true);
    await p.close();
  });

  it('threw no error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
