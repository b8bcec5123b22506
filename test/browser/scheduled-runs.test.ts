/**
 * The sidebar tells a user whose scheduled runs stopped, and repairs them in one click, in a real
 * browser: dist/Sidebar.html served by dev/host, its calls run by the built dist/Code.js in dev/gas.
 * The user's trigger lives in another spreadsheet, where the add-on was then turned off.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { type HostHandle } from '../../dev/host/index.js';
import { useSidebarStack } from './sidebar-stack.js';

const HOUR = 3_600_000;

let runtime: GasRuntime;
let host: HostHandle;
let browser: Browser;
let page: Page;
let pageErrors: string[];

useSidebarStack(
  { fixedClock: false, keySaved: true, runtime: { latency: false }, page: false },
  (stack) => ({ runtime, host, browser, pageErrors } = stack),
);

/** A sidebar call in a spreadsheet, straight in the runtime (setting the scene). */
function server(fn: string, args: unknown[], document?: string): void {
  const result = runtime.run(fn, args, { mode: 'sidebar', ...(document ? { document } : {}) });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
}

describe('scheduled runs that stopped', () => {
  it('the sidebar shows the overdue notice, and its button makes the trigger anew here', async () => {
    runtime.addSpreadsheet({ id: 'alpha', name: 'Alpha', owner: runtime.userEmail });
    server('setRefreshSchedule', [{ kind: 'daily', hour: 6 }], 'alpha'); // the trigger is made in Alpha
    server('setRefreshSchedule', [{ kind: 'daily', hour: 6 }]);
    expect(runtime.triggers.map((t) => t.documentId)).toEqual(['alpha']);
    expect(runtime.fireDueTriggers()).toEqual([]);
    runtime.disableAddon('alpha');
    // Past the schedules' first slot (the next 06:00 UTC: a schedule waits for its hour) by 3 hours, so
    // that slot was missed and the trigger is overdue, whatever the hour the test runs at.
    const now = runtime.clock.now();
    let six = Math.floor(now / (24 * HOUR)) * 24 * HOUR + 6 * HOUR;
    if (six <= now) six += 24 * HOUR;
    runtime.advanceClock(six - now + 3 * HOUR + 10 * 60_000);
    expect(runtime.fireDueTriggers()).toEqual([]); // stopped: nothing runs

    page = await browser.newPage({ viewport: { width: 300, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(host.pageUrl('Sidebar'));
    const notice = page.locator('#tables-overdue');
    await expect.poll(() => notice.isVisible()).toBe(true);
    // The section opened by itself, and its heading warns (what it says once closed).
    expect(await page.locator('#tables-title').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#tables-summary').textContent()).toBe('Scheduled refreshes stopped: open to repair');
    expect(await page.locator('#tables-summary').getAttribute('class')).toContain('fold-warn');
    expect(await page.locator('#tables-overdue-text').textContent()).toMatch(
      /^Scheduled refreshes have not run since \d{4}-\d\d-\d\d \d\d:\d\d UTC: the add-on was probably turned off or removed in "Alpha", where they were set up/,
    );
    expect(await notice.getAttribute('role')).toBe('group');

    await page.getByRole('button', { name: 'Run them from this spreadsheet' }).click();
    await expect
      .poll(() => page.locator('#tables-repair-status').textContent())
      .toBe('Scheduled refreshes and tracking lists run from this spreadsheet now: the next run comes within the hour.');
    await expect.poll(() => notice.isVisible()).toBe(false);
    const here = runtime.triggers.filter((t) => t.documentId === runtime.spreadsheet.id);
    expect(here).toHaveLength(1);

    // It runs: within the hour, both spreadsheets' missed slots, once.
    runtime.advanceClock(HOUR);
    const fired = runtime.fireDueTriggers();
    expect(fired.map((f) => [f.trigger.uid, f.result.ok, f.result.serviceCalls['spreadsheet.openById']])).toEqual([
      [here[0]!.uid, true, 2],
    ]);
    expect(pageErrors).toEqual([]);
  });
});
