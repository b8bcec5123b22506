/**
 * The sidebar never spends by surprise: opening it sends no request (usage shows the last read, kept per
 * key), Refresh reads usage once, and the estimate of "Refresh all formulas" counts what a refresh then
 * really sends. Counted at the local service, running the built Code.js in dev/gas.
 */
import { describe, expect, it } from 'vitest';
import type { RefreshEstimate, UsageView } from '../../src/shared/sidebar-api';
import { COLLABORATOR, KEY, OTHER_KEY, OWNER, ownerAndCollaborator, type Stack, useStack } from './stack';

const sidebar = (stack: Stack, fn: string, ...args: unknown[]) => stack.gas.run(fn, args, { mode: 'sidebar' });
function ok<T>(stack: Stack, fn: string, ...args: unknown[]): T {
  const result = sidebar(stack, fn, ...args);
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}
const menu = (stack: Stack, fn: string) => expect(stack.gas.run(fn, [], { mode: 'menu' }).ok).toBe(true);

/** Column A's keywords: duplicates and case variants of three words, a blank, a number and a date. */
const KEYWORDS = [['Coffee'], ['coffee'], [' COFFEE  '], ['tea'], [''], ['cocoa'], ['Tea'], [2024], [new Date(Date.UTC(2024, 0, 2))]];

/** A sheet whose formulas read ranges, literals, another sheet and a named range, plus one nested call. */
function typeFormulas(stack: Stack): void {
  const book = stack.gas.spreadsheet;
  book.setValues('Sheet1!A2:A10', KEYWORDS);
  book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A10)');
  book.setFormula('Sheet1!C2', '=SEARCH_TREND("matcha", "peak.month")');
  book.setFormula('Sheet1!C3', '=SEARCH_SCORE("  Matcha ")'); // the same query as C2
  book.setFormula('Sheet1!C4', '=SEARCH_SCORE(LOWER(A2))'); // nested: not readable without running it
  book.addSheet('My Brands', [['acme-pay'], ['Strypo'], ['acme-pay']]);
  book.setFormula('Sheet1!D2', "=BRAND_SCORE('My Brands'!A1:A3)");
  book.setFormula('Sheet1!E2', '=MARKET_ANALYSIS("universe")');
  book.setFormula('Sheet1!E3', '=MARKET_ANALYSIS()'); // the same query again
}

describe('opening the sidebar', () => {
  const stack = useStack();

  it('spends no request: settings, usage, tables, cache info and the estimate, from Settings, Help or Insert ranking table', async () => {
    typeFormulas(stack);
    for (const open of ['showSidebar', 'showHelp', 'showRankingTables']) {
      menu(stack, open);
      for (const fn of ['getSettings', 'getUsage', 'getTables', 'getCacheInfo', 'estimateRefresh']) ok(stack, fn);
    }
    expect(await stack.requests()).toBe(0);
    expect(ok<UsageView>(stack, 'getUsage').last).toBeNull(); // nothing read yet: the sidebar says so
  });

  it('Refresh reads usage with one request and keeps it: the next sidebar shows it, and when it was read, without a request', async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 31, callsUsed: 100 });
    const fresh = ok<UsageView>(stack, 'refreshUsage');
    expect(await stack.requests()).toBe(1);
    expect(fresh.last?.bars.find((b) => /search/i.test(b.label))).toMatchObject({ used: 31, limit: 250 });
    expect(Date.parse(fresh.last?.readAt ?? '')).toBeGreaterThan(stack.gas.clock.now() - 60_000);

    // The service moves on (other documents spend); reopening shows the kept read, says when, and sends nothing.
    await stack.service.control.limits({ key: KEY, freshUsed: 250 });
    for (let i = 0; i < 3; i++) expect(ok<UsageView>(stack, 'getUsage').last).toEqual(fresh.last);
    expect(await stack.requests()).toBe(1);
    // Refresh on demand shows where the service is now.
    expect(ok<UsageView>(stack, 'refreshUsage').last?.bars.find((b) => /search/i.test(b.label))).toMatchObject({ used: 250 });
    expect(await stack.requests()).toBe(2);
    expect(stack.gas.properties.user.get('SDM_USAGE_READ')).not.toContain(KEY);
  });

  it("keeps the read that checked a newly saved key, so the bars show at once; another key's figures are never shown", async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 31 });
    await stack.service.control.limits({ key: OTHER_KEY, freshUsed: 7 });
    stack.gas.properties.user.delete('SDM_API_KEY');
    ok(stack, 'saveApiKey', KEY, false);
    expect(await stack.requests()).toBe(1); // the check
    const first = ok<UsageView>(stack, 'getUsage').last;
    expect(first?.bars.find((b) => /search/i.test(b.label))).toMatchObject({ used: 31 });

    // The key changes without this sidebar (another spreadsheet's sidebar, say): the kept read is the old key's.
    stack.gas.properties.user.set('SDM_API_KEY', OTHER_KEY);
    expect(ok<UsageView>(stack, 'getUsage').last).toBeNull();
    // No key of their own, a key shared with the document: the sidebar reads with that one, never shows KEY's.
    stack.gas.properties.user.delete('SDM_API_KEY');
    stack.gas.properties.document.set('SDM_API_KEY', OTHER_KEY);
    expect(ok<UsageView>(stack, 'getUsage').last).toBeNull();
    expect(ok<UsageView>(stack, 'refreshUsage').last?.bars.find((b) => /search/i.test(b.label))).toMatchObject({ used: 7 });
    // Back to KEY: its own read again, never OTHER_KEY's.
    stack.gas.properties.user.set('SDM_API_KEY', KEY);
    expect(ok<UsageView>(stack, 'getUsage').last).toBeNull(); // the kept read is OTHER_KEY's now
    expect(await stack.requests()).toBe(2);
  });

  it("a second person never sees the first one's usage", () => {
    const gas = ownerAndCollaborator(stack);
    expect(gas.run('refreshUsage', [], { mode: 'sidebar', user: OWNER }).ok).toBe(true);
    const theirs = gas.run('getUsage', [], { mode: 'sidebar', user: COLLABORATOR });
    expect(theirs.ok, theirs.error).toBe(true);
    expect((theirs.value as UsageView).last).toBeNull();
  });
});

describe('the estimate of Refresh all formulas', () => {
  const stack = useStack();

  it('counts distinct uncached queries (duplicates and case variants once, cached ones not), and a refresh sends exactly that', async () => {
    typeFormulas(stack);
    stack.value('SEARCH_SCORE', 'COCOA'); // cached now, by another formula
    await stack.service.control.resetStats();

    const estimate = ok<RefreshEstimate>(stack, 'estimateRefresh');
    expect(estimate).toMatchObject({
      formulaCells: 7,
      // trend: coffee, tea, 2024, matcha (cocoa is cached; the blank and the date send nothing)
      endpoints: [
        { path: '/trend', queries: 4, searches: true },
        { path: '/markets', queries: 1, searches: false },
        { path: '/brand', queries: 2, searches: false },
      ],
      // Seven to fetch, more than a handful, and nothing known of what is left: the refresh reads it first.
      requests: 8,
      usageReads: 1,
      freshSearches: 4,
      cached: 1,
      heldBack: 0,
      noKey: false,
      unknownCalls: 1,
      unknownCells: ['Sheet1!C4'],
    });
    expect(await stack.requests()).toBe(0);

    // What a refresh then sends (it fetches first; the formulas then find their answers cached): exactly the estimate.
    ok(stack, 'refreshAllFormulas');
    stack.gas.recalculate();
    const stats = await stack.service.control.stats();
    expect(stats.requests).toBe(estimate.requests);
    expect(stats.byEndpoint).toEqual({ '/usage': 1, '/trend': 4, '/markets': 1, '/brand': 2 });
    expect(stats.freshCredits).toBe(estimate.freshSearches);

    // Now everything is cached: the next refresh is free, and the estimate says so.
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ requests: 0, freshSearches: 0, cached: 8, endpoints: [] });
  });

  it('after Clear cache, counts every query again; without a key reaching the formulas, counts nothing sent', () => {
    typeFormulas(stack);
    ok(stack, 'refreshAllFormulas');
    stack.gas.recalculate();
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh').requests).toBe(0);
    ok(stack, 'clearCache');
    // cocoa too: nothing was cached before; what is left was read a moment ago (the guard keeps it a minute)
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ requests: 8, freshSearches: 5, cached: 0 });
    stack.gas.properties.user.delete('SDM_API_KEY');
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ requests: 0, noKey: true, endpoints: [] });
  });
});

describe('the cells that say "No API key"', () => {
  const stack = useStack();

  it("are counted from what the cells show: a range's rows that say it, and formula cells showing #ERROR!; none once they hold answers", () => {
    const book = stack.gas.spreadsheet;
    stack.gas.properties.user.delete('SDM_API_KEY');
    book.setValues('Sheet1!A2:A4', [['coffee'], ['tea'], ['cocoa']]);
    book.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A4)');
    book.setFormula('Sheet1!C2', '=SEARCH_SCORE("matcha")');
    book.setFormula('Sheet1!D2', '=LEN("No API key")'); // not ours, and not a message: not counted
    stack.gas.recalculate();
    const shown = book.getValues('Sheet1!B2:C4').flat();
    const said = shown.filter((v) => typeof v === 'string' && v.startsWith('No API key')).length;
    const errors = book
      .getValues('Sheet1!B2:C2')
      .flat()
      .filter((v) => v === '#ERROR!').length;
    expect(said + errors).toBeGreaterThan(0);
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ noKeyCells: said, errorCells: errors });

    // The key back, the formulas re-run: every cell holds its answer, and nothing is counted.
    stack.gas.properties.user.set('SDM_API_KEY', KEY);
    ok(stack, 'refreshAllFormulas');
    stack.gas.recalculate();
    expect(
      book
        .getValues('Sheet1!B2:C4')
        .flat()
        .filter((v) => v !== ''),
    ).toEqual(Array(4).fill(expect.any(Number)));
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ noKeyCells: 0, errorCells: 0 });
  });
});

describe('the estimate and the usage read a range makes first', () => {
  const stack = useStack();

  it('counts the read of what is left that a range of more than a handful makes, and a refresh sends exactly that', async () => {
    stack.gas.spreadsheet.setValues('Sheet1!A2:A6', [['flat white'], ['cortado'], ['ristretto'], ['lungo'], ['doppio']]);
    stack.gas.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A6)');
    await stack.service.control.resetStats();
    const estimate = ok<RefreshEstimate>(stack, 'estimateRefresh');
    // Five to fetch, over the handful (3) a range sends without knowing what is left: it reads /usage first.
    expect(estimate).toMatchObject({
      requests: 6,
      usageReads: 1,
      freshSearches: 5,
      endpoints: [{ path: '/trend', queries: 5, searches: true }],
    });
    ok(stack, 'refreshAllFormulas');
    stack.gas.recalculate();
    const stats = await stack.service.control.stats();
    expect(stats.byEndpoint).toEqual({ '/trend': 5, '/usage': 1 });
    expect(stats.requests).toBe(estimate.requests);
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ requests: 0, usageReads: 0 });
  });
});

describe('the estimate and the daily-limit guard', () => {
  const stack = useStack('a', { freshPerDay: 2 });

  it('leaves out what the guard holds back: a refresh would not send it', async () => {
    typeFormulas(stack);
    // coffee and tea take the day's two fresh searches; cocoa is refused and held back until the reset.
    stack.value('SEARCH_SCORE', 'coffee');
    stack.value('SEARCH_SCORE', 'tea');
    expect(stack.run('SEARCH_SCORE', 'cocoa').value).toMatch(/^Daily limit reached \(fresh searches\)/);
    await stack.service.control.resetStats();
    const estimate = ok<RefreshEstimate>(stack, 'estimateRefresh');
    // trend left: 2024 and matcha; cocoa is held back; coffee and tea are cached.
    // The searches are spent (cocoa's refusal said so): 2024 and matcha are not searched, only asked for as
    // keywords the service may have cached (one each by the range and the matcha formulas), with the brands and the market.
    expect(estimate).toMatchObject({ requests: 5, freshSearches: 0, probes: 2, waiting: 0, cached: 2, heldBack: 1 });
    ok(stack, 'refreshAllFormulas');
    stack.gas.recalculate();
    expect(await stack.requests()).toBe(estimate.requests);
  });
});

describe('the estimate when the fresh searches are nearly or fully spent', () => {
  // Every cache item kept to its expiry, but the guard when the test drops it: exact counts.
  const stack = useStack('a', { cacheEarlyRemoval: { rate: 0 } });
  const KEYWORDS_86 = Array.from({ length: 86 }, (_, i) => [`spent keyword ${i}`]);
  const clickSends = async (): Promise<{ requests: number; byEndpoint: Record<string, number>; freshCredits: number }> => {
    await stack.service.control.resetStats();
    ok(stack, 'refreshAllFormulas');
    stack.gas.recalculate();
    const { requests, byEndpoint, freshCredits } = await stack.service.control.stats();
    return { requests, byEndpoint, freshCredits };
  };

  it('with none left, counts what a refresh sends: a request for cached keywords (and the read of what is left), not 86 searches', async () => {
    stack.gas.spreadsheet.setValues('Sheet1!A2:A87', KEYWORDS_86);
    stack.gas.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A87)');
    await stack.service.control.limits({ key: KEY, freshUsed: 250 });
    ok(stack, 'refreshUsage'); // the sidebar's read: no fresh search left
    // The guard knows the searches are spent: the range reads nothing first and asks for one keyword.
    expect(ok<RefreshEstimate>(stack, 'estimateRefresh')).toMatchObject({ requests: 1, freshSearches: 0, probes: 1, waiting: 85 });
    // The guard gone (Google may drop a cache item early): the kept read says the same, and the refresh
    // gives it to the guard, so the range paces by it instead of reading what is left again (the issue's
    // case: the estimate said 87 requests, 86 searches, and 2 went).
    stack.gas.caches.document.drop((key) => key === 'sdm-guard');
    const estimate = ok<RefreshEstimate>(stack, 'estimateRefresh');
    expect(estimate).toMatchObject({ requests: 1, usageReads: 0, freshSearches: 0, probes: 1, waiting: 85 });
    expect(await clickSends()).toEqual({ requests: estimate.requests, byEndpoint: { '/trend': 1 }, freshCredits: 0 });
    // That request was refused: 2 more may be, one per refresh.
    const next = ok<RefreshEstimate>(stack, 'estimateRefresh');
    expect(next).toMatchObject({ requests: 1, usageReads: 0, probes: 1, waiting: 84 });
    expect((await clickSends()).requests).toBe(next.requests);
  });

  it('with 5 left, counts the 5 searches a refresh sends, and the rest waiting for the reset', async () => {
    stack.gas.spreadsheet.setValues('Sheet1!A2:A87', KEYWORDS_86);
    stack.gas.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A87)');
    await stack.service.control.limits({ key: KEY, freshUsed: 245 });
    ok(stack, 'refreshUsage');
    const estimate = ok<RefreshEstimate>(stack, 'estimateRefresh');
    expect(estimate).toMatchObject({ requests: 5, usageReads: 0, freshSearches: 5, probes: 0, waiting: 81 });
    expect(await clickSends()).toEqual({ requests: 5, byEndpoint: { '/trend': 5 }, freshCredits: 5 });
  });
});
