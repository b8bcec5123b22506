/**
 * What the README promises a user of `npm start`, checked as the user sees it (issue 22): freezing keeps
 * every value, the whole selection reaches the add-on, formulas work on every sheet and refer to other
 * sheets, navigation jumps as in Sheets, and the sidebar's feedback is current after each action.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnLetters, columnNumber } from '../../dev/gas/index.js';
import { NUMBER, untilDemoShown, usePlayground } from './playground-page.js';
import { openFold } from './sidebar-folds.js';

const ui = usePlayground({}, untilDemoShown);
const { cell, text, sidebar, menu, toastText, typeInto, openSidebar } = ui;

/** Selects a range through the name box, as a user may. */
async function selectByName(range: string): Promise<void> {
  await ui.page.locator('#name-box').fill(range);
  await ui.page.locator('#name-box').press('Enter');
}

/** The texts of a block of cells, rows of columns. */
async function block(first: string, rows: number, columns: number): Promise<string[][]> {
  const m = /^([A-Z])(\d+)$/.exec(first)!;
  const column = columnNumber(m[1]!);
  const row = Number(m[2]);
  const out: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const line: string[] = [];
    for (let c = 0; c < columns; c++) line.push(await text(`${columnLetters(column + c)}${row + r}`));
    out.push(line);
  }
  return out;
}

it('the page shows no script error', () => {
  expect(ui.pageErrors).toEqual([]);
});

describe('1. freezing keeps every value', () => {
  it('a SEARCH_TREND table frozen from the menu keeps every cell, with its note shown', async () => {
    await typeInto('A80', '=SEARCH_TREND("electric bikes")');
    // The readable layout: the keyword's label, and the keyword beside it.
    await expect.poll(() => text('B80'), { timeout: 30_000 }).toBe('electric bikes');
    const before = await block('A80', 14, 4);
    expect(before.flat().filter((t) => t !== '').length).toBeGreaterThan(20);
    await cell('A80').click();
    await menu('Freeze selected results as values').click();
    await expect.poll(toastText).toMatch(/1 formula frozen as values/);
    // Once the page shows the server's latest state (every change the script made), the values are still there.
    await ui.current();
    expect(await block('A80', 14, 4)).toEqual(before);
    await cell('B80').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('electric bikes');
    await cell('A80').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('Keyword');
    // The note that keeps the formula: Sheets' marker, and the note on hover.
    expect(await cell('A80').getAttribute('class')).toContain('note');
    await cell('A80').hover();
    await expect
      .poll(() => ui.page.locator('#hover-card').textContent())
      .toMatch(/^Search Demand: frozen .* from =SEARCH_TREND\("electric bikes"\)/);
    // The note names the whole table, so Unfreeze clears it and puts the formula back.
    expect(await ui.page.locator('#hover-card').textContent()).toMatch(/Its values fill \d+ rows × 2 columns from here\./);
    await cell('A80').click();
    await menu('Unfreeze selected results').click();
    await expect.poll(() => ui.page.locator('#formula-input').inputValue()).toBe('=SEARCH_TREND("electric bikes")');
    await ui.current();
    expect(await block('A80', 14, 4)).toEqual(before);
    expect(await cell('A80').getAttribute('class')).not.toContain('note');
  });

  it('a SEARCH_SCORE column frozen from the sidebar keeps every score', async () => {
    await typeInto('F120', 'coffee');
    await typeInto('F121', 'tea');
    await typeInto('F122', 'matcha');
    await typeInto('G120', '=SEARCH_SCORE(F120:F122)');
    await expect.poll(() => text('G122'), { timeout: 30_000 }).toMatch(NUMBER);
    const before = await block('G120', 3, 1);
    await cell('G120').click();
    await openSidebar('Settings');
    await openFold(sidebar(), 'cache');
    const freeze = sidebar().getByRole('button', { name: 'Freeze selected results as values' });
    await freeze.scrollIntoViewIfNeeded();
    await freeze.click();
    await expect.poll(() => sidebar().locator('#freeze-status').textContent(), { timeout: 20_000 }).toMatch(/1 formula frozen/);
    await ui.current(); // the page shows what the sidebar's call wrote
    expect(await block('G120', 3, 1)).toEqual(before);
    expect(before.flat().every((t) => NUMBER.test(t))).toBe(true);
    await cell('G121').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe(before[1]![0]);
  });
});

describe('2. the whole selection reaches the add-on', () => {
  it('a dragged range of three formulas is frozen whole', async () => {
    for (const [a1, keyword] of [
      ['P2', 'coffee'],
      ['P3', 'tea'],
      ['P4', 'matcha'],
    ] as const) {
      await typeInto(a1, keyword);
      await typeInto(`Q${a1.slice(1)}`, `=SEARCH_SCORE(P${a1.slice(1)})`);
    }
    await expect.poll(() => text('Q4'), { timeout: 30_000 }).toMatch(NUMBER);
    await cell('Q2').hover();
    await ui.page.mouse.down();
    await cell('Q4').hover();
    await ui.page.mouse.up();
    expect(await ui.page.locator('#name-box').inputValue()).toBe('Q2:Q4');
    await menu('Freeze selected results as values').click();
    await expect.poll(toastText).toMatch(/3 formulas frozen as values/);
  });

  it('N2:N6 typed in the name box gives "Use the selected cells" five keywords', async () => {
    const keywords = ['coffee', 'tea', 'matcha', 'cold brew', 'espresso'];
    for (const [i, keyword] of keywords.entries()) await typeInto(`N${i + 2}`, keyword);
    await selectByName('N2:N6');
    await ui.selected('Sheet1!N2:N6');
    await openSidebar('Settings');
    await openFold(sidebar(), 'track');
    await sidebar().getByText('Track keywords or brands').click();
    await sidebar().getByRole('button', { name: 'Use the selected cells' }).click();
    await expect.poll(() => sidebar().getByLabel('Items, one per line').inputValue()).toBe(keywords.join('\n'));
  });

  it('Shift-click and a column header select a range too', async () => {
    await cell('N2').click();
    await cell('N4').click({ modifiers: ['Shift'] });
    await ui.selected('Sheet1!N2:N4');
    await sidebar().getByRole('button', { name: 'Use the selected cells' }).click();
    await expect.poll(() => sidebar().getByLabel('Items, one per line').inputValue()).toBe('coffee\ntea\nmatcha');
    await ui.page.locator('#grid th[data-column="14"]').click();
    expect(await ui.page.locator('#name-box').inputValue()).toBe('N1:N1000');
    await ui.selected('Sheet1!N1:N1000');
    await sidebar().getByRole('button', { name: 'Use the selected cells' }).click();
    await expect.poll(() => sidebar().getByLabel('Items, one per line').inputValue()).toBe('coffee\ntea\nmatcha\ncold brew\nespresso');
  });
});

describe('3. formulas on every sheet', () => {
  it("a formula typed on the ranking table's sheet runs, and Sheet1 reads that sheet's cells", async () => {
    await selectByName('A300');
    const scrolled = () => ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTop);
    expect(await scrolled()).toBeGreaterThan(1_000);
    // 4. A sheet opened for the first time shows its top, not the last sheet's scroll position.
    await ui.page.getByRole('tab', { name: 'Ranking: Fintech' }).click();
    expect(await scrolled()).toBe(0);
    expect(await ui.page.locator('#name-box').inputValue()).toBe('A1');
    await expect.poll(() => text('A2')).toBe('Rank');
    const name = await text('C3'); // beside the rank: its change, then the brand's name
    expect(name).toMatch(/^[A-Z]/);
    await typeInto('A40', '=SEARCH_SCORE(C3)'); // how much the brand's name is searched
    await expect.poll(() => text('A40'), { timeout: 30_000 }).toMatch(NUMBER);
    const score = await text('A40');
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await typeInto('H120', "=SEARCH_SCORE('Ranking: Fintech'!C3:C7)");
    await expect.poll(() => text('H124'), { timeout: 30_000 }).toMatch(NUMBER);
    expect(await text('H120')).toBe(score);
    expect((await block('H120', 5, 1)).flat().every((t) => NUMBER.test(t))).toBe(true);
  });

  it('a formula typed on a tracking sheet runs too', async () => {
    await ui.page.getByRole('tab', { name: /Tracking: Coffee drinks/ }).click();
    await typeInto('Z5', '=SEARCH_SCORE("coffee")');
    await ui.page.keyboard.press('Control+Home');
    await expect.poll(() => text('Z5'), { timeout: 30_000 }).toMatch(NUMBER);
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
  });
});

describe('4. navigation', () => {
  /** The grid's scroll position. */
  const scrollTop = () => ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTop);

  it('each sheet opens where it was left, never at the last sheet scroll position', async () => {
    await selectByName('A300');
    expect(await scrollTop()).toBeGreaterThan(1_000);
    // Left at A41 (3. above: typed into A40, then Enter).
    await ui.page.getByRole('tab', { name: 'Ranking: Fintech' }).click();
    expect(await ui.page.locator('#name-box').inputValue()).toBe('A41'); // Enter moved down from A40
    expect(await scrollTop()).toBeLessThan(1_000);
    // Back on Sheet1: where it was left.
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    expect(await ui.page.locator('#name-box').inputValue()).toBe('A300');
    expect(await scrollTop()).toBeGreaterThan(1_000);
  });

  it('Ctrl+Home and Ctrl+Arrow jump as in Sheets', async () => {
    await ui.page.keyboard.press('Control+Home');
    expect(await ui.page.locator('#name-box').inputValue()).toBe('A1');
    expect(await scrollTop()).toBe(0);
    await ui.page.keyboard.press('Control+ArrowDown'); // the end of the keyword column
    expect(await ui.page.locator('#name-box').inputValue()).toBe('A11');
    await ui.page.keyboard.press('Control+ArrowDown'); // the next filled cell: the brand table's label
    expect(await ui.page.locator('#name-box').inputValue()).toBe('A14');
    await ui.page.keyboard.press('Control+Home');
    await ui.page.keyboard.press('Control+ArrowRight');
    expect(await ui.page.locator('#name-box').inputValue()).toBe('B1');
    await ui.page.keyboard.press('Control+Shift+ArrowDown');
    expect(await ui.page.locator('#name-box').inputValue()).toBe('B1:B11');
  });

  it('a click under text running over from the cell on its left selects the clicked cell', async () => {
    await typeInto('A130', 'a long note that runs over several empty cells to its right');
    await cell('C130').click();
    expect(await ui.page.locator('#name-box').inputValue()).toBe('C130');
  });

  it("the error card of a cell beside the sidebar stays inside the grid's view", async () => {
    // The last column wholly in view, just left of the sidebar.
    const column = await ui.page.locator('#grid thead th[data-column]').evaluateAll((heads) => {
      const view = document.getElementById('grid-scroll')!.getBoundingClientRect();
      return heads.filter((th) => th.getBoundingClientRect().right <= view.right).length;
    });
    const letter = columnLetters(column);
    await typeInto(`${letter}140`, '=SEARCH_TREND("coffee", "no such field")');
    await expect.poll(() => text(`${letter}140`), { timeout: 30_000 }).toBe('#ERROR!');
    await cell(`${letter}140`).click();
    const card = ui.page.locator('#cell-error');
    await expect.poll(() => card.isVisible()).toBe(true);
    const box = (await card.boundingBox())!;
    const view = (await ui.page.locator('#grid-scroll').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(view.x + view.width);
    expect(box.x).toBeGreaterThanOrEqual(view.x);
  });
});

describe('5. feedback is current', () => {
  it("after the menu's Refresh ranking tables now, the sidebar shows that refresh", async () => {
    await openSidebar('Settings');
    await expect.poll(() => sidebar().locator('#tables-section').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => sidebar().locator('#last-run').isVisible()).toBe(false); // no refresh ran yet
    await menu('Refresh ranking tables now').click();
    await expect.poll(() => sidebar().locator('#last-run .run-head').textContent(), { timeout: 30_000 }).toMatch(/^Last refresh/);
    expect(await sidebar().locator('#last-run .run-group').first().textContent()).toBe('Fintech'); // by its name
  });

  it('Run the schedule trigger now says it is running, then toasts what it did', async () => {
    const button = ui.page.locator('#run-trigger');
    // Every caption the button shows, however short the run.
    await ui.page.evaluate(`
      window.triggerCaptions = [];
      new MutationObserver(() => window.triggerCaptions.push(document.getElementById('run-trigger').textContent))
        .observe(document.getElementById('run-trigger'), { childList: true, characterData: true, subtree: true });
    `);
    await button.click();
    await expect.poll(toastText, { timeout: 60_000 }).toMatch(/The schedule trigger ran \([\d.]+ s\)/);
    expect(await ui.page.evaluate('window.triggerCaptions')).toContain('Running the schedule trigger…');
    expect(await button.textContent()).toBe('Run the schedule trigger now');
    expect(await button.isDisabled()).toBe(false);
  });

  it('Re-run the formulas now makes a cell that said "No API key" show its value', async () => {
    ui.playground.runtime.properties.user.delete('SDM_API_KEY');
    await typeInto('J150', '=SEARCH_SCORE("kombucha")');
    await expect.poll(() => text('J150'), { timeout: 30_000 }).toBe('#ERROR!');
    expect(await cell('J150').getAttribute('title')).toMatch(/^No API key/);
    await openSidebar('Settings');
    await sidebar().locator('#key-input').fill(ui.playground.demoKey);
    await sidebar().locator('#key-save').click();
    const rerun = sidebar().getByRole('button', { name: 'Re-run the formulas now' });
    await rerun.click({ timeout: 30_000 });
    await expect.poll(() => text('J150'), { timeout: 30_000 }).toMatch(NUMBER);
  });
});

describe('6. the cell editor', () => {
  it('widens as you type, as in Sheets, so the text stays in view', async () => {
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await cell('C160').click();
    await ui.page.keyboard.type('=SEARCH');
    const editor = ui.page.locator('#cell-editor');
    const narrow = (await editor.boundingBox())!.width;
    expect(narrow).toBeLessThanOrEqual((await cell('C160').boundingBox())!.width + 6); // its border
    await ui.page.keyboard.type('_SCORE("a keyword long enough to need more than one column")');
    const wide = (await editor.boundingBox())!.width;
    expect(wide).toBeGreaterThan(narrow * 3);
    // Every character is in view: nothing scrolled out of the editor.
    expect(await editor.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await ui.page.keyboard.press('Escape');
  });

  it("offers the add-on's functions from their JSDoc while a name is typed; Tab or Enter completes", async () => {
    await cell('C161').click();
    await ui.page.keyboard.type('=SEARCH_');
    const list = ui.page.locator('#autocomplete');
    await expect.poll(() => list.isVisible()).toBe(true);
    const options = list.getByRole('option');
    expect(await options.locator('.autocomplete-signature').allTextContents()).toEqual([
      'SEARCH_TREND(keyword, [field], [options])',
      'SEARCH_SCORE(keyword)',
      'SEARCH_COMPARE(keywords, [options])',
      'SEARCH_SEASONALITY(keyword, [options])',
    ]);
    // The descriptions are the built Code.js's JSDoc (src/server/index.ts), not a list of the page's.
    const code = readFileSync(new URL('../../dist/Code.js', import.meta.url), 'utf8');
    for (const description of await options.locator('.autocomplete-description').allTextContents()) {
      expect(description.length).toBeGreaterThan(10);
      expect(code.replace(/\s*\n\s*\*\s*/g, ' ')).toContain(description);
    }
    await ui.page.keyboard.press('ArrowDown');
    await ui.page.keyboard.press('Tab');
    expect(await ui.page.locator('#cell-editor').inputValue()).toBe('=SEARCH_SCORE(');
    await expect.poll(() => list.isVisible()).toBe(false);
    await ui.page.keyboard.type('"coffee")');
    await ui.page.keyboard.press('Enter');
    await expect.poll(() => text('C161'), { timeout: 30_000 }).toMatch(NUMBER);

    // Enter completes too, inside a formula, and a name that matches nothing offers nothing.
    await cell('C162').click();
    await ui.page.keyboard.type('=1+brand_s');
    await expect.poll(() => options.locator('.autocomplete-signature').allTextContents()).toEqual(['BRAND_SCORE(slug)']);
    await ui.page.keyboard.press('Enter');
    expect(await ui.page.locator('#cell-editor').inputValue()).toBe('=1+BRAND_SCORE(');
    await ui.page.keyboard.type('"nope-zz") + NO_SUCH');
    await expect.poll(() => list.isVisible()).toBe(false);
    await ui.page.keyboard.press('Escape');
  });
});
