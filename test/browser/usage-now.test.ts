/**
 * The usage bars as a user sees them after a range formula spent (issue 30, point 2): not the read from
 * before it ("Fresh searches 12 of 250 … just now" above "This document today: 244 fresh searches"), but
 * the read plus what this document sent since, said so, without a request; Refresh then reads the same.
 * dist/Sidebar.html runs in Chromium, its calls in dev/gas against the local service.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../dev/gas/index.js';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { KEY } from '../../dev/stack.js';
import type { UsageView } from '../../src/shared/sidebar-api';
import { newPageAt } from './chromium.js';
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

const requests = async () => (await service.control.stats()).requests;
const barNumbers = (p: Page, label: RegExp) => p.locator('.bar').filter({ hasText: label }).locator('.bar-numbers').textContent();
/** What this spreadsheet sent today, as the usage section would show it now. */
const todayRequests = (): number => {
  const result = runtime.run('getUsage', [], { mode: 'sidebar' });
  return (result.value as UsageView).spending?.today.requests ?? 0;
};
const docRow = (p: Page, label: string) => p.locator('#usage-doc .stat').filter({ hasText: label }).locator('dd').textContent();

describe('usage after a range spent', () => {
  it('shows the read plus what the range sent, once the sidebar has the focus back, without a request', async () => {
    await service.control.limits({ key: KEY, freshUsed: 12, callsUsed: 30 });
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => barNumbers(page, /fresh/i)).toBe('12 of 250');

    // 238 new keywords under one formula: the fresh searches left.
    runtime.spreadsheet.setValues(
      'Sheet1!A2:A239',
      Array.from({ length: 238 }, (_, i) => [`pour over ${i + 1}`]),
    );
    runtime.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A239)');
    runtime.recalculate();
    expect(runtime.spreadsheet.getValues('Sheet1!B239')[0]?.[0]).toEqual(expect.any(Number));
    const sent = await requests();

    // Back in the sidebar (it counts again on focus, at most every 10 s): the bars are current.
    await page.clock.fastForward(11_000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => barNumbers(page, /fresh/i)).toBe('250 of 250');
    // 238 requests, its searches: the sidebar's Refresh a moment before told the range what is left, so
    // it read no usage of its own.
    expect(await page.locator('#usage-meta').textContent()).toMatch(
      /^Read at \d\d:\d\d, just now, plus 238 requests \(238 fresh searches\) this document sent since · resets /,
    );
    expect(await docRow(page, 'Fresh searches')).toBe('238');
    expect(await requests()).toBe(sent);

    // A sidebar opened later shows the same, without a request; Refresh reads what the service says: the same.
    const again = await newPageAt(page.context().browser()!, runtime.clock.now(), { viewport: { width: 300, height: 1000 } });
    await again.goto(page.url());
    await expect.poll(() => barNumbers(again, /fresh/i)).toBe('250 of 250');
    expect(await requests()).toBe(sent);
    await again.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => again.locator('#usage-meta').textContent()).toMatch(/^Read at \d\d:\d\d, just now · resets /);
    expect(await barNumbers(again, /fresh/i)).toBe('250 of 250');
    // The calls: 31 before, the range's 238 searches, and this Refresh.
    expect(await barNumbers(again, /call/i)).toBe(`${(31 + 238 + 1).toLocaleString('en-US')} of 2,000`);
    await again.close();
    expect(pageErrors).toEqual([]);
  });
});

describe('"This document today" after an action of the sidebar that spends', () => {
  it('follows a refresh of the formulas at once: no coming back to the sidebar, no waiting for the formulas', async () => {
    const shown = async () => Number(await docRow(page, 'Requests sent'));
    await expect.poll(shown).toBeGreaterThan(0); // what the range sent above
    // What this spreadsheet sent so far, as the server counts it now (the other page's read of usage above
    // counts too, and this page has not shown it yet).
    const before = todayRequests();
    const sent = await requests();
    // A formula the refresh will answer (the ranking overview: no search, so the spent searches do not hold it).
    runtime.spreadsheet.setFormula('Sheet1!D2', '=RANKING_OVERVIEW()');
    await openFold(page, 'cache');
    await page.locator('#cache-refresh').click();
    await expect
      .poll(() => page.locator('#cache-status').textContent())
      .toMatch(/^2 formula cells recalculating, from answers cached or fetched just now \(1 request/); // the range above, cached
    expect(await requests()).toBe(sent + 1);
    // At once: within 3 s (the sidebar used to count again 15 s later, once the formulas had run).
    await expect.poll(shown, { timeout: 3_000 }).toBe(before + 1);
    expect(pageErrors).toEqual([]);
  });

  it('follows inserting a template at once', async () => {
    const shown = async () => Number(await docRow(page, 'Requests sent'));
    const before = await shown();
    const sent = await requests();
    await openFold(page, 'templates');
    await page.getByRole('button', { name: 'Insert Market overview' }).click();
    await expect.poll(() => runtime.spreadsheet.sheets.some((s) => /Market overview/.test(s.name)), { timeout: 30_000 }).toBe(true);
    const spent = (await requests()) - sent;
    expect(spent).toBeGreaterThan(0);
    await expect.poll(shown, { timeout: 3_000 }).toBe(before + spent);
    expect(pageErrors).toEqual([]);
  });
});
