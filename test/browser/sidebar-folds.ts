/**
 * The sidebar's sections open one at a time (src/sidebar/folds.ts): a test opens the one it uses as a
 * user does, by clicking its heading, unless it is open already.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The sections, as src/sidebar/folds.ts names them (the prefix of their ids). */
export type FoldName = 'key' | 'formulas' | 'usage' | 'templates' | 'tables' | 'track' | 'alerts' | 'cache';

/**
 * Opens a section of the sidebar (a click on its heading) when it is closed.
 * @param on the sidebar page, or the playground's sidebar frame
 * @param name the section
 */
export async function openFold(on: Page | FrameLocator, name: FoldName): Promise<void> {
  const heading = on.locator(`#${name}-title`);
  // A sidebar the menu has just opened again may replace the page under the first click (the old page's
  // heading was visible): as a user would, click the heading of the page that stays, a few times at most.
  for (let attempt = 0; attempt < 3; attempt++) {
    await heading.waitFor({ state: 'visible', timeout: 30_000 });
    if ((await heading.getAttribute('aria-expanded')) === 'true') return;
    await heading.click();
    const opened = await expect
      .poll(() => heading.getAttribute('aria-expanded'), { timeout: 5_000 })
      .toBe('true')
      .then(() => true)
      .catch(() => false);
    if (opened) return;
  }
  await expect.poll(() => heading.getAttribute('aria-expanded')).toBe('true');
}

/**
 * The page's height in CSS pixels: what the user scrolls through in the sidebar.
 * @param page the sidebar page
 */
export async function pageHeight(page: Page): Promise<number> {
  return Math.ceil((await page.locator('main').boundingBox())?.height ?? 0);
}
