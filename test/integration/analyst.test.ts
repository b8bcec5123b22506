/**
 * SEARCH_COMPARE, SHARE_OF_SEARCH and SEARCH_SEASONALITY (issue 40, points 1 and 2): their numbers are
 * the service's monthly searches (found here in the raw answer by shape, independently of the add-on),
 * shares add up to 1 each month, seasonal indexes average 1; over keywords SEARCH_TREND fetched they send
 * nothing, and a range of new keywords is one batch within what is left of the day's allowance.
 */
import { describe, expect, it } from 'vitest';
import { rawAnswer, useStack, type Stack } from './stack';

type Grid = unknown[][];

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';
const column = (words: string[]) => words.map((w) => [w]);
const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

/**
 * The monthly searches of a raw /trend answer, by shape: the longest list anywhere in it whose every item
 * holds a `YYYY-MM…` text and a number. Month (`YYYY-MM`) → searches.
 */
function monthlySearches(json: unknown): Map<string, number> {
  let best: Map<string, number> = new Map();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      const pairs = v.map((item) => {
        if (!item || typeof item !== 'object' || Array.isArray(item)) return null;
        const values = Object.values(item as Record<string, unknown>);
        const month = values.find((x): x is string => typeof x === 'string' && /^\d{4}-\d{2}/.test(x));
        const searches = values.find((x): x is number => typeof x === 'number');
        return month !== undefined && searches !== undefined ? ([month.slice(0, 7), searches] as const) : null;
      });
      if (pairs.length > best.size && pairs.every((p) => p !== null)) best = new Map(pairs as [string, number][]);
      v.forEach(walk);
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(json);
  return best;
}

async function searchesOf(stack: Stack, keyword: string): Promise<Map<string, number>> {
  const series = monthlySearches(await rawAnswer(stack.service, '/trend', { keyword }));
  expect(series.size).toBe(12);
  return series;
}

/** A date cell's month where the spreadsheet is (`YYYY-MM`). */
function monthOf(stack: Stack, date: unknown): string {
  expect(isDate(date)).toBe(true);
  const zone = stack.gas.spreadsheet.timeZone;
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(date as Date).slice(0, 7);
}

const KEYWORDS = ['coffee', 'tea', 'espresso'];

describe.each(['a', 'c'] as const)('schema %s', (schema) => {
  const stack = useStack(schema);

  it('SEARCH_COMPARE: a month column, then each keyword’s searches as the service answered them', async () => {
    stack.gas.spreadsheet.timeZone = 'America/New_York';
    const grid = stack.value('SEARCH_COMPARE', column(['Coffee', ' TEA ', 'espresso'])) as Grid;
    // Each keyword headed as typed (trimmed), fetched as normalised: the same answers as lower case.
    expect(grid[0]).toEqual(['Month', 'Coffee', 'TEA', 'espresso']);
    const rows = grid.slice(1);
    expect(rows).toHaveLength(12);
    for (const [k, keyword] of KEYWORDS.entries()) {
      const series = await searchesOf(stack, keyword);
      for (const row of rows) expect(row[k + 1]).toBe(series.get(monthOf(stack, row[0])));
    }
    const months = rows.map((row) => monthOf(stack, row[0]));
    expect(months).toEqual([...months].sort());
    // noHeaders drops the header; transpose turns it (keywords down, months across).
    expect(stack.value('SEARCH_COMPARE', column(KEYWORDS), 'noHeaders')).toEqual(rows);
    expect((stack.value('SEARCH_COMPARE', column(KEYWORDS), 'transpose') as Grid).map((r) => r[0])).toEqual(['Month', ...KEYWORDS]);
  });

  it('SHARE_OF_SEARCH: each keyword’s share of the month’s searches, adding up to 1, and of the 12 months', async () => {
    const grid = stack.value('SHARE_OF_SEARCH', column(KEYWORDS)) as Grid;
    expect(grid[0]).toEqual(['Month', ...KEYWORDS]);
    const series = await Promise.all(KEYWORDS.map((k) => searchesOf(stack, k)));
    const months = grid.slice(1, -1);
    expect(months).toHaveLength(12);
    for (const row of months) {
      const month = monthOf(stack, row[0]);
      const total = sum(series.map((s) => s.get(month) ?? 0));
      expect(sum(row.slice(1) as number[])).toBeCloseTo(1, 12);
      series.forEach((s, k) => expect(row[k + 1]).toBeCloseTo((s.get(month) ?? 0) / total, 12));
    }
    const year = grid[grid.length - 1] as unknown[];
    expect(year[0]).toBe('12 months');
    const totals = series.map((s) => sum([...s.values()]));
    totals.forEach((t, k) => expect(year[k + 1]).toBeCloseTo(t / sum(totals), 12));
    expect(sum(year.slice(1) as number[])).toBeCloseTo(1, 12);
  });

  it('SEARCH_SEASONALITY: searches, indexes that average 1, the peak and low months, and what one year cannot tell', async () => {
    const grid = stack.value('SEARCH_SEASONALITY', 'coffee') as Grid;
    const series = await searchesOf(stack, 'coffee');
    expect(grid[0]).toEqual(['Month', 'Searches', 'Seasonal index']);
    const months = grid.slice(1, 13);
    const mean = sum([...series.values()]) / 12;
    for (const row of months) {
      expect(row[1]).toBe(series.get(monthOf(stack, row[0])));
      expect(row[2]).toBeCloseTo((row[1] as number) / mean, 12);
    }
    expect(sum(months.map((r) => r[2] as number)) / 12).toBeCloseTo(1, 12);
    const values = [...series.values()];
    const [peak, low, note] = grid.slice(13);
    expect(peak?.[0]).toBe('Peak month');
    expect(series.get(monthOf(stack, peak?.[1]))).toBe(Math.max(...values));
    expect(low?.[0]).toBe('Low month');
    expect(series.get(monthOf(stack, low?.[1]))).toBe(Math.min(...values));
    expect(note?.[0]).toBe('One year of data cannot tell a season from a trend.');
    expect(grid).toHaveLength(16);
  });

  it('SEARCH_SEASONALITY over a range: a row of 12 indexes per keyword, aligned, blank and failed rows in place', async () => {
    const grid = stack.value('SEARCH_SEASONALITY', column(['coffee', '', 'TEA', 'coffee', 'two\u0001parts'])) as Grid;
    expect(grid).toHaveLength(6); // the months' header, then one row per input
    const header = grid[0] as unknown[];
    expect(header).toHaveLength(12);
    const [coffee, blank, tea, again, bad] = grid.slice(1);
    for (const [row, keyword] of [
      [coffee, 'coffee'],
      [tea, 'tea'],
    ] as const) {
      const series = await searchesOf(stack, keyword);
      const mean = sum([...series.values()]) / 12;
      header.forEach((d, i) => expect(row?.[i]).toBeCloseTo((series.get(monthOf(stack, d)) ?? NaN) / mean, 12));
      expect(sum(row as number[]) / 12).toBeCloseTo(1, 12);
    }
    expect(again).toEqual(coffee);
    expect(blank?.every((c) => c === '')).toBe(true);
    expect(bad?.[0]).toMatch(/^Bad input: keyword contains control characters\.$/);
  });

  it('sends nothing over keywords SEARCH_TREND fetched, and one batch for a range of new ones', async () => {
    stack.value('SEARCH_TREND', column(KEYWORDS));
    stack.value('SEARCH_TREND', 'latte');
    await stack.service.control.resetStats();
    stack.value('SEARCH_COMPARE', column(KEYWORDS));
    stack.value('SHARE_OF_SEARCH', column(KEYWORDS));
    stack.value('SEARCH_SEASONALITY', column(KEYWORDS));
    stack.value('SEARCH_SEASONALITY', 'latte');
    stack.value('SEARCH_COMPARE', 'Latte');
    expect(await stack.requests()).toBe(0);

    // Three keywords never asked: one batch of three requests, and nothing more on recalculation.
    const fresh = column(['mocha', 'matcha', 'chai', 'mocha']);
    const first = stack.run('SHARE_OF_SEARCH', fresh);
    expect(first.serviceCalls['urlfetch.fetchAll']).toBe(1);
    expect(await stack.requests('/trend')).toBe(3);
    expect(((first.value as Grid)[1] as unknown[])[4]).toBe('Bad input: "mocha" is listed already (counted once).');
    stack.value('SEARCH_COMPARE', fresh);
    stack.value('SEARCH_SEASONALITY', fresh);
    expect(await stack.requests()).toBe(3);
  });

  it('a range of new keywords stays within the day’s fresh searches; the rows left say when they are fetched', async () => {
    await stack.service.control.limits({ freshUsed: 248 }); // 2 of 250 left
    await stack.service.control.resetStats();
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'].map((w) => `${w} beans`);
    const grid = stack.value('SEARCH_COMPARE', column(words)) as Grid;
    const firstRow = grid[1] as unknown[];
    expect(firstRow.slice(1, 3).every((c) => typeof c === 'number')).toBe(true);
    for (const cell of firstRow.slice(3))
      expect(cell).toMatch(/^Daily limit reached \(fresh searches\): Refresh all formulas after \d\d:\d\d UTC\.$/);
    const stats = await stack.service.control.stats();
    expect(stats.statusCounts['429'] ?? 0).toBe(0);
    expect(await stack.requests('/trend')).toBe(2);
  });
});
