import { describe, expect, it } from 'vitest';
import { findScore } from '../../../../src/server/shape/score';
import { brand, industries, trendA, trendB } from './fixtures';

describe('findScore', () => {
  it('finds the search score in either schema', () => {
    expect(findScore(trendA, ['searchscore'])).toEqual({ ok: true, path: 'search_score', value: 71 });
    expect(findScore(trendB, ['searchscore'])).toEqual({ ok: true, path: 'searchScore', value: 71 });
    expect(findScore(trendB, [])).toEqual({ ok: true, path: 'searchScore', value: 71 });
  });
  it('prefers the preferred name over depth, else the shallowest', () => {
    expect(findScore(brand, ['indexscore'])).toEqual({ ok: true, path: 'index_score', value: 82 });
    expect(findScore(brand, ['searchscore'])).toEqual({ ok: true, path: 'signals.search_score', value: 77 });
    expect(findScore(brand, ['Index Score'])).toMatchObject({ ok: true, path: 'index_score' });
    expect(findScore({ score: 5, deep: { indexScore: 80 } }, ['indexscore'])).toMatchObject({ value: 80 });
    expect(findScore({ a: { b: { score: 1 } }, c: { score: 2 } }, ['indexscore'])).toMatchObject({ path: 'c.score' });
  });
  it('ignores scores inside lists and numeric-looking text', () => {
    // industries’ only scores are inside the baskets list
    const r = findScore(industries, ['indexscore']);
    expect(r).toEqual({ ok: false, message: 'no score field found: the answer has no numeric fields', candidates: [] });
    expect(findScore({ search_score: '73', volume: 10 }, ['searchscore'])).toEqual({
      ok: false,
      message: 'no score field found: numeric fields are volume',
      candidates: ['volume'],
    });
  });
  it('names the numeric fields when there is no score', () => {
    const r = findScore({ keyword: 'x', growth: { yoy: 1, mom: null }, months: [{ volume: 1 }], total: 9 }, ['searchscore']);
    expect(r).toEqual({
      ok: false,
      message: 'no score field found: numeric fields are growth.yoy, total',
      candidates: ['growth.yoy', 'total'],
    });
    expect(findScore(71, ['searchscore']).ok).toBe(false);
    expect(findScore(null, []).ok).toBe(false);
  });
  it('refuses to guess between scores tied at the shallowest depth', () => {
    const r = findScore({ a: { score: 1 }, b_score: 2, nested: { c: { score: 3 } }, quality_score: 4 }, ['searchscore']);
    expect(r).toEqual({
      ok: false,
      message: 'several score fields: b_score, quality_score',
      candidates: ['b_score', 'quality_score'],
    });
    const deeper = findScore({ a: { score: 1 }, b: { Score: 2 } }, []);
    expect(deeper).toMatchObject({ ok: false, candidates: ['a.score', 'b.Score'] });
  });
  it('refuses to guess between preferred names tied at the same depth', () => {
    const r = findScore({ search_score: 1, searchScore: 2, score: 3 }, ['searchscore']);
    expect(r).toMatchObject({ ok: false, candidates: ['search_score', 'searchScore'] });
  });
  it('skips non-finite numbers and survives deep nesting', () => {
    expect(findScore({ score: NaN, x_score: 4 }, [])).toMatchObject({ ok: true, path: 'x_score' });
    let deep: Record<string, unknown> = { score: 1 };
    for (let i = 0; i < 10000; i++) deep = { n: deep };
    expect(() => findScore(deep as never, [])).not.toThrow();
  });
});
