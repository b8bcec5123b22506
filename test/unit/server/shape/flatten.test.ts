import { describe, expect, it } from 'vitest';
import { flattenToTable } from '../../../../src/server/shape/flatten';
import type { Cell, Json } from '../../../../src/server/shape/types';
import { brand, industries, trendA, trendB } from './fixtures';

/** Rows as objects keyed by header, for readable expectations. */
const records = (json: Json) => {
  const { headers, rows } = flattenToTable(json);
  return rows.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i]])));
};

const isCell = (c: unknown): c is Cell => typeof c === 'string' || typeof c === 'boolean' || (typeof c === 'number' && Number.isFinite(c));

describe('flattenToTable', () => {
  it('turns trend A into one row per month, parent scalars repeated, dotted headers', () => {
    const { headers, rows } = flattenToTable(trendA);
    expect(headers).toEqual([
      'keyword',
      'search_score',
      'growth.yoy_pct',
      'growth.three_month_pct',
      'peak.month',
      'peak.volume',
      'months.month',
      'months.volume',
      'cache',
    ]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['coffee', 71, 12.5, -3, '2025-12', 9000, '2025-01', 100, 'miss']);
    expect(rows[11]).toEqual(['coffee', 71, 12.5, -3, '2025-12', 9000, '2025-12', 1200, 'miss']);
  });
  it('turns trend B the same way under its own names', () => {
    const { headers, rows } = flattenToTable(trendB);
    expect(headers).toEqual([
      'query',
      'searchScore',
      'growthRate',
      'peakMonth.period',
      'peakMonth.searches',
      'history.period',
      'history.searches',
      'cache',
    ]);
    expect(rows).toHaveLength(12);
    expect(rows[4]).toEqual(['coffee', 71, 0.12, '2025-12', 9000, '2025-05', 500, true]);
  });
  it('keeps nulls as blanks in a brand with signals and products', () => {
    const rows = records(brand);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      slug: 'nike',
      name: 'Nike',
      index_score: 82,
      'signals.search_score': 77,
      'signals.news_volume': 1200,
      'signals.sentiment': 0.4,
      'products.name': 'Air Max',
      'products.searches': 50000,
    });
    expect(rows[2]!['products.searches']).toBe('');
  });
  it('repeats each parent on its nested rows (industries: baskets of members)', () => {
    const { headers, rows } = flattenToTable(industries);
    expect(headers).toEqual(['generated', 'baskets.id', 'baskets.score', 'baskets.members.slug', 'baskets.members.weight']);
    expect(rows).toHaveLength(36); // 1 + 2 + ... + 8 members
    expect(rows[0]).toEqual(['2025-06-01', 'basket-1', 50, 'co-1-1', 1]);
    expect(rows[1]).toEqual(['2025-06-01', 'basket-2', 51, 'co-2-1', 1]);
    expect(rows[35]).toEqual(['2025-06-01', 'basket-8', 57, 'co-8-8', 8]);
  });
  it('zips sibling lists of different lengths (never a cross product)', () => {
    const json = { k: 'x', a: [{ p: 1 }, { p: 2 }, { p: 3 }], b: ['u', 'v'], c: [] };
    const { headers, rows } = flattenToTable(json);
    expect(headers).toEqual(['k', 'a.p', 'b']);
    expect(rows).toEqual([
      ['x', 1, 'u'],
      ['x', 2, 'v'],
      ['x', 3, ''],
    ]);
  });
  it('zips sibling lists inside records, and lists inside nested objects', () => {
    const json = {
      groups: [
        { g: 'A', xs: [1, 2], ys: [{ y: 'a' }] },
        { g: 'B', xs: [], ys: [] },
      ],
      meta: { tags: ['t1', 't2', 't3'], source: 's' },
    };
    expect(records(json)).toEqual([
      { 'groups.g': 'A', 'groups.xs': 1, 'groups.ys.y': 'a', 'meta.tags': 't1', 'meta.source': 's' },
      { 'groups.g': 'A', 'groups.xs': 2, 'groups.ys.y': '', 'meta.tags': 't2', 'meta.source': 's' },
      { 'groups.g': 'B', 'groups.xs': '', 'groups.ys.y': '', 'meta.tags': 't3', 'meta.source': 's' },
    ]);
  });
  it('puts a mixed list’s scalars in its own column and its records’ fields in theirs', () => {
    const { headers, rows } = flattenToTable({ m: [1, { a: 2 }, null, 'x'] });
    expect(headers).toEqual(['m', 'm.a']);
    expect(rows).toEqual([
      [1, ''],
      ['', 2],
      ['', ''],
      ['x', ''],
    ]);
  });
  it('reads an inner list as a record with keys 1, 2, ...', () => {
    const { headers, rows } = flattenToTable({ grid: [[1, 2], [3, 4, 5], [{ z: 1 }]] });
    expect(headers).toEqual(['grid.1', 'grid.2', 'grid.3', 'grid.1.z']);
    expect(rows).toEqual([
      [1, 2, '', ''],
      [3, 4, 5, ''],
      ['', '', '', 1],
    ]);
  });
  it('concatenates the rows of a root list of records', () => {
    const { headers, rows } = flattenToTable([{ a: 1, l: [1, 2] }, { b: 2 }]);
    expect(headers).toEqual(['a', 'l', 'b']);
    expect(rows).toEqual([
      [1, 1, ''],
      [1, 2, ''],
      ['', '', 2],
    ]);
  });
  it('heads root scalars and root scalar lists `value` (or the given root path)', () => {
    expect(flattenToTable('x')).toEqual({ headers: ['value'], rows: [['x']] });
    expect(flattenToTable(null)).toEqual({ headers: ['value'], rows: [['']] });
    expect(flattenToTable([3, 'a', true])).toEqual({ headers: ['value'], rows: [[3], ['a'], [true]] });
    expect(flattenToTable([3, 4], 'months.volume').headers).toEqual(['months.volume']);
    expect(flattenToTable(trendA.peak, 'peak').headers).toEqual(['peak.month', 'peak.volume']);
  });
  it('gives nothing for empty answers', () => {
    for (const json of [{}, [], { a: [] }, [{}, {}], { a: {} }, [[]]] as Json[]) {
      expect(flattenToTable(json)).toEqual({ headers: [], rows: [] });
    }
  });
  it('keeps unicode keys and cuts a 60,000-character string', () => {
    const { headers, rows } = flattenToTable({ Größe: 'L', 検索: { 量: 5 }, text: 'z'.repeat(60000) });
    expect(headers).toEqual(['Größe', '検索.量', 'text']);
    expect((rows[0]![2] as string).length).toBe(50000);
  });
  it('shows nesting deeper than 50 levels as JSON text instead of recursing', () => {
    let deep: Json = { leaf: 1 };
    for (let i = 0; i < 60; i++) deep = { n: deep };
    const { headers, rows } = flattenToTable(deep);
    expect(headers).toHaveLength(1);
    expect(headers[0]!.split('.').length).toBeLessThanOrEqual(52);
    expect(rows[0]![0]).toMatch(/^\{"n":/);
    let lists: Json = 1;
    for (let i = 0; i < 20000; i++) lists = [lists];
    expect(() => flattenToTable(lists)).not.toThrow();
  });
  it('cuts at 50,000 rows and says so in the last row', () => {
    const { rows } = flattenToTable({ k: 'x', xs: Array.from({ length: 60000 }, (_, i) => i) });
    expect(rows).toHaveLength(50000);
    expect(rows[49998]).toEqual(['x', 49998]);
    expect(rows[49999]![0]).toMatch(/table cut to 49999 rows/);
    expect(rows[49999]![1]).toBe('');
  });
  it('cuts at about 2,000,000 cells', () => {
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`c${i}`, i]));
    const { headers, rows } = flattenToTable(Array.from({ length: 30000 }, () => wide));
    expect(headers).toHaveLength(100);
    expect(rows).toHaveLength(20000);
    expect(rows[19999]![0]).toMatch(/cut/);
  });
  it('cuts columns past the last one Sheets has', () => {
    const wide = Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`c${i}`, i]));
    const { headers, rows } = flattenToTable(wide);
    expect(headers).toHaveLength(18278);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.length === 18278)).toBe(true);
  });
});

/** A small seeded generator (mulberry32), so failures reproduce. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomJson(r: () => number, depth: number): Json {
  const pick = Math.floor(r() * (depth > 4 ? 5 : 8));
  const keys = ['a', 'b', 'B', 'b_c', 'score', 'Größe', '', '1', 'x.y', '__proto__'];
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return r() < 0.1 ? NaN : Math.round(r() * 1000) / 10;
    case 3:
      return 'abc'.slice(0, Math.floor(r() * 4));
    case 4:
      return r() < 0.5 ? [] : {};
    case 5:
    case 6: {
      const o: { [k: string]: Json } = {};
      for (let i = Math.floor(r() * 5); i > 0; i--) {
        Object.defineProperty(o, keys[Math.floor(r() * keys.length)]!, {
          value: randomJson(r, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return o;
    }
    default:
      return Array.from({ length: Math.floor(r() * 5) }, () => randomJson(r, depth + 1));
  }
}

describe('flattenToTable on random JSON', () => {
  it('always gives a rectangular table of cells', () => {
    const r = rng(20250601);
    for (let n = 0; n < 2000; n++) {
      const json = randomJson(r, 0);
      const { headers, rows } = flattenToTable(json);
      expect(new Set(headers).size).toBe(headers.length);
      if (!headers.length) expect(rows).toEqual([]);
      else expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toHaveLength(headers.length);
        for (const c of row) if (!isCell(c)) throw new Error(`not a cell: ${String(c)} in ${JSON.stringify(json)}`);
      }
    }
  });
});
