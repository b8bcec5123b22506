/**
 * The sidebar says why the user's scheduled runs stop and what to do, in a real browser: dist/Sidebar.html
 * served by dev/host, its calls run by the built dist/Code.js in dev/gas. The runs meet a revoked key:
 * the ranking tables part opens by itself with the reason, its heading warns, and the tracking part says
 * it too.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEY } from '../../dev/stack.js';
import type { GasRuntime } from '../../dev/gas/index.js';
import type { HostHandle } from '../../dev/host/index.js';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { openFold } from './sidebar-folds.js';
import { useSidebarStack } from './sidebar-stack.js';

let runtime: GasRuntime;
let service: ServiceHandle;
let host: HostHandle;
let browser: Browser;
let page: Page;
let pageErrors: string[];

useSidebarStack(
  { keySaved: true, runtime: { latency: false }, page: false },
  (stack) => ({ runtime, service, host, browser, pageErrors } = stack),
);

/** A sidebar call straight in the runtime (setting the scene). */
function server(fn: string, args: unknown[]): void {
  const result = runtime.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
}

describe('scheduled runs that stop at each run', () => {
  it('the ranking tables and tracking parts say since when, why and what to do', async () => {
    server('insertRankingTable', [{ group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 }]);
    server('setRefreshSchedule', [{ kind: 'hourly' }]);
    await service.control.keys({ revoke: [KEY] });
    runtime.advanceClock(3_600_000);
    expect(runtime.fireDueTriggers().map((f) => [f.result.ok, f.result.error])).toEqual([[true, undefined]]);

    page = await browser.newPage({ viewport: { width: 300, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(host.pageUrl('Sidebar'));
    const why =
      /^Your scheduled runs have stopped since 2026-03-18 13:00 UTC\. The API key was refused \(invalid or revoked\): paste a valid key in Extensions › Search Demand › Settings\.$/;
    const notice = page.locator('#tables-stopped');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(why);
    // The section opened by itself, and its heading warns (what it says once closed).
    expect(await page.locator('#tables-title').getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#tables-summary').textContent()).toBe('Scheduled runs stopped: open to see why');
    expect(await page.locator('#tables-summary').getAttribute('class')).toContain('fold-warn');

    await openFold(page, 'track');
    const tracking = page.locator('#track-stopped');
    await expect.poll(() => tracking.isVisible()).toBe(true);
    expect(await tracking.textContent()).toMatch(why);
    expect(pageErrors).toEqual([]);
  });
});
