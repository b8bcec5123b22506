/**
 * No refresh loses a number (issue 46, point 1). The user's story: a sheet of 30 scores, two SEARCH_TREND
 * tables and a COMPANY_PROFILE, answered; a week later, with the day's fresh searches spent, Refresh all
 * formulas turned 29 scores into limit messages and the tables into #ERROR!. Now the refresh runs again
 * only the cells it can answer now (what the cache holds, what the service's 7-day cache answers, what
 * the allowance leaves) and leaves every other cell as it is, so Sheets keeps showing it; and where
 * Sheets runs a formula again by itself on such a day, the cell shows the answer the add-on kept, dated.
 * Run on the built Code.js in dev/gas against the local service, on the three naming schemas.
 */
import { describe, expect, it } from 'vitest';
import type { FreezeView, RefreshEstimate, RefreshView } from '../../src/shared/sidebar-api';
import { messageKind } from '../../src/server/errors/cell-messages';
import { KEY, rawAnswer, useStack } from './stack';

const WEEK = 7 * 86_400_000;
const KEYWORDS = Array.from({ length: 30 }, (_, i) => [`client keyword ${i + 1}`]);
/** A keyword another account asks during the week: the service answers it from its 7-day cache, free. */
const ASKED_THIS_WEEK = 'asked this week';

const isNumber = (v: unknown) => typeof v === 'number' || v instanceof Date;

/** Every position of a grid holding a number or a date. */
function numbersOf(grid: unknown[][]): Map<string, unknown> {
  const found = new Map<string, unknown>();
  grid.forEach((row, r) => row.forEach((v, c) => isNumber(v) && found.set(`${r + 1},${c + 1}`, v)));
  return found;
}

/** The values of one column (1-based) of a grid. */
const column = (grid: unknown[][], c: number) => grid.map((row) => row[c - 1] ?? '');

describe.each([
  ['a', {}],
  ['b', {}],
  ['c', { world: 'refresh' }],
] as const)('schema %s', (schema, world) => {
  // Every cache item kept to its expiry: the counts are exact (a test below lets Google drop them early).
  const stack = useStack(schema, { ...world, cacheEarlyRemoval: { rate: 0 } });
  const sheet = () => stack.gas.spreadsheet.sheet('Sheet1');
  const sidebar = <T>(fn: string, ...args: unknown[]): T => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };
  const menu = (fn: string): string => {
    const result = stack.gas.run(fn, [], { mode: 'menu' });
    expect(result.ok, result.error).toBe(true);
    return stack.gas.toasts.at(-1)?.message ?? '';
  };

  /** The client's sheet, answered: 30 scores, two trends, a company profile, and the ranking overview (no search). */
  function answeredSheet(): void {
    const book = stack.gas.spreadsheet;
    book.setValues('Sheet1!A1:A31', [['Keyword'], ...KEYWORDS]);
    book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A31)');
    book.setFormula('Sheet1!D1', `=SEARCH_TREND("${ASKED_THIS_WEEK}")`);
    book.setFormula('Sheet1!G1', '=SEARCH_TREND("cold brew")');
    book.setFormula('Sheet1!J1', '=COMPANY_PROFILE("Northwind Traders")');
    book.setFormula('Sheet1!M1', '=RANKING_OVERVIEW()');
    const report = stack.gas.recalculate();
    expect(report.every((r) => r.ok)).toBe(true);
    expect(column(sheet().values, 2).slice(1, 31).every(isNumber)).toBe(true);
  }

  /** A week later on both clocks; another account asked one keyword this week; the day's fresh searches spent. */
  async function aWeekLaterSpent(): Promise<void> {
    stack.gas.advanceClock(WEEK);
    await stack.service.control.clock(WEEK);
    await rawAnswer(stack.service, '/trend', { keyword: ASKED_THIS_WEEK });
    await stack.service.control.limits({ key: KEY, freshUsed: 250 });
    await stack.service.control.resetStats();
  }

  describe.each([
    ['a usage read from before the reset', true],
    ['a current usage read', false],
  ] as const)('Refresh all formulas a week later, the fresh searches spent, with %s', (_, stale) => {
    it('keeps every number the sheet showed, refreshes what can be answered, says how many wait and until when, and sends what the estimate said', async () => {
      if (stale) sidebar('refreshUsage'); // the last read: a week old, from before the day's reset
      answeredSheet();
      const before = sheet().values;
      await aWeekLaterSpent();
      if (!stale) sidebar('refreshUsage'); // read now: no fresh search left
      const readFirst = await stack.requests();
      expect(readFirst).toBe(stale ? 0 : 1);

      // The sidebar's count before the click: with a stale read it reads what is left first (one request).
      const estimate = sidebar<RefreshEstimate>('estimateRefresh', true);
      expect(await stack.requests()).toBe(readFirst + (stale ? 1 : 0));
      expect(estimate).toMatchObject({
        formulaCells: 5,
        // The ranking overview costs no search: fetched. The keyword another account asked this week is
        // asked for once (the service may have it cached). The others keep what they show.
        cellsRerun: 1,
        cellsWaiting: 4,
        waitingFor: 'fresh searches',
        resetAt: expect.stringMatching(/T00:00:00/) as unknown,
        freshSearches: 0,
        probes: 1,
        requests: 2,
        usageReads: 0,
      });
      const counted = await stack.requests();

      const toast = menu('refreshFormulasFromMenu');
      const report = stack.gas.recalculate();
      // Exactly what the estimate said; the formulas that ran found their answers cached.
      expect((await stack.requests()) - counted).toBe(estimate.requests);
      expect((await stack.service.control.stats()).freshCredits).toBe(0);
      expect(toast).toBe(
        '2 formula cells recalculating, from answers cached or fetched just now (2 requests; 2 got the SDM_REFRESH argument the first time). 3 keep what they show until the fresh searches reset, after 00:00 UTC.',
      );

      // The cells that could be answered ran again (the keyword the service had cached was found); the
      // others were not run: Sheets shows what it showed.
      expect(report.map((r) => [r.cell, r.remembered])).toEqual([
        ['Sheet1!D1', false],
        ['Sheet1!G1', true],
        ['Sheet1!J1', true],
        ['Sheet1!M1', false],
        ['Sheet1!B2', true],
      ]);
      const after = sheet().values;
      for (const c of [2, 7, 8, 10, 11]) expect(column(after, c)).toEqual(column(before, c));
      // Answered again a week later: its table (labels in D, values in E) says when it was fetched.
      expect([column(after, 4), column(after, 5)]).not.toEqual([column(before, 4), column(before, 5)]);
      // Every number the sheet showed is still shown; no cell says #ERROR! or a limit's words.
      const now = numbersOf(after);
      for (const at of numbersOf(before).keys()) expect(now.has(at), at).toBe(true);
      expect(after.flat().filter((v) => v === '#ERROR!' || messageKind(v))).toEqual([]);
    });
  });

  it('formulas that share a query run again or wait together: a header of months never moves apart from the volumes under it', async () => {
    // Laid out as a keyword research sheet once was: the months of A5's answer, a formula of their own,
    // over one range formula's monthly volumes. The paths are read from an answer's shape, never named.
    const raw = (await rawAnswer(stack.service, '/trend', { keyword: 'any keyword' })) as Record<string, unknown>;
    const [list, records] = Object.entries(raw).find((e): e is [string, Record<string, unknown>[]] => Array.isArray(e[1])) ?? ['', []];
    const keys = Object.entries(records[0] ?? {});
    const date = keys.find(([, v]) => typeof v === 'string' && /^\d{4}-\d\d/.test(v))?.[0];
    const volume = keys.find(([, v]) => typeof v === 'number')?.[0];
    const keywords = KEYWORDS.slice(0, 8).map(([k]) => k as string);
    const book = stack.gas.spreadsheet;
    book.setValues(
      'Sheet1!A5:A12',
      keywords.map((k) => [k]),
    );
    book.setFormula('Sheet1!G4', `=SEARCH_TREND(A5, "${list}.${date}", "transpose")`);
    book.setFormula('Sheet1!G5', `=SEARCH_TREND(A5:A12, "${list}.${volume}")`);
    expect(stack.gas.recalculate().every((r) => r.ok)).toBe(true);
    /** Each keyword's figure by month (`YYYY-MM`), as the service answers now and answered before. */
    const known = new Map<string, Map<string, unknown>>();
    const learn = async () => {
      for (const kw of keywords) {
        const answer = (await rawAnswer(stack.service, '/trend', { keyword: kw })) as Record<string, Record<string, unknown>[]>;
        const months = (answer[list] ?? []).map((r) => [String(r[date ?? '']).slice(0, 7), r[volume ?? '']] as const);
        known.set(kw, new Map([...(known.get(kw) ?? []), ...months]));
      }
    };
    await learn();
    /** What the sheet shows under each month of its header, row by row, against each keyword's figure of that month. */
    const aligned = () => {
      const values = sheet().values;
      const header = (values[3] ?? []).slice(6, 18).map((d) => (d instanceof Date ? d.toISOString().slice(0, 7) : d));
      return keywords.map((kw, i) => [kw, (values[4 + i] ?? []).slice(6, 18), header.map((m) => known.get(kw)?.get(String(m)))]);
    };
    for (const [kw, shown, expected] of aligned()) expect([kw, shown]).toEqual([kw, expected]);
    const before = sheet().values;

    // A new month: the service's months moved on. Another account asked A5's keyword (free from the
    // service's 7-day cache); the day's fresh searches are spent, so A5:A12's other keywords cannot come.
    stack.gas.advanceClock(31 * 86_400_000);
    await stack.service.control.clock(31 * 86_400_000);
    await rawAnswer(stack.service, '/trend', { keyword: keywords[0] as string });
    await stack.service.control.limits({ key: KEY, freshUsed: 250 });
    sidebar('refreshUsage');
    const view = sidebar<RefreshView>('refreshAllFormulas');
    expect(view).toMatchObject({ formulaCells: 0, waiting: 2, waitingFor: 'fresh searches' });
    stack.gas.recalculate();
    // Both keep what they showed: the header did not move on without the volumes under it.
    expect(sheet().values).toEqual(before);

    // The next day the searches are back: both run again, the header's months over the volumes of those months.
    stack.gas.advanceClock(86_400_000);
    await stack.service.control.clock(86_400_000);
    expect(sidebar<RefreshView>('refreshAllFormulas')).toMatchObject({ formulaCells: 2, waiting: 0 });
    stack.gas.recalculate();
    await learn();
    expect(sheet().values).not.toEqual(before);
    for (const [kw, shown, expected] of aligned()) expect([kw, shown]).toEqual([kw, expected]);
  });

  it('a refresh with nothing to fetch sends nothing, and runs every formula again from the cache', async () => {
    answeredSheet();
    await stack.service.control.resetStats();
    const view = sidebar<RefreshView>('refreshAllFormulas');
    expect(view).toMatchObject({ formulaCells: 5, waiting: 0, requests: 0 });
    expect(stack.gas.recalculate().every((r) => r.ok && !r.remembered)).toBe(true);
    expect(await stack.requests()).toBe(0);
  });

  it("leaves the others' arguments as they are: the formulas that run again end with a counter none of them ends with", async () => {
    answeredSheet();
    sidebar('refreshAllFormulas'); // every formula ends with SDM_REFRESH now
    await aWeekLaterSpent();
    const formulas = () => Object.fromEntries(['B2', 'D1', 'G1', 'J1', 'M1'].map((a1) => [a1, sheet().getFormulas(a1)[0]?.[0]]));
    const before = formulas();
    sidebar('refreshAllFormulas');
    const after = formulas();
    for (const a1 of ['B2', 'G1', 'J1']) expect(after[a1]).toBe(before[a1]);
    expect(after.D1).toBe(`=SEARCH_TREND("${ASKED_THIS_WEEK}", SDM_REFRESH_2)`);
    expect(after.M1).toBe('=RANKING_OVERVIEW(SDM_REFRESH_2)');

    // A day later the searches are back: everything can be answered, and every formula runs again on one counter.
    stack.gas.advanceClock(86_400_000);
    await stack.service.control.clock(86_400_000);
    const view = sidebar<RefreshView>('refreshAllFormulas');
    expect(view).toMatchObject({ formulaCells: 5, waiting: 0 });
    expect(Object.values(formulas()).every((f) => /, SDM_REFRESH\)$|\(SDM_REFRESH\)$/.test(f ?? ''))).toBe(true);
    expect(stack.gas.recalculate().every((r) => r.ok && !r.remembered)).toBe(true);
  });

  it('where Sheets runs the formulas again by itself, each shows the answer the add-on kept, dated and said not current; Freeze keeps them', async () => {
    answeredSheet();
    sidebar('estimateRefresh'); // the sidebar counting a refresh keeps the answers the cache holds
    const before = sheet().values;
    await aWeekLaterSpent();
    const report = stack.gas.recalculate(undefined, { forgetRemembered: true });
    expect(report.every((r) => r.ok && !r.remembered)).toBe(true);
    // At most a handful went past the limit (a read of what is left, and the handful of requests refused).
    expect(await stack.requests()).toBeLessThanOrEqual(5);
    const after = sheet().values;
    const now = numbersOf(after);
    // The same numbers where they were; answered anew where they could be: the keyword another account
    // asked this week (D:E, free from the service's cache) and the ranking overview (M on, no search).
    for (const [at, value] of numbersOf(before)) {
      if ([4, 5].includes(Number(at.split(',')[1])) || Number(at.split(',')[1]) >= 13) expect(now.has(at), at).toBe(true);
      else expect([at, now.get(at)]).toEqual([at, value]);
    }
    expect(after.flat().filter((v) => v === '#ERROR!')).toEqual([]);
    // The tables say under them that they are kept answers (the scores carry no line: see functions.md).
    const lines = after.flat().filter((v) => typeof v === 'string' && v.startsWith('Kept answer of'));
    expect(lines).toEqual(Array(2).fill('Kept answer of 18 Mar 2026: not current (daily limit), fetched again after 00:00 UTC.'));
    // Freeze leaves a kept answer as a formula: it is not current.
    const frozen = sidebar<FreezeView>('freezeResults', 'all');
    expect(frozen.skipped.map((s) => [s.cell, s.reason])).toEqual(
      expect.arrayContaining([
        ['Sheet1!G1', 'limit'],
        ['Sheet1!J1', 'limit'],
      ]),
    );
  });
});

describe('with Google dropping cache items early (dev/gas default)', () => {
  const stack = useStack('a');

  it('a refresh on a spent day still loses no number, and Sheets re-running everything shows the kept answers', async () => {
    const book = stack.gas.spreadsheet;
    book.setValues('Sheet1!A2:A31', KEYWORDS);
    book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A31)');
    book.setFormula('Sheet1!D1', '=SEARCH_TREND("oat milk")');
    stack.gas.recalculate();
    expect(stack.gas.run('estimateRefresh', [], { mode: 'sidebar' }).ok).toBe(true); // keeps what the cache holds
    const before = numbersOf(book.sheet('Sheet1').values);
    stack.gas.advanceClock(WEEK);
    await stack.service.control.clock(WEEK);
    await stack.service.control.limits({ key: KEY, freshUsed: 250 });
    expect(stack.gas.run('refreshFormulasFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    for (const forgetRemembered of [false, true]) {
      stack.gas.recalculate(undefined, { forgetRemembered });
      const now = numbersOf(book.sheet('Sheet1').values);
      for (const [at, value] of before) expect([at, now.get(at)]).toEqual([at, value]);
    }
  });
});
