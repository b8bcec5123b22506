/** What the sidebar says a refresh of the formulas could spend, and when it asks first. */
import { describe, expect, it } from 'vitest';
import { estimateModel } from '../../../src/sidebar/estimate-model';
import type { RefreshEstimate, UsageRead } from '../../../src/shared/sidebar-api';

const NOW = new Date(2026, 10, 21, 14, 5);
const estimate = (over: Partial<RefreshEstimate> = {}): RefreshEstimate => ({
  formulaCells: 12,
  endpoints: [
    { path: '/trend', queries: 5, searches: true },
    { path: '/brand', queries: 2, searches: false },
  ],
  requests: 7,
  usageReads: 0,
  freshSearches: 5,
  cached: 40,
  heldBack: 0,
  probes: 0,
  waiting: 0,
  cellsRerun: 12,
  cellsInPart: 0,
  cellsWaiting: 0,
  waitingFor: null,
  resetAt: null,
  noKey: false,
  unknownCalls: 0,
  unknownCells: [],
  noKeyCells: 0,
  errorCells: 0,
  ...over,
});
const read = (freshUsed: number, callsUsed = 100, minutesAgo = 5, resetAt: string | null = null): UsageRead => ({
  bars: [
    { label: 'Fresh searches', used: freshUsed, limit: 250 },
    { label: 'API calls', used: callsUsed, limit: 2000 },
  ],
  table: [],
  readAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
  resetAt,
});

describe('estimateModel', () => {
  it('says what a refresh sends against what is left, and refreshes at once when it fits', () => {
    const model = estimateModel(estimate(), read(200), true, NOW);
    expect(model.text).toBe(
      'A refresh sends 7 requests, 5 of them new searches (each may use a fresh search); 40 answers are cached. Left when read at 14:00, 5 min ago: 50 fresh searches, 1,900 API calls.',
    );
    expect(model).toMatchObject({ confirm: null, spends: true });
  });

  it('without a current read, says the refresh reads what is left first and sends no more than it allows', () => {
    const withRead = estimateModel(estimate({ requests: 8, usageReads: 1 }), read(50), true, NOW).text;
    expect(withRead).toMatch(
      /^A refresh sends at most 8 requests, 5 of them new searches \(each may use a fresh search\) and one read of what is left today; /,
    );
    const noSearch = estimateModel(estimate({ requests: 3, freshSearches: 0, usageReads: 1 }), read(50), true, NOW).text;
    expect(noSearch).toMatch(/^A refresh sends at most 3 requests, one of them a read of what is left today; /);
  });

  it('with the fresh searches spent, says what goes, which cells keep what they show and until when, and does not ask', () => {
    const spent = estimateModel(
      estimate({
        endpoints: [{ path: '/trend', queries: 1, searches: true }],
        requests: 1,
        freshSearches: 0,
        probes: 1,
        waiting: 85,
        cached: 0,
        cellsRerun: 0,
        cellsWaiting: 4,
        waitingFor: 'fresh searches',
        resetAt: '2026-11-22T00:00:00.000Z',
      }),
      read(250),
      true,
      NOW,
    );
    expect(spent).toEqual({
      text:
        'A refresh sends 1 request, 1 of them asking for a keyword the service may have cached (no search). ' +
        '4 formula cells keep what they show until the fresh searches reset, after 00:00 UTC. Left when read at 14:00, 5 min ago: 0 fresh searches, 1,900 API calls.',
      confirm: null,
      spends: true,
    });
  });

  it('asks first when the refresh would use the last fresh searches on part of the sheet, saying what happens to the rest', () => {
    const model = estimateModel(
      estimate({ cellsRerun: 8, cellsWaiting: 4, waitingFor: 'fresh searches', resetAt: '2026-11-22T00:00:00.000Z' }),
      read(245),
      true,
      NOW,
    );
    expect(model.confirm).toBe(
      'This refresh uses 5 fresh searches and cannot answer every cell now: 8 formula cells run again; 4 formula cells keep what they show until the fresh searches reset, after 00:00 UTC. Refresh anyway?',
    );
    // New cells that fill in part (their other rows say when): asked too, and said.
    expect(estimateModel(estimate({ cellsRerun: 3, cellsInPart: 2 }), read(245), true, NOW).confirm).toBe(
      'This refresh uses 5 fresh searches and cannot answer every cell now: 3 formula cells run again (2 of them in part: their other rows say when they are fetched). Refresh anyway?',
    );
    // Nothing waits: no question. Another account's key: no question either (its figures are not the viewer's).
    expect(estimateModel(estimate(), read(245), true, NOW).confirm).toBeNull();
    expect(estimateModel(estimate({ cellsWaiting: 4, waitingFor: 'fresh searches' }), read(245), false, NOW).confirm).toBeNull();
  });

  it('says when the figures are the read less what this document sent since (the server adds it)', () => {
    const brought = { ...read(247), spentSince: { requests: 9, freshSearches: 9, complete: true } };
    const model = estimateModel(estimate(), brought, true, NOW);
    expect(model.text).toMatch(
      / Left now \(read at 14:00, 5 min ago, less what this document sent since\): 3 fresh searches, 1,900 API calls\.$/,
    );
    // Nothing sent since: the read's own words.
    const none = { ...read(200), spentSince: { requests: 0, freshSearches: 0, complete: true } };
    expect(estimateModel(estimate(), none, true, NOW).text).toMatch(/ Left when read at 14:00, 5 min ago: 50 fresh searches/);
  });

  it('says when the read is old or missing, and that one from before the reset is read again first', () => {
    expect(estimateModel(estimate(), read(200, 100, 180), true, NOW).text).toMatch(
      /Left when read at 11:05, 3 h ago \(old: Refresh usage for current figures\): 50 fresh searches/,
    );
    expect(estimateModel(estimate(), null, true, NOW)).toMatchObject({ confirm: null });
    expect(estimateModel(estimate(), null, true, NOW).text).toMatch(/Refresh usage above to compare with what is left\.$/);
    const reset = new Date(NOW.getTime() - 60_000).toISOString();
    const before = estimateModel(estimate(), read(250, 100, 120, reset), true, NOW);
    expect(before).toMatchObject({ confirm: null });
    expect(before.text).toMatch(/Usage was read at 12:05, 2 h ago, before the allowance reset: the refresh reads it again first\.$/);
  });

  it("compares nothing when formulas spend someone else's key", () => {
    const model = estimateModel(estimate(), read(250), false, NOW);
    expect(model).toMatchObject({ confirm: null, spends: true });
    expect(model.text).toMatch(/Formulas here spend another account's allowance; the bars above are yours\.$/);
  });

  it('says a refresh is free when everything is cached or held back, and names what it cannot read', () => {
    expect(estimateModel(estimate({ endpoints: [], requests: 0, freshSearches: 0, heldBack: 2 }), read(250), true, NOW)).toEqual({
      text: 'A refresh sends no request (40 answers are cached; 2 held back by a daily limit until it resets).',
      confirm: null,
      spends: false,
    });
    expect(estimateModel(estimate({ unknownCalls: 4, unknownCells: ['Sheet1!C4', 'Data!B2'] }), read(0), true, NOW).text).toMatch(
      /4 calls \(Sheet1!C4, Data!B2, …\) pass an expression the estimate cannot read, so they are not counted\.$/,
    );
  });

  it('says that without a key formulas send nothing, and says nothing without formulas', () => {
    expect(estimateModel(estimate({ noKey: true, requests: 0, endpoints: [] }), null, true, NOW)).toEqual({
      text: 'No key reaches these formulas: a refresh sends nothing.',
      confirm: null,
      spends: false,
    });
    expect(estimateModel(estimate({ formulaCells: 0, requests: 0 }), null, true, NOW)).toEqual({ text: '', confirm: null, spends: false });
  });
});
