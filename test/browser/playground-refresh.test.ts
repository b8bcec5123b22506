/**
 * The playground follows Sheets where the add-on relies on it (docs/develop/how-it-works.md,
 * "Google's rules"): a custom function runs again only when its arguments change, so a formula
 * deleted and typed again gets its remembered result, even after the add-on's cache is cleared; and
 * "Refresh all formulas" makes every formula run again by giving it a new argument, SDM_REFRESH. Each
 * step checks what a user sees: the cells, the formula bar, the tabs, the status line, and the requests
 * the local service received. An empty workbook (no demo), so every count is this file's own.
 */
import { describe, expect, it } from 'vitest';
import { INTERNAL, NUMBER, usePlayground } from './playground-page.js';
import { openFold } from './sidebar-folds.js';

/** Requests the local service had received before the first formula. */
let baseline = 0;

const ui = usePlayground({ demo: false }, async ({ playground, sidebar }) => {
  // The sidebar reads today's usage from the service once when it opens: count requests from then on.
  await sidebar().locator('#usage-meta').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
  baseline = (await playground.service.control.stats()).requests;
});
const { cell, text, sidebar, typeInto } = ui;

/** Requests the local service received for this file's formulas. */
const requests = async () => (await ui.playground.service.control.stats()).requests - baseline;

/** What the formula bar shows for a cell. */
async function formulaBar(a1: string): Promise<string> {
  await cell(a1).click();
  return ui.page.locator('#formula-input').inputValue();
}

/** The status line's formula counts: executions, answered from the add-on's cache, remembered. */
async function counts(): Promise<{ executions: number; fromCache: number; remembered: number }> {
  const status = (await ui.page.locator('#status').textContent()) ?? '';
  const m = /Formulas: ([\d,]+) executions? · ([\d,]+) from the add-on's cache · ([\d,]+) remembered \(not run again\)/.exec(status);
  const n = (i: number) => Number(m?.[i]?.replace(/,/g, '') ?? NaN);
  return { executions: n(1), fromCache: n(2), remembered: n(3) };
}

/** Waits until the status line shows these counts (it follows each action's answer and a 1 s poll). */
async function expectCounts(expected: { executions: number; fromCache?: number; remembered: number }): Promise<void> {
  await expect.poll(counts).toMatchObject(expected);
}

/** Clears the add-on's cached answers from the sidebar, as a user does (with its confirmation). */
async function clearCache(): Promise<void> {
  await openFold(sidebar(), 'cache');
  await sidebar().getByRole('button', { name: 'Clear cached answers…' }).click();
  const confirm = sidebar().getByRole('group', { name: /Clear every cached answer/ });
  await confirm.getByRole('button', { name: 'Clear answers' }).click();
  // The confirmation closes once the server answered (the status may still say so from a previous clear).
  await expect.poll(() => confirm.isHidden()).toBe(true);
  expect(await sidebar().locator('#cache-status').textContent()).toMatch(/Cached answers cleared/);
}

/** Clicks the page's "Refresh all formulas" menu item; the toast it shows. */
async function refreshFromMenu(): Promise<string> {
  await ui.page.getByRole('button', { name: 'Refresh all formulas' }).click();
  await expect.poll(() => ui.page.locator('#toasts .toast').first().textContent()).toMatch(/formula cells recalculating/);
  return (await ui.page.locator('#toasts .toast').first().textContent()) ?? '';
}

let score = '';

describe('results Sheets remembers', () => {
  it('=SEARCH_SCORE("coffee") typed in two cells runs once and shows the same score', async () => {
    await expectCounts({ executions: 0, remembered: 0 });
    await typeInto('A1', '=SEARCH_SCORE("coffee")');
    await expect.poll(() => text('A1')).toMatch(NUMBER);
    score = await text('A1');
    await expectCounts({ executions: 1, remembered: 0 });
    expect(await requests()).toBe(1);

    await typeInto('A2', '=SEARCH_SCORE("coffee")');
    await expect.poll(() => text('A2')).toBe(score);
    await expectCounts({ executions: 1, remembered: 1 });
    expect(await requests()).toBe(1);
  });

  it('deleted and typed again, it runs nothing and spends no request', async () => {
    await cell('A1').click();
    await ui.page.keyboard.press('Delete');
    await expect.poll(() => text('A1')).toBe('');
    await typeInto('A1', '=SEARCH_SCORE("coffee")');
    await expect.poll(() => text('A1')).toBe(score);
    await expectCounts({ executions: 1, remembered: 2 });
    expect(await requests()).toBe(1);
  });

  it("even after the add-on's cache is cleared: the reason Refresh all formulas exists", async () => {
    await clearCache();
    await cell('A2').click();
    await ui.page.keyboard.press('Delete');
    await expect.poll(() => text('A2')).toBe('');
    await typeInto('A2', '=SEARCH_SCORE("coffee")');
    await expect.poll(() => text('A2')).toBe(score);
    await expectCounts({ executions: 1, remembered: 3 });
    expect(await requests()).toBe(1);
  });
});

describe('Refresh all formulas', () => {
  const range = ['D1', 'D2', 'D3'];
  let scores: string[] = [];

  it('a formula over a range of keywords (coffee twice) runs once', async () => {
    const spent = await requests();
    await typeInto('C1', 'coffee');
    await typeInto('C2', 'Coffee');
    await typeInto('C3', 'tea');
    await typeInto('D1', '=SEARCH_SCORE(C1:C3)');
    await expect.poll(() => text('D3')).toMatch(NUMBER);
    scores = await Promise.all(range.map(text));
    expect(scores[0]).toBe(score);
    expect(scores[1]).toBe(score);
    await expectCounts({ executions: 2, remembered: 3 });
    expect(await requests()).toBe(spent + 2); // coffee and tea: the cache was cleared
  });

  it('rewrites the formulas to end with SDM_REFRESH and runs them again, from the cache, values unchanged', async () => {
    const before = await counts();
    const spent = await requests();
    expect(await refreshFromMenu()).toMatch(/3 formula cells recalculating/);
    await expect.poll(() => formulaBar('A1')).toBe('=SEARCH_SCORE("coffee", SDM_REFRESH)');
    expect(await formulaBar('A2')).toBe('=SEARCH_SCORE("coffee", SDM_REFRESH)');
    expect(await formulaBar('D1')).toBe('=SEARCH_SCORE(C1:C3, SDM_REFRESH)');
    // A1 and D1 run again; A2 is A1's call with the same new argument, so Sheets hands it A1's result.
    await expectCounts({ executions: before.executions + 2, fromCache: before.fromCache + 2, remembered: before.remembered + 1 });
    expect([await text('A1'), await text('A2')]).toEqual([score, score]);
    expect(await Promise.all(range.map(text))).toEqual(scores);
    expect(await requests()).toBe(spent);
    // The counter's sheet is hidden, as the add-on made it: no tab.
    expect(await ui.page.getByRole('tab').allTextContents()).toEqual(['Sheet1']);
  });

  it('a second refresh rewrites nothing but runs them again', async () => {
    const before = await counts();
    const spent = await requests();
    expect(await refreshFromMenu()).toMatch(/3 formula cells recalculating/);
    await expectCounts({ executions: before.executions + 2, fromCache: before.fromCache + 2, remembered: before.remembered + 1 });
    expect(await formulaBar('A1')).toBe('=SEARCH_SCORE("coffee", SDM_REFRESH)');
    expect(await formulaBar('D1')).toBe('=SEARCH_SCORE(C1:C3, SDM_REFRESH)');
    expect(await Promise.all(range.map(text))).toEqual(scores);
    expect(await requests()).toBe(spent);
  });

  it('a formula typed with SDM_REFRESH reads it too', async () => {
    const before = await counts();
    await typeInto('F1', '=SEARCH_SCORE("coffee", SDM_REFRESH)');
    await expect.poll(() => text('F1')).toBe(score);
    // The same call as A1 since the last refresh: remembered.
    await expectCounts({ executions: before.executions, remembered: before.remembered + 1 });
  });

  it('after Clear cache, a refresh from the sidebar spends requests again, once per distinct keyword', async () => {
    await clearCache();
    const before = await counts();
    const spent = await requests();
    await openFold(sidebar(), 'cache');
    await sidebar().getByRole('button', { name: 'Refresh all formulas' }).click();
    // A1 (coffee) and D1 (coffee, Coffee, tea) run; A2 and F1 are A1's call.
    await expectCounts({ executions: before.executions + 2, remembered: before.remembered + 2 });
    expect(await requests()).toBe(spent + 2); // coffee and tea, once each
    expect([await text('A1'), await text('A2'), await text('F1')]).toEqual([score, score, score]);
    expect(await Promise.all(range.map(text))).toEqual(scores);
  });

  it("shows nothing of the playground's internals, and threw no error", async () => {
    expect(await ui.page.locator('body').textContent()).not.toMatch(INTERNAL);
    const titles = await ui.page.locator('#grid td[title]').evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''));
    expect(titles.filter((t) => INTERNAL.test(t))).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });
});
