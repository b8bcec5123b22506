/**
 * The misses on their way to the service and back (src/server/lookup/fetch-misses.ts): what is refused
 * before sending, the request for each, and each outcome as an answer with the cache entry it leaves.
 * The service is a fake of UrlFetchApp (apps-script-fakes.ts): the tests count what it was sent.
 */
import { describe, expect, it } from 'vitest';
import { readEntry } from '../../../../src/server/cache/entry';
import { createBudget } from '../../../../src/server/execution/time-budget';
import { DEFAULT_BASE_URL, MAX_URL_LENGTH } from '../../../../src/server/settings/constants';
import type { Answer } from '../../../../src/server/lookup/lookup-result';
import { ownKeys } from '../../../../src/server/lookup/pipeline';
import { fetchMisses, learnFromRejections, missesToFetch, refusedBeforeSending } from '../../../../src/server/lookup/fetch-misses';
import { errors } from '../../../../src/server/errors/errors';
import { ENDPOINTS } from '../../../../src/server/service/endpoints';
import { answer, FAKE_KEY, useAppsScriptFakes, type Reply } from './apps-script-fakes';

const fakes = useAppsScriptFakes();
const trend = ENDPOINTS.trend;
const STAMP = '0.test';

/** Fetches the keywords' misses with a fresh 30 s budget. */
function fetchKeywords(subjects: string[], budget = createBudget()) {
  const keys = ownKeys(trend, subjects);
  const fetched = fetchMisses(trend, missesToFetch(trend, subjects, keys, DEFAULT_BASE_URL), { apiKey: FAKE_KEY, budget, stamp: STAMP });
  return { keys, fetched };
}

/** The service answering `replies[keyword]` where given, else as it knows every keyword. */
const serving = (replies: Record<string, Reply>) => (url: URL) => replies[url.searchParams.get('keyword') ?? ''] ?? answer(url);

describe('refusedBeforeSending', () => {
  it('refuses a keyword longer than the service said it takes, and one too long for a URL; sends the rest', () => {
    expect(refusedBeforeSending(trend, 'coffee', 10, DEFAULT_BASE_URL)).toBeNull();
    expect(refusedBeforeSending(trend, 'coffee beans', 10, DEFAULT_BASE_URL)?.message).toBe(
      'The service rejected keyword "coffee beans": it takes at most 10 characters (this has 12), as it said before, so nothing was sent.',
    );
    const huge = 'é'.repeat(MAX_URL_LENGTH);
    expect(refusedBeforeSending(trend, huge, null, DEFAULT_BASE_URL)).toMatchObject({ kind: 'input' });
    expect(refusedBeforeSending(ENDPOINTS.markets, '', 1, DEFAULT_BASE_URL)).toBeNull(); // no parameter, nothing to measure
  });
});

describe('missesToFetch', () => {
  it('gives each subject its request, named by its answer key, the keyword in the URL', () => {
    const keys = ownKeys(trend, ['cold brew']);
    const [miss] = missesToFetch(trend, ['cold brew'], keys, DEFAULT_BASE_URL);
    expect(miss?.subject).toBe('cold brew');
    expect(miss?.request.id).toBe(keys.get('cold brew'));
    expect(new URL(miss?.request.url ?? '').searchParams.get('keyword')).toBe('cold brew');
    expect(miss?.request.what).toBe('keyword "cold brew"');
  });
});

describe('fetchMisses', () => {
  it('sends the misses in one fetchAll and keeps each answer under its key; only fresh answers cost a search', () => {
    const { keys, fetched } = fetchKeywords(['coffee', 'cached tea']);
    expect(fakes.current.batches).toEqual([2]);
    expect(fetched).toMatchObject({ requests: 2, freshSearches: 1, refusals: [] });
    // The answer without the service's cache flag, kept for the cache's own 6 hours under the stamp.
    expect(fetched.answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', score: 6 }, at: expect.any(Number) as number });
    const kept = fetched.writes[keys.get('coffee') ?? ''];
    expect(readEntry(kept, STAMP, Date.now() + 5 * 3_600_000)).toEqual({
      kind: 'data',
      data: { keyword: 'coffee', score: 6 },
      at: expect.any(Number) as number,
    });
    expect(readEntry(kept, 'another.stamp', Date.now())).toBeNull();
    expect(Object.keys(fetched.writes).sort()).toEqual([...keys.values()].sort());
  });

  it('keeps "not found" for five minutes, and nothing of a failure: its mark is taken back', () => {
    fakes.current.service = serving({
      ghost: { status: 404, body: { error: 'not_found' } },
      down: { status: 503, body: { error: 'down' } },
    });
    const { keys, fetched } = fetchKeywords(['ghost', 'down']);
    // The 503 is asked twice more after a backoff; the 404 is not.
    expect(fakes.current.sent.map((u) => u.searchParams.get('keyword'))).toEqual(['ghost', 'down', 'down', 'down']);
    expect(fakes.current.slept).toHaveLength(2);
    expect(fetched.answers.get('ghost')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(fetched.answers.get('down')).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    const now = Date.now();
    const ghost = fetched.writes[keys.get('ghost') ?? ''];
    expect(readEntry(ghost, STAMP, now)).toEqual({ kind: 'not-found' });
    expect(readEntry(ghost, STAMP, now + 301_000)).toBeNull();
    expect(readEntry(fetched.writes[keys.get('down') ?? ''], STAMP, now)).toBeNull();
    expect(fetched).toMatchObject({ requests: 2, freshSearches: 0 });
  });

  it('notes a daily limit the service refused, with its reset, and does not wait for it', () => {
    const resetAt = '2099-01-01T00:00:00.000Z';
    fakes.current.service = serving({
      over: {
        status: 429,
        body: { error: 'limit_exceeded', message: 'Daily fresh search limit reached (250 per day).', reset_at: resetAt },
      },
    });
    const { keys, fetched } = fetchKeywords(['over', 'fine']);
    expect(fakes.current.sent).toHaveLength(2);
    expect(fakes.current.slept).toEqual([]);
    expect(fetched.refusals).toEqual([{ key: keys.get('over'), which: 'fresh searches', resetAt: Date.parse(resetAt) }]);
    expect(fetched.answers.get('over')).toMatchObject({ ok: false, error: { kind: 'limit' } });
    expect(fetched).toMatchObject({ requests: 2, freshSearches: 1 });
  });

  it('sends nothing once the time is up: every row says so, and the marks are taken back', () => {
    const spent = createBudget(30_000, Date.now() - 30_000);
    const { keys, fetched } = fetchKeywords(['late', 'later'], spent);
    expect(fakes.current.batches).toEqual([]);
    expect(fetched.answers.get('late')).toEqual({ ok: false, error: errors.budget() });
    expect(readEntry(fetched.writes[keys.get('later') ?? ''], STAMP, Date.now())).toBeNull();
    expect(fetched).toMatchObject({ requests: 0, freshSearches: 0 });
  });

  it('takes a /usage answer showing every call spent as a refusal of the calls until its reset', () => {
    fakes.current.service = () => ({
      status: 200,
      body: { api_calls: { used: 2000, limit: 2000 }, reset_at: '2099-01-01T00:00:00Z' },
    });
    const usage = ENDPOINTS.usage;
    const keys = ownKeys(usage, ['']);
    const fetched = fetchMisses(usage, missesToFetch(usage, [''], keys, DEFAULT_BASE_URL), {
      apiKey: FAKE_KEY,
      budget: createBudget(),
      stamp: STAMP,
    });
    expect(fetched.refusals).toEqual([{ key: keys.get(''), which: 'API calls', resetAt: Date.parse('2099-01-01T00:00:00Z') }]);
    expect(fetched.answers.get('')?.ok).toBe(true);
  });
});

describe('learnFromRejections', () => {
  const rejected = (detail: string): Answer => ({ ok: false, error: errors.badRequest('keyword', detail) });

  it('learns the longest length the service said it takes, only when shorter than what was known', () => {
    const long = 'x'.repeat(120);
    const answers = new Map<string, Answer>([
      [long, rejected('keyword must be at most 100 characters')],
      ['short', { ok: true, data: {} }],
    ]);
    expect(learnFromRejections(trend, [long, 'short'], answers, null)).toBe(100);
    expect(learnFromRejections(trend, [long, 'short'], answers, 80)).toBeNull();
    expect(learnFromRejections(ENDPOINTS.markets, [''], new Map([['', rejected('at most 5 characters')]]), null)).toBeNull();
  });

  it('learns nothing from a rejection that is not about length', () => {
    const answers = new Map<string, Answer>([['bad', rejected('keyword contains a forbidden word')]]);
    expect(learnFromRejections(trend, ['bad'], answers, null)).toBeNull();
  });
});
