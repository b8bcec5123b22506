/**
 * `npm run screenshots`: the Marketplace listing's store screenshots (1280×800), taken in headless
 * Chromium from the playground (`npm start`) with its demo workbook: the built add-on in dev/gas, its
 * real sidebar, the local service. Written to docs/screenshots/; run it again after the sidebar or the
 * playground changes, so the listing shows the add-on as it is. `npm run screenshots` builds dist/ first.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { startPlayground } from '../dev/playground/server.js';
import { launchChromium } from '../test/browser/chromium.js';

export const SCREENSHOTS_DIR = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

/** The store's screenshot size (Google Workspace Marketplace: 1280×800). */
export const SCREENSHOT_SIZE = { width: 1280, height: 800 } as const;

/** One screenshot: its file in docs/screenshots/ and how to bring the page to it. */
interface Shot {
  file: string;
  what: string;
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
    what: 'formulas in cells with the sidebar open (its sections, the usage open)',
    async arrange(page) {
      await openSheet(page, /^Sheet1$/, /^Keyword$/);
      await page.locator('#grid td[data-a1="B2"]').click(); // the formula bar shows =SEARCH_SCORE(A2:A11)
      await sidebarAt(page, '#key-section');
    },
  },
  {
    file: '2-ranking-table.png',
    what: 'a ranking table the sidebar inserted, with its schedule',
    async arrange(page) {
      await openSheet(page, /sector:fintech/, /^Search Demand ranking · sector:fintech/);
      await page.locator('#grid td[data-a1="A1"]').click();
      await openSection(page, 'tables');
      await sidebarAt(page, '#tables-section');
    },
  },
  {
    file: '3-tracking-chart.png',
    what: 'a tracking list: its history, change view and chart',
    async arrange(page) {
      await openSheet(page, /Tracking: Coffee drinks/, /^Search Demand tracking · Coffee drinks/);
      await until('the tracking chart', async () => (await page.locator('.chart polyline').count()) === 3);
      await page.locator('.chart').first().scrollIntoViewIfNeeded();
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
 * Starts the playground, takes every screenshot at 1280×800 and stops everything it started.
 * @param dir where to write the PNGs (docs/screenshots/ by default)
 * @returns the files written
 */
export async function takeScreenshots(dir: string = SCREENSHOTS_DIR): Promise<string[]> {
  const playground = await startPlayground({ port: 0 });
  const browser = await launchChromium();
  const written: string[] = [];
  try {
    const page = await browser.newPage({ viewport: SCREENSHOT_SIZE });
    await page.goto(playground.url);
    await until('the demo workbook', async () => /^\d+(\.\d+)?$/.test((await cellText(page, 'B2')) ?? ''));
    await until('the sidebar', async () => ((await sidebar(page).locator('#key-mask').textContent()) ?? '') !== '');
    mkdirSync(dir, { recursive: true });
    for (const shot of SHOTS) {
      await shot.arrange(page);
      await until('the toasts to fade', async () => (await page.locator('#toasts .toast').count()) === 0, 20_000);
      // Every screenshot says its numbers are invented (the local stand-in's): never one without it.
      if (!(await inventedDataInView(page))) throw new Error(`screenshots: ${shot.file} would not show that its data is invented`);
      const path = `${dir}${shot.file}`;
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
  for (const path of await takeScreenshots()) console.log(path);
}
