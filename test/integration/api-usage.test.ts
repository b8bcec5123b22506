/**
 * =API_USAGE() is never staler than the sidebar (issue 39, point 5): once this document spent (a range
 * of new keywords, a Refresh all formulas that fetches more), its figures are the service's, the same
 * the sidebar shows without a request (its last read plus what this document sent since), and it says
 * when it was read. A recalculation that changes nothing sends no request within the minute. Run from the
 * built Code.js in dev/gas against the local service, on two of its naming schemas: the fields are found
 * in the service's own answer by the values it was given, never by name, and the answer's layout is not
 * relied on (each figure is asked for as a field, as a user would).
 */
import { describe, expect, it } from 'vitest';
import type { RefreshEstimate, UsageBar, UsageView } from '../../src/shared/sidebar-api';
import { KEY, OTHER_KEY, rawAnswer, useStack } from './stack';

/** Keywords nobody asked before: each costs a fresh search. */
const fresh = (prefix: string, n: number): string[][] => Array.from({ length: n }, (_, i) => [`${prefix} ${i + 1}`]);

/** The dotted path of the first leaf of `json` equal to `value`. */
function pathOf(json: unknown, value: number, path: string[] = []): string | undefined {
  if (json === value) return path.join('.');
  if (!json || typeof json !== 'object') return undefined;
  for (const [key, child] of Object.entries(json)) {
    const found = pathOf(child, value, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A cell's instant: a date-time cell, or ISO text (ms; NaN for anything else). */
const instant = (cell: unknown): number => (typeof cell === 'string' ? Date.parse(cell) : cell instanceof Object ? Number(cell) : NaN);

describe.each(['a', 'c'] as const)('schema %s', (schema) => {
  const stack = useStack(schema);

  const sidebar = <T>(fn: string): T => {
    const result = stack.gas.run(fn, [], { mode: 'sidebar' });
    if (!result.ok) throw new Error(`${fn}: ${result.error}`);
    return result.value as T;
  };
  const bar = (view: UsageView, pattern: RegExp): UsageBar | undefined => view.last?.bars.find((b) => pattern.test(b.label));
  /** What the sidebar shows (no request): fresh searches and API calls used. */
  const shown = (): [number | undefined, number | undefined] => {
    const view = sidebar<UsageView>('getUsage');
    return [bar(view, /search/i)?.used, bar(view, /call|request/i)?.used];
  };
  const cell = (a1: string): unknown => stack.gas.spreadsheet.getValues(`Sheet1!${a1}`)[0]?.[0];
  /** Refresh all formulas, as the menu does, then Sheets runs them (one pass, row by row). */
  const refreshAll = (): void => {
    sidebar('refreshAllFormulas');
    stack.gas.recalculate();
  };

  /**
   * The paths of the fresh searches used and the API calls used in the service's answer, found by the
   * values another key was given (its read counts itself), then a clean slate: nothing counted yet.
   */
  async function usagePaths(): Promise<{ searches: string; calls: string }> {
    await stack.service.control.limits({ key: OTHER_KEY, freshUsed: 123, callsUsed: 456 });
    const raw = await rawAnswer(stack.service, '/usage');
    const searches = pathOf(raw, 123);
    const calls = pathOf(raw, 457);
    if (!searches || !calls) throw new Error(`no usage figures found in ${JSON.stringify(raw)}`);
    await stack.service.control.resetStats();
    return { searches, calls };
  }

  it('after a range of new keywords, and after a Refresh all formulas that fetches more, shows what the sidebar and the service say, and when it was read', async () => {
    const paths = await usagePaths();
    await stack.service.control.limits({ key: KEY, freshUsed: 230, callsUsed: 30 });
    expect(sidebar<UsageView>('refreshUsage').last?.readAt).toBeDefined(); // the sidebar's last read: 230 and 31
    await stack.service.control.resetStats();

    // A range of 7 new keywords; below it, the usage figures and when they were read.
    const book = stack.gas.spreadsheet;
    book.setValues('Sheet1!A2:A8', fresh('pour over', 7));
    book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A8)');
    book.setFormula('Sheet1!D20', `=API_USAGE("${paths.searches}")`);
    book.setFormula('Sheet1!D21', `=API_USAGE("${paths.calls}")`);
    book.setFormula('Sheet1!D22', '=API_USAGE("read_at")');
    const before = stack.gas.clock.now();
    stack.gas.recalculate();
    const after = stack.gas.clock.now();
    // 7 searches, and one usage read for the three API_USAGE cells (the one after it finds it cached).
    expect((await stack.service.control.stats()).byEndpoint).toEqual({ '/trend': 7, '/usage': 1 });
    expect([cell('D20'), cell('D21')]).toEqual([230 + 7, 31 + 8]); // the service's figures: its read counted itself
    expect(shown()).toEqual([cell('D20'), cell('D21')]);
    const readAt = instant(cell('D22'));
    expect(readAt).toBeGreaterThanOrEqual(before);
    expect(readAt).toBeLessThanOrEqual(after);
    expect(await stack.requests()).toBe(8); // the sidebar sent nothing to know it

    // Within the minute, another range takes the 13 fresh searches left, and Refresh all formulas runs
    // every formula again: the usage read above is older than that spending, so it is read again.
    book.setValues('Sheet1!F2:F14', fresh('cold brew', 13));
    book.setFormula('Sheet1!G2', '=SEARCH_SCORE(F2:F14)');
    await stack.service.control.resetStats();
    refreshAll();
    expect((await stack.service.control.stats()).byEndpoint).toEqual({ '/trend': 13, '/usage': 1 });
    expect([cell('D20'), cell('D21')]).toEqual([250, 39 + 14]); // none left: not the 237 of a minute-old read
    expect(shown()).toEqual([cell('D20'), cell('D21')]);
    expect(instant(cell('D22'))).toBeGreaterThanOrEqual(readAt);

    // A recalculation that changes nothing sends nothing: every answer and the usage read are current.
    await stack.service.control.resetStats();
    const shownBefore = cell('D22');
    refreshAll();
    expect(await stack.requests()).toBe(0);
    expect([cell('D20'), cell('D21'), cell('D22')]).toEqual([250, 53, shownBefore]);
    expect(shown()).toEqual([250, 53]);
  });

  it('says how old a read is when only others spent: kept for a minute, then read again', async () => {
    const paths = await usagePaths();
    stack.gas.spreadsheet.setFormula('Sheet1!A1', `=API_USAGE("${paths.searches}")`);
    stack.gas.spreadsheet.setFormula('Sheet1!A2', '=API_USAGE("read_at")');
    stack.gas.recalculate();
    const first = instant(cell('A2'));
    expect(cell('A1')).toBe(0);
    expect(await stack.requests('/usage')).toBe(1);

    // Another spreadsheet spends 5 searches with the same key: this document cannot know it, so within
    // the minute its read stands, and says when it was made.
    await stack.service.control.limits({ key: KEY, freshUsed: 5 });
    stack.gas.advanceClock(30_000);
    refreshAll();
    expect([cell('A1'), instant(cell('A2'))]).toEqual([0, first]);
    expect(await stack.requests('/usage')).toBe(1);

    // A minute after the read it is read again.
    stack.gas.advanceClock(31_000);
    refreshAll();
    expect(cell('A1')).toBe(5);
    expect(instant(cell('A2'))).toBeGreaterThan(first + 60_000);
    expect(await stack.requests('/usage')).toBe(2);
  });

  it("Refresh all formulas' estimate counts the read API_USAGE makes again, and the refresh sends what it said", async () => {
    const paths = await usagePaths();
    const book = stack.gas.spreadsheet;
    book.setValues('Sheet1!A2:A4', fresh('matcha latte', 3));
    book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A4)');
    book.setFormula('Sheet1!D20', `=API_USAGE("${paths.searches}")`);
    stack.gas.recalculate();
    expect(cell('D20')).toBe(3);
    const estimate = () => sidebar<RefreshEstimate>('estimateRefresh');
    // Nothing spent since its read, nothing else to send: nothing.
    expect(estimate()).toMatchObject({ requests: 0, endpoints: [] });

    // Another formula spends after the read (a cell elsewhere): the read is older than that.
    stack.value('SEARCH_SCORE', 'hojicha');
    expect(estimate()).toMatchObject({ requests: 1, endpoints: [{ path: '/usage', queries: 1 }] });
    await stack.service.control.resetStats();
    refreshAll();
    expect((await stack.service.control.stats()).byEndpoint).toEqual({ '/usage': 1 });
    expect(cell('D20')).toBe(4);

    // A new keyword in the range: its search, and the read after it (at most: the read comes after it here).
    book.setValues('Sheet1!A5', [['genmaicha']]);
    book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A5)');
    expect(estimate()).toMatchObject({ requests: 2, freshSearches: 1 });
    await stack.service.control.resetStats();
    refreshAll();
    expect((await stack.service.control.stats()).byEndpoint).toEqual({ '/trend': 1, '/usage': 1 });
    expect(cell('D20')).toBe(5);
    expect(estimate()).toMatchObject({ requests: 0 });
  });

  it('shows the read time in the whole answer too, beside the figures', () => {
    const grid = stack.value('API_USAGE') as unknown[][];
    const at = instant(stack.value('API_USAGE', 'read_at'));
    expect(Number.isFinite(at)).toBe(true);
    expect(grid.flat().some((value) => instant(value) === at)).toBe(true);
  });
});
