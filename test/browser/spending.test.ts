/**
 * This spreadsheet's own spending in the sidebar's usage section (issue 49, point 4): its cap beside the
 * bars (set, refused, lifted), "spent by this spreadsheet today", and the request log's switch, whose
 * sheet adds up to the same. dist/Sidebar.html runs in Chromium, its calls in dev/gas against the local
 * service.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../dev/gas/index.js';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { openFold } from './sidebar-folds.js';
import { useSidebarStack } from './sidebar-stack.js';

let service: ServiceHandle;
let runtime: GasRuntime;
let page: Page;
let pageErrors: string[];

useSidebarStack(
  { keySaved: true, page: { viewport: { width: 300, height: 1000 } } },
  (stack) => ({ service, runtime, page, pageErrors } = stack),
);

const docRow = (label: string) => page.locator('#usage-doc .stat').filter({ hasText: label }).locator('dd').textContent();
const capHelp = () => page.locator('#spend-cap-help').textContent();
const status = () => page.locator('#spending-status').textContent();

/** Back in the sidebar after the sheet spent: it counts again on focus (at most every 10 s), without a request. */
async function backToSidebar(): Promise<void> {
  await page.clock.fastForward(11_000);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

describe("this spreadsheet's own spending", () => {
  it('sets a cap beside usage, refuses one above the allowance, counts what was spent today, and lifts it', async () => {
    await openFold(page, 'usage');
    await page.getByText('Cap and request log').click();
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => capHelp()).toBe("No cap: formulas here may spend the account's whole allowance.");

    await page.getByLabel('Cap on fresh searches a day, here').fill('500');
    await page.getByRole('button', { name: 'Set cap' }).click();
    await expect
      .poll(status)
      .toBe("Bad input: a cap of 500 is above your account's 250 fresh searches a day: choose 250 or fewer. Nothing was saved.");
    await page.getByLabel('Cap on fresh searches a day, here').fill('10');
    await page.getByRole('button', { name: 'Set cap' }).click();
    await expect.poll(status).toBe('Cap saved.');
    expect(await capHelp()).toBe('Formulas and scheduled runs here stop at 10 fresh searches a day: 10 left today, until 00:00 UTC.');

    // A column of 12 new keywords: 10 searched, the other 2 name the cap.
    runtime.spreadsheet.setValues(
      'Sheet1!A1:A12',
      Array.from({ length: 12 }, (_, i) => [`capped tea ${i}`]),
    );
    runtime.spreadsheet.setFormula('Sheet1!B1', '=SEARCH_SCORE(A1:A12)');
    runtime.recalculate();
    expect((await service.control.stats()).freshCredits).toBe(10);
    await backToSidebar();
    await expect.poll(() => docRow('Fresh searches')).toBe('10');
    expect(await capHelp()).toContain('0 left today');

    await page.getByRole('button', { name: 'Lift cap' }).click();
    await expect.poll(status).toBe('Cap lifted.');
    expect(await capHelp()).toBe("No cap: formulas here may spend the account's whole allowance.");
    expect(await page.getByRole('button', { name: 'Lift cap' }).isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it('turns the request log on: its sheet adds up to "spent by this spreadsheet today"', async () => {
    await openFold(page, 'usage');
    await page.getByLabel('Request log').check();
    await expect.poll(status).toBe('Request log on.');
    expect(await page.locator('#request-log-help').textContent()).toMatch(/^A row per batch sent goes to the sheet "Search Demand log"/);
    expect(runtime.spreadsheet.sheets.map((s) => s.name)).toContain('Search Demand log');

    runtime.spreadsheet.setFormula('Sheet1!D1', '=SEARCH_TREND("logged coffee")');
    runtime.recalculate();
    await backToSidebar();
    const rows = () =>
      runtime.spreadsheet
        .sheet('Search Demand log')
        .values.slice(1)
        .filter((row) => row[0] !== '');
    await expect.poll(() => rows().length).toBe(1);
    expect(rows()[0]?.[1]).toBe("Formula in 'Sheet1'!D1");
    // The log began now; what the sidebar counts for today began earlier (the capped column's 10).
    await expect.poll(() => docRow('Fresh searches')).toBe(String(10 + (rows()[0]?.[3] as number)));

    await page.getByLabel('Request log').uncheck();
    await expect.poll(status).toBe('Request log off.');
    expect(await page.locator('#request-log-help').textContent()).toBe('Off: nothing is logged.');
    expect(pageErrors).toEqual([]);
  });
});
