/**
 * Every estimate the sidebar shows equals what the action then sends, counted at the local service, the
 * sidebar's own follow-up included (issue 30, point 3): inserting a template, Refresh all formulas,
 * adding a tracking list, opening the ranking table form, choosing a group and inserting its table; a
 * ranking table's refresh sends only what it fetches, and the schedule says what a run sends. After each,
 * the usage bars are counted again without a request (the last read plus what this document sent since)
 * and say so. dist/Sidebar.html runs in Chromium, its calls in dev/gas.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../dev/gas/index.js';
import type { RunEvent } from '../../dev/host/index.js';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { useSidebarStack } from './sidebar-stack.js';
import { openFold } from './sidebar-folds.js';

let service: ServiceHandle;
let runtime: GasRuntime;
let page: Page;
let pageErrors: string[];
/** Every server function the page called, as it finished. */
const calls: RunEvent[] = [];

useSidebarStack(
  { keySaved: true, onRun: (event) => calls.push(event), page: { viewport: { width: 300, height: 1000 } } },
  (stack) => ({ service, runtime, page, pageErrors } = stack),
);

const requests = async () => (await service.control.stats()).requests;
const meta = () => page.locator('#usage-meta').textContent();
/** What an estimate's words say will be sent: "at most N requests", "sends N requests", or nothing. */
function estimated(text: string | null): number {
  const sends = /sends ([\d,]+) requests?/.exec(text ?? '');
  if (sends) return Number(sends[1]?.replace(/,/g, ''));
  if (/sends nothing/.test(text ?? '')) return 0;
  const most = /at most ([\d,]+) requests?/.exec(text ?? '');
  if (most) return Number(most[1]?.replace(/,/g, '')) + (/and one that reads your allowance/.test(text ?? '') ? 1 : 0);
  if (/Costs nothing|sends no request|nothing due/.test(text ?? '')) return 0;
  throw new Error(`no estimate in ${JSON.stringify(text)}`);
}
/**
 * Waits until the page has shown usage again after an action's call (the first `fn` from the call numbered
 * `from`) finished, as it does after spending: then whatever the sidebar sends for it has been sent.
 */
async function usageShownAfter(fn: string, from: number): Promise<void> {
  const shownAfter = () => {
    const action = calls.findIndex((c, i) => i >= from && c.fn === fn);
    return action >= 0 && calls.slice(action + 1).some((c) => c.fn === 'getUsage' || c.fn === 'refreshUsage');
  };
  await expect.poll(shownAfter, { timeout: 30_000 }).toBe(true);
}
/** Requests this document sent since the usage read, as the bars' line says. */
let sentSinceRead = 0;

describe('what the sidebar says an action sends, and what it sends', () => {
  it('starts from a usage read (one request): the bars and when they were read', async () => {
    await expect.poll(() => page.locator('#templates-list li.template').count()).toBe(4);
    await service.control.resetStats();
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(meta).toMatch(/^Read at \d\d:\d\d, just now/);
    expect(await requests()).toBe(1);
  });

  it('with no fresh search left, a template that needs some says nothing can be sent now and until when; Insert says the same, sending nothing', async () => {
    const readUsage = async () => {
      await openFold(page, 'usage');
      const from = calls.length;
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await expect.poll(() => calls.slice(from).some((c) => c.fn === 'refreshUsage')).toBe(true);
    };
    await service.control.limits({ freshUsed: 250 });
    await readUsage();
    await openFold(page, 'templates'); // the list is counted again as it opens
    const line = (title: string) => page.locator('#templates-list li.template').filter({ hasText: title }).locator('.template-cost');
    await expect
      .poll(() => line('Keyword research').textContent())
      .toBe('Needs up to 8 fresh searches, and none is left today: nothing can be sent now. Insert it after 00:00 UTC, when they reset.');
    // What needs no fresh search says what it sends, as before.
    expect(await line('Brand watch').textContent()).toMatch(/^Inserting it sends at most \d+ requests?, no fresh search\.$/);
    await service.control.resetStats();
    await page.getByRole('button', { name: 'Insert Keyword research' }).click();
    await expect
      .poll(() => page.locator('#templates-status').textContent())
      .toMatch(
        /^Not inserted: "Keyword research" may use 8 fresh searches, and 0 were left at your last usage read \(\d\d:\d\d UTC\)\. Nothing was sent or changed: try again after 00:00 UTC\.$/,
      );
    expect(await requests()).toBe(0);
    // The searches back (as after the reset), read again: the tests below start from that read.
    await service.control.limits({ freshUsed: 0 });
    await readUsage();
    await openFold(page, 'templates');
    await expect.poll(() => line('Keyword research').textContent()).toMatch(/^Inserting it sends at most 8 requests/);
  });

  for (const title of ['Keyword research', 'Brand watch', 'Market overview', 'Share of search']) {
    it(`${title}: inserting it and its formulas send what its cost line said, no usage read besides`, async () => {
      await openFold(page, 'templates');
      const cost = page.locator('#templates-list li.template').filter({ hasText: title }).locator('.template-cost');
      const said = estimated(await cost.textContent());
      expect(said).toBeGreaterThan(0);
      await service.control.resetStats();
      const from = calls.length;
      await page.getByRole('button', { name: `Insert ${title}` }).click();
      await expect
        .poll(() => page.locator('#templates-status').textContent(), { timeout: 60_000 })
        .toContain(`Inserted on the new sheet "${title}"`);
      await usageShownAfter('insertTemplate', from);
      runtime.recalculate(); // Sheets runs the sheet's formulas: they read what inserting fetched
      expect(await requests()).toBe(said);
      expect((await service.control.stats()).byEndpoint['/usage']).toBeUndefined();
      // The bars add what was sent, and say so: the read's time, and this document's spending since.
      sentSinceRead += said;
      await expect
        .poll(meta)
        .toMatch(new RegExp(`^Read at \\d\\d:\\d\\d, [^,]+, plus ${sentSinceRead} requests .*this document sent since`));
    });
  }

  it('a template inserted again costs nothing, as its line then says, and sends nothing', async () => {
    const cost = page.locator('#templates-list li.template').filter({ hasText: 'Keyword research' }).locator('.template-cost');
    await expect.poll(() => cost.textContent()).toBe('Costs nothing now: every answer it needs is cached.');
    await service.control.resetStats();
    const from = calls.length;
    await page.getByRole('button', { name: 'Insert Keyword research' }).click();
    await expect.poll(() => page.locator('#templates-status').textContent()).toContain('Inserted on the new sheet "Keyword research (2)"');
    await usageShownAfter('insertTemplate', from);
    runtime.recalculate();
    expect(await requests()).toBe(0);
  });

  it('Refresh all formulas: the formulas and the sidebar afterwards send what the estimate said', async () => {
    runtime.spreadsheet.setValues('Sheet1!A2:A6', [['flat white'], ['cortado'], ['ristretto'], ['Cortado'], ['lungo']]);
    runtime.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A6)');
    runtime.spreadsheet.setFormula('Sheet1!C2', '=SEARCH_TREND("macchiato", "peak.month")');
    // The sidebar's last Refresh usage is over a minute old by now, but still today's: the refresh counts with it.
    runtime.advanceClock(2 * 60_000);
    await page.clock.fastForward(2 * 60_000);
    await service.control.resetStats();
    const opening = calls.length;
    await openFold(page, 'cache');
    // Opening the fold counts the estimate once: wait for that call, or under load it lands after `from`.
    await expect.poll(() => calls.slice(opening).some((c) => c.fn === 'estimateRefresh')).toBe(true);
    await expect.poll(async () => estimated(await page.locator('#cache-estimate').textContent())).toBeGreaterThan(0);
    const said = estimated(await page.locator('#cache-estimate').textContent());
    // Four distinct keywords and macchiato, fetched by the refresh before the formulas run; what is left
    // is known from that read (no read of its own); the templates' answers are cached.
    expect(said).toBe(5);
    expect(await page.locator('#cache-estimate').textContent()).not.toContain('read of what is left');
    const from = calls.length;
    await page.getByRole('button', { name: 'Refresh all formulas' }).click();
    // The click counts again first (the same), then the refresh says what it sent.
    await expect
      .poll(() => page.locator('#cache-status').textContent())
      .toMatch(
        /^28 formula cells on 6 sheets recalculating, from answers cached or fetched just now \(5 requests, 5 of them fresh searches/,
      );
    const meanwhile = await meta();
    // Counted again first; then, at once, the usage and the estimate (no request: what it spent is counted).
    await expect
      .poll(() =>
        calls
          .slice(from)
          .map((c) => c.fn)
          .sort(),
      )
      .toEqual(['estimateRefresh', 'estimateRefresh', 'getUsage', 'refreshAllFormulas']);
    expect(calls.slice(from, from + 2).map((c) => c.fn)).toEqual(['estimateRefresh', 'refreshAllFormulas']);
    expect(await requests()).toBe(said);
    runtime.recalculate(); // Sheets runs them
    const ran = calls.length;
    await page.clock.fastForward(16_000); // the sidebar counts usage again once they have run
    await expect.poll(() => calls.slice(ran).some((c) => c.fn === 'getUsage' || c.fn === 'refreshUsage'), { timeout: 30_000 }).toBe(true);
    expect(await requests()).toBe(said);
    // Meanwhile the line said the formulas were running; now it adds what they sent.
    expect(meanwhile).toMatch(/ · the formulas are running: counted again at \d\d:\d\d$/);
    sentSinceRead += said;
    await expect.poll(meta).toMatch(new RegExp(`plus ${sentSinceRead} requests \\(\\d+ fresh searches\\) this document sent since`));
    await expect.poll(() => page.locator('#cache-estimate').textContent()).toMatch(/^A refresh sends no request/);

    // Refreshing again, as that line says, sends nothing: every answer is cached.
    await service.control.resetStats();
    await page.getByRole('button', { name: 'Refresh all formulas' }).click();
    await expect.poll(() => page.locator('#cache-status').textContent()).toMatch(/formula cells (on \d+ sheets )?recalculating/);
    expect(estimated(await page.locator('#cache-estimate').textContent())).toBe(0);
    runtime.recalculate();
    await page.clock.fastForward(16_000);
    expect(await requests()).toBe(0);
  });

  it('a tracking list: adding it sends what its cost line said, the allowance read included; Run now with nothing due, nothing', async () => {
    await openFold(page, 'track');
    await page.getByText('Track keywords or brands').click();
    await page.getByLabel('Items, one per line').fill('doppio\naffogato\nvienna coffee');
    // The server's count (the lookup's dry run) replaces the upper bound once typing pauses.
    await expect.poll(() => page.locator('#track-cost').textContent()).toMatch(/^Tracking these now sends/);
    const said = estimated(await page.locator('#track-cost').textContent());
    expect(said).toBe(4);
    await service.control.resetStats();
    const from = calls.length;
    await page.getByRole('button', { name: 'Track these keywords' }).click();
    await expect.poll(() => page.locator('#track-form-status').getAttribute('class'), { timeout: 30_000 }).toContain('status-success');
    await usageShownAfter('addTrackingList', from);
    expect(await requests()).toBe(said);
    sentSinceRead += said;
    await expect.poll(meta).toContain(`plus ${sentSinceRead} requests`);

    const list = page.locator('#track-list > li').first();
    expect(estimated(await list.locator('.table-where').nth(1).textContent())).toBe(0);
    const again = calls.length;
    await list.getByRole('button', { name: 'Run now' }).click();
    await usageShownAfter('runTrackingNow', again);
    expect(await requests()).toBe(said);
  });

  it('a ranking table: opening the form, choosing a group and inserting send what the form said; Refresh now (cached) nothing', async () => {
    const opened = calls.length;
    await openFold(page, 'tables');
    // The section counts again as it opens (an earlier action may have cached the group list since the
    // page first counted it): its line is read once that count is shown.
    await expect.poll(() => calls.slice(opened).some((c) => c.fn === 'getTables')).toBe(true);
    await expect.poll(() => page.locator('#tables-status').getAttribute('class')).toBe('status');
    // Before the form is opened, it says what opening it sends: the group list, unless cached.
    const opening = page.locator('#insert-groups-cost');
    await expect.poll(() => opening.textContent()).toMatch(/^Opening the form below reads the group list: /);
    const saidOpening = estimated(await opening.textContent());
    await service.control.resetStats();
    await page.getByText('Insert a ranking table').click();
    await expect.poll(() => page.locator('#insert-group option[value="sector:fintech"]').count()).toBe(1);
    expect(await requests()).toBe(saidOpening);
    expect(await opening.isVisible()).toBe(false); // read: nothing more to say

    // Choosing a group reads its list, as the form says.
    const choosing = page.getByText('Choosing a group reads its list: 1 request unless cached, no fresh search.');
    expect(await choosing.isVisible()).toBe(true);
    await service.control.resetStats();
    await page.getByLabel('Group', { exact: true }).selectOption('sector:fintech');
    await expect.poll(() => page.locator('#insert-column-list input[type=checkbox]').count()).toBeGreaterThan(2);
    expect((await service.control.stats()).byEndpoint).toEqual({ '/ranking/list': 1 }); // the preview
    await expect.poll(() => page.locator('#insert-cost').textContent()).toBe('Inserting sends nothing (cached).');
    const from = calls.length;
    await page.getByRole('button', { name: 'Insert table' }).click();
    await expect.poll(() => page.locator('#insert-status').getAttribute('class')).toContain('status-success');
    await usageShownAfter('insertRankingTable', from);
    expect((await service.control.stats()).byEndpoint).toEqual({ '/ranking/list': 1 }); // the insert used the preview's answer

    // The schedule says what each run sends, and per day, before it is saved.
    await page.getByLabel('Refresh', { exact: true }).selectOption('hourly');
    expect(await page.locator('#schedule-cost').textContent()).toBe(
      "Each run sends at most 1 request (one per table's group, no fresh search): at most 24 a day.",
    );
    await page.getByLabel('Refresh', { exact: true }).selectOption('off');
    expect(await page.locator('#schedule-cost').isVisible()).toBe(false);

    const refreshed = calls.length;
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => page.locator('#refresh-status').getAttribute('class'), { timeout: 30_000 }).toContain('status-success');
    await usageShownAfter('refreshTablesNow', refreshed);
    expect(await requests()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
