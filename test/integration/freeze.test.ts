/**
 * Freezing results as values, as a user does it in Sheets (menu on the selection, sidebar on the
 * selection or every sheet), with formulas evaluated by dev/gas's recalculate() as Sheets would: a
 * frozen cell holds its values, keeps its formula in its note and never spends; unfreezing puts the
 * formula back and Sheets' remembered result fills the cells again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { match } from '../matchers.js';
import { useStack } from './stack';

const stack = useStack();

const book = () => stack.gas.spreadsheet;
const sheet1 = () => book().sheet('Sheet1');

/** Runs a menu item and returns the toast it showed. */
function menu(fn: string): string {
  const before = stack.gas.toasts.length;
  const result = stack.gas.run(fn, [], { mode: 'menu' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  expect(stack.gas.toasts.length).toBe(before + 1);
  return stack.gas.toasts.at(-1)?.message ?? '';
}

/** Calls a sidebar function; returns its value, or its error message as { error }. */
function sidebar(fn: string, ...args: unknown[]): unknown {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  return result.ok ? result.value : { error: result.error };
}

/**
 * Every cell of Sheet1!A1:M10 with its value, formula and note (what a user could see). Sheets gives a cell a date format when a date is written into it (freezing
 * writes the dates a formula showed); unfreezing leaves that format, as a person's own edit would, so
 * the comparison leaves a date format out.
 */
const snapshot = () =>
  Array.from({ length: 10 }, (_row, r) =>
    Array.from({ length: 13 }, (_column, c) => {
      const cell = sheet1().cell(r + 1, c + 1);
      if (!cell.format?.numberFormat?.includes('yyyy')) return cell;
      const { numberFormat: _date, ...format } = cell.format;
      const { format: _format, ...rest } = cell;
      return Object.keys(format).length ? { ...rest, format } : rest;
    }),
  );

/** The note our freeze writes, after the user's own note if any. */
function frozenNote(formula: string, size: string, userNote = ''): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const fill = size ? `Its values fill ${escape(size)} from here\\. ` : '';
  return new RegExp(
    `^${userNote ? `${escape(userNote)}\\n\\n` : ''}Search Demand: frozen \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC from ${escape(formula)}\\n${fill}` +
      `Extensions › Search Demand › Unfreeze selected results puts the formula back, ` +
      `unless these values were changed \\(Unfreeze tells by their fingerprint, [0-9a-f]{8}\\)\\.$`,
  );
}

/**
 * Sheet1: a score column spilled from B2 (B4 blank: A4 is), a table spilled from D8, a single value in
 * D1, one of Sheets' own formulas, and the user's cells right next to the spills, and a note of theirs.
 */
function layout(): void {
  const ss = book();
  ss.setValues('Sheet1!A1:A4', [['keyword'], ['coffee'], ['tea'], ['']]);
  ss.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A4)');
  sheet1().setNote('B2', 'checked by Ann');
  ss.setValues('Sheet1!B5', [['my total']]);
  ss.setFormula('Sheet1!D1', '=SEARCH_TREND("juice", "peak.month")');
  ss.setFormula('Sheet1!F1', '=SUM(1, 2)', 3);
  ss.setFormula('Sheet1!D8', '=SEARCH_TREND(A2:A3)');
  ss.setValues('Sheet1!M9', [['mine']]);
  expect(
    stack.gas
      .recalculate()
      .filter((r) => r.fn)
      .every((r) => r.ok),
  ).toBe(true);
}

describe('freeze and unfreeze', () => {
  beforeEach(layout);

  it('round trip: values stay, formulas come back, and frozen cells spend nothing even with the cache cleared', async () => {
    const before = snapshot();
    const values = sheet1().values;
    expect(values[8]?.slice(3, 13)).toEqual([
      'coffee',
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
      expect.any(Date), // the peak month, a date
      expect.any(Number),
      expect.any(Number),
      expect.any(Date), // when it was fetched (the service's field)
      expect.any(Date), // as of: when the service gave it to the add-on
      'mine',
    ]);
    const requests = await stack.requests();
    expect(requests).toBe(3); // coffee, tea, juice

    book().setActive('Sheet1', 'A1:M10');
    expect(menu('freezeSelectionFromMenu')).toBe(
      "3 formulas frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula.",
    );
    // Every value as it was, of the same type ("2026-04" is still text, not a date); no formula of ours left.
    expect(sheet1().values).toEqual(values);
    expect(sheet1().getFormulas('A1:M10').flat().filter(Boolean)).toEqual(['=SUM(1, 2)']);
    expect(sheet1().cell('B2').note).toMatch(frozenNote('=SEARCH_SCORE(A2:A4)', '2 rows × 1 column', 'checked by Ann'));
    expect(sheet1().cell('D8').note).toMatch(frozenNote('=SEARCH_TREND(A2:A3)', '3 rows × 9 columns'));
    expect(sheet1().cell('D1').note).toMatch(frozenNote('=SEARCH_TREND("juice", "peak.month")', ''));

    // Nothing frozen runs again: not after clearing the cache, not after "Refresh all formulas".
    expect(sidebar('clearCache')).toMatchObject({ formulaCells: 0 });
    expect(sidebar('refreshAllFormulas')).toMatchObject({ formulaCells: 0, formulasRewritten: 0, sheets: 0, waiting: 0, requests: 0 });
    expect(stack.gas.recalculate().map((r) => r.cell)).toEqual(['Sheet1!F1']); // only Sheets' own formula
    expect(sheet1().values).toEqual(values);
    expect(await stack.requests()).toBe(requests);

    expect(sidebar('unfreezeResults', 'all')).toEqual({ formulas: 3, sheets: 1, skipped: [] });
    // The formulas and the user's note are back; what they spilled is cleared so they can spill again,
    // and the user's own cells beside the spills are untouched.
    // (A formula cell shows its result once Sheets has calculated it: recalculate() below.)
    expect(snapshot()).toEqual(
      before.map((row, r) =>
        row.map((cell, c) => (cell.formula ? { ...cell, value: match.anything() } : spilled(r + 1, c + 1) ? { value: '' } : cell)),
      ),
    );
    const report = stack.gas.recalculate();
    expect(report.filter((r) => r.fn).map((r) => [r.cell, r.ok, r.remembered])).toEqual([
      ['Sheet1!D1', true, true],
      ['Sheet1!B2', true, true],
      ['Sheet1!D8', true, true],
    ]);
    expect(snapshot()).toEqual(before);
    expect(await stack.requests()).toBe(requests);
  });

  it('freezes only the formulas in the selection, each with its whole table; unfreezing needs the formula cell selected', () => {
    book().setActive('Sheet1', 'D8');
    expect(menu('freezeSelectionFromMenu')).toMatch(/^1 formula frozen as values/);
    expect(sheet1().getFormulas('B2')).toEqual([['=SEARCH_SCORE(A2:A4)']]);
    expect(
      sheet1()
        .getFormulas('D8:L10')
        .flat()
        .every((f) => f === ''),
    ).toBe(true);
    expect(
      sheet1()
        .getValues('D9:L10')
        .flat()
        .every((v) => v !== ''),
    ).toBe(true);

    const frozen = snapshot();
    book().setActive('Sheet1', 'E9:F10');
    expect(menu('unfreezeSelectionFromMenu')).toBe(
      'No frozen Search Demand result in the selection (Sheet1!E9:F10). Select the cells whose note starts with "Search Demand: frozen".',
    );
    expect(snapshot()).toEqual(frozen);

    book().setActive('Sheet1', 'D8');
    expect(menu('unfreezeSelectionFromMenu')).toBe(
      '1 formula put back: it runs again when Sheets recalculates (cached answers cost nothing).',
    );
    expect(sheet1().getFormulas('D8')).toEqual([['=SEARCH_TREND(A2:A3)']]);
    expect(
      sheet1()
        .getValues('E8:L10')
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(sheet1().cell('D8').note).toBeUndefined();
  });

  it('leaves frozen values someone changed since, until they are cleared', () => {
    book().setActive('Sheet1', 'D8');
    menu('freezeSelectionFromMenu');
    book().setValues('Sheet1!E9', [[999]]);
    const changed = snapshot();
    expect(sidebar('unfreezeResults', 'selection')).toEqual({
      formulas: 0,
      sheets: 0,
      skipped: [{ cell: 'Sheet1!D8', area: 'Sheet1!D8:L10', reason: 'changed' }],
    });
    expect(snapshot()).toEqual(changed);
    expect(menu('unfreezeSelectionFromMenu')).toBe(
      'Nothing unfrozen. Left frozen, as its values were changed since: Sheet1!D8:L10. ' +
        'To put it back anyway, empty those cells (Delete keeps the note) and unfreeze again.',
    );

    // Emptied by the user (the note stays, as Delete leaves notes): now it can come back.
    book().setValues(
      'Sheet1!D8',
      Array.from({ length: 3 }, () => Array<string>(9).fill('')),
    );
    expect(sidebar('unfreezeResults', 'selection')).toEqual({ formulas: 1, sheets: 1, skipped: [] });
    expect(sheet1().getFormulas('D8')).toEqual([['=SEARCH_TREND(A2:A3)']]);
  });

  it('freezes every sheet from the sidebar, and says which are on how many sheets', () => {
    book().addSheet('Brands');
    book().setFormula('Brands!A1', '=BRAND_SCORE("nike")', 81);
    expect(sidebar('freezeResults', 'all')).toEqual({ formulas: 4, sheets: 2, skipped: [] });
    expect(book().getFormulas('Brands!A1')).toEqual([['']]);
    expect(book().getValues('Brands!A1')).toEqual([[81]]);
    expect(sidebar('unfreezeResults', 'all')).toEqual({ formulas: 4, sheets: 2, skipped: [] });
    expect(book().getFormulas('Brands!A1')).toEqual([['=BRAND_SCORE("nike")']]);
  });
});

/** Cells of the layout that hold a spilled value (not a formula cell). */
function spilled(row: number, column: number): boolean {
  const inB = column === 2 && row === 3;
  const inTable = row >= 8 && row <= 10 && column >= 4 && column <= 12 && !(row === 8 && column === 4);
  return inB || inTable;
}

describe('values keep their types', () => {
  it('text stays text (even "=1+2" or "007"), numbers and booleans stay so; a cell showing an error is left as a formula', () => {
    const shown = ['007', '=1+2', 12.5, true, '2026-04', "'quoted", '#ERROR!'];
    shown.forEach((value, i) => book().setFormula(`Sheet1!H${i + 1}`, `=SEARCH_SCORE("k${i}")`, value));
    book().setActive('Sheet1', 'H1:H7');
    const writes = book().stats.writes;
    expect(sidebar('freezeResults', 'selection')).toEqual({
      formulas: 6,
      sheets: 1,
      skipped: [{ cell: 'Sheet1!H7', area: 'Sheet1!H7', reason: 'error' }],
    });
    expect(sheet1().getValues('H1:H7')).toEqual(shown.map((v) => [v]));
    expect(sheet1().getFormulas('H1:H7')).toEqual([...Array<string[]>(6).fill(['']), ['=SEARCH_SCORE("k6")']]);
    // A column of formulas is one write of values and one of notes, not one per cell.
    expect(book().stats.writes - writes).toBe(2);

    expect(sidebar('unfreezeResults', 'selection')).toEqual({ formulas: 6, sheets: 1, skipped: [] });
    expect(sheet1().getFormulas('H1:H6')).toEqual(shown.slice(0, 6).map((_, i) => [`=SEARCH_SCORE("k${i}")`]));
  });
});

describe('nothing to do', () => {
  it('says so and changes nothing: no formula of ours in the selection, nothing frozen, an unknown scope', () => {
    layout();
    const before = snapshot();
    book().setActive('Sheet1', 'F1:G3');
    expect(menu('freezeSelectionFromMenu')).toBe(
      "No Search Demand formula in the selection (Sheet1!F1:G3). Select the cells that hold the formulas (a table's formula is in its top-left cell).",
    );
    expect(sidebar('unfreezeResults', 'all')).toEqual({
      error: 'No frozen Search Demand result in this spreadsheet: nothing to unfreeze.',
    });
    expect(sidebar('freezeResults', 'everything')).toEqual({ error: 'Choose the selected cells or every sheet.' });
    expect(snapshot()).toEqual(before);
  });

  it('an empty spreadsheet has nothing to freeze', () => {
    expect(sidebar('freezeResults', 'all')).toEqual({ error: 'No Search Demand formula in this spreadsheet: nothing to freeze.' });
  });
});

describe('results that are not complete keep their formula', () => {
  /** What a row a daily limit left unfetched says; freeze recognises it by its opening. */
  const WAIT = /^Daily limit reached \(fresh searches\): Refresh all formulas after 00:00 UTC\.$/;
  const KEPT_LIMIT = '(daily limit reached: fills when you run Refresh all formulas after the reset)';

  /** Evaluates the formulas as Sheets would; none of the add-on's may throw. */
  function recalculate(): void {
    expect(
      stack.gas
        .recalculate()
        .filter((r) => r.fn)
        .every((r) => r.ok),
    ).toBe(true);
  }

  /** How many cells of the table in D5 say that a daily limit left them unfetched. */
  const waiting = () =>
    sheet1()
      .getValues('D5:L10')
      .flat()
      .filter((v) => typeof v === 'string' && WAIT.test(v)).length;

  /**
   * Sheet1: two complete formulas (C1 a score, F2 a column of scores), fetched with searches to spare;
   * then, with one fresh search left today, a table in D5 of four keywords (two cached, one fetched),
   * one row cut short by the limit. Nothing here depends on the table's layout.
   */
  async function cutShort(): Promise<void> {
    const ss = book();
    ss.setValues('Sheet1!A1:A4', [['coffee'], ['tea'], ['cocoa'], ['juice']]);
    ss.setFormula('Sheet1!C1', '=SEARCH_SCORE("coffee")');
    ss.setFormula('Sheet1!F2', '=SEARCH_SCORE(A1:A2)');
    recalculate();
    await stack.service.control.limits({ freshUsed: 249 });
    ss.setFormula('Sheet1!D5', '=SEARCH_TREND(A1:A4)');
    recalculate();
  }

  it('a table cut short by the daily limit stays a formula, the complete ones beside it are frozen, and the toast says which was kept and why', async () => {
    await cutShort();
    // The issue's case: one row of the table says when it is fetched; the others hold values.
    expect(waiting()).toBe(1);
    const table = sheet1().getValues('D5:L10');
    const requests = await stack.requests();

    book().setActive('Sheet1', 'A1:L10');
    expect(menu('freezeSelectionFromMenu')).toBe(
      "2 formulas frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula. " +
        `Kept 1 formula whose result is not complete: Sheet1!D5 ${KEPT_LIMIT}. Freeze it again once it is complete.`,
    );
    // The table is untouched: its formula, its values, no note; the others are values with their notes.
    expect(sheet1().getFormulas('A1:L10').flat().filter(Boolean)).toEqual(['=SEARCH_TREND(A1:A4)']);
    expect(sheet1().getValues('D5:L10')).toEqual(table);
    expect(sheet1().cell('D5').note).toBeUndefined();
    expect(sheet1().cell('C1').note).toMatch(frozenNote('=SEARCH_SCORE("coffee")', ''));
    expect(sheet1().cell('F2').note).toMatch(frozenNote('=SEARCH_SCORE(A1:A2)', '2 rows × 1 column'));
    expect(await stack.requests()).toBe(requests);

    // The sidebar says the same of every sheet, and nothing more is frozen.
    expect(sidebar('freezeResults', 'all')).toEqual({
      formulas: 0,
      sheets: 0,
      skipped: [{ cell: 'Sheet1!D5', area: 'Sheet1!D5', reason: 'limit' }],
    });

    // After the reset, Refresh all formulas fills the row; then it freezes.
    stack.gas.advanceClock(13 * 3_600_000);
    await stack.service.control.clock(13 * 3_600_000);
    expect(sidebar('refreshAllFormulas')).toMatchObject({ formulaCells: 1 });
    recalculate();
    expect(waiting()).toBe(0);
    expect(sidebar('freezeResults', 'all')).toEqual({ formulas: 1, sheets: 1, skipped: [] });
    expect(sheet1().getFormulas('D5')).toEqual([['']]);
  });

  it('a row of scores cut short, a formula that threw, and one that could have spilled a message are kept; the rest freeze and unfreeze', async () => {
    await cutShort();
    await stack.service.control.limits({ freshUsed: 250 });
    book().setValues('Sheet1!B2', [['mango']]);
    book().setFormula('Sheet1!L1', '=SEARCH_SCORE(A2:B2)');
    // Left of the table's rows: by position alone it could have spilled across them.
    book().setFormula('Sheet1!C7', '=SEARCH_SCORE("tea")');
    recalculate();
    expect(sheet1().getValues('L1:M1')).toEqual([[expect.any(Number), expect.stringMatching(WAIT)]]);
    // A formula that threw (its message on hover, not in the cell).
    book().setFormula('Sheet1!H1', '=SEARCH_SCORE("k")', '#ERROR!');

    expect(sidebar('freezeResults', 'all')).toEqual({
      formulas: 2,
      sheets: 1,
      skipped: [
        { cell: 'Sheet1!H1', area: 'Sheet1!H1', reason: 'error' },
        { cell: 'Sheet1!L1', area: 'Sheet1!L1', reason: 'limit' },
        { cell: 'Sheet1!D5', area: 'Sheet1!D5', reason: 'limit' },
        { cell: 'Sheet1!C7', area: 'Sheet1!C7', reason: 'limit' },
      ],
    });
    book().setActive('Sheet1', 'H1:L1');
    expect(menu('freezeSelectionFromMenu')).toBe(
      'Nothing frozen. Kept 2 formulas whose results are not complete: Sheet1!H1 (an error); ' +
        `Sheet1!L1 ${KEPT_LIMIT}. Freeze them again once they are complete.`,
    );
    expect(sheet1().getFormulas('H1:L1')).toEqual([['=SEARCH_SCORE("k")', '', '', '', '=SEARCH_SCORE(A2:B2)']]);

    // The complete ones were frozen, and unfreeze as before.
    expect(sidebar('unfreezeResults', 'all')).toEqual({ formulas: 2, sheets: 1, skipped: [] });
    expect(sheet1().getFormulas('C1')).toEqual([['=SEARCH_SCORE("coffee")']]);
    expect(sheet1().getFormulas('F2')).toEqual([['=SEARCH_SCORE(A1:A2)']]);
  });
});
