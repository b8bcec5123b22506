/**
 * Templates in the playground, as a user meets them: Start from a template… in the add-on's menu opens
 * the sidebar's Templates section, which says what each may spend before Insert; each template then
 * opens on a new sheet showing numbers. A SPARKLINE draws its small line chart in its cell, as in Sheets.
 * The share of search's stacked area chart is drawn as bands, one per name, up to 100 %.
 * Reopened later, the sidebar still offers Track these brands for the brand watch sheet, as its note says.
 * Saves docs/use/template-*.png, the screenshots docs/use/templates.md shows.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlayground, type Playground } from '../../dev/playground/server.js';
import { closeContexts, workerChromium } from './chromium.js';

const DOCS = fileURLToPath(new URL('../../docs/use/', import.meta.url));
/** A number as a formatted cell shows it: grouped, or a percentage (templates are formatted as they are written). */
const NUMBER = /^-?\d[\d,]*(\.\d+)?%?$/;

let playground: Playground;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  playground = await startPlayground({ port: 0 });
  browser = await workerChromium();
  page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(playground.url);
});

afterAll(async () => {
  await closeContexts(browser);
  await playground?.close();
});

const cell = (a1: string) => page.locator(`#grid td[data-a1="${a1}"]`);
const text = async (a1: string) => ((await cell(a1).textContent()) ?? '').trim();
const sidebar = () => page.frameLocator('#sidebar');

describe('Start from a template…', () => {
  it('is in the add-on menu and opens the Templates section, with each cost shown before inserting', async () => {
    await page.getByRole('button', { name: 'Start from a template…' }).click();
    const section = sidebar().locator('#templates-section');
    await expect.poll(() => section.locator('li.template').count(), { timeout: 20_000 }).toBe(4);
    expect(await section.textContent()).toContain('The examples are few (at most 10)');
    const costs = await section.locator('.template-cost').allTextContents();
    expect(costs[0]).toMatch(/^Inserting it sends at most \d+ requests?/);
    expect(costs.every((c) => /sends at most|Costs nothing/.test(c))).toBe(true);
  });

  const templates = [
    { title: 'Keyword research', shot: 'template-keyword-research.png', numbers: ['B5', 'C5', 'G5'] },
    { title: 'Brand watch', shot: 'template-brand-watch.png', numbers: ['C5', 'D5'] },
    { title: 'Market overview', shot: 'template-market-overview.png', numbers: [] as string[] },
    { title: 'Share of search', shot: 'template-share-of-search.png', numbers: [] as string[] },
  ];
  for (const t of templates) {
    it(`inserts ${t.title} on a new sheet that shows numbers`, async () => {
      await sidebar()
        .getByRole('button', { name: `Insert ${t.title}` })
        .click();
      await expect
        .poll(() => sidebar().locator('#templates-status').textContent(), { timeout: 60_000 })
        .toContain(`Inserted on the new sheet "${t.title}"`);
      await page.getByRole('tab', { name: t.title }).click();
      await expect.poll(() => text('A1'), { timeout: 20_000 }).toBe(t.title);
      for (const a1 of t.numbers) await expect.poll(() => text(a1), { timeout: 20_000 }).toMatch(NUMBER);
      if (t.title === 'Market overview') {
        const numeric = await page
          .locator('#grid td')
          .evaluateAll((tds) => tds.filter((td) => /^-?\d[\d,.]*%?$/.test(td.textContent ?? '')).length);
        expect(numeric).toBeGreaterThan(50);
        // The chart the add-on asked for: columns, one per industry, titled in words, without a legend
        // repeating its raw header.
        const chart = page.locator('figure.chart');
        await expect.poll(() => chart.count(), { timeout: 20_000 }).toBe(1);
        expect(await chart.locator('h2').textContent()).toBe('AI industries: average index score');
        expect(await chart.locator('svg').getAttribute('aria-label')).toBe('AI industries: average index score: column chart');
        expect(await chart.locator('rect.bar').count()).toBe(8);
        expect(await chart.locator('polyline').count()).toBe(0);
        expect(await chart.locator('p.chart-note').textContent()).toBe('');
        const names = await chart.locator('text.axis title').allTextContents();
        expect(names).toHaveLength(8);
        expect(names.every((n) => n.includes(' '))).toBe(true);
        expect(
          await page
            .locator('#grid td')
            .filter({ hasText: /^#(REF|ERROR)!$/ })
            .count(),
        ).toBe(0);
      }
      if (t.title === 'Share of search') {
        // The shares as percentages: each month's four add up to 100 % (to the shown rounding).
        const PERCENT = /^\d+(\.\d)?%$/;
        await expect.poll(() => text('D5'), { timeout: 20_000 }).toMatch(PERCENT);
        const names = await Promise.all(['A5', 'A6', 'A7', 'A8'].map(text));
        expect(names.every((n) => n !== '')).toBe(true);
        const shares = await Promise.all(['D5', 'E5', 'F5', 'G5'].map(text));
        expect(shares.every((v) => PERCENT.test(v))).toBe(true);
        expect(Math.abs(shares.reduce((sum, v) => sum + parseFloat(v), 0) - 100)).toBeLessThanOrEqual(0.2);
        expect(await text('C17')).toBe('12 months');
        // The chart the add-on asked for: four bands stacked, one per name (the two empty rows draw
        // nothing), a legend naming them, the value axis in percentages up to 100 %.
        const chart = page.locator('figure.chart');
        await expect.poll(() => chart.count(), { timeout: 20_000 }).toBe(1);
        expect(await chart.locator('h2').textContent()).toBe('Share of search by month');
        expect(await chart.locator('svg').getAttribute('aria-label')).toBe('Share of search by month: stacked area chart');
        expect(await chart.locator('polygon.band').count()).toBe(4);
        expect(await chart.locator('span.legend').allTextContents()).toEqual(names);
        const axis = await chart.locator('text.axis').allTextContents();
        expect(axis).toContain('100%');
        expect(axis).toContain('0%');
        expect(
          await page
            .locator('#grid td')
            .filter({ hasText: /^#(REF|ERROR)!$/ })
            .count(),
        ).toBe(0);
      }
      if (t.title === 'Keyword research') {
        // The trend column: a line through the 12 monthly volumes, in the cell, with no word or error.
        await expect.poll(() => cell('E5').locator('svg polyline').count(), { timeout: 20_000 }).toBe(1);
        expect(await cell('E5').locator('svg polyline').getAttribute('points')).toMatch(/^(\S+ ){11}\S+$/);
        expect(await text('E5')).toBe('');
        expect(await cell('E5').getAttribute('title')).toBeNull();
      }
      await page.screenshot({ path: `${DOCS}${t.shot}` });
    });
  }

  it('reopened later, the sidebar offers Track these brands for the brand watch sheet; one click starts the list', async () => {
    await page.getByRole('button', { name: 'Start from a template…' }).click();
    const track = sidebar().getByRole('button', { name: 'Track these brands of "Brand watch"' });
    await expect.poll(() => track.count(), { timeout: 20_000 }).toBe(1);
    await track.click();
    await expect
      .poll(() => sidebar().locator('#templates-status').textContent(), { timeout: 60_000 })
      .toContain('Tracking the brands of "Brand watch" every week');
    await expect.poll(() => sidebar().locator('#track-list').textContent(), { timeout: 20_000 }).toContain('Brand watch');
    expect(await sidebar().locator('#templates-section').textContent()).toContain('"Brand watch": its brands are tracked every week');
    expect(await track.count()).toBe(0);
  });
});
