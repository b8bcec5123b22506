/**
 * The add-on under Google's rules that dev/gas enforces (dev/gas/README.md has each rule's source):
 * Sheets remembers custom-function results per function and arguments, the manifest's URL allowlist,
 * and Google's daily quotas. Formulas are evaluated as Sheets would: `recalculate()` runs each formula
 * cell through the remembering evaluator.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { PLACEHOLDER_BASE_URL } from '../../scripts/build/manifest';
import { KEY, TEST_START, useStack } from './stack';

const stack = useStack();

const sidebar = (fn: string, ...args: unknown[]) => {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as Record<string, unknown>;
};

describe('re-running formulas that Sheets remembers', () => {
  beforeEach(() => {
    stack.gas.spreadsheet.setValues('Sheet1!A1:A4', [['keyword'], ['coffee'], ['tea'], ['Coffee ']]);
    stack.gas.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A4)');
    stack.gas.spreadsheet.setFormula('Sheet1!D1', '=SEARCH_TREND("juice", "peak.month")');
  });

  it('without a refresh nothing re-runs: the same function and arguments give the remembered result', async () => {
    const first = stack.gas.recalculate();
    expect(first.map((r) => [r.cell, r.ok, r.remembered])).toEqual([
      ['Sheet1!D1', true, false],
      ['Sheet1!B2', true, false],
    ]);
    expect(await stack.requests()).toBe(3); // coffee, tea, juice
    const again = stack.gas.recalculate();
    expect(again.every((r) => r.remembered)).toBe(true);
    // Clearing the cache alone changes nothing Sheets sees: still remembered, nothing fetched.
    sidebar('clearCache');
    expect(stack.gas.recalculate().every((r) => r.remembered)).toBe(true);
    expect(await stack.requests()).toBe(3);
  });

  it('after clearing the cache, Refresh all formulas makes every formula run again and fetch, with the same results', async () => {
    stack.gas.recalculate();
    const before = stack.gas.spreadsheet.getValues('Sheet1!B2:D4');
    sidebar('clearCache');
    await stack.service.control.resetStats();
    const refreshed = sidebar('refreshAllFormulas');
    expect(refreshed).toEqual({ formulaCells: 2, formulasRewritten: 2, sheets: 1 });
    expect(stack.gas.spreadsheet.getFormulas('Sheet1!B2')).toEqual([['=SEARCH_SCORE(A2:A4, SDM_REFRESH)']]);
    expect(stack.gas.spreadsheet.getFormulas('Sheet1!D1')).toEqual([['=SEARCH_TREND("juice", "peak.month", SDM_REFRESH)']]);
    const report = stack.gas.recalculate();
    expect(report.map((r) => [r.cell, r.ok, r.remembered])).toEqual([
      ['Sheet1!D1', true, false],
      ['Sheet1!B2', true, false],
    ]);
    expect(await stack.requests()).toBe(3);
    expect(stack.gas.spreadsheet.getValues('Sheet1!B2:D4')).toEqual(before);

    // The second refresh rewrites nothing: it changes the one named cell, and everything runs again
    // (from the cache this time: no request).
    expect(sidebar('refreshAllFormulas')).toEqual({ formulaCells: 2, formulasRewritten: 0, sheets: 1 });
    expect(stack.gas.recalculate().every((r) => !r.remembered && r.ok)).toBe(true);
    expect(await stack.requests()).toBe(3);
    // The counter lives on a hidden sheet the user does not have to see.
    const helper = stack.gas.spreadsheet.sheets.find((s) => s.name.startsWith('Search Demand add-on'));
    expect(helper?.hidden).toBe(true);
  });
});

describe('the URL allowlist', () => {
  it('refuses a base URL the manifest does not allow, saying which are', () => {
    const refused = stack.gas.run('setBaseUrl', ['https://api.other.example'], { mode: 'sidebar' });
    expect(refused.error).toBe(
      `This add-on may only call ${PLACEHOLDER_BASE_URL}, http://127.0.0.1:, http://localhost: (Google allows no other address than its manifest lists), so https://api.other.example was not saved.`,
    );
    expect(stack.gas.properties.user.get('SDM_BASE_URL')).toBe(stack.service.url);
  });

  it('ignores a stored override outside the allowlist (set by an older version), using the default', () => {
    stack.gas.properties.user.set('SDM_BASE_URL', 'https://api.other.example');
    const settings = sidebar('getSettings');
    expect(settings).toMatchObject({ baseUrl: PLACEHOLDER_BASE_URL, baseUrlIsDefault: true });
    expect(stack.gas.run('SEARCH_SCORE', ['coffee']).ok).toBe(false);
    expect(stack.gas.fetchLog.every((f) => f.url.startsWith(`${PLACEHOLDER_BASE_URL}/api/v1/`))).toBe(true);
  });
});

describe("Google's daily quotas", () => {
  /** A runtime whose user saved KEY, with a quota lowered for the test. */
  function quotaRuntime(options: { urlFetchDailyQuota?: number; propertiesDailyQuota?: number }): GasRuntime {
    const gas = new GasRuntime({ ...options, startAt: TEST_START });
    gas.properties.user.set('SDM_API_KEY', KEY);
    gas.properties.user.set('SDM_BASE_URL', stack.service.url);
    return gas;
  }

  it('says the URL-fetch quota ran out, in a cell and in a range row, and does not retry', async () => {
    const gas = quotaRuntime({ urlFetchDailyQuota: 1 });
    try {
      expect(gas.run('SEARCH_SCORE', ['coffee']).ok).toBe(true);
      const single = gas.run('SEARCH_SCORE', ['tea']);
      expect(single.error).toBe(
        "Google's daily quota of URL fetches for this account is used up: the add-on can try again when it resets, within 24 hours.",
      );
      const range = gas.run('SEARCH_SCORE', [[['coffee'], ['juice']]]);
      expect(range.value).toEqual([
        [expect.any(Number)],
        ["Google's daily quota of URL fetches for this account is used up: the add-on can try again when it resets, within 24 hours."],
      ]);
      expect(await stack.requests()).toBe(1);
    } finally {
      gas.close();
    }
  });

  it('says the property quota ran out instead of "No API key"', () => {
    const gas = quotaRuntime({ propertiesDailyQuota: 0 });
    try {
      const result = gas.run('SEARCH_SCORE', ['coffee']);
      expect(result.error).toBe(
        "Google's daily quota of property reads and writes for this account is used up: the add-on can try again when it resets, within 24 hours.",
      );
    } finally {
      gas.close();
    }
  });
});

describe('a manifest without the loopback prefixes (a production build)', () => {
  it('is refused by Google before anything is sent, said plainly and not retried', async () => {
    const gas = new GasRuntime({ manifest: { urlFetchWhitelist: [`${PLACEHOLDER_BASE_URL}/api/v1/`] }, startAt: TEST_START });
    try {
      gas.properties.user.set('SDM_API_KEY', KEY);
      // An override stored before the allowlist existed, that this build would never accept.
      gas.properties.user.set('SDM_BASE_URL', stack.service.url);
      const result = gas.run('SEARCH_SCORE', ['coffee']);
      expect(result.error).toBe(
        "Google refused the service's address: it is not in the add-on's allowlist (urlFetchWhitelist). Reset the base URL in Extensions › Search Demand › Settings.",
      );
      expect(result.serviceCalls['urlfetch.fetchAll']).toBe(1);
      expect(await stack.requests()).toBe(0);
    } finally {
      gas.close();
    }
  });
});
