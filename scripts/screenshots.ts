/**
 * `npm run screenshots`: the playground's pictures the docs show, taken in headless Chromium from the
 * playground (`npm start`) with its demo workbook: the built add-on in dev/gas, its real sidebar, the
 * local service. The README's three, 1280×800, in docs/screenshots/; the guides' own in docs/use/ (the
 * four templates as inserted, and a tracking list a week later). It is the one thing that writes the
 * docs' pictures (the browser tests write theirs to test-output/): run it again after the sidebar or the
 * playground changes, so the docs show the add-on as it is. `npm run screenshots` builds dist/ first;
 * `npm run screenshots -- --out test-output/shots` writes them there instead, to look at them first.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { startPlayground } from '../dev/playground/server.js';
import { launchChromium } from '../test/browser/chromium.js';

export const SCREENSHOTS_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
/** Where the guides for users keep their pictures (docs/use/templates.md, docs/use/tracking.md). */
export const GUIDES_DIR = fileURLToPath(new URL('../docs/use/', import.meta.url));

/** The store's screenshot size (Google Workspace Marketplace: 1280×800). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

/** The guides' pictures: wider, so a template's columns and a tracking sheet's chart show whole. */
const TEMPLATE_SIZE = { width: 1600, height: 900 } as const;
const TRACKING_SIZE = { width: 1900, height: 900 } as const;

/** One screenshot: its file, its size, and how to bring the page to it. */
interface Shot {
  file: string;
  what: string;
  size?: { width: number; height: number };
  arrange(page: Page): Promise<void>;
}

/** Polls until the check passes (the playground evaluates cells and the sidebar loads asynchronously). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`screenshots: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const cellText = (page: Page, a1: string) => page.locator(`#grid td[data-a1="${a1}"]`).textContent();
const sidebar = (page: Page) => page.frameLocator('#sidebar');

async function openSheet(page: Page, tab: RegExp, a1Text: RegExp): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  await until(`the sheet ${String(tab)}`, async () => a1Text.test((await cellText(page, 'A1')) ?? ''));
}

/** Opens a section of the sidebar (one is open at a time: src/sidebar/folds.ts) by clicking its heading. */
async function openSection(page: Page, name: string): Promise<void> {
  const heading = sidebar(page).locator(`#${name}-title`);
  if ((await heading.getAttribute('aria-expanded')) !== 'true') await heading.click();
}

/** Scrolls the sidebar so this element of it sits at the top. */
async function sidebarAt(page: Page, selector: string): Promise<void> {
  // A string: this file is type-checked without the DOM's types.
  await sidebar(page).locator(selector).evaluate('(el) => el.scrollIntoView({ block: "start" })');
}

/** The screenshots, in the order the listing shows them. */
export const SHOTS: readonly Shot[] = [
  {
    file: '1-formulas-and-sidebar.png',
    what: 'formulas in cells, formatted as a client reads them, with the sidebar open (its sections, the usage open)',
    async arrange(page) {
      await openSheet(page, /^Sheet1$/, /^Keyword$/);
      // Format results, as a user does before handing the sheet on: one cell outside every result.
      await page.locator('#grid td[data-a1="C12"]').click();
      await page.locator('#menu-items').getByRole('button', { name: 'Format results', exact: true }).click();
      await until('the results formatted', async () => /formatted/.test((await page.locator('#toasts').textContent()) ?? ''));
      await page.locator('#grid td[data-a1="B2"]').click(); // the formula bar shows =SEARCH_SCORE(A2:A11)
      await sidebarAt(page, '#key-section');
    },
  },
  {
    file: '2-ranking-table.png',
    what: 'a ranking table the sidebar inserted, with its schedule',
    async arrange(page) {
      await openSheet(page, /^Ranking: Fintech$/, /^Search Demand ranking · Fintech/);
      await page.locator('#grid td[data-a1="A1"]').click();
      await openSection(page, 'tables');
      await sidebarAt(page, '#tables-section');
    },
  },
  {
    file: '3-tracking-chart.png',
    what: 'a tracking list: its history, change view and chart',
    async arrange(page) {
      await openSheet(page, /^Tracking: Coffee drinks$/, /^Search Demand tracking · Coffee drinks/);
      await until('the tracking chart', async () => (await page.locator('.chart polyline').count()) === 3);
      await page.locator('.chart').first().scrollIntoViewIfNeeded();
      await openSection(page, 'track');
      await sidebarAt(page, '#track-section');
    },
  },
];

/** A template inserted from the sidebar, on its new sheet with its numbers shown. */
function templateShot(title: string, file: string, numberAt: string | null): Shot {
  return {
    file,
    what: `the ${title} template as inserted`,
    size: TEMPLATE_SIZE,
    async arrange(page) {
      await page.getByRole('button', { name: 'Start from a template…' }).click();
      const insert = sidebar(page).getByRole('button', { name: `Insert ${title}` });
      await until(`the ${title} template's Insert`, async () => (await insert.count()) === 1);
      await insert.click();
      const status = sidebar(page).locator('#templates-status');
      await until(`${title} inserted`, async () => ((await status.textContent()) ?? '').includes(`Inserted on the new sheet "${title}"`));
      await openSheet(page, new RegExp(`^${title}$`), new RegExp(`^${title}$`));
      if (numberAt)
        await until(`${title}'s numbers`, async () => /^-?\d[\d,]*(\.\d+)?%?$/.test((await cellText(page, numberAt))?.trim() ?? ''));
      if (title === 'Market overview' || title === 'Share of search')
        await until(`${title}'s chart`, async () => (await page.locator('figure.chart').count()) === 1);
      await page.locator('#grid td[data-a1="A1"]').click();
    },
  };
}

/** The guides' pictures, in docs/use/: taken after the README's, as they change the workbook. */
export const GUIDE_SHOTS: readonly Shot[] = [
  templateShot('Keyword research', 'template-keyword-research.png', 'B5'),
  templateShot('Brand watch', 'template-brand-watch.png', 'C5'),
  templateShot('Market overview', 'template-market-overview.png', null),
  templateShot('Share of search', 'template-share-of-search.png', 'D5'),
  {
    file: 'tracking.png',
    what: 'the demo tracking list a week later: its months, its weeks, the change and the chart',
    size: TRACKING_SIZE,
    async arrange(page) {
      await page.getByRole('button', { name: 'Move the clocks a week' }).click();
      await until('a week later', async () => /A week later/.test((await page.locator('#toasts').textContent()) ?? ''));
      await page.getByRole('button', { name: 'Run the schedule trigger now' }).click();
      await until('the trigger run', async () => /The schedule trigger ran/.test((await page.locator('#toasts').textContent()) ?? ''));
      await openSheet(page, /^Tracking: Coffee drinks$/, /^Search Demand tracking · Coffee drinks/);
      await until('the tracking chart', async () => (await page.locator('.chart polyline').count()) === 3);
      await page.locator('#grid td[data-a1="A1"]').click();
      await openSection(page, 'track');
      await sidebarAt(page, '#track-section');
    },
  },
];

/** Whether the page's notice that its data is invented is wholly in view. */
async function inventedDataInView(page: Page): Promise<boolean> {
  const box = await page.locator('#invented-data').boundingBox();
  const size = page.viewportSize() ?? SCREENSHOT_SIZE;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/**
 * Starts the playground, takes every picture and stops everything it started.
 * @param dirs where to write them: the README's (docs/screenshots/) and the guides' (docs/use/)
 * @returns the files written
 */
export async function takeScreenshots(
  dirs: { screenshots: string; guides: string } = { screenshots: SCREENSHOTS_DIR, guides: GUIDES_DIR },
): Promise<string[]> {
  const playground = await startPlayground({ port: 0 });
  const browser = await launchChromium();
  const written: string[] = [];
  try {
    const page = await browser.newPage({ viewport: SCREENSHOT_SIZE });
    await page.goto(playground.url);
    await until('the demo workbook', async () => /^\d+(\.\d+)?$/.test((await cellText(page, 'B2')) ?? ''));
    await until('the sidebar', async () => ((await sidebar(page).locator('#key-mask').textContent()) ?? '') !== '');
    const shots = [...SHOTS.map((shot) => ({ shot, dir: dirs.screenshots })), ...GUIDE_SHOTS.map((shot) => ({ shot, dir: dirs.guides }))];
    for (const { shot, dir } of shots) {
      await page.setViewportSize(shot.size ?? SCREENSHOT_SIZE);
      await shot.arrange(page);
      await until('the toasts to fade', async () => (await page.locator('#toasts .toast').count()) === 0, 20_000);
      // Every screenshot says its numbers are invented (the local stand-in's): never one without it.
      if (!(await inventedDataInView(page))) throw new Error(`screenshots: ${shot.file} would not show that its data is invented`);
      mkdirSync(dir, { recursive: true });
      const path = join(dir, shot.file);
      await page.screenshot({ path });
      written.push(path);
    }
  } finally {
    await browser.close();
    await playground.close();
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // --out <dir>: everything under <dir>/screenshots and <dir>/use, to look at before the docs get them.
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? process.argv[at + 1] : undefined;
  const dirs = out ? { screenshots: join(out, 'screenshots'), guides: join(out, 'use') } : undefined;
  for (const path of await takeScreenshots(dirs)) console.log(path);
}
