/**
 * `npm start` in a real browser: the playground page (a grid evaluated by HyperFormula whose add-on
 * functions run the built dist/Code.js in dev/gas), the real sidebar in its iframe, against the local
 * service. Each place docs/develop/playground.md sends a user behaves as in Sheets: results past the sheet's edge,
 * open-ended ranges, arguments, pasting, undo, selecting, toasts, charts, long text and errors. Then the
 * CLI itself: a busy port, and a clean stop on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { columnLetters } from '../../dev/gas/index.js';
import { DEMO_KEY } from '../../dev/playground/server.js';
import { SCREENSHOT_SIZE } from '../../scripts/screenshots.js';
import { INTERNAL, NUMBER, usePlayground } from './playground-page.js';
import { openFold } from './sidebar-folds.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dev/playground/main.ts', import.meta.url));
const MASKED = `••••${DEMO_KEY.slice(-4)}`;

const ui = usePlayground({}, async ({ page }) => {
  // Every toast the page shows, kept for the check that no internal text ever reached the user.
  // (Code run in the page is a string: this file is type-checked without the DOM's types.)
  await page.evaluate(`
    window.toastTexts = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('#toasts .toast')) window.toastTexts.push(toast.textContent);
    }).observe(document.getElementById('toasts'), { childList: true, subtree: true });
  `);
});
const { cell, text, sidebar, typeInto } = ui;

/** Pastes text as the browser does for Ctrl+V (on the grid, or on the open cell editor). */
async function paste(text: string, target = '#grid-scroll'): Promise<void> {
  await ui.page.evaluate(`{
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    document.querySelector(${JSON.stringify(target)}).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }`);
}

/** Copies the selection as the browser does for Ctrl+C; the text it put on the clipboard. */
async function copy(): Promise<string> {
  return ui.page.evaluate<string>(`(() => {
    const data = new DataTransfer();
    document.querySelector('#grid-scroll').dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true }));
    return data.getData('text/plain');
  })()`);
}

/** The custom-function executions the status line counts. */
async function executions(): Promise<number> {
  const status = (await ui.page.locator('#status').textContent()) ?? '';
  return Number(/Formulas: ([\d,]+) execution/.exec(status)?.[1]?.replace(/,/g, '') ?? NaN);
}

/** The status line once it shows the server's latest state. */
async function settledExecutions(): Promise<number> {
  await ui.current();
  return executions();
}

describe('the demo workbook', () => {
  it('shows the values the add-on computed', async () => {
    await expect.poll(() => text('B2')).toMatch(NUMBER);
    const scores = await Promise.all(['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10', 'B11'].map(text));
    for (const score of scores) expect(score).toMatch(NUMBER);
    // coffee, Coffee and " coffee " are one keyword: the same score.
    expect(scores[1]).toBe(scores[0]);
    expect(scores[4]).toBe(scores[0]);
    // The trend, readable: its single values once (label | value), then its months as dates beside numbers.
    expect(await text('D1')).toBe('Keyword');
    expect(await text('E1')).toBe('coffee');
    expect(await text('E2')).toMatch(NUMBER);
    expect(await text('D10')).toBe('Search trend'); // the answer's only list, titled by what the answer is
    expect([await text('D11'), await text('E11')]).toEqual(['Month', 'Volume']);
    expect(await text('D12')).toMatch(/^\d{1,2}\/1\/\d{4}$/);
    expect(await text('E12')).toMatch(NUMBER);
    expect(await text('D24')).toBe('');
    expect(await text('B15')).toMatch(NUMBER);
    expect(await text('B23')).toMatch(NUMBER);
  });

  it('charts the 12 monthly volumes of the trend table', async () => {
    const chart = ui.page.locator('.chart');
    expect(await chart.locator('h2').textContent()).toBe('Monthly searches: coffee');
    expect(await chart.locator('circle').count()).toBe(12);
  });

  it('shows the ranking table the add-on inserted on its own sheet', async () => {
    await ui.page.getByRole('tab', { name: 'Ranking: Fintech' }).click();
    await expect.poll(() => text('A1')).toMatch(/^Search Demand ranking · Fintech · updated /);
    expect(await text('A2')).toBe('Rank');
    // In words: each brand by its name, the service's own change column marked as its.
    expect(await text('C2')).toBe('Name');
    expect(await text('E2')).toBe('Change (service)');
    expect(await text('A3')).toBe('1');
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await expect.poll(() => text('A1')).toBe('Keyword');
  });
});

describe('column widths', () => {
  /** A column's width as the page draws it, measured on one of its cells. */
  const drawn = async (a1: string) => Math.round((await cell(a1).boundingBox())?.width ?? 0);

  it("draws each column as wide as the spreadsheet holds it: the ranking table's as the add-on sized them, its headers whole", async () => {
    await ui.page.getByRole('tab', { name: 'Ranking: Fintech' }).click();
    await expect.poll(() => text('A1')).toMatch(/^Search Demand ranking · Fintech · updated /);
    const sheet = ui.playground.runtime.spreadsheet.sheet('Ranking: Fintech');
    const held = Array.from({ length: sheet.lastColumn }, (_, i) => sheet.columnWidths.get(i + 1));
    expect(held.some((width) => width > 100)).toBe(true); // sized, not all Sheets' default
    for (const [i, width] of held.entries()) {
      const header = `${columnLetters(i + 1)}2`;
      expect(await drawn(header), header).toBe(width);
      // As Chromium draws it: the header's text is not cut off.
      expect(await cell(header).evaluate((el) => el.scrollWidth <= el.clientWidth), `${header}: ${await text(header)}`).toBe(true);
    }
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await expect.poll(() => text('A1')).toBe('Keyword');
  });

  it('draws a width set while the sheet is open at the next change the page shows', async () => {
    const widths = ui.playground.runtime.spreadsheet.sheet('Sheet1').columnWidths;
    expect(await drawn('C60')).toBe(100);
    widths.set(3, 1, 260); // as a script's setColumnWidth would
    await typeInto('C60', 'wide');
    await ui.current();
    await expect.poll(() => text('C60')).toBe('wide');
    expect(await drawn('C60')).toBe(260);
    expect(await drawn('D60')).toBe(widths.get(4));
    widths.set(3, 1, 100);
    await cell('C60').click();
    await ui.page.keyboard.press('Delete');
    await ui.current();
    await expect.poll(() => drawn('C60')).toBe(100);
  });
});

describe('typing formulas', () => {
  it('=SEARCH_SCORE("coffee") shows a number', async () => {
    await typeInto('A45', '=SEARCH_SCORE("coffee")');
    await expect.poll(() => text('A45')).toMatch(NUMBER);
    expect(await text('A45')).toBe(await text('B2'));
    await cell('A45').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('=SEARCH_SCORE("coffee")');
    expect(ui.playground.runtime.spreadsheet.getFormulas('Sheet1!A45')).toEqual([['=SEARCH_SCORE("coffee")']]);
  });

  it('=SEARCH_TREND("tea") spills its single values once, then its 12 months as dates', async () => {
    await typeInto('A47', '=SEARCH_TREND("tea")');
    await expect.poll(() => text('A47')).toBe('Keyword');
    expect(await text('B47')).toBe('tea');
    const column = await Promise.all(Array.from({ length: 24 }, (_, i) => text(`A${47 + i}`)));
    expect(column.filter((t) => t === 'tea')).toEqual([]); // the keyword is stated once, beside its label
    expect(column.slice(9, 11)).toEqual(['Search trend', 'Month']);
    expect(column.slice(11, 23).every((t) => /^\d{1,2}\/1\/\d{4}$/.test(t))).toBe(true);
    expect(column[23]).toBe('');
    expect(await text('B58')).toMatch(NUMBER);
    // Sheets holds the spilled cells as values, so the add-on's scripts see them.
    expect(ui.playground.runtime.spreadsheet.getValues('Sheet1!B47')).toEqual([['tea']]);
  });

  it('an error shows #ERROR! with its message on hover and in a card under the selected cell', async () => {
    await typeInto('E45', '=SEARCH_TREND("tea", "nope")');
    await expect.poll(() => text('E45')).toBe('#ERROR!');
    expect(await cell('E45').getAttribute('title')).toMatch(/Unknown field "nope"/);
    await cell('E45').click();
    expect(await ui.page.locator('#cell-error').textContent()).toMatch(/Unknown field "nope"/);
  });
});

describe("results past the sheet's edge", () => {
  it("are #REF! with Sheets' message, and every other cell and the sidebar keep working", async () => {
    // The raw layout is ten columns wide: from T it would reach past Z.
    await typeInto('T20', '=SEARCH_TREND("tea", "", "raw")');
    await expect.poll(() => text('T20')).toBe('#REF!');
    expect(await cell('T20').getAttribute('title')).toMatch(/^Result was not automatically expanded, please insert more columns \(\d+\)\./);
    expect(await text('U20')).toBe('');

    await typeInto('A200', '=BRAND_PROFILE("acme-pay", "", "raw")');
    await expect.poll(() => text('A200')).toBe('#REF!');
    expect(await cell('A200').getAttribute('title')).toMatch(/please insert more columns/);

    // The next edit works, and so does a sidebar call (it syncs the sheet afterwards).
    await typeInto('N45', '=SEARCH_SCORE("tea")');
    await expect.poll(() => text('N45')).toMatch(NUMBER);
    await ui.page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => sidebar().locator('#key-mask').textContent()).toBe(MASKED);
    expect(await sidebar().locator('body').textContent()).not.toMatch(/"ok":false|dev\/host/);
  });

  it('shows the message in a card under the selected cell, without moving the grid (test-output/playground-spill-error.png)', async () => {
    await cell('A2').click();
    const top = (await ui.page.locator('#grid-scroll').boundingBox())!.y;
    await cell('T20').click();
    const card = ui.page.locator('#cell-error');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toMatch(/^Error #REF!Result was not automatically expanded, please insert more columns \(\d+\)\./);
    expect((await ui.page.locator('#grid-scroll').boundingBox())!.y).toBe(top);
    const box = (await card.boundingBox())!;
    const under = (await cell('T20').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(under.y + under.height);
    mkdirSync(OUTPUT, { recursive: true });
    await ui.page.screenshot({ path: `${OUTPUT}playground-spill-error.png` });
  });
});

describe('open-ended ranges', () => {
  it("X2:X and X:X reach the sheet's last row, one execution each", async () => {
    await cell('X2').click();
    await paste('coffee\ntea\nmatcha\n');
    await expect.poll(() => text('X4')).toBe('matcha');
    const before = await settledExecutions();
    await typeInto('Y2', '=SEARCH_SCORE(X2:X)');
    await expect.poll(() => text('Y2')).toMatch(NUMBER);
    expect(await text('Y2')).toBe(await text('B2')); // coffee
    expect(await text('Y4')).toMatch(NUMBER);
    expect(await text('Y5')).toBe('');
    expect(await settledExecutions()).toBe(before + 1);
    expect(ui.playground.runtime.spreadsheet.getFormulas('Sheet1!Y2')).toEqual([['=SEARCH_SCORE(X2:X)']]);

    await typeInto('Z1', '=SEARCH_SCORE(X:X)');
    await expect.poll(() => text('Z2')).toMatch(NUMBER);
    expect(await text('Z1')).toBe(''); // X1 is empty: a blank row, as Sheets gives
    expect(await settledExecutions()).toBe(before + 2);
    await cell('Z1').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('=SEARCH_SCORE(X:X)');
  });
});

describe('arguments, as Sheets passes them', () => {
  it('a date is refused with a clear message, and no request is sent', async () => {
    const before = (await ui.playground.service.control.stats()).requests;
    await typeInto('N46', '=SEARCH_SCORE(DATE(2024,1,15))');
    await expect.poll(() => text('N46')).toBe('#ERROR!');
    expect(await cell('N46').getAttribute('title')).toMatch(/keyword is a date/);
    expect((await ui.playground.service.control.stats()).requests).toBe(before);
  });

  it('TRUE is a boolean, refused as a keyword', async () => {
    await typeInto('N47', '=SEARCH_SCORE(TRUE)');
    await expect.poll(() => text('N47')).toBe('#ERROR!');
    expect(await cell('N47').getAttribute('title')).toMatch(/must be text, not TRUE/);
  });

  it('"""quoted""" is the text "quoted", and 0.1+0.2 is searched as 0.3', async () => {
    await typeInto('N48', '=SEARCH_SCORE("""quoted""")');
    await expect.poll(() => text('N48')).toMatch(NUMBER);
    expect(ui.playground.runtime.fetchLog.at(-1)?.url).toMatch(/keyword=%22quoted%22$/);
    await typeInto('N49', '=SEARCH_SCORE(0.1+0.2)');
    await expect.poll(() => text('N49')).toMatch(NUMBER);
    expect(ui.playground.runtime.fetchLog.at(-1)?.url).toMatch(/keyword=0\.3$/);
  });
});

describe('spreadsheet basics', () => {
  it('the sheet has 1,000 rows, and the name box goes to a cell or selects a range', async () => {
    // Scrolled to its end, the sheet's last row is 1,000 (rows are drawn as they come into view).
    await ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => ui.page.locator('#grid tbody th[data-row]').last().textContent()).toBe('1000');
    await expect.poll(() => ui.page.locator('#grid tbody th[data-row="1000"]').isVisible()).toBe(true);
    await ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTo(0, 0));
    const nameBox = ui.page.getByRole('textbox', { name: 'Name box' });
    await nameBox.fill('k900');
    await nameBox.press('Enter');
    await expect.poll(() => ui.page.locator('#grid td.sel').getAttribute('data-a1')).toBe('K900');
    await expect.poll(() => cell('K900').isVisible()).toBe(true);
    const viewport = (await ui.page.locator('#grid-scroll').boundingBox())!;
    const k900 = (await cell('K900').boundingBox())!;
    expect(k900.y).toBeGreaterThan(viewport.y);
    expect(k900.y + k900.height).toBeLessThanOrEqual(viewport.y + viewport.height);
    await nameBox.fill('P100:Q101');
    await nameBox.press('Enter');
    await expect.poll(() => ui.page.locator('#selection').isVisible()).toBe(true);
    expect(await nameBox.inputValue()).toBe('P100:Q101');
  });

  it('pasting 30 lines fills a column, as one step that Ctrl+Z undoes and Ctrl+Y redoes', async () => {
    await cell('P100').click();
    const lines = Array.from({ length: 30 }, (_, i) => `keyword ${i + 1}`);
    await paste(lines.join('\n'));
    await expect.poll(() => text('P129')).toBe('keyword 30');
    expect(await text('P100')).toBe('keyword 1');
    expect(await text('P130')).toBe('');
    await ui.page.keyboard.press('Control+z');
    await expect.poll(() => text('P129')).toBe('');
    expect(await text('P100')).toBe('');
    await ui.page.keyboard.press('Control+y');
    await expect.poll(() => text('P129')).toBe('keyword 30');
  });

  it('lines pasted into a cell being edited fill cells too', async () => {
    await cell('R100').click();
    await ui.page.keyboard.press('Enter');
    await paste('cold brew\nlatte', '#cell-editor');
    await expect.poll(() => text('R101')).toBe('latte');
    expect(await text('R100')).toBe('cold brew');
  });

  it('a copied block pastes with its formulas moved, as in Sheets', async () => {
    await cell('A2').click();
    await cell('B3').click({ modifiers: ['Shift'] });
    expect(await copy()).toBe(`coffee\t${await text('B2')}\nCoffee\t${await text('B3')}`);
    await cell('Q50').click();
    await ui.page.keyboard.press('Control+v').catch(() => {}); // headless has no system clipboard: the event below is what a paste delivers
    await paste(`coffee\t${await text('B2')}\nCoffee\t${await text('B3')}`);
    await expect.poll(() => text('R50')).toMatch(NUMBER);
    expect(await text('Q51')).toBe('Coffee');
    expect(await text('R50')).toBe(await text('B2'));
    await cell('R50').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('=SEARCH_SCORE(Q50:Q59)');
  });

  it('a block from another spreadsheet, with quoted cells, pastes cell by cell', async () => {
    await cell('P140').click();
    await paste('keyword\tnote\n"two\nlines"\t"say ""hi"""\n');
    await expect.poll(() => text('Q141')).toBe('say "hi"');
    expect(await text('P141')).toBe('two\nlines');
    expect(await text('Q140')).toBe('note');
  });

  it('a dragged range is emptied by Delete, and the Undo button brings it back', async () => {
    await cell('P100').hover();
    await ui.page.mouse.down();
    await cell('P129').hover();
    await ui.page.mouse.up();
    expect(await ui.page.getByRole('textbox', { name: 'Name box' }).inputValue()).toBe('P100:P129');
    await ui.page.keyboard.press('Delete');
    await expect.poll(() => text('P100')).toBe('');
    expect(await text('P129')).toBe('');
    await ui.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => text('P129')).toBe('keyword 30');
    await ui.page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => text('P129')).toBe('');
  });
});

describe('toasts, charts, long text and errors', () => {
  it('a new toast replaces the one showing, as in Sheets', async () => {
    await ui.page.getByRole('button', { name: 'Refresh ranking tables now' }).click();
    await expect.poll(() => ui.page.locator('#toasts .toast').first().textContent()).toMatch(/Refreshed 1 table/);
    expect(await ui.page.locator('#toasts .toast').count()).toBe(1);
  });

  it('the chart stays under the row numbers when scrolled', async () => {
    await ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTo(260, 0));
    // Measured in one go in the page: the page draws its charts afresh whenever the state it polls
    // changes, so a chart measured in one call may be gone by the next.
    const onTopAtChartsMiddle = () =>
      ui.page.evaluate(() => {
        const chart = document.querySelector('.chart')?.getBoundingClientRect();
        const header = document.querySelector('#grid tbody th[data-row="20"]')?.getBoundingClientRect();
        if (!chart || !header) return 'no chart or row header';
        return document.elementFromPoint(header.x + header.width / 2, chart.y + chart.height / 2)?.tagName;
      });
    await expect.poll(onTopAtChartsMiddle).toBe('TH');
    await ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTo(0, 0));
  });

  it('a chart is selected by a click, deleted with Delete, and back with Ctrl+Z', async () => {
    const chart = ui.page.locator('.chart');
    await chart.locator('h2').click();
    await expect.poll(() => chart.getAttribute('class')).toContain('selected');
    await ui.page.keyboard.press('Delete');
    await expect.poll(() => ui.page.locator('.chart').count()).toBe(0);
    await cell('B2').click();
    await ui.page.keyboard.press('Control+z');
    await expect.poll(() => ui.page.locator('.chart').count()).toBe(1);
    expect(await ui.page.locator('.chart h2').textContent()).toBe('Monthly searches: coffee');
  });

  it('long text runs over empty neighbours', async () => {
    await typeInto('N60', 'a keyword list long enough to run over three columns');
    await expect.poll(() => text('N60')).toBe('a keyword list long enough to run over three columns');
    const run = (await cell('N60').locator('.run').boundingBox())!;
    const own = (await cell('N60').boundingBox())!;
    expect(run.width).toBeGreaterThan(own.width * 2);
  });

  it('an error in one row of a range result reads in full on hover', async () => {
    await cell('S60').click();
    await paste('coffee\nTRUE');
    await typeInto('U61', 'x'); // a neighbour, so the row's text is cut off at T61's edge
    await typeInto('T60', '=SEARCH_SCORE(S60:S61)');
    await expect.poll(() => text('T61')).toMatch(/must be text, not TRUE/);
    await cell('T61').hover();
    const card = ui.page.locator('#hover-card');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toBe(await text('T61'));
    await cell('A1').hover();
    await expect.poll(() => card.isVisible()).toBe(false);
  });

  it('no internal message reached a toast', async () => {
    const seen = await ui.page.evaluate<string[]>('window.toastTexts');
    expect(seen.filter((t) => INTERNAL.test(t))).toEqual([]);
  });
});

describe('the sidebar', () => {
  it('saves the demo key again and shows it masked', async () => {
    await expect.poll(() => sidebar().locator('#key-mask').textContent()).toBe(MASKED);
    await openFold(sidebar(), 'key');
    await sidebar().getByRole('button', { name: 'Replace' }).click();
    await sidebar().locator('#key-input').fill(DEMO_KEY);
    await sidebar().locator('#key-save').click();
    await expect.poll(() => sidebar().locator('#key-status').getAttribute('class')).toContain('status-success');
    expect(await sidebar().locator('#key-mask').textContent()).toBe(MASKED);
    expect(ui.playground.runtime.properties.user.get('SDM_API_KEY')).toBe(DEMO_KEY);
  });

  it('the menu opens it at the function reference', async () => {
    await ui.page.getByRole('button', { name: 'Help' }).click();
    await expect.poll(() => sidebar().locator('#help').getAttribute('open')).toBe('');
    await ui.page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => sidebar().locator('#key-mask').textContent()).toBe(MASKED);
  });
});

describe('ranking tables', () => {
  it('a table the sidebar inserts at the selected cell appears in the grid', async () => {
    await cell('L52').click();
    await expect.poll(() => ui.playground.runtime.spreadsheet.active.rect).toMatchObject({ row: 52, column: 12 });
    // What the sidebar's Insert button sends, through dev/host as the iframe does.
    const request = { group: 'ai:all', placement: 'selection', columns: ['rank', 'name'], limit: 5 };
    const response = await fetch(`${ui.playground.sidebarHostUrl}/__gas/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fn: 'insertRankingTable', args: [request] }),
    });
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    await expect.poll(() => text('L52')).toMatch(/^Search Demand ranking · All AI · updated /);
    // In words (the request names the fields' paths), what moved beside the rank.
    expect([await text('L53'), await text('M53'), await text('N53')]).toEqual(['Rank', 'Rank change', 'Name']);
    expect(await text('L54')).toBe('1');
    expect(await text('L58')).toBe('5');
  });
});

describe('menu, trigger and status', () => {
  it('the status line shows the requests the local service received', async () => {
    const stats = await ui.playground.service.control.stats();
    await expect.poll(() => ui.page.locator('#status').textContent()).toMatch(new RegExp(`Local service: ${stats.requests} requests`));
    expect(await ui.page.locator('#status').textContent()).toMatch(
      /Formulas: \d+ executions · \d+ from the add-on's cache · \d+ remembered \(not run again\)/,
    );
  });

  it('Refresh all formulas adds SDM_REFRESH and recalculates from the cache, with a toast', async () => {
    const before = await ui.playground.service.control.stats();
    const [score, executed] = [await text('A45'), await settledExecutions()];
    await ui.page.getByRole('button', { name: 'Refresh all formulas' }).click();
    await expect.poll(() => ui.page.locator('.toast').first().textContent()).toMatch(/formula cells recalculating/);
    await expect.poll(() => executions()).toBeGreaterThan(executed);
    expect(await text('A45')).toBe(score);
    expect(await text('A47')).toBe('Keyword');
    await cell('A45').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('=SEARCH_SCORE("coffee", SDM_REFRESH)');
    expect((await ui.playground.service.control.stats()).freshCredits).toBe(before.freshCredits);
  });

  it('Run the schedule trigger now refreshes the ranking table once its daily slot has come (the clocks moved a week)', async () => {
    const trigger = ui.playground.runtime.triggers[0];
    expect(trigger?.handler).toBe('refreshRankingTables');
    await ui.page.getByRole('tab', { name: 'Ranking: Fintech' }).click();
    const inserted = await text('A1');
    expect(inserted).toMatch(/^Search Demand ranking · Fintech · updated /);
    // A schedule's first run waits for its hour (06:00 UTC): a week later it has come.
    await ui.page.getByRole('button', { name: 'Move the clocks a week' }).click();
    await expect.poll(() => ui.page.locator('#toasts .toast').first().textContent()).toMatch(/A week later: it is now/);
    await ui.page.getByRole('button', { name: 'Run the schedule trigger now' }).click();
    await expect.poll(() => trigger?.runs).toBe(1);
    await expect.poll(() => text('A1'), { timeout: 30_000 }).not.toBe(inserted);
    expect(await text('A1')).toMatch(/^Search Demand ranking · Fintech · updated /);
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
  });

  it('looks tidy (test-output/playground.png) and threw no error', async () => {
    await cell('B2').click();
    await ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTo(0, 0));
    await ui.toastsGone();
    mkdirSync(OUTPUT, { recursive: true });
    await ui.page.screenshot({ path: `${OUTPUT}playground.png` });
    expect(ui.pageErrors).toEqual([]);
  });
});

describe('invented data (issue 29.6)', () => {
  it("the page says its numbers are invented, in view at the test size and the screenshots' 1280×800", async () => {
    for (const size of [{ width: 1440, height: 900 }, SCREENSHOT_SIZE]) {
      await ui.page.setViewportSize(size);
      const notice = ui.page.getByRole('note').filter({ hasText: 'Invented data' });
      expect(await notice.textContent()).toBe(
        'Invented data. Every number here comes from a local stand-in of the service, not from real searches: do not quote them.',
      );
      const box = (await notice.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      // Nothing covers it: what a screenshot shows at its middle is the notice.
      const onTop = await ui.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('#invented-data') !== null, {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
      expect(onTop).toBe(true);
    }
    await ui.page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('Clear sheet', () => {
  it('empties Sheet1, and Undo brings everything back', async () => {
    const before = await text('B2');
    await ui.page.getByRole('button', { name: 'Clear sheet' }).click();
    await expect.poll(() => text('A1')).toBe('');
    expect(await text('B2')).toBe('');
    expect(await text('D1')).toBe('');
    expect(ui.playground.runtime.spreadsheet.getValues('Sheet1!A1:B2')).toEqual([
      ['', ''],
      ['', ''],
    ]);
    await ui.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => text('A1')).toBe('Keyword');
    await expect.poll(() => text('B2')).toBe(before);
    expect(await text('D1')).toBe('Keyword');
  });
});

describe('tracking over time', () => {
  /** [date, item, status] of each history row (the status column is the header's "Status"). */
  const history = (name: string) => {
    const [, header = [], ...rows] = ui.playground.runtime.spreadsheet.sheet(name).values;
    const status = header.indexOf('Status');
    return rows
      .filter((row) => row[1] !== '')
      .map((row) => [row[0] instanceof Date ? row[0].toISOString().slice(0, 10) : row[0], row[1], row[status]]);
  };

  it('the demo workbook has a tracking list: its history sheet with the change view and its chart', async () => {
    await ui.page.getByRole('tab', { name: /Tracking: Coffee drinks/ }).click();
    await expect
      .poll(() => text('A1'))
      .toMatch(
        /^Search Demand tracking · Coffee drinks · one row per keyword per week, and one per month the service gives \(backfilled\) · updated /,
      );
    expect(await text('H1')).toBe('Volume by month: the latest month against the one before');
    expect(await text('H2')).toBe('Keyword');
    const chart = ui.page.locator('.chart');
    await expect.poll(() => chart.count()).toBe(1);
    expect(await chart.locator('h2').textContent()).toBe('Coffee drinks: volume by month');
    expect(await chart.locator('.legend').allTextContents()).toEqual(['coffee', 'tea', 'cold brew']);
    expect(await chart.locator('polyline').count()).toBe(3);
    expect(await chart.locator('.chart-delete').count()).toBe(0); // the add-on's chart: the page only shows it
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
  });

  it('a list added in the sidebar gets new rows when the clocks move a week and the trigger runs', async () => {
    const frame = sidebar();
    await openFold(frame, 'track');
    await frame.getByText('Track keywords or brands').click();
    await frame.getByLabel('Items, one per line').fill('espresso\nlatte');
    await frame.getByLabel('Name (optional)').fill('Espresso');
    await frame.getByRole('button', { name: 'Track these keywords' }).click();
    await expect
      .poll(() => frame.locator('#track-form-status').textContent(), { timeout: 30_000 })
      .toMatch(/^Tracking on "Tracking: Espresso": 2 keywords recorded/);
    await expect.poll(() => ui.page.getByRole('tab', { name: /Tracking: Espresso/ }).getAttribute('aria-selected')).toBe('true');
    const first = history('Tracking: Espresso');
    // The 12 months the service gives, each under its own first day; this week's row holds the score.
    expect(first.filter((r) => r[2] === 'backfilled')).toHaveLength(2 * 12);
    expect(first.filter((r) => r[2] === 'backfilled').every((r) => String(r[0]).endsWith('-01'))).toBe(true);
    expect(first.filter((r) => r[2] === 'ok')).toHaveLength(2);

    const runs = ui.playground.runtime.triggers[0]?.runs ?? 0;
    await ui.page.getByRole('button', { name: 'Run the schedule trigger now' }).click();
    await expect.poll(() => ui.playground.runtime.triggers[0]?.runs).toBe(runs + 1);
    await ui.current();
    expect(history('Tracking: Espresso')).toEqual(first); // same week: nothing to add

    // The page runs on the wall clock: a week later a month may have ended, and the service gives it.
    const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);
    const now = ui.playground.runtime.clock.now();
    const ended = month(now) !== month(now + 7 * 86_400_000) ? 1 : 0;
    await ui.page.getByRole('button', { name: 'Move the clocks a week' }).click();
    await expect.poll(() => ui.page.locator('#toasts .toast').first().textContent()).toMatch(/A week later: it is now/);
    await ui.page.getByRole('button', { name: 'Run the schedule trigger now' }).click();
    await expect.poll(() => history('Tracking: Espresso').length).toBe(first.length + 2 + 2 * ended);
    const added = history('Tracking: Espresso').slice(first.length);
    expect(added.filter((r) => r[2] === 'ok').map((r) => r[1])).toEqual(['espresso', 'latte']);
    expect(added.filter((r) => r[2] === 'backfilled').every((r) => String(r[0]).endsWith('-01'))).toBe(true);
    expect(added.find((r) => r[2] === 'ok')?.[0]).not.toBe(first.find((r) => r[2] === 'ok')?.[0]);
    // One point per month the service gives: the twelve, and the one that ended; no week's point.
    await expect.poll(() => ui.page.locator('.chart circle').count()).toBe(2 * (12 + ended));

    // The sidebar read again shows the trigger's run; a wider window shows the chart whole (docs/use/tracking.md's picture).
    // The reload leaves the context it runs in: Playwright may report that navigation as an error.
    await ui.page
      .frames()
      .find((f) => f.url().includes('/__gas/'))
      ?.evaluate('location.reload()')
      .catch((error: Error) => {
        if (!/Execution context was destroyed/.test(error.message)) throw error;
      });
    await expect
      .poll(() => frame.locator('#track-list > li').last().locator('.table-state').textContent(), { timeout: 15_000 })
      .toMatch(/2 keywords recorded for the week of \d{4}-\d\d-\d\d\.$/);
    await openFold(frame, 'track');
    await frame.locator('#track-list > li').first().scrollIntoViewIfNeeded();
    // The demo's list got its new week too (one trigger runs every list), as it did when the ranking
    // table's slot came (a week earlier, above): its months and three weeks. Its sheet is the picture.
    await ui.page.getByRole('tab', { name: /Tracking: Coffee drinks/ }).click();
    // One point per month the service gives, where it dates it: a week's row draws none, no month twice.
    const demo = history('Tracking: Coffee drinks');
    expect(demo.filter((r) => r[2] === 'ok')).toHaveLength(3 * 3);
    const months = demo.filter((r) => r[2] === 'backfilled');
    expect(new Set(months.map((r) => `${String(r[1])}|${String(r[0])}`)).size).toBe(months.length);
    await expect.poll(() => ui.page.locator('.chart circle').count()).toBe(months.length);
    await ui.page.setViewportSize({ width: 1900, height: 900 });
    await ui.toastsGone();
    mkdirSync(OUTPUT, { recursive: true });
    await ui.page.screenshot({ path: `${OUTPUT}playground-tracking.png` });
    await ui.page.setViewportSize({ width: 1440, height: 900 });
    expect(ui.pageErrors).toEqual([]);
  }, 120_000); // two trigger runs, two sidebar loads and a screenshot: about 50 s on a shared machine
});

describe('the page shows what the add-on wrote, all of it (issue 30.9)', () => {
  /** Selects what is typed in the name box, as a user does. */
  async function nameBox(typed: string): Promise<void> {
    await ui.page.getByRole('textbox', { name: 'Name box' }).fill(typed);
    await ui.page.getByRole('textbox', { name: 'Name box' }).press('Enter');
  }
  const selected = () => ui.page.getByRole('textbox', { name: 'Name box' }).inputValue();

  it('a ranking table longer than 1,000 rows shows every row: Ctrl+End, the name box and scrolling reach its last', async () => {
    // A whole group, as the sidebar's Insert sends it with no limit: on its own sheet.
    const request = { group: 'market:us', placement: 'new-sheet', columns: null, limit: null };
    const response = await fetch(`${ui.playground.sidebarHostUrl}/__gas/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fn: 'insertRankingTable', args: [request] }),
    });
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    const sheet = ui.playground.runtime.spreadsheet.sheet('Ranking: United States');
    const last = { row: sheet.lastRow, column: sheet.lastColumn };
    expect(last.row).toBeGreaterThan(1_000); // what the add-on wrote reaches past a new sheet's 1,000 rows
    const lastCell = `${columnLetters(last.column)}${last.row}`;
    const shown = (row: number, column: number) => String(sheet.values[row - 1]?.[column - 1] ?? '');

    await expect.poll(() => ui.page.getByRole('tab', { name: 'Ranking: United States' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => text('A1')).toMatch(/^Search Demand ranking · United States · updated /);
    await cell('A3').click();
    await ui.page.keyboard.press('Control+End');
    expect(await selected()).toBe(lastCell);
    expect(await text(lastCell)).toBe(shown(last.row, last.column));
    expect(await text(`A${last.row}`)).toBe(shown(last.row, 1));

    await nameBox('A1500');
    expect(await selected()).toBe('A1500');
    expect(await text('A1500')).toBe(shown(1500, 1));
    expect(await text('B1500')).toBe(shown(1500, 2));

    await ui.page.keyboard.press('Control+Home');
    await ui.page.locator('#grid-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => ui.page.locator('#grid tbody th[data-row]').last().textContent()).toBe(String(last.row));
    await ui.page.keyboard.press('Control+Home');
  });

  it("the name box names what was typed when it cannot go there, goes to another sheet's cell, and selects whole columns", async () => {
    await ui.page.getByRole('tab', { name: 'Sheet1' }).click();
    await cell('B3').click();
    await nameBox('AB7');
    await expect.poll(() => ui.toastText()).toBe('×PlaygroundAB7 is outside the sheet "Sheet1" (A1:Z1000).');
    expect(await selected()).toBe('B3'); // nothing moved
    await nameBox('no such place');
    await expect.poll(() => ui.toastText()).toContain('"no such place" is not a cell or range');
    await nameBox("'Ranking: Fintech'!b5");
    await expect.poll(() => ui.page.getByRole('tab', { name: 'Ranking: Fintech' }).getAttribute('aria-selected')).toBe('true');
    expect(await selected()).toBe('B5');
    await nameBox('Sheet1!C:D');
    await expect.poll(() => ui.page.getByRole('tab', { name: 'Sheet1' }).getAttribute('aria-selected')).toBe('true');
    expect(await selected()).toBe('C1:D1000');
    await nameBox('$A$2');
    expect(await selected()).toBe('A2');
  });

  it('SPARKLINE draws a small line chart of its data in its cell, as in Sheets (and columns when asked)', async () => {
    await cell('P200').click();
    await paste('3\t5\t\t9\t4');
    await expect.poll(() => text('T200')).toBe('4');
    await typeInto('O200', '=SPARKLINE(P200:T200)');
    const line = cell('O200').locator('svg polyline');
    await expect.poll(() => line.count()).toBe(2); // the blank in R200 breaks the line, as in Sheets
    expect(await text('O200')).toBe(''); // a chart, not a word
    expect(await cell('O200').getAttribute('title')).toBeNull();
    const points = await line.evaluateAll((lines) => lines.map((l) => (l.getAttribute('points') ?? '').split(' ').length));
    expect(points).toEqual([2, 2]);
    const box = (await cell('O200').locator('svg').boundingBox())!;
    const own = (await cell('O200').boundingBox())!;
    expect(box.width).toBeGreaterThan(own.width * 0.8);
    expect(box.width).toBeLessThanOrEqual(own.width);
    await typeInto('O201', '=SPARKLINE(P200:T200, {"charttype","column"})');
    await expect.poll(() => cell('O201').locator('svg rect').count()).toBe(4);
    await cell('O200').click();
    expect(await ui.page.locator('#formula-input').inputValue()).toBe('=SPARKLINE(P200:T200)');
  });

  it("one card at a time: hovering another cell's error hides the selected cell's card until the pointer leaves", async () => {
    await typeInto('P210', '=SEARCH_SCORE(TRUE)');
    await typeInto('P212', '=SEARCH_TREND("tea", "nope")');
    await expect.poll(() => text('P212')).toBe('#ERROR!');
    await cell('P210').click();
    const selectedCard = ui.page.locator('#cell-error');
    const hoverCard = ui.page.locator('#hover-card');
    await expect.poll(() => selectedCard.isVisible()).toBe(true);
    await cell('P212').hover();
    await expect.poll(() => hoverCard.isVisible()).toBe(true);
    expect(await hoverCard.textContent()).toMatch(/Unknown field "nope"/);
    await expect.poll(() => selectedCard.isVisible()).toBe(false);
    expect(await ui.page.locator('.cell-card:visible').count()).toBe(1);
    await cell('A1').hover();
    await expect.poll(() => selectedCard.isVisible()).toBe(true);
    await expect.poll(() => hoverCard.isVisible()).toBe(false);
    expect(await selectedCard.textContent()).toMatch(/must be text, not TRUE/);
  });
});

describe('the CLI', () => {
  it('says a busy port in one line and exits 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const { code, stdout, stderr } = await runCli(['--port', String(port)]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `Port ${port} is already in use: stop what is using it, or pick another with --port ${port + 1} (or PORT=${port + 1}).`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it('prints the URL and the demo key, and SIGTERM stops everything with exit code 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(() => stdout, { timeout: 30_000 }).toMatch(/Ctrl-C stops everything/);
    expect(stdout).toMatch(/playground: http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toContain(DEMO_KEY);
    // Only local addresses: the build's placeholder service URL would read as if it called the internet.
    expect(stdout).toContain('The add-on calls only the local service: nothing leaves this machine.');
    expect(stdout).not.toMatch(/https:\/\//);
    const pageUrl = /playground: (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    const serviceUrl = /local service (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    expect((await fetch(`${pageUrl}/api/state`)).ok).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${serviceUrl}/__control/stats`)).rejects.toThrow();
    await expect(fetch(`${pageUrl}/api/state`)).rejects.toThrow();
  });
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
