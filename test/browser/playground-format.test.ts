/**
 * Format results in `npm start`, as a user runs it: the Extensions menu's item and the sidebar's button
 * turn what a function put in its cells (months as 3/1/2025, counts as 134216, shares as 0.7642857142)
 * into what a client reads, and the grid shows it at once; the values stay what they were.
 */
import { describe, expect, it } from 'vitest';
import { untilDemoShown, usePlayground } from './playground-page.js';
import { openFold } from './sidebar-folds.js';

const ui = usePlayground({}, untilDemoShown);
const { cell, text, sidebar, menu, toastText, typeInto } = ui;

/** What the grid shows in a column's cells, rows `from` to `to`. */
async function column(letter: string, from: number, to: number): Promise<string[]> {
  const out: string[] = [];
  for (let row = from; row <= to; row++) out.push(await text(`${letter}${row}`));
  return out;
}

it('the page shows no script error', () => {
  expect(ui.pageErrors).toEqual([]);
});

describe('Format results', () => {
  it("from the menu: a trend's months read as months, its counts grouped, percent units as percentages, its time with its zone", async () => {
    await typeInto('A80', '=SEARCH_TREND("electric bikes")');
    await expect.poll(() => text('B80'), { timeout: 30_000 }).toBe('electric bikes');
    const labels = await column('A', 80, 105);
    const monthRows = labels.flatMap((t, i) => (/^\d{1,2}\/1\/\d{4}$/.test(t) ? [80 + i] : []));
    expect(monthRows.length).toBeGreaterThanOrEqual(12); // as a program prints them: 3/1/2025
    const percentRow = 80 + labels.findIndex((t) => t.endsWith('%'));
    const before = await text(`B${percentRow}`);
    expect(before).not.toMatch(/%$/);

    await cell('A80').click();
    await menu('Format results').click();
    await expect.poll(toastText).toMatch(/1 result formatted \(\d+ cells\): months, counts, shares and indexes as people read them/);
    await ui.current();
    for (const row of monthRows) {
      expect(await text(`A${row}`)).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
      expect(await text(`B${row}`)).toMatch(/^\d{1,3}(,\d{3})*$/);
    }
    expect(await text(`B${percentRow}`)).toBe(`${Number(before).toFixed(1)}%`);
    // When the answer was given: a date and a time, its label saying the zone.
    const values = await column('B', 80, 105);
    const moment = values.findIndex((t) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(t));
    expect(moment).toBeGreaterThan(0);
    expect(await text(`A${80 + moment}`)).toBe(`${labels[moment]} (UTC)`);
  });

  it('from the sidebar: a share of search reads as percentages, and a selection without results says so', async () => {
    await typeInto('F120', 'coffee');
    await typeInto('F121', 'tea');
    await typeInto('H120', '=SHARE_OF_SEARCH(F120:F121)');
    await expect.poll(() => text('I121'), { timeout: 30_000 }).toMatch(/^0\.\d+$/);
    const share = Number(await text('I121'));
    await cell('F125').click(); // outside every result, below the inputs: nothing to format there
    await menu('Settings').click();
    await openFold(sidebar(), 'cache');
    const format = sidebar().getByRole('button', { name: 'Format results' });
    await format.scrollIntoViewIfNeeded();

    await ui.page.locator('#name-box').fill('F125:F130');
    await ui.page.locator('#name-box').press('Enter');
    await format.click();
    await expect
      .poll(() => sidebar().locator('#freeze-status').textContent(), { timeout: 20_000 })
      .toMatch(/^No Search Demand results in the selection \(Sheet1!F125:F130\): nothing to format\./);
    expect(await text('I121')).toBe(String(share));

    await cell('I121').click();
    await format.click();
    await expect.poll(() => sidebar().locator('#freeze-status').textContent(), { timeout: 20_000 }).toMatch(/^1 result formatted/);
    await ui.current();
    expect(await text('I121')).toBe(`${(share * 100).toFixed(1)}%`);
    expect(await text('H121')).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  });
});
