/** What "Refresh all formulas" reports, from the server's RefreshView. */
import { describe, expect, it } from 'vitest';
import type { RefreshEstimate, RefreshView } from '../../../src/shared/sidebar-api';
import { cacheSummary, cellsText, freezeMessage, refreshMessage } from '../../../src/sidebar/cache-model';

describe('refreshMessage', () => {
  const view = (over: Partial<RefreshView> = {}): RefreshView => ({
    formulaCells: 12,
    formulasRewritten: 0,
    sheets: 1,
    waiting: 0,
    waitingFor: null,
    resetAt: null,
    requests: 0,
    freshSearches: 0,
    ...over,
  });
  it('counts the cells that re-run, what was sent first, and the formulas that got SDM_REFRESH just now', () => {
    expect(refreshMessage(view({ formulasRewritten: 3 }))).toBe(
      '12 formula cells recalculating, from answers cached or fetched just now (nothing sent; 3 got the SDM_REFRESH argument the first time).',
    );
    expect(refreshMessage(view({ requests: 1_200, freshSearches: 1 }))).toBe(
      '12 formula cells recalculating, from answers cached or fetched just now (1,200 requests, 1 of them fresh searches).',
    );
    expect(refreshMessage(view({ formulaCells: 1, requests: 1 }))).toBe(
      '1 formula cell recalculating, from answers cached or fetched just now (1 request).',
    );
  });
  it('names the sheets only when there are several', () => {
    expect(refreshMessage(view({ formulaCells: 15, sheets: 3 }))).toBe(
      '15 formula cells on 3 sheets recalculating, from answers cached or fetched just now (nothing sent).',
    );
  });
  it('says how many cells keep what they show, and until when', () => {
    const at = '2026-03-19T00:00:00.000Z';
    expect(refreshMessage(view({ formulaCells: 3, requests: 2, waiting: 31, waitingFor: 'fresh searches', resetAt: at }))).toBe(
      '3 formula cells recalculating, from answers cached or fetched just now (2 requests). 31 keep what they show until the fresh searches reset, after 00:00 UTC.',
    );
    expect(refreshMessage(view({ formulaCells: 0, requests: 1, waiting: 1, waitingFor: 'API calls', resetAt: null }))).toBe(
      'No formula cell could be answered now (1 request). 1 formula cell keeps what it shows until the API calls reset.',
    );
    expect(refreshMessage(view({ formulaCells: 0, waiting: 2, waitingFor: 'key' }))).toMatch(
      /^No formula cell could be answered now \(nothing sent\)\. 2 formula cells keep what they show until the formulas' key can fetch their answers/,
    );
  });
  it('says there was nothing to refresh', () => {
    expect(refreshMessage(view({ formulaCells: 0 }))).toBe('No cell in this spreadsheet uses the add-on: nothing to refresh.');
  });
});

describe('cellsText', () => {
  it('counts the formula cells, or says there are none', () => {
    expect(cellsText({ formulaCells: 3 })).toBe(
      'Refreshing recalculates 3 formula cells. It is free while their answers are cached (up to 6 hours).',
    );
    expect(cellsText({ formulaCells: 0 })).toBe('No cell in this spreadsheet uses the add-on yet.');
  });
});

describe('freezeMessage', () => {
  it('counts the formulas frozen or put back, naming the sheets only when there are several', () => {
    expect(freezeMessage({ formulas: 12, sheets: 3, skipped: [] }, false)).toBe(
      "12 formulas frozen on 3 sheets: recalculating can no longer spend or change them. Each cell's note keeps its formula.",
    );
    // The verb agrees with the count (issue 30.10: "1 formula put back: they run again").
    expect(freezeMessage({ formulas: 1, sheets: 1, skipped: [] }, true)).toBe(
      '1 formula put back: it runs again when Sheets recalculates (cached answers cost nothing).',
    );
    expect(freezeMessage({ formulas: 2, sheets: 2, skipped: [] }, true)).toBe(
      '2 formulas put back on 2 sheets: they run again when Sheets recalculates (cached answers cost nothing).',
    );
  });
  it('lists what was left as it was, and why: results not complete, values changed since', () => {
    const skipped = (n: number, reason: 'error' | 'limit' | 'changed') =>
      Array.from({ length: n }, (_, i) => ({ cell: `Sheet1!B${i + 1}`, area: `Sheet1!B${i + 1}:C${i + 1}`, reason }));
    expect(freezeMessage({ formulas: 0, sheets: 0, skipped: skipped(1, 'error') }, false)).toBe(
      'Nothing frozen. Kept 1 formula whose result is not complete: Sheet1!B1 (an error). Freeze it again once it is complete.',
    );
    expect(freezeMessage({ formulas: 3, sheets: 2, skipped: [...skipped(6, 'limit'), ...skipped(1, 'error')] }, false)).toBe(
      "3 formulas frozen on 2 sheets: recalculating can no longer spend or change them. Each cell's note keeps its formula. " +
        'Kept 7 formulas whose results are not complete: Sheet1!B1, Sheet1!B2, Sheet1!B3, Sheet1!B4, Sheet1!B5 ' +
        '(daily limit reached: fills when you run Refresh all formulas after the reset) and 2 more. Freeze them again once they are complete.',
    );
    // What to do, in a user's words: which cells to empty, and that their notes stay.
    expect(freezeMessage({ formulas: 0, sheets: 0, skipped: skipped(1, 'changed') }, true)).toBe(
      'Nothing unfrozen. Left frozen, as its values were changed since: Sheet1!B1:C1. ' +
        'To put it back anyway, empty those cells (Delete keeps the note) and unfreeze again.',
    );
    expect(freezeMessage({ formulas: 2, sheets: 1, skipped: skipped(7, 'changed') }, true)).toBe(
      '2 formulas put back: they run again when Sheets recalculates (cached answers cost nothing). Left frozen, as their values were changed since: ' +
        'Sheet1!B1:C1, Sheet1!B2:C2, Sheet1!B3:C3, Sheet1!B4:C4, Sheet1!B5:C5 and 2 more. ' +
        'To put them back anyway, empty those cells (Delete keeps the notes) and unfreeze again.',
    );
  });
});

describe('cacheSummary', () => {
  const estimate = (over: Partial<RefreshEstimate> = {}): RefreshEstimate => ({
    formulaCells: 24,
    endpoints: [],
    requests: 0,
    usageReads: 0,
    freshSearches: 0,
    cached: 3,
    heldBack: 0,
    probes: 0,
    waiting: 0,
    cellsRerun: 24,
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
  it('counts the formula cells and what a refresh sends, in one short line', () => {
    expect(cacheSummary(estimate())).toBe('24 formula cells · refresh: no request');
    expect(cacheSummary(estimate({ requests: 21 }))).toBe('24 formula cells · refresh: up to 21 requests');
    expect(cacheSummary(estimate({ formulaCells: 1, requests: 1 }))).toBe('1 formula cell · refresh: up to 1 request');
  });
  it('says when there is none, or no key reaches them', () => {
    expect(cacheSummary(estimate({ formulaCells: 0 }))).toBe('No formula of the add-on yet');
    expect(cacheSummary(estimate({ noKey: true, requests: 4 }))).toBe('24 formula cells · no key reaches them');
  });
});
