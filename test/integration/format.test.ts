/**
 * Format results as a user runs it (the sidebar's call, the menu's item), over every function's result
 * on schemas a and b and on a service nothing of ours knows (schema c, a world of its own), in the
 * spreadsheet's time zone: what a client then reads (months as months, counts grouped, shares and
 * percent units as percentages, indexes with two decimals, date-times saying their zone), with nothing
 * sent and no value changed, in one read and one write of the sheet. Ranking tables, tracking sheets and
 * templates read so from the start. Inputs come from the service's own answers, never from names we know.
 */
import { describe, expect, it } from 'vitest';
import { displayValue, type SheetCellValue } from '../../dev/gas/index.js';
import { serviceInputs, useStack, type Stack } from './stack';

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/** The text a client reads in each cell of a sheet: its value under its number format (getDisplayValues). */
function shown(stack: Stack, sheet: string): { values: SheetCellValue[][]; texts: string[][] } {
  const cells = stack.gas.spreadsheet.sheet(sheet).cells;
  const zone = stack.gas.spreadsheet.timeZone;
  return {
    values: cells.map((row) => row.map((c) => c.value)),
    texts: cells.map((row) => row.map((c) => displayValue(c.value, c.format?.numberFormat, zone))),
  };
}

/** A month as a client reads it, in the spreadsheet's zone: "Mar 2025". */
const monthText = (d: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: zone }).format(d).replace(',', '');

/** Whether a date is a midnight where the spreadsheet is. */
const midnightIn = (d: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23', timeZone: zone }).format(
    d,
  ) === '00:00:00';

/** Whether `text` shows `value` times `scale` with one decimal and a % sign (rounding either way). */
const percentOf = (text: string, value: number, scale: number) =>
  /^-?\d+\.\d%$/.test(text) && Math.abs(parseFloat(text) - value * scale) <= 0.05 + 1e-9;

/**
 * What every formatted result must read as, whatever the service names its fields: each date a month,
 * a day or a date-time (never 3/1/2025), no number with more than two decimals, every whole number from
 * 10,000 up grouped. `theirs` leaves out the user's own cells.
 */
function expectReadable(stack: Stack, sheet: string, theirs: (row: number, column: number) => boolean = () => false): void {
  const { values, texts: seen } = shown(stack, sheet);
  values.forEach((row, r) =>
    row.forEach((v, c) => {
      if (theirs(r + 1, c + 1)) return;
      const text = seen[r]?.[c] ?? '';
      const where = `${sheet}!R${r + 1}C${c + 1} ${String(v)} shows "${text}"`;
      if (isDate(v)) expect(text, where).toMatch(/^(?:[A-Z][a-z]{2} \d{4}|\d{4}-\d\d-\d\d(?: \d\d:\d\d(?: .+)?)?)$/);
      if (typeof v !== 'number') return;
      expect(text, where).not.toMatch(/\.\d{3,}/);
      if (Number.isInteger(v) && Math.abs(v) >= 10_000) expect(text, where).toMatch(/^-?\d{1,3}(,\d{3})+$/);
    }),
  );
}

/** Calls a sidebar function; its value, or its error as { error }. */
function sidebar(stack: Stack, fn: string, ...args: unknown[]): unknown {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  return result.ok ? result.value : { error: result.error };
}

const SERVICES = [
  { name: 'schema a', schema: 'a', world: '', zone: 'Etc/UTC', zoneWords: 'UTC' },
  { name: 'schema b, a spreadsheet in New York', schema: 'b', world: '', zone: 'America/New_York', zoneWords: 'America/New York' },
  { name: 'a service nothing of ours knows (schema c, a world of its own)', schema: 'c', world: '7', zone: 'Etc/UTC', zoneWords: 'UTC' },
] as const;

describe.each(SERVICES)('$name', ({ schema, world, zone, zoneWords }) => {
  const stack = useStack(schema, world ? { world } : {});

  /** Every function's result on a sheet of its own (a range's inputs in column A, the formula in C1). */
  async function everyFunction(): Promise<string[]> {
    const book = stack.gas.spreadsheet;
    book.timeZone = zone;
    expect(stack.gas.run('showSidebar', [], { mode: 'menu' }).ok).toBe(true); // keeps the zone for formulas
    const { group, slug, company } = await serviceInputs(stack);
    const q = (text: string) => `"${text}"`;
    const sheets: [string, string][] = [
      ['Trend', '=SEARCH_TREND("standing desk")'],
      ['Trends', '=SEARCH_TREND(A2:A3)'],
      ['Scores', '=SEARCH_SCORE(A2:A3)'],
      ['Compare', '=SEARCH_COMPARE(A2:A3)'],
      ['Share', '=SHARE_OF_SEARCH(A2:A3)'],
      ['Season', '=SEARCH_SEASONALITY("coffee")'],
      ['Seasons', '=SEARCH_SEASONALITY(A2:A3)'],
      ['Brand score', `=BRAND_SCORE(${q(slug)})`],
      ['Brand', `=BRAND_PROFILE(${q(slug)})`],
      ['Company', `=COMPANY_PROFILE(${q(company)})`],
      ['Markets', '=MARKET_ANALYSIS()'],
      ['Industries', '=AI_INDUSTRIES()'],
      ['Overview', '=RANKING_OVERVIEW()'],
      ['List', `=RANKING_LIST(${q(group)})`],
      ['Usage', '=API_USAGE()'],
    ];
    for (const [name, formula] of sheets) {
      book.addSheet(name, [[''], ['standing desk'], ['coffee']]);
      book.setFormula(`'${name}'!C1`, formula);
    }
    const evaluated = stack.gas.recalculate().filter((r) => r.fn);
    expect(evaluated.filter((r) => !r.ok)).toEqual([]);
    return sheets.map(([name]) => name);
  }

  it("formats every function's result as a client reads it, sending nothing and changing no value", async () => {
    const names = await everyFunction();
    const book = stack.gas.spreadsheet;
    const before = names.map((name) => book.sheet(name).values);
    await stack.service.control.resetStats();

    const view = sidebar(stack, 'formatResults', 'all') as { results: number; cells: number; sheets: number };
    expect(view).toMatchObject({ results: names.length, scope: 'all' });
    expect(view.cells).toBeGreaterThan(100);
    expect(await stack.requests()).toBe(0);
    expect(names.map((name) => book.sheet(name).values)).toEqual(before);
    for (const name of names) expectReadable(stack, name);

    // One keyword's trend: its months as months beside their counts, percent units as percentages, the
    // time of the answer saying its zone in its label.
    const trend = shown(stack, 'Trend');
    const months = trend.values.flatMap((row, r) => (isDate(row[2]) && typeof row[3] === 'number' ? [r] : []));
    expect(months.length).toBeGreaterThanOrEqual(12);
    for (const r of months) {
      expect(trend.texts[r]?.[2]).toBe(monthText(trend.values[r]?.[2] as Date, zone));
      expect(trend.texts[r]?.[3]).toBe((trend.values[r]?.[3] as number).toLocaleString('en-US'));
    }
    const percentUnits = trend.values.flatMap((row, r) => (String(row[2]).endsWith('%') && typeof row[3] === 'number' ? [r] : []));
    expect(percentUnits.length).toBeGreaterThan(0);
    for (const r of percentUnits) expect(percentOf(trend.texts[r]?.[3] ?? '', trend.values[r]?.[3] as number, 1)).toBe(true);
    const moment = trend.values.findIndex((row) => isDate(row[3]) && !midnightIn(row[3], zone));
    expect(trend.texts[moment]?.[2]).toBe(`${String(trend.values[moment]?.[2])} (${zoneWords})`);
    expect(trend.texts[moment]?.[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    // Shares of search as percentages of the whole; seasonal indexes with two decimals.
    const share = shown(stack, 'Share');
    const shares = share.values.flatMap((row, r) => row.flatMap((v, c) => (typeof v === 'number' ? [[r, c, v] as const] : [])));
    expect(shares.length).toBeGreaterThanOrEqual(24);
    for (const [r, c, v] of shares) expect(percentOf(share.texts[r]?.[c] ?? '', v, 100)).toBe(true);
    for (const name of ['Season', 'Seasons']) {
      const season = shown(stack, name);
      const indexes = season.values.flatMap((row, r) =>
        row.flatMap((v, c) => (typeof v === 'number' && !Number.isInteger(v) ? [[r, c, v] as const] : [])),
      );
      expect(indexes.length).toBeGreaterThanOrEqual(12);
      for (const [r, c, v] of indexes) expect(season.texts[r]?.[c]).toBe(v.toFixed(2));
    }

    // A table's column named as a share reads as percentages; the usage's counts are grouped.
    const markets = shown(stack, 'Markets');
    const header = markets.values.find((row) => row.some((v) => typeof v === 'string' && /share/i.test(v))) ?? [];
    const at = markets.values.indexOf(header);
    const column = header.findIndex((v) => typeof v === 'string' && /share/i.test(v));
    const cells = markets.values.slice(at + 1).flatMap((row, i) => (typeof row[column] === 'number' ? [i + at + 1] : []));
    expect(cells.length).toBeGreaterThan(0);
    for (const r of cells) expect(percentOf(markets.texts[r]?.[column] ?? '', markets.values[r]?.[column] as number, 100)).toBe(true);
    const usage = shown(stack, 'Usage');
    const counts = usage.values.flatMap((row, r) => (typeof row[3] === 'number' && row[3] >= 1000 ? [r] : []));
    expect(counts.length).toBeGreaterThan(0);
    for (const r of counts) expect(usage.texts[r]?.[3]).toBe((usage.values[r]?.[3] as number).toLocaleString('en-US'));
  });

  it('reads the sheet once and writes it once; formatting again changes nothing', async () => {
    await everyFunction();
    stack.gas.spreadsheet.setActive('Trend', 'C1');
    const first = stack.gas.run('formatResults', ['selection'], { mode: 'sidebar' });
    expect(first.value).toMatchObject({ results: 1, sheets: 1, scope: 'selection' });
    const reads = (result: typeof first, method: string) => result.serviceCalls[`spreadsheet.${method}`] ?? 0;
    for (const method of ['getDataRange', 'getValues', 'getFormulas', 'getNotes', 'getNumberFormats', 'setNumberFormats'])
      expect(reads(first, method), method).toBe(1);
    expect(first.fetchCalls).toBe(0);
    const again = stack.gas.run('formatResults', ['selection'], { mode: 'sidebar' });
    expect(again.value).toEqual({
      results: 1,
      cells: 0,
      sheets: 0,
      scope: 'selection',
      message: '1 result already formatted: nothing changed.',
    });
    expect(reads(again, 'setNumberFormats')).toBe(0);
  });
});

describe('where Format results looks', () => {
  const stack = useStack('a');
  const book = () => stack.gas.spreadsheet;

  function layout(): void {
    book().setValues('Sheet1!A1:A3', [['keyword'], ['standing desk'], ['coffee']]);
    book().setFormula('Sheet1!C1', '=SEARCH_TREND(A2:A3)');
    book().setFormula('Sheet1!C10', '=SHARE_OF_SEARCH(A2:A3)');
    book().setValues('Sheet1!M1', [['my own note'], [0.123456]]);
    expect(stack.gas.recalculate().every((r) => r.ok)).toBe(true);
  }

  it('a selection with no result says so and changes nothing, from the sidebar and the menu', () => {
    layout();
    const before = book().sheet('Sheet1').cells;
    book().setActive('Sheet1', 'M1:N5');
    expect(sidebar(stack, 'formatResults', 'selection')).toEqual({
      error:
        'No Search Demand results in the selection (Sheet1!M1:N5): nothing to format. Select cells of a result, or one empty cell to format the whole sheet.',
    });
    expect(stack.gas.run('formatResultsFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.toasts.at(-1)?.message).toBe(
      'No Search Demand results in the selection (Sheet1!M1:N5): nothing to format. Select cells of a result, or one empty cell to format the whole sheet.',
    );
    expect(book().sheet('Sheet1').cells).toEqual(before);
    book().addSheet('Empty');
    book().setActive('Empty', 'B2');
    expect(sidebar(stack, 'formatResults', 'selection')).toEqual({ error: 'No Search Demand results on Empty: nothing to format.' });
  });

  it("one cell selected outside every result formats the sheet's results, and only them; the menu says so", () => {
    layout();
    book().setActive('Sheet1', 'Z50');
    expect(stack.gas.run('formatResultsFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.toasts.at(-1)?.message).toMatch(
      /^2 results on this sheet formatted \(\d+ cells\): months, counts, shares and indexes as people read them; no value changed\.$/,
    );
    expectReadable(stack, 'Sheet1', (_row, column) => column === 13);
    // The user's own cells keep their formats: the number beside the results is not a result.
    expect(shown(stack, 'Sheet1').texts[1]?.[12]).toBe('0.123456');
    expect(book().sheet('Sheet1').cell('A2').format?.numberFormat).toBeUndefined();
  });

  it('formats a frozen result, recognised by its note', () => {
    layout();
    book().setActive('Sheet1', 'C10');
    expect(stack.gas.run('freezeSelectionFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    expect(book().sheet('Sheet1').getFormulas('C10')).toEqual([['']]);
    const values = book().sheet('Sheet1').values;
    book().setActive('Sheet1', 'D12');
    expect(sidebar(stack, 'formatResults', 'selection')).toMatchObject({ results: 1, sheets: 1, scope: 'selection' });
    expect(book().sheet('Sheet1').values).toEqual(values);
    const share = shown(stack, 'Sheet1');
    const v = share.values[11]?.[3] as number;
    expect(percentOf(share.texts[11]?.[3] ?? '', v, 100)).toBe(true);
    expect(share.texts[1]?.[3]).toBe(String(share.values[1]?.[3])); // the range's result was not selected
  });
});

describe('what the add-on writes itself reads so from the start', () => {
  const stack = useStack('b');
  const call = <T>(fn: string, ...args: unknown[]): T => {
    const result = stack.gas.run(fn, args, { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };

  it('a ranking table', async () => {
    const { group } = await serviceInputs(stack);
    const view = call<{ tables: { sheetName: string }[] }>('insertRankingTable', {
      group,
      placement: 'new-sheet',
      columns: null,
      limit: null,
    });
    const sheet = view.tables[0]?.sheetName as string;
    expectReadable(stack, sheet);
    const { values, texts: seen } = shown(stack, sheet);
    const grouped = values.flat().filter((v) => typeof v === 'number' && v >= 10_000);
    expect(grouped.length).toBeGreaterThan(0);
    expect(seen.flat().some((t) => /^\d{1,3}(,\d{3})+$/.test(t))).toBe(true);
    // Format results finds the table by its record and gives it the same formats: nothing to change.
    stack.gas.spreadsheet.setActive(sheet, 'A3');
    expect(sidebar(stack, 'formatResults', 'selection')).toMatchObject({ results: 1, cells: 0 });
  });

  it('a tracking sheet', () => {
    const view = call<{ lists: { sheetName: string }[] }>('addTrackingList', {
      name: 'Drinks',
      kind: 'keywords',
      items: ['standing desk', 'coffee'],
      period: 'week',
      fields: null,
    });
    const sheet = view.lists[0]?.sheetName as string;
    expectReadable(stack, sheet);
    const { values, texts: seen } = shown(stack, sheet);
    const days = values.flatMap((row, r) => (isDate(row[0]) ? [seen[r]?.[0]] : []));
    expect(days.length).toBeGreaterThan(12);
    for (const day of days) expect(day).toMatch(/^\d{4}-\d\d-\d\d$/);
    stack.gas.spreadsheet.setActive(sheet, 'A3');
    expect(sidebar(stack, 'formatResults', 'selection')).toMatchObject({ results: 1, cells: 0 });
  });

  it('templates: keyword research and share of search, once Sheets has run their formulas', () => {
    const research = call<string>('insertTemplate', 'keyword-research');
    const share = call<string>('insertTemplate', 'share-of-search');
    stack.gas.recalculate();
    expectReadable(stack, research);
    const { values, texts: seen } = shown(stack, research);
    const months = values.flatMap((row, r) => row.flatMap((v, c) => (isDate(v) ? [seen[r]?.[c]] : [])));
    expect(months.length).toBeGreaterThan(12);
    for (const month of months) expect(month).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    const growth = values[3]?.findIndex((v) => v === 'Year-on-year growth') ?? -1;
    expect(growth).toBeGreaterThan(0);
    for (const row of seen.slice(4, 9)) expect(row[growth]).toMatch(/^-?\d+\.\d%$/); // percent units, as the field says
    const shares = shown(stack, share);
    const fractions = shares.values.flatMap((row, r) => row.flatMap((v, c) => (typeof v === 'number' ? [[r, c, v] as const] : [])));
    expect(fractions.length).toBeGreaterThan(12);
    for (const [r, c, v] of fractions) expect(percentOf(shares.texts[r]?.[c] ?? '', v, 100)).toBe(true);
  });
});
