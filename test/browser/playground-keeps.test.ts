/**
 * Issue 46, point 1, as a user meets it in the playground (`npm start`): a sheet of 30 scores, a trend
 * table and a company profile, answered; a week later, with the day's fresh searches spent, Refresh all
 * formulas from the menu keeps every number on the sheet (before, 29 scores became limit messages and the
 * tables #ERROR!), and its toast says how many cells wait and until when. An empty workbook, both clocks
 * starting on a fixed day.
 */
import { describe, expect, it } from 'vitest';
import { NUMBER, usePlayground } from './playground-page.js';

/** Wednesday 28 January 2099, 12:00 UTC: the next reset of the day's allowance is 12 h away. */
const START = Date.UTC(2099, 0, 28, 12);
const KEYWORDS = Array.from({ length: 30 }, (_, i) => `client keyword ${i + 1}`);

const ui = usePlayground({ demo: false, clockStart: START }, async ({ sidebar }) => {
  await sidebar().locator('#usage-meta').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
});
const { cell, text, typeInto } = ui;

/** Pastes text as the browser does for Ctrl+V on the grid, at the selected cell. */
async function paste(value: string): Promise<void> {
  await ui.page.evaluate(`{
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(value)});
    document.querySelector('#grid-scroll').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }`);
}

/** Requests the local service has received. */
const requests = async () => (await ui.playground.service.control.stats()).requests;

/** What every cell of the first 60 rows and columns A to L shows. */
async function shown(): Promise<Map<string, string>> {
  const cells = new Map<string, string>();
  for (const a1 of await ui.page.locator('#grid td[data-a1]').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-a1') ?? ''))) {
    const m = /^([A-L])(\d+)$/.exec(a1);
    if (m && Number(m[2]) <= 60) cells.set(a1, await text(a1));
  }
  return cells;
}

describe('a refresh a week later, with the fresh searches spent', () => {
  let before = new Map<string, string>();

  it('the sheet answered: 30 scores, a trend table and a company profile', async () => {
    await cell('A1').click();
    await paste(['Keyword', ...KEYWORDS].join('\n'));
    await expect.poll(() => text('A31')).toBe(KEYWORDS[29]);
    await typeInto('B2', '=SEARCH_SCORE(A2:A31)');
    await typeInto('D1', '=SEARCH_TREND("cold brew")');
    await typeInto('H1', '=COMPANY_PROFILE("Northwind Traders")');
    await typeInto('N1', '=RANKING_OVERVIEW()'); // no search: a refresh can answer it with the calls left
    await expect.poll(() => text('B31'), { timeout: 30_000 }).toMatch(NUMBER);
    await expect.poll(() => text('E2'), { timeout: 30_000 }).toMatch(NUMBER);
    await expect.poll(() => text('H1'), { timeout: 30_000 }).not.toBe('');
    await expect.poll(() => text('N1'), { timeout: 30_000 }).not.toBe('');
    before = await shown();
    expect([...before.values()].filter((v) => NUMBER.test(v)).length).toBeGreaterThan(40);
  });

  it('keeps every number, says how many cells wait and until when, and sends what it says', async () => {
    await ui.page.getByRole('button', { name: 'Move the clocks a week' }).click();
    await expect.poll(() => ui.page.locator('#toasts .toast').first().textContent()).toMatch(/A week later: it is now/);
    await ui.toastsGone();
    await ui.playground.service.control.limits({ freshUsed: 250 });
    const sent = await requests();

    await ui.page.getByRole('button', { name: 'Refresh all formulas' }).click();
    const toast = ui.page.locator('#toasts .toast').filter({ hasText: /keep what they show/ });
    await expect.poll(() => toast.count()).toBe(1);
    const words = (await toast.textContent()) ?? ''; // its close button, title and message
    // What is left was read again (the last read is from before the reset); the ranking overview (no
    // search) answered; one keyword asked for in case the service has it cached (it had not).
    expect(words).toBe(
      '×Search Demand1 formula cell recalculating, from answers cached or fetched just now (3 requests; 1 got the SDM_REFRESH argument the first time). 3 keep what they show until the fresh searches reset, after 00:00 UTC.',
    );
    expect((await requests()) - sent).toBe(3);
    await ui.current();
    expect(await shown()).toEqual(before);
    expect([...(await shown()).values()].some((v) => v === '#ERROR!' || v.startsWith('Daily limit'))).toBe(false);
  });
});
