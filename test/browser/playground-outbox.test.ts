/**
 * The playground's Outbox (dev/playground): the demo turns alerts on, so a scheduled run that finds
 * something mails it, and a person sees the digest as its owner would receive it. The clocks start on
 * Wednesday 2099-01-28, so a week later a new month of search data is complete and the tracking list's
 * keywords change.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERNAL, untilDemoShown, usePlayground } from './playground-page.js';

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const START = Date.UTC(2099, 0, 28, 10);

const ui = usePlayground({ clockStart: START }, untilDemoShown);

describe('the Outbox', () => {
  it('is empty until a scheduled run finds something, then shows the digest it mailed', async () => {
    const button = ui.page.locator('#outbox-button');
    expect(await button.textContent()).toBe('Outbox (0)');
    await button.click();
    expect(await ui.page.locator('#outbox-empty').isVisible()).toBe(true);

    await ui.page.locator('#advance-clock').click();
    await expect.poll(() => ui.page.locator('#status').textContent()).toMatch(/2099-02-04/);
    await ui.page.locator('#run-trigger').click();
    await expect.poll(() => button.textContent(), { timeout: 60_000 }).toBe('Outbox (1)');
    const mail = ui.page.locator('#outbox-list li').first();
    expect(await mail.locator('strong').textContent()).toMatch(/^Search Demand: \d+ changes? in “/);
    expect(await mail.locator('.outbox-meta').textContent()).toMatch(/^To: \S+@\S+ · 2099-02-04 \d\d:\d\d UTC$/);
    const body = (await mail.locator('pre').textContent()) ?? '';
    expect(body).toContain('Tracking “Coffee drinks”');
    expect(body).toMatch(/ {2}• (coffee|tea|cold brew): [\d,.]+ → [\d,.]+ \([+−][\d.]+%\)/);
    expect(body).not.toMatch(INTERNAL);
    expect(await ui.page.locator('#outbox-empty').isVisible()).toBe(false);
    mkdirSync(OUTPUT, { recursive: true });
    await ui.page.screenshot({ path: `${OUTPUT}playground-outbox.png` });
    expect(ui.pageErrors).toEqual([]);
  });
});
