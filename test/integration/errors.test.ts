/**
 * Every error class of docs/use/functions.md ("Errors") as a user sees it on the cell (single input) or in the row (range),
 * bad input, and the rule that nothing wrong is stored.
 */
import { describe, expect, it } from 'vitest';
import { answerEntries, KEY, useStack } from './stack';
import { PLACEHOLDER_BASE_URL } from '../../scripts/build/manifest';

const stack = useStack();

const cellError = (fn: string, ...args: unknown[]) => {
  const result = stack.run(fn, ...args);
  expect(result.ok, `${fn} should fail`).toBe(false);
  expect(result.timedOut).toBe(false);
  return result.error ?? '';
};

describe('service errors', () => {
  it('no key: says where to add one, on a cell and in every row, without calling the service', async () => {
    stack.gas.properties.user.delete('SDM_API_KEY');
    expect(cellError('SEARCH_SCORE', 'coffee')).toBe(
      "No API key for this spreadsheet's formulas: its owner can save one, or anyone can share theirs with the document, in Extensions › Search Demand › Settings.",
    );
    expect(stack.value('SEARCH_SCORE', [['coffee'], [''], ['tea']])).toEqual([
      [
        "No API key for this spreadsheet's formulas: its owner can save one, or anyone can share theirs with the document, in Extensions › Search Demand › Settings.",
      ],
      [''],
      [
        "No API key for this spreadsheet's formulas: its owner can save one, or anyone can share theirs with the document, in Extensions › Search Demand › Settings.",
      ],
    ]);
    expect(await stack.requests()).toBe(0);
  });

  it('uses a key shared with the document when the user has none', () => {
    stack.gas.properties.user.delete('SDM_API_KEY');
    stack.gas.properties.document.set('SDM_API_KEY', KEY);
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
  });

  it('a revoked key is refused, and nothing is cached', async () => {
    await stack.service.control.keys({ revoke: [KEY] });
    expect(cellError('SEARCH_TREND', 'coffee')).toMatch(/^The API key was refused \(invalid or revoked\)/);
    expect(answerEntries(stack)).toHaveLength(0);
  });

  it('a key revoked in the middle of a range fails the rows fetched after it, keeping those cached before', async () => {
    stack.value('SEARCH_SCORE', 'coffee');
    await stack.service.control.keys({ revoke: [KEY] });
    const grid = stack.value('SEARCH_SCORE', [['coffee'], ['tea']]) as unknown[][];
    expect(typeof grid[0]?.[0]).toBe('number');
    expect(grid[1]?.[0]).toMatch(/^The API key was refused/);
  });

  it('not found names what was not found, and is remembered only briefly', async () => {
    expect(cellError('BRAND_PROFILE', 'No-Such-Brand')).toBe('Not found: brand "no-such-brand".');
    expect(cellError('RANKING_LIST', 'sector:nothing')).toMatch(/^Not found: group "sector:nothing"\. Groups that exist: /);
    await stack.service.control.resetStats();
    cellError('BRAND_PROFILE', 'no-such-brand');
    expect(await stack.requests()).toBe(0);
    stack.gas.advanceClock(6 * 60_000);
    cellError('BRAND_PROFILE', 'no-such-brand');
    expect(await stack.requests()).toBe(1);
  });

  it('a brand not found whose slug has spaces suggests the usual hyphenated form, from the cache too', async () => {
    const said = 'Not found: brand "acme pay". Brand slugs are usually lower-case words joined by hyphens: try "acme-pay".';
    expect(cellError('BRAND_SCORE', 'Acme Pay')).toBe(said);
    expect(stack.value('BRAND_SCORE', [['Acme Pay'], ['acme-pay']])).toEqual([[said], [expect.any(Number)]]);
    await stack.service.control.resetStats();
    expect(cellError('BRAND_PROFILE', ' acme   PAY ')).toBe(said); // the remembered "not found"
    expect(await stack.requests()).toBe(0);
    // A slug already in that form gets no suggestion.
    expect(cellError('BRAND_SCORE', 'acme-nothing')).toBe('Not found: brand "acme-nothing".');
  });

  it('a rejected input shows the service message, echoing at most 60 characters of the input', () => {
    // 220 characters: over the service's limit.
    expect(cellError('SEARCH_TREND', 'k'.repeat(220))).toMatch(/^The service rejected keyword "k{59}…": .*200/);
  });

  it('learns the length the service accepts from its refusal, and never spends a call on a longer input', async () => {
    expect(cellError('SEARCH_SCORE', 'q'.repeat(220))).toMatch(/^The service rejected keyword "q{59}…": .*200/);
    expect(await stack.requests()).toBe(1);
    const grid = stack.value('SEARCH_SCORE', [['w'.repeat(201)], ['coffee'], ['z'.repeat(500)]]) as unknown[][];
    expect(grid[0]?.[0]).toBe(
      `The service rejected keyword "${'w'.repeat(59)}…": it takes at most 200 characters (this has 201), as it said before, so nothing was sent.`,
    );
    expect(typeof grid[1]?.[0]).toBe('number');
    expect(grid[2]?.[0]).toMatch(/it takes at most 200 characters \(this has 500\)/);
    expect(await stack.requests()).toBe(2); // only coffee
    // An input the service accepts is still sent, however long the add-on thinks it is.
    expect(typeof stack.value('SEARCH_SCORE', 'e'.repeat(200))).toBe('number');
  });

  it('the daily limit says which and when to retry, in the cell as a range row does; cached answers still show', async () => {
    stack.value('SEARCH_SCORE', 'coffee');
    await stack.service.control.limits({ freshUsed: 250 });
    stack.resetRuntime(); // a new document: nothing cached on our side
    // Its words are the cell's value (thrown, Sheets would show #ERROR! and the words only on hover).
    expect(stack.value('SEARCH_SCORE', 'brand new keyword')).toMatch(
      /^Daily limit reached \(fresh searches\): Refresh all formulas after \d\d:\d\d UTC\.$/,
    );
    // The service still answers what it served within 7 days, free.
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
  });

  it('429 without Retry-After is not retried', async () => {
    await stack.service.control.faults([{ kind: '429', count: 1 }]);
    expect(cellError('SEARCH_SCORE', 'coffee')).toMatch(/^Too many requests to the service: try again/);
    expect(await stack.requests()).toBe(1);
  });

  it('429 with a short Retry-After is waited for once and then answered', async () => {
    await stack.service.control.faults([{ kind: '429', count: 1, retryAfter: 1 }]);
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
    expect(await stack.requests()).toBe(2);
  });

  it('a 5xx burst is retried with backoff and the answer arrives', async () => {
    await stack.service.control.faults([{ kind: '5xx', status: 503, count: 2 }]);
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
    expect(await stack.requests()).toBe(3);
  });

  it('a lasting outage says unavailable after two retries, caches nothing, and recovers', async () => {
    await stack.service.control.faults([{ kind: '5xx', status: 502, count: 100 }]);
    expect(cellError('SEARCH_SCORE', 'coffee')).toBe('The service is unavailable (HTTP 502); retried 2 times. Try again in a few minutes.');
    expect(await stack.requests()).toBe(3);
    expect(answerEntries(stack)).toHaveLength(0);
    await stack.service.control.reset();
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
  });

  it('network failures (connections dropped) are retried, then reported as unavailable', async () => {
    await stack.service.control.faults([{ kind: 'reset', count: 100 }]);
    expect(cellError('SEARCH_SCORE', 'coffee')).toBe(
      'The service is unavailable (network error); retried 2 times. Try again in a few minutes.',
    );
  });

  it('an unreadable answer says so and is not cached', async () => {
    await stack.service.control.faults([{ kind: 'malformed', count: 1 }]);
    expect(cellError('SEARCH_TREND', 'coffee')).toBe('The service sent an unreadable answer (not JSON). Recalculate to try again.');
    expect(answerEntries(stack)).toHaveLength(0);
    expect(Array.isArray(stack.value('SEARCH_TREND', 'coffee'))).toBe(true);
  });

  it('a range keeps its good rows when some fail', async () => {
    await stack.service.control.faults([{ kind: 'malformed', count: 1, path: '/brand' }]);
    const grid = stack.value('BRAND_SCORE', [['acme-pay'], ['strypo'], ['nope-nope']]) as unknown[][];
    const texts = grid.map((r) => r[0]);
    expect(texts.filter((v) => typeof v === 'number')).toHaveLength(1);
    expect(texts).toContain('Not found: brand "nope-nope".');
    expect(texts).toContain('The service sent an unreadable answer (not JSON). Recalculate to try again.');
  });

  it('a base URL override that is not https (or local) is ignored', () => {
    stack.gas.properties.user.set('SDM_BASE_URL', 'http://evil.example');
    expect(cellError('SEARCH_SCORE', 'coffee')).toMatch(/unavailable \(network error\)/);
    expect(stack.gas.fetchLog.every((f) => f.url.startsWith(`${PLACEHOLDER_BASE_URL}/`))).toBe(true);
  });
});

describe('bad input', () => {
  const snapshot = () => ({
    user: stack.gas.properties.user.snapshot(),
    document: stack.gas.properties.document.snapshot(),
    cache: answerEntries(stack).length,
  });

  it('says what is wrong with each argument and changes nothing stored', async () => {
    const before = snapshot();
    expect(cellError('SEARCH_TREND', '')).toMatch(/^Bad input: the keyword is empty/);
    expect(cellError('SEARCH_TREND', '   ')).toMatch(/^Bad input: the keyword is empty/);
    expect(cellError('SEARCH_SCORE', 'x'.repeat(3000))).toBe(
      `Bad input: keyword "${'x'.repeat(59)}…" is too long once encoded for the URL (Google's limit), so nothing was sent.`,
    );
    expect(cellError('SEARCH_SCORE', true)).toBe('Bad input: keyword must be text, not TRUE.');
    expect(cellError('SEARCH_SCORE', new Date('2025-01-01'))).toMatch(/^Bad input: keyword is a date/);
    expect(cellError('BRAND_SCORE', '')).toMatch(/^Bad input: the slug is empty/);
    expect(cellError('RANKING_LIST', 'fintech')).toMatch(/must look like prefix:name/);
    expect(cellError('SEARCH_TREND', 'coffee', 3.5, 'noHeaders')).toMatch(/^Unknown field "3\.5"/);
    expect(cellError('SEARCH_TREND', 'coffee', [['a']])).toBe(
      'Bad input: field must be text: a label or header the answer shows, or a path into it.',
    );
    expect(cellError('MARKET_ANALYSIS', '', 'upside down')).toMatch(/unknown option "upside down"/);
    expect(await stack.requests()).toBe(1); // only the valid coffee lookup behind the unknown field
    expect(snapshot()).toEqual({ ...before, cache: 1 });
  });

  it('sends emoji and reserved characters exactly, normalised', async () => {
    const keywords = ['Café ☕ & Crème', 'c++ vs c#', '100% / why?', 'a+b', 'rock & roll #1', '🚲🚲  e-bike'];
    const grid = stack.value(
      'SEARCH_SCORE',
      keywords.map((k) => [k]),
    ) as unknown[][];
    for (const row of grid) expect(typeof row[0]).toBe('number');
    const received = Object.keys((await stack.service.control.stats()).byQuery);
    for (const k of keywords) {
      const normalised = k.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
      expect(received).toContain(`/trend?keyword=${normalised}`);
    }
  });

  it('reads numbers as keywords', async () => {
    expect(typeof stack.value('SEARCH_SCORE', 2024)).toBe('number');
    expect(Object.keys((await stack.service.control.stats()).byQuery)).toContain('/trend?keyword=2024');
  });

  it('keeps a 2D range with blanks aligned, and refuses a 2D range where rows of fields are needed', async () => {
    const grid = stack.value('SEARCH_SCORE', [
      ['coffee', '', 'tea'],
      ['', '', ''],
      [true, 'milk', ''],
    ]) as unknown[][];
    expect(grid).toHaveLength(3);
    expect(grid.every((r) => r.length === 3)).toBe(true);
    expect(grid[1]).toEqual(['', '', '']);
    expect(grid[2]?.[0]).toBe('Bad input: keyword must be text, not TRUE.');
    expect(typeof grid[2]?.[1]).toBe('number');
    await stack.service.control.resetStats();
    expect(
      cellError('SEARCH_TREND', [
        ['coffee', 'tea'],
        ['milk', 'sugar'],
      ]),
    ).toMatch(/one column \(or one row\)/);
    expect(await stack.requests()).toBe(0);
  });
});
