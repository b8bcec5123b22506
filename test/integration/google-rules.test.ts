/**
 * The add-on under Google's rules that dev/gas enforces (dev/gas/RULES.md has each rule's source):
 * Sheets remembers custom-function results per function and arguments, the manifest's URL allowlist,
 * and Google's daily quotas. Formulas are evaluated as Sheets would: `recalculate()` runs each formula
 * cell through the remembering evaluator.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { GasRuntime, SHORT_TIME_MESSAGES, type GasRuntimeOptions } from '../../dev/gas/index.js';
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
    // The refresh fetches the three answers itself (a handful: no read of what is left), then the formulas run.
    const refreshed = sidebar('refreshAllFormulas');
    expect(refreshed).toMatchObject({ formulaCells: 2, formulasRewritten: 2, sheets: 1, waiting: 0, requests: 3 });
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
    expect(sidebar('refreshAllFormulas')).toMatchObject({ formulaCells: 2, formulasRewritten: 0, sheets: 1, requests: 0 });
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

describe("Google's daily quotas and short-term limits", () => {
  /** A runtime whose user saved KEY, with a quota lowered or a short-term limit set for the test. */
  function quotaRuntime(options: GasRuntimeOptions): GasRuntime {
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

  const SHORT_TERM =
    "Google's short-term limit on URL fetches for this account was reached (too many in a few seconds): try again in a minute.";

  it("says Google's short-term URL-fetch limit was reached, in a cell and in range rows, blaming no service and retrying nothing", async () => {
    const gas = quotaRuntime({ urlFetchShortTimeLimit: { calls: 1, windowMs: 60_000 } });
    try {
      expect(gas.run('SEARCH_SCORE', ['coffee']).ok).toBe(true);
      const single = gas.run('SEARCH_SCORE', ['tea']);
      expect(single.error).toBe(SHORT_TERM);
      expect(single.fetchCalls).toBe(1); // no retry into the limit
      const range = gas.run('SEARCH_SCORE', [[['coffee'], ['juice'], ['milk']]]);
      expect(range.value).toEqual([[expect.any(Number)], [SHORT_TERM], [SHORT_TERM]]);
      expect(range.fetchCalls).toBe(1);
      expect(await stack.requests()).toBe(1);
      // A minute on, recalculating fetches what was refused.
      gas.advanceClock(60_001);
      expect(gas.run('SEARCH_SCORE', ['tea']).ok).toBe(true);
    } finally {
      gas.close();
    }
  });

  it('stops sending at the first batch Google refuses: the rest of a long range says so, and nothing is retried', async () => {
    // The range reads what is left today first (one /usage fetch), then sends 100 requests a batch
    // (FETCH_BATCH_SIZE): the second batch meets the limit, the third is never sent.
    const gas = quotaRuntime({ urlFetchShortTimeLimit: { calls: 101, windowMs: 60_000 } });
    try {
      const keywords = Array.from({ length: 250 }, (_, i) => [`keyword ${i}`]);
      const result = gas.run('SEARCH_SCORE', [keywords]);
      const rows = result.value as unknown[][];
      expect(rows.slice(0, 100).every(([v]) => typeof v === 'number')).toBe(true);
      expect(rows.slice(100).every(([v]) => v === SHORT_TERM)).toBe(true);
      expect(result.serviceCalls['urlfetch.fetchAll']).toBe(3);
      expect(await stack.requests('/trend')).toBe(100);
    } finally {
      gas.close();
    }
  });

  it("meets dev/gas's default short-term limit (assumed: 1,000 URL fetches a minute) in one range of 1,000 new keywords", async () => {
    // No limit set: the default. The usage read and nine batches of 100 fit in the minute, the tenth does not.
    await stack.service.control.config({ freshPerDay: 5_000, callsPerDay: 10_000 });
    const gas = quotaRuntime({});
    try {
      const keywords = Array.from({ length: 1000 }, (_, i) => [`default limit keyword ${i}`]);
      const rows = gas.run('SEARCH_SCORE', [keywords]).value as unknown[][];
      expect(rows.slice(0, 900).every(([v]) => typeof v === 'number')).toBe(true);
      expect(rows.slice(900).every(([v]) => v === SHORT_TERM)).toBe(true);
      expect(await stack.requests('/trend')).toBe(900);
    } finally {
      gas.close();
    }
  });

  it('the daily URL-fetch quota likewise: one refused batch, then nothing more is sent', async () => {
    const gas = quotaRuntime({ urlFetchDailyQuota: 150 });
    try {
      const keywords = Array.from({ length: 250 }, (_, i) => [`keyword ${i}`]);
      const result = gas.run('SEARCH_SCORE', [keywords]);
      const rows = result.value as unknown[][];
      expect(rows.slice(100).every(([v]) => String(v).startsWith("Google's daily quota of URL fetches"))).toBe(true);
      expect(result.serviceCalls['urlfetch.fetchAll']).toBe(3); // the usage read, one batch, one refused
      expect(await stack.requests('/trend')).toBe(100);
    } finally {
      gas.close();
    }
  });

  it('a start refused by Google shows its text on the cell (the add-on never runs); one range formula is one start', () => {
    const gas = quotaRuntime({ executionStartLimit: { calls: 2, windowMs: 60_000 } });
    try {
      gas.spreadsheet.setValues('Sheet1!A1:A4', [['keyword'], ['coffee'], ['tea'], ['juice']]);
      for (const row of [2, 3, 4]) gas.spreadsheet.setFormula(`Sheet1!B${row}`, `=SEARCH_SCORE(A${row})`);
      const perCell = gas.recalculate();
      expect(perCell.map((r) => r.ok)).toEqual([true, true, false]);
      expect(perCell[2]?.error).toBe(SHORT_TIME_MESSAGES.executions);
      // The same three keywords as one range formula: one execution, well inside the limit.
      gas.advanceClock(60_001);
      for (const row of [2, 3, 4]) gas.spreadsheet.setValues(`Sheet1!B${row}`, [['']]);
      gas.spreadsheet.setFormula('Sheet1!C2', '=SEARCH_SCORE(A2:A4)');
      const range = gas.recalculate();
      expect(range.map((r) => [r.cell, r.ok])).toEqual([['Sheet1!C2', true]]);
      expect(gas.spreadsheet.getValues('Sheet1!C2:C4').every(([v]) => typeof v === 'number')).toBe(true);
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
