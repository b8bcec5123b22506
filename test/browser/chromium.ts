/**
 * Debian's Chromium for browser tests, through playwright-core (which never downloads a browser).
 * .ci/run installs the chromium package when /usr/bin/chromium is missing; elsewhere (macOS, other
 * distributions) point CHROMIUM_PATH at a local Chromium or Chrome.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Launches headless Chromium with no network chatter of its own. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (as .ci/run does), or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A new page (in its own context) whose clock starts at `time` and runs on in real time: the page's
 * `Date` agrees with a dev/gas runtime started at a fixed instant (pass `runtime.clock.now()`).
 * @param browser from launchChromium
 * @param time epoch ms the page's clock reads now
 * @param options newPage's options (viewport)
 */
export async function newPageAt(browser: Browser, time: number, options: Parameters<Browser['newPage']>[0] = {}): Promise<Page> {
  const page = await browser.newPage(options);
  await page.clock.install({ time });
  return page;
}

/** The worker's Chromium, once launched (see workerChromium). */
let launched: Promise<Browser> | undefined;

/**
 * The Chromium of this vitest worker: launched by the first test file that asks, then shared by the
 * files after it in the worker (the browser project runs its files one at a time per worker, in one
 * module graph: vitest.config.ts). Each file opens its own contexts and closes them (closeContexts),
 * so no page, cookie or storage passes from one file to the next; a launch costs about 2 s of CPU.
 * It ends with the worker (Playwright closes what it launched when the process exits).
 * @returns the running browser (a new one if the last one closed or crashed)
 */
export async function workerChromium(): Promise<Browser> {
  const browser = await launched?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  launched = launchChromium();
  return launched;
}

/**
 * Closes every context (and so every page) open in the browser: what one test file opened, since
 * files run one at a time in a worker. Pages go before the servers they poll are stopped.
 * @param browser the worker's Chromium
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/**
 * Chromium for one test file: the worker's (workerChromium), its contexts closed in afterAll.
 * @returns a holder whose `browser` is set once beforeAll has run
 */
export function useChromium(): { browser: Browser } {
  const held = {} as { browser: Browser };
  beforeAll(async () => {
    held.browser = await workerChromium();
  });
  afterAll(async () => {
    await closeContexts(held.browser);
  });
  return held;
}
