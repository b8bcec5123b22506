/**
 * The protocol every lookup follows (src/server/lookup/pipeline.ts), one entry per query: read the
 * cache once, mark the misses, read the marks back, fetch what is ours, wait for what is another
 * execution's, store. The Apps Script services are in-process fakes (apps-script-fakes.ts) that count
 * the cache calls and the requests, and let a test land another execution's write between two steps.
 * The same protocol against the built add-on, with executions really at once: test/integration.
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_KEY, stampOf } from '../../../../src/server/cache/keys';
import { readEntry, writeEntry } from '../../../../src/server/cache/entry';
import { createBudget } from '../../../../src/server/execution/time-budget';
import { DEFAULT_BASE_URL, PROP_API_KEY } from '../../../../src/server/settings/constants';
import { dropCached, lookupAll, ownKeys, PENDING_MS, POLL_MS, WAIT_FOR_OTHERS_MS } from '../../../../src/server/lookup/pipeline';
import { ENDPOINTS } from '../../../../src/server/service/endpoints';
import { answer, useAppsScriptFakes } from './apps-script-fakes';

const fakes = useAppsScriptFakes();
const trend = ENDPOINTS.trend;
/** What this document's answers carry: cache generation 0, the build's service. */
const stamp = () => stampOf('0', DEFAULT_BASE_URL);

/** A formula's lookup of keywords, with a fresh 30 s budget. */
const look = (...subjects: string[]) => lookupAll(trend, subjects, createBudget(), 'formula');
/** A keyword's own cache key. */
const keyOf = (subject: string): string => ownKeys(trend, [subject]).get(subject) ?? '';
/** What the cache holds under a keyword's key now, read as the lookup reads it. */
const held = (subject: string) => readEntry(fakes.current.cache.get(keyOf(subject)), stamp(), Date.now());
/** The keywords sent, in order. */
const sentKeywords = () => fakes.current.sent.map((url) => url.searchParams.get('keyword'));
/** The cache calls made, by name. */
const calls = () => fakes.current.cacheCalls.map((call) => call.op);
/** Another execution's mark on a keyword, as its putAll leaves it. */
const theirMark = (subject: string) => writeEntry(keyOf(subject), { kind: 'pending', by: 'other' }, '', Date.now() + PENDING_MS);
/** Another execution's answer to a keyword landing in the cache. */
const theirAnswer = (subject: string) => {
  const [key, value] = Object.entries(
    writeEntry(keyOf(subject), { kind: 'data', data: { keyword: subject, by: 'other' } }, stamp(), null),
  )[0]!;
  fakes.current.cache.set(key, value);
};

describe('a miss', () => {
  it('reads the cache once, marks the query, reads the mark back, fetches it, then stores the answer', () => {
    let markSeen: unknown;
    fakes.current.afterCacheCall = (call, i) => {
      if (i === 1) markSeen = readEntry(fakes.current.cache.get(keyOf('coffee')), stamp(), Date.now());
    };
    const { answers, stats } = look('coffee');
    expect(answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', score: 6 }, at: expect.any(Number) as number });
    expect(stats).toEqual({ cacheHits: 0, requests: 1, freshSearches: 1 });
    expect(calls()).toEqual(['getAll', 'putAll', 'getAll', 'putAll']);
    // The first putAll marked it as being fetched, with the document's config entry (its first miss).
    expect(markSeen).toMatchObject({ kind: 'pending' });
    expect(fakes.current.cacheCalls[1]?.keys).toEqual(expect.arrayContaining([keyOf('coffee'), CONFIG_KEY]));
    expect(held('coffee')).toEqual({ kind: 'data', data: { keyword: 'coffee', score: 6 }, at: expect.any(Number) as number });
    expect(sentKeywords()).toEqual(['coffee']);
  });

  it('asks once for a query however many cells ask for it', () => {
    const { answers, stats } = look('tea', 'tea', 'matcha', 'tea');
    expect(sentKeywords()).toEqual(['tea', 'matcha']);
    expect(fakes.current.batches).toEqual([2]);
    expect([...answers.keys()]).toEqual(['tea', 'matcha']);
    expect(stats.requests).toBe(2);
  });

  it('without a key says so in every row, sends nothing, and takes its marks back', () => {
    fakes.current.user.delete(PROP_API_KEY);
    const { answers } = look('coffee');
    expect(answers.get('coffee')).toMatchObject({ ok: false, error: { kind: 'no-key' } });
    expect(fakes.current.sent).toEqual([]);
    expect(held('coffee')).toBeNull();
  });
});

describe('a hit', () => {
  it('is one getAll, nothing sent and nothing written', () => {
    look('coffee');
    fakes.current.cacheCalls.length = 0;
    const { answers, stats } = look('coffee');
    expect(answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', score: 6 }, at: expect.any(Number) as number });
    expect(stats).toEqual({ cacheHits: 1, requests: 0, freshSearches: 0 });
    expect(calls()).toEqual(['getAll']);
    expect(sentKeywords()).toEqual(['coffee']);
  });

  it('is forgotten by dropCached: the next lookup fetches again', () => {
    look('coffee');
    dropCached(trend, ['coffee']);
    expect(held('coffee')).toBeNull();
    look('coffee');
    expect(sentKeywords()).toEqual(['coffee', 'coffee']);
  });
});

describe('another execution fetching the same query', () => {
  it('waits for its answer and takes it, sending nothing', () => {
    for (const [key, value] of Object.entries(theirMark('coffee'))) fakes.current.cache.set(key, value);
    fakes.current.onSleep = (ms) => {
      if (ms === POLL_MS) theirAnswer('coffee');
    };
    const { answers, stats } = look('coffee');
    expect(answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', by: 'other' } });
    expect(fakes.current.sent).toEqual([]);
    expect(stats).toMatchObject({ requests: 0, cacheHits: 1 });
    expect(fakes.current.slept).toEqual([POLL_MS]);
  });

  it('fetches the query itself when that answer does not come within a second', () => {
    for (const [key, value] of Object.entries(theirMark('coffee'))) fakes.current.cache.set(key, value);
    const { answers } = look('coffee');
    expect(answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', score: 6 }, at: expect.any(Number) as number });
    expect(sentKeywords()).toEqual(['coffee']);
    // Polled every 200 ms for at most the second, then fetched it.
    expect(fakes.current.slept.length).toBeGreaterThan(1);
    expect(fakes.current.slept.every((ms) => ms === POLL_MS)).toBe(true);
    expect(fakes.current.slept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(WAIT_FOR_OTHERS_MS);
  });

  it('lets the last mark win: one landing over ours before the read-back makes us wait for its writer', () => {
    fakes.current.afterCacheCall = (call, i) => {
      // Our marks have just landed (the second call); another execution's lands over them.
      if (i === 1) for (const [key, value] of Object.entries(theirMark('coffee'))) fakes.current.cache.set(key, value);
    };
    fakes.current.onSleep = (ms) => {
      if (ms === POLL_MS) theirAnswer('coffee');
    };
    const { answers } = look('coffee');
    expect(answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', by: 'other' } });
    expect(fakes.current.sent).toEqual([]);
  });

  it('reads its marks back as long after they landed as its cache read and its marking took', () => {
    // Half a second passes between our cache read and our marks (a slow property read, a paused thread):
    // another execution that read the cache as we did may take as long to land its marks over ours.
    fakes.current.onPropertyRead = () => fakes.current.advance(500);
    look('coffee');
    const settle = fakes.current.slept[0] ?? 0;
    expect(settle).toBeGreaterThanOrEqual(500);
    expect(calls().slice(0, 3)).toEqual(['getAll', 'putAll', 'getAll']); // the sleep came between the last two
  });

  it('takes an answer that landed over our mark before the read-back, sending nothing', () => {
    fakes.current.afterCacheCall = (call, i) => {
      if (i === 1) theirAnswer('coffee');
    };
    const { answers } = look('coffee');
    expect(answers.get('coffee')).toEqual({ ok: true, data: { keyword: 'coffee', by: 'other' } });
    expect(fakes.current.sent).toEqual([]);
    expect(calls()).toEqual(['getAll', 'putAll', 'getAll']); // nothing of ours to store
  });
});

describe('a daily limit', () => {
  it('holds back what it refused: the next lookup sends nothing for it and says when it is fetched', () => {
    fakes.current.service = (url) =>
      url.searchParams.get('keyword') === 'over'
        ? { status: 429, body: { error: 'limit_exceeded', message: 'Daily fresh search limit reached.', reset_at: '2099-01-01T00:00:00Z' } }
        : answer(url);
    const first = look('over');
    expect(first.answers.get('over')).toMatchObject({ ok: false, error: { kind: 'limit' } });
    const again = look('over', 'fine');
    expect(sentKeywords()).toEqual(['over', 'fine']); // 'over' once, then only 'fine'
    expect(again.answers.get('over')).toMatchObject({ ok: false, error: { kind: 'limit' } });
    expect(again.answers.get('fine')).toMatchObject({ ok: true });
  });
});
