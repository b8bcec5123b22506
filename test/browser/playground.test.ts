/**
 * `npm start` in a real browser: the playground page (a grid evaluated by HyperFormula whose add-on
 * functions run the built dist/Code.js in dev/gas), the real sidebar in its iframe, against the local
 * service. Then the CLI itself: a busy port, and a clean stop on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, startPlayground, type Playground } from '../../dev/playground/server.js';
import { launchChromium } from './chromium.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dev/playground/main.ts', import.meta.url));
const MASKED = `••••${DEMO_KEY.slice(-4)}`;
const NUMBER = /^-?\d+(\.\d+)?$/;

let playground: Playground;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  playground = await startPlayground({ port: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(playground.url);
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

const cell = (a1: string) => page.locator(`#grid td[data-a1="${a1}"]`);
const text = async (a1: string) => (await cell(a1).textContent()) ?? '';
const sidebar = () => page.frameLocator('#sidebar');

/** Selects a cell, types into it and presses Enter, as a user does. */
async function typeInto(a1: string, input: string): Promise<void> {
  await cell(a1).click();
  await page.keyboard.type(input);
  await page.keyboard.press('Enter');
}

describe('the demo workbook', () => {
  it('shows the values the add-on computed', async () => {
    await expect.poll(() => text('B2')).toMatch(NUMBER);
    const scores = await Promise.all(['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10', 'B11'].map(text));
    for (const score of scores) expect(score).toMatch(NUMBER);
    // coffee, Coffee and " coffee " are one keyword: the same score.
    expect(scores[1]).toBe(scores[0]);
    expect(scores[4]).toBe(scores[0]);
    expect(await text('D1')).toBe('keyword');
    expect(await text('D13')).toBe('coffee');
    expect(await text('D14')).toBe('');
    expect(await text('F2')).toMatch(NUMBER);
    expect(await text('B15')).toMatch(NUMBER);
    expect(await text('B23')).toMatch(NUMBER);
  });

  it('charts the 12 monthly volumes of the trend table', async () => {
    const chart = page.locator('.chart');
    expect(await chart.locator('h2').textContent()).toBe('Monthly searches: coffee');
    expect(await chart.locator('circle').count()).toBe(12);
  });

  it('shows the ranking table the add-on inserted on its own sheet', async () => {
    await page.getByRole('tab', { name: /sector:fintech/ }).click();
    await expect.poll(() => text('A1')).toMatch(/^Search Demand ranking · sector:fintech · updated /);
    expect(await text('A2')).toBe('rank');
    expect(await text('A3')).toBe('1');
    await page.getByRole('tab', { name: 'Sheet1' }).click();
    await expect.poll(() => text('A1')).toBe('Keyword');
  });
});

describe('typing formulas', () => {
  it('=SEARCH_SCORE("coffee") shows a number', async () => {
    await typeInto('A45', '=SEARCH_SCORE("coffee")');
    await expect.poll(() => text('A45')).toMatch(NUMBER);
    expect(await text('A45')).toBe(await text('B2'));
    await cell('A45').click();
    expect(await page.locator('#formula-input').inputValue()).toBe('=SEARCH_SCORE("coffee")');
    expect(playground.runtime.spreadsheet.getFormulas('Sheet1!A45')).toEqual([['=SEARCH_SCORE("coffee")']]);
  });

  it('=SEARCH_TREND("tea") spills a 13-row table', async () => {
    await typeInto('A47', '=SEARCH_TREND("tea")');
    await expect.poll(() => text('A47')).toBe('keyword');
    const column = await Promise.all(Array.from({ length: 14 }, (_, i) => text(`A${47 + i}`)));
    expect(column.slice(0, 13)).toEqual(['keyword', ...Array<string>(12).fill('tea')]);
    expect(column[13]).toBe('');
    expect(await text('C48')).toMatch(NUMBER);
    // Sheets holds the spilled cells as values, so the add-on's scripts see them.
    expect(playground.runtime.spreadsheet.getValues('Sheet1!A59')).toEqual([['tea']]);
  });

  it('an error shows #ERROR! with its message on hover and under the formula bar', async () => {
    await typeInto('E45', '=SEARCH_TREND("tea", "nope")');
    await expect.poll(() => text('E45')).toBe('#ERROR!');
    expect(await cell('E45').getAttribute('title')).toMatch(/Unknown field "nope"/);
    await cell('E45').click();
    expect(await page.locator('#cell-error').textContent()).toMatch(/Unknown field "nope"/);
  });
});

describe('the sidebar', () => {
  it('saves the demo key again and shows it masked', async () => {
    await expect.poll(() => sidebar().locator('#key-mask').textContent()).toBe(MASKED);
    await sidebar().getByRole('button', { name: 'Replace' }).click();
    await sidebar().locator('#key-input').fill(DEMO_KEY);
    await sidebar().locator('#key-save').click();
    await expect.poll(() => sidebar().locator('#key-status').getAttribute('class')).toContain('status-success');
    expect(await sidebar().locator('#key-mask').textContent()).toBe(MASKED);
    expect(playground.runtime.properties.user.get('SDM_API_KEY')).toBe(DEMO_KEY);
  });

  it('the menu opens it at the function reference', async () => {
    await page.getByRole('button', { name: 'Help' }).click();
    await expect.poll(() => sidebar().locator('#help').getAttribute('open')).toBe('');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => sidebar().locator('#key-mask').textContent()).toBe(MASKED);
  });
});

describe('ranking tables', () => {
  it('a table the sidebar inserts at the selected cell appears in the grid', async () => {
    await cell('L40').click();
    await expect.poll(() => playground.runtime.spreadsheet.active.rect).toMatchObject({ row: 40, column: 12 });
    // What the sidebar's Insert button sends, through dev/host as the iframe does.
    const request = { group: 'ai:all', placement: 'selection', columns: ['rank', 'name'], limit: 5 };
    const response = await fetch(`${playground.sidebarHostUrl}/__gas/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fn: 'insertRankingTable', args: [request] }),
    });
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    await expect.poll(() => text('L40')).toMatch(/^Search Demand ranking · ai:all · updated /);
    expect([await text('L41'), await text('M41')]).toEqual(['rank', 'name']);
    expect(await text('L42')).toBe('1');
    expect(await text('L46')).toBe('5');
  });
});

describe('menu, trigger and status', () => {
  it('the status line shows the requests the local service received', async () => {
    const stats = await playground.service.control.stats();
    await expect.poll(() => page.locator('#status').textContent()).toMatch(new RegExp(`Local service: ${stats.requests} requests`));
    expect(await page.locator('#status').textContent()).toMatch(/Formulas: \d+ evaluations · \d+ from the add-on's cache/);
  });

  it('Refresh all formulas recalculates from the cache, with a toast', async () => {
    const before = await playground.service.control.stats();
    await page.getByRole('button', { name: 'Refresh all formulas' }).click();
    await expect.poll(() => page.locator('.toast').first().textContent()).toMatch(/formula cells recalculating/);
    expect(await text('A45')).toMatch(NUMBER);
    expect(await text('A47')).toBe('keyword');
    expect((await playground.service.control.stats()).freshCredits).toBe(before.freshCredits);
  });

  it('Run the schedule trigger now refreshes the ranking table', async () => {
    const trigger = playground.runtime.triggers[0];
    expect(trigger?.handler).toBe('refreshRankingTables');
    await page.getByRole('button', { name: 'Run the schedule trigger now' }).click();
    await expect.poll(() => trigger?.runs).toBe(1);
    await page.getByRole('tab', { name: /sector:fintech/ }).click();
    await expect.poll(() => text('A1')).toMatch(/^Search Demand ranking · sector:fintech · updated /);
    await page.getByRole('tab', { name: 'Sheet1' }).click();
  });

  it('looks tidy (test-output/playground.png) and threw no error', async () => {
    await cell('B2').click();
    await page.locator('#grid-scroll').evaluate((el) => el.scrollTo(0, 0));
    await page.waitForTimeout(5_500); // let the toasts fade
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: `${OUTPUT}playground.png` });
    expect(pageErrors).toEqual([]);
  });
});

describe('the CLI', () => {
  it('says a busy port in one line and exits 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const { code, stdout, stderr } = await runCli(['--port', String(port)]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `Port ${port} is already in use: stop what is using it, or pick another with --port ${port + 1} (or PORT=${port + 1}).`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it('prints the URL and the demo key, and SIGTERM stops everything with exit code 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(() => stdout, { timeout: 30_000 }).toMatch(/Ctrl-C stops everything/);
    expect(stdout).toMatch(/playground: http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toContain(DEMO_KEY);
    const pageUrl = /playground: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    const serviceUrl = /local service (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    expect((await fetch(`${pageUrl}/api/state`)).ok).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${serviceUrl}/__control/stats`)).rejects.toThrow();
    await expect(fetch(`${pageUrl}/api/state`)).rejects.toThrow();
  });
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
