/**
 * The real sidebar in a real browser: dist/Sidebar.html served by dev/host, its google.script.run calls
 * run by the built dist/Code.js in dev/gas, against the local service. The user starts with no key.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { startHost, type HostHandle } from '../../dev/host/index.js';
import { startService, type ServiceHandle } from '../../dev/service/harness.js';
import { KEY } from '../../dev/stack.js';
import { launchChromium } from './chromium.js';

// page.evaluate callbacks run in the page; the root tsconfig has no DOM lib, so they reach its globals
// through globalThis, typed loosely.

const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const BAD_KEY = 'sdm-live-notAKey0000000';
const MASKED = `••••${KEY.slice(-4)}`;

let service: ServiceHandle;
let runtime: GasRuntime;
let host: HostHandle;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  service = await startService({ keys: [KEY] });
  runtime = new GasRuntime(); // the built dist/Code.js and dist/Sidebar.html
  runtime.properties.user.set('SDM_BASE_URL', service.url);
  // Three of the add-on's formulas and one of Sheets' own.
  runtime.spreadsheet.setValues('Sheet1!A2:A4', [['coffee'], ['tea'], ['cocoa']]);
  for (const row of [2, 3, 4]) runtime.spreadsheet.setFormula(`Sheet1!B${row}`, `=SEARCH_SCORE(A${row})`);
  runtime.spreadsheet.setFormula('Sheet1!C2', '=SUM(1, 2)');
  host = await startHost({ runtime });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 300, height: 800 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(host.pageUrl('Sidebar'));
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  runtime?.close();
  await service?.stop();
});

const keyStatus = () => page.locator('#key-status');
const usageStatus = () => page.locator('#usage-status');
const userKey = () => runtime.properties.user.get('SDM_API_KEY');

/** Reads /usage as the service counts it (this read itself is one more API call). */
async function serviceUsage(): Promise<{ fresh: { used: number; limit: number }; calls: { used: number; limit: number } }> {
  const res = await fetch(`${service.url}/api/v1/usage`, { headers: { Authorization: `Bearer ${KEY}` } });
  const body = (await res.json()) as Record<string, { used: number; limit: number }>;
  return { fresh: body.fresh_searches!, calls: { ...body.api_calls!, used: body.api_calls!.used - 1 } };
}

/** A bar's label, numbers and ARIA values. */
async function bar(label: RegExp) {
  const item = page.locator('.bar').filter({ hasText: label });
  const track = item.getByRole('progressbar');
  return {
    className: await item.getAttribute('class'),
    numbers: await item.locator('.bar-numbers').textContent(),
    now: Number(await track.getAttribute('aria-valuenow')),
    max: Number(await track.getAttribute('aria-valuemax')),
  };
}

describe('first visit, no key', () => {
  it('shows the key form with the sharing explanation, and hides usage and cache', async () => {
    await expect.poll(() => page.locator('#key-form').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#boot-status').isVisible()).toBe(false);
    expect(await page.getByLabel('Paste your API key').getAttribute('type')).toBe('password');
    expect(await page.locator('#key-share-help').textContent()).toMatch(/anyone evaluates in this document.*spend\s+your.*never see the key/s);
    expect(await page.locator('#usage-section').isVisible()).toBe(false);
    expect(await page.locator('#cache-section').isVisible()).toBe(false);
  });

  it('says what to do before calling the server when nothing is pasted', async () => {
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => keyStatus().textContent()).toBe('Paste your API key first.');
    expect(await keyStatus().getAttribute('role')).toBe('alert');
  });
});

describe('saving the key', () => {
  it('a refused key shows the reason and saves nothing', async () => {
    await page.getByLabel('Paste your API key').fill(BAD_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => keyStatus().getAttribute('class')).toContain('status-error');
    expect(await keyStatus().textContent()).toMatch(/refused/i);
    expect(userKey()).toBeNull();
    expect(runtime.properties.document.get('SDM_API_KEY')).toBeNull();
    expect(await page.locator('#key-saved').isVisible()).toBe(false);
  });

  it('the good key, submitted from the keyboard, is saved and shown only masked', async () => {
    await page.getByLabel('Paste your API key').fill(KEY);
    await page.getByLabel('Paste your API key').press('Enter');
    await expect.poll(() => keyStatus().getAttribute('class')).toContain('status-success');
    expect(await page.locator('#key-mask').textContent()).toBe(MASKED);
    expect(await page.locator('#key-source').textContent()).toBe('Your key');
    expect(await page.locator('#key-form').isVisible()).toBe(false);
    expect(await page.locator('#key-input').inputValue()).toBe('');
    expect(userKey()).toBe(KEY);
    expect(runtime.properties.document.get('SDM_API_KEY')).toBeNull(); // sharing was not ticked
  });

  it('leaves the key nowhere in the page', async () => {
    expect(await page.content()).not.toContain(KEY);
    const values = await page.evaluate(() => {
      const doc = (globalThis as any).document;
      return [...doc.querySelectorAll('input')].map((input: any) => String(input.value)).concat(String(doc.body.innerText));
    });
    expect(values.join('\n')).not.toContain(KEY);
    expect(values.join('\n')).not.toContain(KEY.slice(0, -4));
  });
});

describe('usage', () => {
  it("shows bars and this document's spend that match the service's counters", async () => {
    // Make the bars interesting: 82 % of the fresh searches spent (amber), then one formula.
    await service.control.limits({ key: KEY, freshUsed: 204, callsUsed: 640 });
    await service.control.resetStats();
    const cell = runtime.run('SEARCH_TREND', ['electric bikes', 'search_score']);
    expect(cell.ok, cell.error).toBe(true);
    expect(runtime.run('SEARCH_TREND', ['electric bikes', 'search_score']).ok).toBe(true); // a cache hit
    const stats = await service.control.stats();

    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(async () => (await bar(/fresh/i)).now).toBe(205);
    const usage = await serviceUsage();
    const fresh = await bar(/fresh/i);
    const calls = await bar(/call/i);
    expect(fresh).toMatchObject({ now: usage.fresh.used, max: usage.fresh.limit, numbers: `${usage.fresh.used} of ${usage.fresh.limit}` });
    expect(fresh.className).toContain('bar-warn');
    expect(calls).toMatchObject({ now: usage.calls.used, max: usage.calls.limit });
    expect(calls.numbers).toBe(`${usage.calls.used} of ${usage.calls.limit.toLocaleString('en-US')}`);
    expect(calls.className).toContain('bar-ok');
    expect(await page.locator('#usage-meta').textContent()).toMatch(/^Read at \d\d:\d\d/);

    const doc = Object.fromEntries(
      await page.locator('#usage-doc .stat').evaluateAll((items) => items.map((item) => [item.querySelector('dt')!.textContent, Number(item.querySelector('dd')!.textContent)])),
    );
    expect(doc).toEqual({ 'Requests sent': stats.byEndpoint['/trend'], 'Fresh searches': stats.freshCredits });
  });

  it('shows a screenshot-worthy sidebar: masked key and usage bars', async () => {
    // Both reads of the first load (usage, then cache info) have landed.
    await expect.poll(() => page.locator('#cache-cells').textContent()).toMatch(/recalculates 3 formula cells/);
    expect(await usageStatus().textContent()).toBe('');
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: `${OUTPUT}sidebar.png`, fullPage: true });
  });

  it('fits 300 px without sideways scrolling, with Advanced and Help open too', async () => {
    const scrollWidth = () => page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
    expect(await scrollWidth()).toBeLessThanOrEqual(300);
    await page.getByText('Advanced', { exact: true }).click();
    await page.getByText('Help: functions').click();
    expect(await page.getByLabel('Service base URL').isVisible()).toBe(true);
    expect(await page.locator('#help dt').count()).toBe(10);
    expect(await scrollWidth()).toBeLessThanOrEqual(300);
    await page.screenshot({ path: `${OUTPUT}sidebar-open.png`, fullPage: true });
    await page.getByText('Advanced', { exact: true }).click();
    await page.getByText('Help: functions').click();
  });

  it('says so when the service is down, and recovers on Refresh', async () => {
    await service.control.faults([{ kind: '5xx', count: 10, path: '/usage' }]);
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => usageStatus().getAttribute('role')).toBe('alert');
    expect(await usageStatus().textContent()).toMatch(/unavailable/i);
    await service.control.reset(); // clears faults (and usage)
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => usageStatus().textContent()).toBe('');
  });

  it('says so when the daily limit is reached, with the bar red', async () => {
    await service.control.limits({ key: KEY, freshUsed: 250, callsUsed: 10 });
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(async () => (await bar(/fresh/i)).className).toContain('bar-full');
    await service.control.limits({ key: KEY, callsUsed: 2000 });
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => usageStatus().getAttribute('role')).toBe('alert');
    expect(await usageStatus().textContent()).toMatch(/limit/i);
    await service.control.reset();
  });
});

describe('cache', () => {
  it("refreshing rewrites only the add-on's formulas and says how many", async () => {
    expect(await page.locator('#cache-cells').textContent()).toMatch(/recalculates 3 formula cells\. It is free while/);
    await page.getByRole('button', { name: 'Refresh all formulas' }).click();
    await expect.poll(() => page.locator('#cache-status').textContent()).toBe('Refreshed 3 formulas on 1 sheet. Sheets recalculates them now.');
    expect(runtime.spreadsheet.getFormulas('Sheet1!B2:C4')).toEqual([
      ['=SEARCH_SCORE(A2)', '=SUM(1, 2)'],
      ['=SEARCH_SCORE(A3)', ''],
      ['=SEARCH_SCORE(A4)', ''],
    ]);
  });

  it('clearing asks first, then bumps the generation', async () => {
    const before = runtime.properties.document.get('SDM_CACHE_GEN');
    await page.getByRole('button', { name: 'Clear cached answers…' }).click();
    const confirm = page.getByRole('group', { name: /Clear every cached answer/ });
    expect(await confirm.isVisible()).toBe(true);
    expect(runtime.properties.document.get('SDM_CACHE_GEN')).toBe(before); // nothing yet

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.isVisible()).toBe(false);
    expect(runtime.properties.document.get('SDM_CACHE_GEN')).toBe(before);

    await page.getByRole('button', { name: 'Clear cached answers…' }).click();
    await confirm.getByRole('button', { name: 'Clear answers' }).click();
    await expect.poll(() => page.locator('#cache-status').textContent()).toMatch(/cleared/i);
    expect(await confirm.isVisible()).toBe(false);
    const after = runtime.properties.document.get('SDM_CACHE_GEN');
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });
});

describe('keyboard', () => {
  it('reaches the key buttons with Tab and shows where focus is', async () => {
    await page.locator('#key-replace').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('key-remove');
    const outline = await page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.activeElement).outlineStyle);
    expect(outline).not.toBe('none');
  });
});

describe('opened from the menu', () => {
  it("Settings serves the built page and Help opens it at the function reference", async () => {
    const settings = await browser.newPage({ viewport: { width: 300, height: 800 } });
    await settings.goto(`${host.url}/__gas/open/showSidebar`);
    expect(runtime.ui.sidebars.at(-1)?.title).toBe('Search Demand');
    await expect.poll(() => settings.locator('#key-mask').textContent()).toBe(MASKED);
    expect(await settings.locator('#help').getAttribute('open')).toBeNull();
    await settings.close();

    const help = await browser.newPage({ viewport: { width: 300, height: 800 } });
    await help.goto(`${host.url}/__gas/open/showHelp`);
    expect(await help.locator('#help').getAttribute('open')).toBe('');
    expect(await help.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe('Help: functions');
    await help.close();
  });
});

describe('server text is never markup', () => {
  it('renders HTML in usage labels, table cells and error messages as text', async () => {
    const payload = '<img src=x onerror="window.__xss=1"><b id="injected">bold</b>';
    await page.route('**/__gas/run', async (route) => {
      const { fn } = route.request().postDataJSON() as { fn: string };
      const reply = (body: unknown) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
      if (fn === 'getUsage') {
        const first = !(await page.evaluate(() => (globalThis as any).document.querySelector('.usage-table') !== null));
        return reply({
          ok: true,
          value: {
            bars: first ? [] : [{ label: payload, used: 1, limit: 2 }],
            table: [['plan', payload], ['free', payload]],
            readAt: new Date().toISOString(),
            resetAt: payload,
            document: { day: '2026-11-21', requests: 0, freshSearches: 0 },
          },
        });
      }
      if (fn === 'refreshAllFormulas') return reply({ ok: false, error: payload });
      return route.continue();
    });

    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => page.locator('.usage-table').count()).toBe(1);
    expect(await page.locator('.usage-table td').nth(1).textContent()).toBe(payload);
    expect(await page.locator('#usage-meta').textContent()).toContain(payload);

    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => page.locator('.bar').count()).toBe(1);
    expect(await page.locator('.bar-label span').first().textContent()).toBe(payload);

    await page.getByRole('button', { name: 'Refresh all formulas' }).click();
    await expect.poll(() => page.locator('#cache-status').textContent()).toBe(payload);

    expect(await page.locator('#injected').count()).toBe(0);
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as any).__xss)).toBeUndefined();
    await page.unroute('**/__gas/run');
  });
});

describe('sharing and removing', () => {
  it('sharing the key with the document is one checkbox, and can be undone', async () => {
    const box = page.getByLabel("Let collaborators' formulas use this key");
    await box.check();
    await expect.poll(() => runtime.properties.document.get('SDM_API_KEY')).toBe(KEY);
    await expect.poll(() => page.locator('#key-source').textContent()).toBe('Your key, shared with this document');
    await box.uncheck();
    await expect.poll(() => runtime.properties.document.get('SDM_API_KEY')).toBeNull();
  });

  it('removing asks inline first, then deletes the key and shows the form again', async () => {
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    const confirm = page.getByRole('group', { name: /Remove your key/ });
    expect(await confirm.isVisible()).toBe(true);
    expect(userKey()).toBe(KEY);
    await confirm.getByRole('button', { name: 'Remove key' }).click();
    await expect.poll(() => page.locator('#key-form').isVisible()).toBe(true);
    expect(userKey()).toBeNull();
    expect(await page.locator('#usage-section').isVisible()).toBe(false);
    expect(await keyStatus().textContent()).toMatch(/removed/);
  });

  it('threw no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
