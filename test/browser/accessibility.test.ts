/**
 * The sidebar's accessibility, in a real browser: dist/Sidebar.html served by dev/host, its
 * google.script.run calls run by the built dist/Code.js in dev/gas, against the local service.
 *
 * axe-core (through @axe-core/playwright) audits every section in each state a user meets: the first
 * visit, an error shown, every section closed, each section's form open, each inline confirmation, the
 * run log. No serious or critical violation is allowed. The main paths (save a key, open a section,
 * insert a table, refresh, freeze) are then walked with the keyboard alone: Tab moves, Enter or Space
 * acts, and typing fills a field. At every Tab stop the focused element must show an outline.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { type ServiceHandle } from '../../dev/service/harness.js';
import { KEY } from '../../dev/stack.js';
import { openFold } from './sidebar-folds.js';
import { useSidebarStack } from './sidebar-stack.js';

// page.evaluate callbacks run in the page, with the DOM types test/browser/tsconfig.json adds.

const BAD_KEY = 'sdm-live-notAKey0000000';

let service: ServiceHandle;
let runtime: GasRuntime;
let page: Page;
let pageErrors: string[];
/** Every state audited, so the last test can show that none was skipped. */
const audited: string[] = [];

useSidebarStack(
  {
    fixedClock: false,
    prepare: (runtime) => {
      runtime.spreadsheet.setValues('Sheet1!A2:A4', [['coffee'], ['tea'], ['cocoa']]);
      for (const row of [2, 3, 4]) runtime.spreadsheet.setFormula(`Sheet1!B${row}`, `=SEARCH_SCORE(A${row})`);
    },
    page: { viewport: { width: 300, height: 800 } },
  },
  (stack) => ({ service, runtime, page, pageErrors } = stack),
);

interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe on the whole page; the serious and critical violations, with where they are. The sidebar
 * page has no frame, so axe runs in the page itself (legacy mode: axe.run, the same rules and results)
 * instead of once per frame and again in a blank page it opens to merge them: half the time per audit.
 */
async function audit(state: string): Promise<Finding[]> {
  audited.push(state);
  expect(page.frames(), 'the sidebar has no frame (a frame would need axe in its default mode)').toHaveLength(1);
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The focused element's outline, as the user sees it. */
const focusRing = () =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

/**
 * Presses Tab (Shift+Tab backwards) until the element with this id has focus, checking at every stop
 * that the focused element shows an outline. Past the last element focus leaves the page (the body is
 * active) and the next Tab starts again at the top. Fails if `id` is not reached within `limit` presses.
 */
async function tabTo(id: string, { backwards = false, limit = 150 } = {}): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      return !el || el === document.body ? null : el.id || el.outerHTML.slice(0, 80);
    });
    if (at === null) continue;
    const ring = await focusRing();
    expect(ring.style, `the focus on ${at} is visible`).not.toBe('none');
    expect(ring.width, `the focus on ${at} is visible`).toBeGreaterThan(0);
    if (at === id) return;
  }
  throw new Error(`#${id} was not reached with ${limit} Tab presses`);
}

describe('the first visit, with no key', () => {
  it('has no serious or critical violation', async () => {
    await expect.poll(() => page.locator('#key-form').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#boot-status').isVisible()).toBe(false);
    expect(await audit('first visit')).toEqual([]);
  });

  it('nor with an error shown for an empty or a refused key', async () => {
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => page.locator('#key-status').getAttribute('role')).toBe('alert');
    expect(await audit('empty key error')).toEqual([]);
    await page.getByLabel('Paste your API key').fill(BAD_KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => page.locator('#key-status').textContent()).toMatch(/refused/i);
    expect(await audit('refused key error')).toEqual([]);
    await page.getByLabel('Paste your API key').fill('');
  });
});

describe('from the keyboard alone', () => {
  it('saves a key: Tab to the field, type it, Tab to Save key, Enter', async () => {
    await tabTo('key-input');
    await page.keyboard.type(KEY);
    await tabTo('key-save');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#key-status').getAttribute('class')).toContain('status-success');
    expect(runtime.properties.user.get('SDM_API_KEY')).toBe(KEY);
    await expect.poll(() => page.locator('#tables-section').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#cache-section').isVisible()).toBe(true);
    expect(await audit('key saved, every section shown')).toEqual([]);
  });

  it('opens and closes a section with Enter and Space on its heading, which says whether it is open', async () => {
    await tabTo('key-title', { backwards: true });
    expect(await page.locator('#key-title').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await page.locator('#key-title').getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.locator('#key-body').isVisible()).toBe(false);
    await expect.poll(() => page.locator('#key-summary').isVisible()).toBe(true);
    expect(await audit('every section closed')).toEqual([]);
    // Each heading is a level-2 heading holding a button named by the section's title, described by its summary.
    const heading = page.getByRole('heading', { level: 2, name: 'Formulas and cache' });
    const toggle = heading.getByRole('button', { name: 'Formulas and cache', exact: true });
    await expect.poll(() => page.locator('#cache-summary').textContent()).toMatch(/^3 formula cells/);
    expect(await toggle.getAttribute('aria-describedby')).toBe('cache-summary');
    expect(await toggle.getAttribute('aria-controls')).toBe('cache-body');
    await tabTo('cache-title');
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('#cache-body').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cache-title'); // focus stays on the heading
    // One open at a time: opening the tables closes the cache.
    await tabTo('tables-title', { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#cache-body').isVisible()).toBe(false);
    await expect.poll(() => page.locator('#tables-body').isVisible()).toBe(true);
  });

  it('opens the insert form with Enter, types a group, and inserts the table with Enter', async () => {
    await tabTo('insert-title');
    await page.keyboard.press('Enter');
    expect(await page.locator('#insert-details').getAttribute('open')).toBe('');
    await expect.poll(() => page.locator('#insert-group option[value="sector:fintech"]').count()).toBe(1);
    await tabTo('insert-typed');
    await page.keyboard.type('fintech'); // not prefix:name: an error first
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#insert-groups-status').textContent()).toMatch(/must look like prefix:name/);
    expect(await audit('insert form with a refused group')).toEqual([]);

    await page.keyboard.press('Control+A');
    await page.keyboard.type('sector:fintech');
    await page.keyboard.press('Enter'); // shows the group's columns
    await expect.poll(() => page.locator('#insert-column-list input[type=checkbox]').count()).toBeGreaterThan(1);
    expect(await audit('insert form with columns')).toEqual([]);
    await tabTo('insert-limit');
    await page.keyboard.type('5');
    await tabTo('insert-submit');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#insert-status').getAttribute('class')).toContain('status-success');
    expect(runtime.spreadsheet.getValues("'Ranking: Fintech'!A3:A7").map((row) => row[0])).toEqual([1, 2, 3, 4, 5]);
    await expect.poll(() => page.locator('#tables-list > li').count()).toBe(1);
    expect(await audit('table inserted')).toEqual([]);
  });

  it('refreshes the tables with Space on Refresh now, and shows the run log', async () => {
    await tabTo('refresh-now');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('#refresh-status').textContent()).toBe('Refreshed 1 table.');
    expect(await page.locator('#last-run li').allTextContents()).toEqual(['✓Fintech refreshed']);
    expect(await audit('run log')).toEqual([]);
  });

  it('refreshes every formula with Enter on Refresh all formulas', async () => {
    await tabTo('cache-title');
    await page.keyboard.press('Enter');
    await tabTo('cache-refresh');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#cache-status').textContent()).toMatch(/^3 formula cells recalculating/);
    expect(runtime.spreadsheet.getFormulas('Sheet1!B2')).toEqual([['=SEARCH_SCORE(A2, SDM_REFRESH)']]);
  });

  it('freezes the selected results with Enter on Freeze, and puts them back with Space on Unfreeze', async () => {
    runtime.recalculate();
    runtime.spreadsheet.setActive('Sheet1', 'B2:B4');
    await tabTo('freeze-run');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#freeze-status').textContent()).toMatch(/^3 formulas frozen/);
    expect(runtime.spreadsheet.getFormulas('Sheet1!B2:B4')).toEqual([[''], [''], ['']]);
    await tabTo('unfreeze-run');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('#freeze-status').textContent()).toMatch(/^3 formulas put back/);
    expect(runtime.spreadsheet.getFormulas('Sheet1!B2')).toEqual([['=SEARCH_SCORE(A2, SDM_REFRESH)']]);
    expect(await audit('freeze result')).toEqual([]);
  });
});

describe('every other state', () => {
  it('the weekly schedule fields', async () => {
    await openFold(page, 'tables');
    await page.getByLabel('Refresh', { exact: true }).selectOption('weekly');
    await expect.poll(() => page.locator('#schedule-weekday-field').isVisible()).toBe(true);
    expect(await audit('weekly schedule')).toEqual([]);
    await page.getByLabel('Refresh', { exact: true }).selectOption('off');
  });

  it('the confirmations, one section at a time: forget a table, clear the cache, stop the shared key, remove the key', async () => {
    await page.getByRole('button', { name: 'Forget Fintech' }).click();
    const forget = page.getByRole('group', { name: /Stop tracking Fintech/ });
    await expect.poll(() => forget.isVisible()).toBe(true);
    expect(await audit('forget confirmation')).toEqual([]);
    await forget.getByRole('button', { name: 'Cancel' }).click();

    await openFold(page, 'cache');
    await page.getByRole('button', { name: 'Clear cached answers…' }).click();
    await expect.poll(() => page.locator('#cache-clear-confirm').isVisible()).toBe(true);
    expect(await audit('clear confirmation')).toEqual([]);
    await page.locator('#cache-clear-no').click();

    await openFold(page, 'key');
    await page.getByLabel('Share with this document').check();
    await expect.poll(() => runtime.properties.document.get('SDM_API_KEY')).toBe(KEY);
    await openFold(page, 'formulas');
    await page.getByRole('button', { name: 'Stop using the shared key…' }).click();
    await expect.poll(() => page.locator('#formulas-stop-confirm').isVisible()).toBe(true);
    expect(await audit('stop shared key confirmation')).toEqual([]);
    await page.locator('#formulas-stop-no').click();

    await openFold(page, 'key');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.locator('#key-remove-confirm').isVisible()).toBe(true);
    expect(await audit('remove key confirmation')).toEqual([]);
    await page.locator('#key-remove-no').click();
  });

  it('the tracking form, empty and refused', async () => {
    await openFold(page, 'track');
    await page.getByText('Track keywords or brands').click();
    await page.getByRole('button', { name: 'Track these keywords' }).click();
    await expect.poll(() => page.locator('#track-form-status').getAttribute('role')).toBe('alert');
    expect(await audit('tracking form error')).toEqual([]);
  });

  it('Advanced with a refused base URL, then Help', async () => {
    await page.getByText('Advanced', { exact: true }).click();
    await page.getByLabel('Service base URL').fill('https://elsewhere.example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('#url-status').getAttribute('role')).toBe('alert');
    expect(await audit('advanced with a refused base URL')).toEqual([]);
    await page.getByText('Help: functions').click();
    expect(await audit('help open')).toEqual([]);
  });

  it('the question before a refresh that may spend more than is left', async () => {
    runtime.spreadsheet.setValues('Sheet1!A5:A7', [['oolong'], ['rooibos'], ['sencha']]);
    for (const row of [5, 6, 7]) runtime.spreadsheet.setFormula(`Sheet1!B${row}`, `=SEARCH_SCORE(A${row})`);
    await service.control.limits({ key: KEY, freshUsed: 249 });
    await openFold(page, 'usage');
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => page.locator('#usage-meta').textContent()).toMatch(/just now/);
    await openFold(page, 'cache');
    await page.getByRole('button', { name: 'Refresh all formulas' }).click();
    await expect.poll(() => page.locator('#cache-refresh-confirm').isVisible()).toBe(true);
    expect(await audit('refresh question')).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).filter({ visible: true }).click();
    await expect.poll(() => page.locator('#cache-status').textContent()).toBe('Not refreshed.');
  });

  it('inserts a brand watch from the Templates section with Enter, and offers to track its brands', async () => {
    await openFold(page, 'templates');
    await page.getByRole('button', { name: 'Insert Brand watch' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#templates-status').textContent()).toMatch(/Inserted on the new sheet "Brand watch"/);
    await expect.poll(() => page.getByRole('button', { name: 'Track these brands of "Brand watch"' }).isVisible()).toBe(true);
    expect(await audit('template inserted, brands to track')).toEqual([]);
  });

  it('the usage read failing, the service down', async () => {
    await service.control.faults([{ kind: '5xx', count: 10, path: '/usage' }]);
    await openFold(page, 'usage');
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(() => page.locator('#usage-status').getAttribute('role')).toBe('alert');
    expect(await audit('usage error')).toEqual([]);
    await service.control.faults([]);
  });

  it('audited every state, and threw no error in the page', () => {
    expect(audited).toEqual([
      'first visit',
      'empty key error',
      'refused key error',
      'key saved, every section shown',
      'every section closed',
      'insert form with a refused group',
      'insert form with columns',
      'table inserted',
      'run log',
      'freeze result',
      'weekly schedule',
      'forget confirmation',
      'clear confirmation',
      'stop shared key confirmation',
      'remove key confirmation',
      'tracking form error',
      'advanced with a refused base URL',
      'help open',
      'refresh question',
      'template inserted, brands to track',
      'usage error',
    ]);
    expect(pageErrors).toEqual([]);
  });
});
