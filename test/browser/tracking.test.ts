/**
 * The sidebar's tracking section in a real browser: dist/Sidebar.html served by dev/host, its
 * google.script.run calls run by the built dist/Code.js in dev/gas, against the local service. What
 * the user sees before a run (what it asks for and may spend) is checked against what the service saw.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { type ServiceHandle } from '../../dev/service/harness.js';
import { openFold } from './sidebar-folds.js';
import { useSidebarStack } from './sidebar-stack.js';

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const WEEK = 7 * 86_400_000;

let service: ServiceHandle;
let runtime: GasRuntime;
let page: Page;
let pageErrors: string[];
const calls: string[] = [];

useSidebarStack(
  { keySaved: true, onRun: (event) => calls.push(event.fn), page: { viewport: { width: 300, height: 900 } } },
  (stack) => ({ service, runtime, page, pageErrors } = stack),
);

const section = () => page.locator('#track-section');
const formStatus = () => page.locator('#track-form-status');
const lists = () => page.locator('#track-list > li');

describe('the tracking section', () => {
  it('shows no list yet, and refuses an empty list before asking the server', async () => {
    await expect.poll(() => section().isVisible()).toBe(true);
    expect(await section().getByRole('heading', { level: 2 }).textContent()).toBe('Tracking over time');
    await expect.poll(() => page.locator('#track-summary').textContent()).toBe('No list yet');
    await openFold(page, 'track');
    expect(await lists().count()).toBe(0);
    await page.getByText('Track keywords or brands').click();
    const before = calls.length;
    await page.getByRole('button', { name: 'Track these keywords' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Type or select at least one keyword.');
    expect(await formStatus().getAttribute('role')).toBe('alert');
    expect(calls.slice(before)).toEqual([]);
  });

  it('reads the selected cells, shows the cost and the fields before tracking, then tracks them', async () => {
    runtime.spreadsheet.setValues('Sheet1!A1', [['Coffee'], ['tea'], ['coffee'], ['matcha']]);
    runtime.spreadsheet.setActive('Sheet1', 'A1:A4');
    await page.getByRole('button', { name: 'Use the selected cells' }).click();
    await expect.poll(() => page.getByLabel('Items, one per line').inputValue()).toBe('coffee\ntea\nmatcha');
    expect(await formStatus().textContent()).toBe("3 keywords from 'Sheet1'!A1:A4.");
    // Counted on the server once typing pauses (the lookup's dry run): nothing is cached yet.
    await expect
      .poll(() => page.locator('#track-cost').textContent())
      .toBe('Tracking these now sends 4 requests, at most 3 fresh searches; then as much each week.');

    await service.control.resetStats();
    await page.getByRole('button', { name: 'Choose' }).click();
    await expect.poll(() => page.locator('#track-field-list input').count()).toBeGreaterThan(2);
    expect(await page.locator('#track-field-list .hint').textContent()).toBe('Always kept: Score (Search score), Volume by month.');
    expect(await page.getByLabel('Average monthly volume').isChecked()).toBe(true);
    expect(await page.getByLabel('Growth: year-on-year %').isChecked()).toBe(false);
    await page.getByLabel('Growth: year-on-year %').check();
    await page.getByLabel('Name (optional)').fill('Drinks');

    await page.getByRole('button', { name: 'Track these keywords' }).click();
    await expect.poll(() => formStatus().getAttribute('class'), { timeout: 30_000 }).toContain('status-success');
    expect(await formStatus().textContent()).toMatch(
      /^Tracking on "Tracking: Drinks": 3 keywords recorded for the week of \d{4}-\d\d-\d\d; 12 months of each backfilled \(volume by month only: the service gives no past score\)\.$/,
    );
    // What the cost line said, with the field preview included: its answer was reused from the cache.
    const added = await service.control.stats();
    expect(added.byEndpoint['/trend']).toBe(3);
    expect(added.requests).toBeLessThanOrEqual(3 + 1);
    expect(added.freshCredits).toBeLessThanOrEqual(3);
    const item = lists().first();
    expect(await item.locator('.table-group').textContent()).toBe('Drinks');
    expect(await item.locator('.table-where').first().textContent()).toBe('Tracking: Drinks · 3 keywords · weekly · runs with your key');
    expect(await item.locator('.table-where').nth(1).textContent()).toBe('Next run: nothing due, every item has its row this week.');

    const sheet = runtime.spreadsheet.sheet('Tracking: Drinks');
    expect(sheet.getValues('A2:G2')).toEqual([
      ['Date', 'Keyword', 'Score', 'Volume by month', 'Average monthly volume', 'Growth: year-on-year %', 'Status'],
    ]);
    expect(sheet.charts).toHaveLength(1);
    expect(runtime.triggers.filter((t) => t.handler === 'refreshRankingTables')).toHaveLength(1);
  });

  it('a week later shows what the next run asks for, and Run now spends exactly that', async () => {
    runtime.advanceClock(WEEK);
    await service.control.clock(WEEK);
    await page.reload();
    await openFold(page, 'track');
    const item = lists().first();
    await expect
      .poll(() => item.locator('.table-where').nth(1).textContent())
      .toBe(
        'Next run asks for 3 keywords: at most 3 requests (and one that reads your allowance), and at most 3 fresh searches (none for those the service answered in the last 7 days).',
      );
    await service.control.resetStats();
    await item.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(() => page.locator('#track-status').textContent(), { timeout: 30_000 }).toBe('Ran Drinks.');
    expect(await item.locator('#track-status').count()).toBe(1); // shown in the list it ran, where the button is
    const stats = await service.control.stats();
    expect(stats.byEndpoint['/trend']).toBe(3);
    expect(stats.requests).toBeLessThanOrEqual(3 + 1);
    expect(stats.freshCredits).toBeLessThanOrEqual(3);
    expect(await lists().first().locator('.table-state').textContent()).toMatch(/: 3 keywords recorded for the week of \d{4}-\d\d-\d\d\.$/);

    await lists().first().getByLabel('Add keywords to Drinks').fill('espresso');
    await lists().first().getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => page.locator('#track-status').textContent(), { timeout: 30_000 }).toBe('Added to Drinks; see its sheet.');
    expect(await lists().first().locator('.table-where').first().textContent()).toBe(
      'Tracking: Drinks · 4 keywords · weekly · runs with your key',
    );

    mkdirSync(OUTPUT, { recursive: true });
    await section().screenshot({ path: `${OUTPUT}sidebar-tracking.png` });
    expect(pageErrors).toEqual([]);
  });
});
