/**
 * The sidebar's Alerts part in a real browser: dist/Sidebar.html served by dev/host, its calls run by the
 * built add-on in dev/gas against the local service. What a user sets, what is refused before anything
 * is sent, what today's digest would say (read from the sheet, sending nothing), and why mail cannot go
 * when "Send email as you" is unticked.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../dev/gas/index.js';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { openFold } from './sidebar-folds.js';
import { useSidebarStack } from './sidebar-stack.js';

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const SEND_MAIL = 'https://www.googleapis.com/auth/script.send_mail';

let service: ServiceHandle;
let runtime: GasRuntime;
let page: Page;
let pageErrors: string[];
const calls: string[] = [];

/** A sidebar call made by the test itself, as another part of the sidebar would. */
function run(fn: string, ...args: unknown[]): unknown {
  const result = runtime.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value;
}

useSidebarStack(
  { keySaved: true, onRun: (event) => calls.push(event.fn), page: { viewport: { width: 300, height: 900 } } },
  (stack) => ({ service, runtime, page, pageErrors } = stack),
);

const status = () => page.locator('#alerts-status');
const summary = () => page.locator('#alerts-summary').textContent();

describe('the Alerts part', () => {
  it('is off at first, and says no mail comes until something runs on a schedule', async () => {
    await expect.poll(() => page.locator('#alerts-section').isVisible()).toBe(true);
    expect(await page.locator('#alerts-title').textContent()).toBe('Alerts');
    await expect.poll(summary).toBe('Off');
    await openFold(page, 'alerts');
    await expect.poll(() => page.locator('#alerts-to').textContent()).toMatch(/^Nothing here runs on a schedule yet/);
    expect(await page.getByLabel('Moves of').isChecked()).toBe(false);
  });

  it('refuses a bad address or threshold before asking the server', async () => {
    const before = calls.length;
    await page.getByLabel('Moves of').check();
    await page.getByLabel('Places').fill('0');
    await page.getByRole('button', { name: 'Save alerts' }).click();
    await expect.poll(() => status().textContent()).toBe('A ranking move is a whole number of places from 1 to 1000, or off.');
    expect(await status().getAttribute('role')).toBe('alert');
    await page.getByLabel('Places').fill('2');
    await page.getByLabel('Also mail (optional)').fill('ann@example.org, bob@');
    await page.getByRole('button', { name: 'Save alerts' }).click();
    await expect.poll(() => status().textContent()).toBe('“bob@” is not an email address: type one such as name@example.com.');
    expect(calls.slice(before)).toEqual([]);
  });

  it('saves the thresholds and recipients, and shows what today’s digest would say, sending nothing', async () => {
    run('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 10 });
    run('setRefreshSchedule', { kind: 'hourly' });
    await page.getByLabel('When scheduled runs stop').check();
    await page.getByLabel('Also mail (optional)').fill('ann@example.org');
    await page.getByRole('button', { name: 'Save alerts' }).click();
    await expect.poll(() => status().getAttribute('class')).toContain('status-success');
    expect(calls).toContain('setAlerts');
    expect(run('getAlerts')).toMatchObject({
      settings: { rankPlaces: 2, changePercent: null, failures: true, recipients: ['ann@example.org'] },
    });
    expect(await page.locator('#alerts-to').textContent()).toBe(
      'Sent from the account that runs the schedule, to you, and to ann@example.org.',
    );
    expect(await page.locator('#alerts-last').textContent()).toBe('No mail sent yet.');

    // The list moves (the top three leave); a refresh from the sidebar shows it in the table, mailing nothing.
    await service.control.config({ rankingListSkip: 3 });
    run('refreshTablesNow', true);
    await page.locator('#alerts-title').click(); // closes it
    await openFold(page, 'alerts'); // read again on opening
    await page.getByText("Today's digest would say").click();
    const preview = page.locator('#alerts-preview-body');
    await expect.poll(() => preview.textContent()).toMatch(/^Search Demand: 13 changes in “/);
    expect(await preview.textContent()).toMatch(/: up 3 places, 4 → 1\n/);
    expect(await preview.textContent()).toMatch(/: new, at 10\n/);
    expect(await preview.textContent()).toMatch(/: dropped out \(was 1\)\n/);
    expect(runtime.outbox).toEqual([]);
    await expect.poll(summary).toBe('On: moves of 2+, failures');
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: `${OUTPUT}sidebar-alerts.png`, fullPage: true });
    const violations = (await new AxeBuilder({ page }).setLegacyMode().analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it("once today's digest went, previews tomorrow's, never telling again what went as if new", async () => {
    // The list moves once more and the hourly schedule's run finds it: the day's digest goes.
    await service.control.config({ rankingListSkip: 4 });
    runtime.advanceClock(3_600_000);
    await service.control.clock(3_600_000);
    expect(runtime.fireDueTriggers().map((f) => f.result.error ?? 'ok')).toEqual(['ok']);
    expect(runtime.outbox.map((m) => m.subject)).toEqual([expect.stringMatching(/^Search Demand: \d+ changes? in “/)]);
    await page.locator('#alerts-title').click(); // closes it
    await openFold(page, 'alerts'); // read again on opening
    await expect
      .poll(() => page.locator('#alerts-last').textContent())
      .toMatch(/Today's digest went at \d\d:\d\d; the next waits for tomorrow\./);
    // The table still shows the moves that digest told: the preview is of tomorrow's, and holds none of them.
    expect(await page.locator('#alerts-preview-title').textContent()).toBe("Tomorrow's digest would say");
    expect(await page.locator('#alerts-preview-body').textContent()).toBe(
      "Nothing found since today's digest crosses these thresholds: no mail would be sent.",
    );
  });

  it('with "Send email as you" unticked, says why no mail can go and how to grant it', async () => {
    runtime.setGrantedScopes((runtime.manifest?.oauthScopes ?? []).filter((s) => s !== SEND_MAIL));
    await page.locator('#alerts-title').click();
    await openFold(page, 'alerts');
    const blocked = page.locator('#alerts-blocked');
    await expect.poll(() => blocked.isVisible()).toBe(true);
    expect(await blocked.textContent()).toBe(
      'Mail cannot be sent: you have not allowed Search Demand to send email as you; grant it with Extensions › Search Demand › Grant permissions… and tick “Send email as you”.',
    );
    await expect.poll(summary).toBe('Mail cannot be sent now');
    expect(await page.locator('#alerts-summary').getAttribute('class')).toContain('fold-warn');
    expect(pageErrors).toEqual([]);
  });
});
