/**
 * The playground (`npm start`) open in headless Chromium for one test file: started in beforeAll on a
 * free port, its page opened at 1440×900 with every script error kept, and stopped in afterAll. Also
 * what the playground tests ask of the page alike: a cell, its text, the sidebar, the Extensions menu's
 * items, the newest toast, typing into a cell.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startPlayground, type Playground, type PlaygroundOptions } from '../../dev/playground/server.js';
import { useChromium } from './chromium.js';

/** A number as a cell shows it. */
export const NUMBER = /^-?\d+(\.\d+)?$/;
/** Text no user should ever see: the playground's internals. */
export const INTERNAL = /dev\/(gas|host)|playground:|at \S+\.(ts|js):\d+/;

/** One test file's playground and its page; set once beforeAll has run. */
export interface PlaygroundPage {
  readonly playground: Playground;
  readonly page: Page;
  /** The page's script errors so far (a test expects none). */
  readonly pageErrors: string[];
  /** A cell of the grid, by its address ("B2"). */
  readonly cell: (a1: string) => Locator;
  /** What a cell of the grid shows. */
  readonly text: (a1: string) => Promise<string>;
  /** The add-on's sidebar in its iframe. */
  readonly sidebar: () => FrameLocator;
  /** An item of the Extensions menu, by its caption. */
  readonly menu: (caption: string) => Locator;
  /** The newest toast's text. */
  readonly toastText: () => Promise<string>;
  /** Selects a cell, types into it and presses Enter, as a user does. */
  readonly typeInto: (a1: string, input: string) => Promise<void>;
  /**
   * Waits until the page shows every change the server has made so far (the version it shows reaches
   * the server's), not for a poll's time: what a script wrote, a sidebar call's result, and no later poll
   * can bring anything else.
   */
  readonly current: () => Promise<void>;
  /** Moves the page's clock past the longest toast (8 s) and waits until no toast shows: no real wait. */
  readonly toastsGone: () => Promise<void>;
  /**
   * Clicks an Extensions menu item that opens the sidebar, and waits until the page has loaded every
   * sidebar page it asked for (its data-sidebar-opened and -loaded): a click on a sidebar about to be
   * replaced would be lost.
   */
  readonly openSidebar: (caption: string) => Promise<void>;
  /**
   * Waits until the page says the server has this selection ("Sheet1!N2:N4", body's data-selected):
   * what the sidebar's "Use the selected cells" reads, since its calls do not wait for the page.
   */
  readonly selected: (range: string) => Promise<void>;
}

/** The longest a toast shows (page/app.js: at most 8 s). */
const LONGEST_TOAST_MS = 8_000;

/**
 * Starts the playground and opens its page for this test file (beforeAll), stops both afterwards.
 * @param options startPlayground's options (port 0 unless given)
 * @param ready what to wait for, or set up, once the page is open (e.g. untilDemoShown)
 * @returns a holder whose `playground` and `page` are set once beforeAll has run
 */
export function usePlayground(options: PlaygroundOptions = {}, ready?: (opened: PlaygroundPage) => Promise<void>): PlaygroundPage {
  const chromium = useChromium();
  let playground: Playground | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the playground is not open yet (usePlayground opens it in beforeAll)');
    return value;
  };
  const held: PlaygroundPage = {
    get playground() {
      return started(playground);
    },
    get page() {
      return started(page);
    },
    pageErrors,
    cell: (a1) => held.page.locator(`#grid td[data-a1="${a1}"]`),
    text: async (a1) => (await held.cell(a1).textContent()) ?? '',
    sidebar: () => held.page.frameLocator('#sidebar'),
    menu: (caption) => held.page.locator('#menu-items').getByRole('button', { name: caption, exact: true }),
    toastText: async () => (await held.page.locator('#toasts .toast').last().textContent()) ?? '',
    typeInto: async (a1, input) => {
      await held.cell(a1).click();
      await held.page.keyboard.type(input);
      await held.page.keyboard.press('Enter');
    },
    current: async () => {
      const version = held.playground.version();
      const shown = async () => Number((await held.page.locator('body').getAttribute('data-version')) ?? 0);
      await expect.poll(shown).toBeGreaterThanOrEqual(version);
    },
    toastsGone: async () => {
      await held.page.clock.fastForward(LONGEST_TOAST_MS);
      await expect.poll(() => held.page.locator('#toasts .toast').count()).toBe(0);
    },
    openSidebar: async (caption) => {
      const count = async (name: string) => Number((await held.page.locator('body').getAttribute(`data-sidebar-${name}`)) ?? 0);
      const before = await count('opened');
      await held.menu(caption).click();
      await expect.poll(() => count('opened')).toBeGreaterThan(before);
      await expect.poll(async () => (await count('loaded')) === (await count('opened'))).toBe(true);
    },
    selected: async (range) => {
      await expect.poll(() => held.page.locator('body').getAttribute('data-selected')).toBe(range);
    },
  };
  beforeAll(async () => {
    playground = await startPlayground({ port: 0, ...options });
    page = await chromium.browser.newPage({ viewport: { width: 1440, height: 900 } });
    // The page's timers run in real time, and a test can move them on (toastsGone) instead of waiting.
    await page.clock.install();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(playground.url);
    await ready?.(held);
  });
  afterAll(async () => {
    // The page first, as closing the browser did: it must not poll a playground that is stopping.
    await page?.close();
    await playground?.close();
  });
  return held;
}

/**
 * Waits until the demo workbook's first result (B2) shows a number.
 * @param opened the playground's page
 */
export async function untilDemoShown(opened: PlaygroundPage): Promise<void> {
  await opened.cell('B2').filter({ hasText: NUMBER }).waitFor();
}

/**
 * An element's box once it is on screen. The page draws its charts afresh whenever the state it polls
 * changes, so one measurement may catch a chart just replaced (no box): measure again until one holds.
 * @param locator the element
 */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect.poll(async () => (box = await locator.boundingBox()) !== null).toBe(true);
  return box!;
}
