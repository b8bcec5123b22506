/**
 * A range formula's lookup, its answers packed (src/server/lookup/packed-lookup.ts): the pipeline's
 * protocol with one cache entry per group of up to PACK_SIZE queries. Against in-process fakes of the
 * Apps Script services (apps-script-fakes.ts) that count the requests and the cache calls.
 */
import { describe, expect, it } from 'vitest';
import { readEntry } from '../../../../src/server/cache/entry';
import { stampOf } from '../../../../src/server/cache/keys';
import { OWN_ENTRIES_UP_TO, PACK_SIZE, packGroups } from '../../../../src/server/cache/pack';
import { createBudget } from '../../../../src/server/execution/time-budget';
import { DEFAULT_BASE_URL } from '../../../../src/server/settings/constants';
import { lookupPacked } from '../../../../src/server/lookup/packed-lookup';
import { lookupAll, ownKeys } from '../../../../src/server/lookup/pipeline';
import { ENDPOINTS } from '../../../../src/server/service/endpoints';
import { answer, useAppsScriptFakes } from './apps-script-fakes';

const fakes = useAppsScriptFakes();
const trend = ENDPOINTS.trend;

/** A range formula's lookup of keywords, with a fresh 30 s budget. */
const range = (subjects: string[]) => lookupPacked(trend, subjects, createBudget());
/** `n` keywords, distinct. */
const keywords = (n: number, prefix = 'keyword') => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
/** The keywords sent to /trend, in order. */
const sentKeywords = () =>
  fakes.current.sent.filter((url) => url.pathname.endsWith('/trend')).map((url) => url.searchParams.get('keyword'));
/** The keys of the packs a range of these keywords keeps. */
const packKeys = (subjects: string[]) => packGroups(trend.path, subjects).map((group) => group.key);
/** Whether the cache holds something under each keyword's own key. */
const ownEntries = (subjects: string[]) => [...ownKeys(trend, subjects).values()].map((key) => fakes.current.cache.has(key));

describe('a range', () => {
  it('keeps its answers in one pack and, up to 20 queries, each under its own key too; then hits', () => {
    const column = keywords(5);
    const first = range(column);
    expect([...first.answers.values()].every((a) => a.ok)).toBe(true);
    expect(sentKeywords()).toEqual(column);
    const [pack] = packKeys(column);
    const stored = readEntry(fakes.current.cache.get(pack ?? ''), stampOf('0', DEFAULT_BASE_URL), Date.now());
    expect(stored).toMatchObject({ kind: 'data' });
    expect(ownEntries(column)).toEqual(column.map(() => true));

    // The same range again: one cache read, nothing sent; a per-cell formula of one of them hits too.
    fakes.current.cacheCalls.length = 0;
    const again = range(column);
    expect(again.stats).toMatchObject({ requests: 0, cacheHits: 5 });
    expect(again.answers).toEqual(first.answers);
    expect(fakes.current.cacheCalls.map((call) => call.op)).toEqual(['getAll']);
    expect(lookupAll(trend, ['keyword 3'], createBudget(), 'formula').stats).toMatchObject({ requests: 0, cacheHits: 1 });
    expect(sentKeywords()).toHaveLength(5);
  });

  it('of more than 20 queries keeps only its pack, not one entry per query', () => {
    const column = keywords(OWN_ENTRIES_UP_TO + 1);
    range(column);
    expect(ownEntries(column).every((has) => !has)).toBe(true);
    expect(packKeys(column).every((key) => fakes.current.cache.has(key))).toBe(true);
    expect(range(column).stats.requests).toBe(0);
  });

  it(`of more than ${PACK_SIZE} queries takes a pack per ${PACK_SIZE}, fetched in one fetchAll per 100 requests`, () => {
    const column = keywords(PACK_SIZE + 1);
    range(column);
    const packs = packKeys(column);
    expect(packs).toHaveLength(2);
    expect(packs.every((key) => fakes.current.cache.has(key))).toBe(true);
    expect(sentKeywords()).toHaveLength(PACK_SIZE + 1);
    expect(fakes.current.batches).toEqual([1, 100, 1]); // the usage read, then the requests
    expect(range(column).stats.requests).toBe(0);
  });

  it('reads what is left today first when it has more than a handful to send', () => {
    range(keywords(4));
    expect(fakes.current.sent[0]?.pathname).toMatch(/\/usage$/);
    expect(fakes.current.batches).toEqual([1, 4]);
  });

  it('uses an answer a per-cell formula cached under its own key, and fetches only the rest', () => {
    lookupAll(trend, ['coffee'], createBudget(), 'formula');
    range(['coffee', 'tea', 'matcha']);
    expect(sentKeywords()).toEqual(['coffee', 'tea', 'matcha']); // coffee by the cell, the rest by the range
  });

  it('completes a pack that lacks an answer without marking it, sending only what it lacks', () => {
    let down = true;
    fakes.current.service = (url) =>
      down && url.searchParams.get('keyword') === 'flaky' ? { status: 503, body: { error: 'down' } } : answer(url);
    const column = ['steady', 'flaky', 'sure'];
    const first = range(column);
    expect(first.answers.get('flaky')).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    down = false;
    fakes.current.sent.length = 0;
    fakes.current.cacheCalls.length = 0;
    const second = range(column);
    expect(sentKeywords()).toEqual(['flaky']);
    expect(second.answers.get('flaky')).toMatchObject({ ok: true });
    // No mark (the pack is there) and so no read-back: one read, one write of the pack whole.
    expect(fakes.current.cacheCalls.map((call) => call.op)).toEqual(['getAll', 'putAll']);
    expect(range(column).stats).toMatchObject({ requests: 0, cacheHits: 3 });
  });

  it('looks a single query up on its own key, as a per-cell formula does', () => {
    range(['espresso', 'espresso']);
    expect(ownEntries(['espresso'])).toEqual([true]);
    expect(packKeys(['espresso']).some((key) => fakes.current.cache.has(key))).toBe(false);
  });
});
