/**
 * More of what the README promises a user of `npm start` (issue 22, points 5 and 6), on a playground
 * whose clocks start at a fixed date (Wednesday 2099-01-28, 10:00 UTC), so a week later a new month of
 * search data is complete: the tracking list's change view shows that change, and the add-on's chart
 * sits beside its data, never over it.
 */
import { describe, expect, it } from 'vitest';
import { a1Notation, parseA1 } from '../../dev/gas/index.js';
import { boxOf, NUMBER, untilDemoShown, usePlayground } from './playground-page.js';

const START = Date.UTC(2099, 0, 28, 10);

const ui = usePlayground({ clockStart: START }, untilDemoShown);
const { cell, text, menu, toastText, typeInto } = ui;

/** A cell showing a result: not empty, and not the "Loading…" a formula shows while on its way. */
const SHOWN = /^(?!Loading…$)./;

/** The texts of the label | value rows an =API_USAGE() in `first` fills (12 rows, two columns). */
async function block(first: string): Promise<string[][]> {
  const ref = parseA1(first);
  const row = ref?.startRow ?? 1;
  const column = ref?.startColumn ?? 1;
  const out: string[][] = [];
  for (let r = 0; r < 12; r++) {
    out.push(await Promise.all(Array.from({ length: 2 }, (_, c) => text(a1Notation(row + r, column + c, 1, 1)))));
  }
  return out;
}

/** The change view's rows (H3:L5): item, latest, previous, change, direction. */
async function changeView(): Promise<string[][]> {
  const rows: string[][] = [];
  for (let row = 3; row <= 5; row++) rows.push(await Promise.all(['H', 'I', 'J', 'K', 'L'].map((c) => text(`${c}${row}`))));
  return rows;
}

/** Whether a change view row reads right: change = latest - previous, and its direction. */
function consistent([, latest, previous, change, direction]: string[]): boolean {
  const diff = Math.round((Number(latest) - Number(previous)) * 1e6) / 1e6;
  return Number(change) === diff && direction === (diff > 0 ? 'up' : diff < 0 ? 'down' : 'same');
}

it('the page shows no script error', () => {
  expect(ui.pageErrors).toEqual([]);
});

describe('5. the tracking list after a week', () => {
  it('the change view compares the latest month with the one before, and shows the new month a week later', async () => {
    await ui.page.getByRole('tab', { name: /Tracking: Coffee drinks/ }).click();
    await expect.poll(() => text('H3')).toBe('coffee');
    const before = await changeView();
    expect(before.map((r) => r[0])).toEqual(['coffee', 'tea', 'cold brew']);
    // December's volume against November's: the two newest months the service gives, never one with itself.
    expect(before.every(consistent)).toBe(true);
    expect(before.some((r) => r[4] !== 'same')).toBe(true);

    await ui.page.locator('#advance-clock').click();
    await expect.poll(() => ui.page.locator('#status').textContent()).toMatch(/2099-02-04/);
    await ui.page.locator('#run-trigger').click();
    await expect.poll(toastText, { timeout: 60_000 }).toMatch(/The schedule trigger ran/);
    await expect.poll(async () => (await changeView())[0]?.[2], { timeout: 30_000 }).toBe(before[0]?.[1]);
    const after = await changeView();
    // December's volume is now the previous one, January's (complete a week later) the latest.
    expect(after.map((r) => r[2])).toEqual(before.map((r) => r[1]));
    expect(after.every(consistent)).toBe(true);
    expect(after.some((r) => r[4] !== 'same')).toBe(true);
    expect(after.every((r) => NUMBER.test(r[1] ?? ''))).toBe(true);
  });

  it("the list's chart sits beside its data, covering none of it", async () => {
    const chart = ui.page.locator('#charts .chart');
    await expect.poll(() => chart.count()).toBe(1);
    const box = await boxOf(chart);
    // The change view above it, the chart data (from N) to its right.
    for (const a1 of ['N3', 'N8', 'N12', 'O8', 'L5']) {
      const c = (await cell(a1).boundingBox())!;
      const overlaps = box.x < c.x + c.width && c.x < box.x + box.width && box.y < c.y + c.height && c.y < box.y + box.height;
      expect(overlaps, a1).toBe(false);
    }
    expect(box.y).toBeGreaterThan((await cell('H5').boundingBox())!.y);
  });

  it("the list's chart spaces its points by time and names month and year on its axis", async () => {
    const chart = ui.page.locator('#charts .chart');
    // Each point's day (its title names it, as the chart data shows it) and its x; measured in one go in
    // the page, which draws its charts afresh whenever the state it polls changes.
    const read = () =>
      chart.evaluate((el) => ({
        ticks: [...el.querySelectorAll('text.tick')].map((t) => [t.textContent ?? '', Number(t.getAttribute('x'))] as const),
        points: [...el.querySelectorAll('circle')]
          .filter((c) => (c.querySelector('title')?.textContent ?? '').startsWith('coffee, '))
          .map(
            (c) =>
              [/, (\d{4}-\d\d-\d\d):/.exec(c.querySelector('title')?.textContent ?? '')?.[1] ?? '', Number(c.getAttribute('cx'))] as const,
          ),
      }));
    await expect.poll(async () => (await read()).points.length).toBe(13);
    const { ticks, points } = await read();
    // One point per month the service gives, under its own date: the twelve months of 2098, then January
    // 2099 once it is complete; no week's point (a week's row holds the score), so no month twice.
    expect(points.map(([day]) => day)).toEqual([
      ...Array.from({ length: 12 }, (_, m) => `2098-${String(m + 1).padStart(2, '0')}-01`),
      '2099-01-01',
    ]);
    const ms = points.map(([day]) => Date.parse(`${day}T00:00:00Z`));
    const [x0, xn] = [points[0]![1], points[points.length - 1]![1]];
    const [t0, tn] = [ms[0]!, ms[ms.length - 1]!];
    for (const [i, [, x]] of points.entries()) expect(x - x0).toBeCloseTo(((ms[i]! - t0) * (xn - x0)) / (tn - t0), 0);
    // Month and year on every label, in order along the axis: never a bare "Nov 23" that reads as a year.
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks.every(([label]) => /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/.test(label))).toBe(true);
    expect(ticks.map(([, x]) => x)).toEqual([...ticks.map(([, x]) => x)].sort((a, b) => a - b));
    expect(ticks[0]?.[0]).toBe('Jan 2098');
  });
});

describe('5. a freshly typed =API_USAGE()', () => {
  it('shows the result Sheets remembers, as the docs say; Refresh all formulas shows the figures of now', async () => {
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await expect.poll(() => text('A32')).toMatch(SHOWN);
    const first = await block('A32');
    expect(first.flat().join(' ')).toMatch(/\b1\/29\/2099\b/); // read on the first day: resets at its end (a date)
    // A week later, typed anew in another cell: the same function and arguments, so Sheets hands
    // back what it remembers (the status line counts it) and nothing runs.
    const remembered = async () => Number(/(\d+) remembered/.exec((await ui.page.locator('#status').textContent()) ?? '')?.[1] ?? NaN);
    const before = await remembered();
    await typeInto('F40', '=API_USAGE()');
    await expect.poll(() => text('F40')).toMatch(SHOWN);
    expect(await block('F40')).toEqual(first);
    expect(await remembered()).toBe(before + 1);
    // Refresh all formulas runs both again: the allowance of the new day.
    await menu('Refresh all formulas').click();
    await expect.poll(async () => (await block('A32')).flat().join(' '), { timeout: 30_000 }).toMatch(/\b2\/5\/2099\b/);
    await expect.poll(async () => (await block('F40')).flat().join(' '), { timeout: 30_000 }).toMatch(/\b2\/5\/2099\b/);
  });
});

describe('5. Re-run the formulas now, after a key is saved again', () => {
  it('every formula that said "No API key", on every sheet and over ranges, shows its value', async () => {
    ui.playground.runtime.properties.user.delete('SDM_API_KEY');
    const formulas: [sheet: RegExp, a1: string, formula: string][] = [
      [/^Sheet1$/, 'J150', '=SEARCH_SCORE("kombucha")'],
      [/^Sheet1$/, 'K150', '=SEARCH_TREND("kombucha", "months.volume")'],
      [/^Sheet1$/, 'L150', "=SEARCH_SCORE('Ranking: Fintech'!C3:C5)"],
      [/^Sheet1$/, 'M150', '=SEARCH_SCORE(N150:N151)'],
      [/Ranking: Fintech/, 'H40', '=SEARCH_SCORE(C6:C8)'],
      [/Tracking: Coffee drinks/, 'Z5', '=SEARCH_SCORE("kefir")'],
    ];
    await typeInto('N150', 'kvass');
    await typeInto('N151', 'switchel');
    for (const [sheet, a1, formula] of formulas) {
      await ui.page.getByRole('tab', { name: sheet }).click();
      await typeInto(a1, formula);
      // A single call fails as #ERROR! with the message on hover; a range's answer says it in its cells.
      const said = async () => ((await text(a1)) === '#ERROR!' ? ((await cell(a1).getAttribute('title')) ?? '') : await text(a1));
      await expect.poll(said, { timeout: 30_000, message: a1 }).toMatch(/^No API key/);
    }
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await ui.openSidebar('Settings');
    const sidebar = ui.page.frameLocator('#sidebar');
    await sidebar.locator('#key-input').fill(ui.playground.demoKey);
    await sidebar.locator('#key-save').click();
    const rerun = sidebar.getByRole('button', { name: 'Re-run the formulas now' });
    await rerun.click({ timeout: 30_000 });
    for (const [sheet, a1] of formulas) {
      await ui.page.getByRole('tab', { name: sheet }).click();
      await expect.poll(() => text(a1), { timeout: 30_000, message: a1 }).toMatch(NUMBER);
    }
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    for (const a1 of ['K161', 'L152', 'M151']) expect(await text(a1), a1).toMatch(NUMBER);
  }, 240_000);
});
