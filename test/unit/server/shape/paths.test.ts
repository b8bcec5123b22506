import { describe, expect, it } from 'vitest';
import { listPaths, selectPath } from '../../../../src/server/shape/paths';
import type { Json } from '../../../../src/server/shape/types';
import { brand, industries, trendA, trendB } from './fixtures';

const ok = (json: Json, path: string) => {
  const r = selectPath(json, path);
  if (!r.ok) throw new Error(r.message);
  return r;
};
const fail = (json: Json, path: string) => {
  const r = selectPath(json, path);
  if (r.ok) throw new Error(`expected ${path} to fail`);
  return r;
};

describe('listPaths', () => {
  it('lists every path in document order with original names, intermediates included', () => {
    expect(listPaths(trendA)).toEqual([
      'keyword',
      'search_score',
      'growth',
      'growth.yoy_pct',
      'growth.three_month_pct',
      'peak',
      'peak.month',
      'peak.volume',
      'months',
      'months.month',
      'months.volume',
      'cache',
    ]);
    expect(listPaths(trendB)).toEqual([
      'query',
      'searchScore',
      'growthRate',
      'peakMonth',
      'peakMonth.period',
      'peakMonth.searches',
      'history',
      'history.period',
      'history.searches',
      'cache',
    ]);
  });
  it('merges the keys of list items, through nested lists', () => {
    expect(listPaths(industries)).toEqual([
      'generated',
      'baskets',
      'baskets.id',
      'baskets.score',
      'baskets.members',
      'baskets.members.slug',
      'baskets.members.weight',
    ]);
    expect(listPaths([{ a: { x: 1 } }, { b: 2 }, { a: { y: 3 } }, 7, [{ c: 1 }]])).toEqual(['a', 'a.x', 'a.y', 'b', 'c']);
  });
  it('has nothing for scalars and empty containers, and is capped', () => {
    expect(listPaths('x')).toEqual([]);
    expect(listPaths([])).toEqual([]);
    expect(listPaths({})).toEqual([]);
    const wide = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, i]));
    expect(listPaths(wide)).toHaveLength(200);
    expect(listPaths(wide, 10)).toHaveLength(10);
  });
  it('deduplicates a dotted key that equals a nested path', () => {
    expect(listPaths({ 'a.b': 1, a: { b: 2 } })).toEqual(['a.b', 'a']);
  });
});

describe('selectPath', () => {
  it('selects scalars, objects and lists in either schema', () => {
    expect(ok(trendA, 'search_score')).toEqual({ ok: true, value: 71, path: 'search_score' });
    expect(ok(trendB, 'searchScore')).toEqual({ ok: true, value: 71, path: 'searchScore' });
    expect(ok(trendA, 'peak.month').value).toBe('2025-12');
    expect(ok(trendB, 'peakMonth.period').value).toBe('2025-12');
    expect(ok(trendA, 'peak').value).toEqual({ month: '2025-12', volume: 9000 });
    expect(ok(trendB, 'history').value).toBe(trendB.history);
  });
  it('matches ignoring case and separators, and answers with the original names', () => {
    for (const p of ['search_score', 'searchScore', 'Search Score', 'SEARCH-SCORE', ' search_score ']) {
      expect(ok(trendA, p).path).toBe('search_score');
      expect(ok(trendB, p).path).toBe('searchScore');
    }
    expect(ok(trendB, 'Peak Month . PERIOD').path).toBe('peakMonth.period');
    expect(ok(trendA, 'growth.YoY-Pct').value).toBe(12.5);
  });
  it('takes other separators between segments when they select one path, and lists the candidates otherwise', () => {
    const json = { peak: { month: '2026-03', volume: 9 }, months: [{ volume: 1 }, { volume: 2 }] };
    for (const p of ['peak month', 'peak_month', 'peakMonth', 'Peak-Month', 'PEAK MONTH']) {
      expect(ok(json, p)).toEqual({ ok: true, value: '2026-03', path: 'peak.month' });
    }
    expect(ok(json, 'months volume')).toEqual({ ok: true, value: [1, 2], path: 'months.volume' });
    const ambiguous = fail({ peak: { month: 1 }, peakMonth: 2 }, 'peak month');
    expect(ambiguous.message).toBe('field "peak month" is ambiguous: it could be peak.month, peakMonth; write it as one of them');
    expect(ambiguous.available).toEqual(['peak.month', 'peakMonth']);
    expect(ok({ peak: { month: 1 }, peakMonth: 2 }, 'peakMonth').value).toBe(2);
    expect(ok({ peak: { month: 1 }, peakMonth: 2 }, 'peak.month').value).toBe(1);
    expect(fail(json, 'peak year').message).toMatch(/^unknown field "peak year": available fields are /);
  });
  it('prefers an exact key when several normalise the same', () => {
    const json = { searchScore: 1, search_score: 2 };
    expect(ok(json, 'search_score').value).toBe(2);
    expect(ok(json, 'searchScore').value).toBe(1);
    // No exact spelling: ambiguous, so the candidates are listed rather than one picked silently.
    expect(fail(json, 'SearchScore').message).toBe(
      'field "SearchScore" is ambiguous: it could be searchScore, search_score; write it as one of them',
    );
  });
  it('maps a name over a list', () => {
    expect(ok(trendA, 'months.volume').value).toEqual(trendA.months.map((m) => m.volume));
    expect(ok(trendB, 'history.period').value).toEqual(trendB.history.map((m) => m.period));
    expect(ok(brand, 'products.searches').value).toEqual([50000, 20000, null]);
    expect(ok([{ a: 1 }, { b: 2 }, 'x'], 'a').value).toEqual([1, null, null]);
  });
  it('splices the lists it meets while mapping, like the table column of the same name', () => {
    const slugs = ok(industries, 'baskets.members.slug').value as string[];
    expect(slugs).toHaveLength(36);
    expect(slugs.slice(0, 4)).toEqual(['co-1-1', 'co-2-1', 'co-2-2', 'co-3-1']);
    expect(ok(industries, 'baskets.members').value).toHaveLength(36);
    expect(ok([[{ a: 1 }, { a: 2 }], [{ a: 3 }], { a: [4, 5] }, {}], 'a').value).toEqual([1, 2, 3, 4, 5, null]);
    expect(ok({ s: [{ p: [[1, 2]] }, { p: [[3, 4]] }] }, 's.p').value).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
  it('picks an item by number from 1, like INDEX', () => {
    expect(ok(trendA, 'months.1')).toEqual({ ok: true, value: { month: '2025-01', volume: 100 }, path: 'months.1' });
    expect(ok(trendB, 'history.12.searches').value).toBe(1200);
    expect(ok(trendA, 'months.volume.3').value).toBe(300);
    expect(ok(industries, 'baskets.2.members.2.slug').value).toBe('co-2-2');
    expect(ok(industries, 'baskets.members.3').value).toEqual({ slug: 'co-2-2', weight: 2 });
    expect(ok([10, 20], '02').path).toBe('2');
  });
  it('reads digits on an object as a key', () => {
    expect(ok({ '2024': { q1: 5 } }, '2024.q1').value).toBe(5);
  });
  it('fails on item numbers out of range', () => {
    expect(fail(trendA, 'months.13').message).toBe('unknown field "months.13": months has 12 items (1 to 12)');
    expect(fail(trendA, 'months.0').ok).toBe(false);
    expect(fail([], '1').message).toBe('unknown field "1": the answer has 0 items');
  });
  it('gives an empty list for a name on an empty list', () => {
    expect(ok({ months: [] }, 'months.volume')).toEqual({ ok: true, value: [], path: 'months.volume' });
  });
  it('lists the available fields under the deepest segment that matched', () => {
    const r = fail(trendA, 'peak.year');
    expect(r.message).toBe('unknown field "peak.year": available fields are peak.month, peak.volume');
    expect(r.available).toEqual(['peak.month', 'peak.volume']);
    expect(fail(trendB, 'history.volume').available).toEqual(['history.period', 'history.searches']);
  });
  it('lists the top-level fields when nothing matched or the match has no fields', () => {
    const r = fail(trendB, 'foo.bar');
    expect(r.message).toBe(
      'unknown field "foo.bar": available fields are query, searchScore, growthRate, peakMonth, ' +
        'peakMonth.period, peakMonth.searches, history, history.period, history.searches, cache',
    );
    expect(fail(trendA, 'keyword.length').available).toEqual(listPaths(trendA));
    expect(fail('text', 'a').message).toBe('unknown field "a": the answer has no fields');
  });
  it('keeps a long list of fields readable', () => {
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field_${i}`, i]));
    const { message } = fail(wide, 'nope');
    expect(message.length).toBeLessThan(480);
    expect(message).toMatch(/… and \d+ more$/);
  });
  it('treats an empty path as an error', () => {
    for (const p of ['', '   ', '.', '...', ' . . ']) expect(fail(trendA, p).message).toBe('field is empty');
  });
  it('ignores empty segments', () => {
    expect(ok(trendA, 'peak..month.').path).toBe('peak.month');
  });
  it('matches keys that contain dots, as listed and as headed', () => {
    const json = { competitors: { 'nike.com': 12, 'adidas.de': 7 } };
    expect(ok(json, 'competitors.nike.com')).toEqual({ ok: true, value: 12, path: 'competitors.nike.com' });
    expect(ok(json, 'Competitors.Adidas.DE').value).toBe(7);
    expect(ok({ 'a.b': 1, a: { b: 2 } }, 'a.b').value).toBe(1);
  });
  it('matches unicode keys', () => {
    const json = { Größe: { 'Suchvolumen (Monat)': 5 }, 検索スコア: 9 };
    expect(ok(json, 'größe.suchvolumen_monat').value).toBe(5);
    expect(ok(json, '検索 スコア').path).toBe('検索スコア');
  });
  it('never matches inherited properties', () => {
    expect(fail({ a: 1 }, 'constructor').ok).toBe(false);
    expect(fail({ a: 1 }, '__proto__').ok).toBe(false);
    expect(ok(JSON.parse('{"__proto__": {"x": 1}}') as Json, '__proto__.x').value).toBe(1);
  });
  it('never throws, whatever the path', () => {
    const paths = ['.', '1', '-1', '1.5', 'a.b.c.d.e', '𝔘𝔫𝔦', '\u0000', 'x'.repeat(10000), '.'.repeat(5000), '9'.repeat(400)];
    for (const json of [trendA, trendB, industries, null, 3, [], [[[]]], { '': { '': 1 } }] as Json[]) {
      for (const p of paths) expect(() => selectPath(json, p)).not.toThrow();
    }
    expect(fail(trendA, 'x'.repeat(10000)).message.length).toBeLessThan(600);
  });
  it('survives pathologically deep answers', () => {
    let deep: Json = 1;
    for (let i = 0; i < 20000; i++) deep = i % 2 ? { a: deep } : [deep];
    expect(() => listPaths(deep)).not.toThrow();
    expect(() => selectPath(deep, 'a.a.a.b')).not.toThrow();
  });
});
