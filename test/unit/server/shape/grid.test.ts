import { describe, expect, it } from 'vitest';
import { flattenToTable } from '../../../../src/server/shape/flatten';
import { NO_DATA, rowsUnderUnionHeader, scalarFields, tableToGrid, valueToGrid } from '../../../../src/server/shape/grid';
import { selectPath } from '../../../../src/server/shape/paths';
import type { Json } from '../../../../src/server/shape/types';
import { brand, industries, trendA, trendB } from './fixtures';

/** What a custom function with a `field` would return for one input. */
const field = (json: Json, path: string, headers = true) => {
  const r = selectPath(json, path);
  if (!r.ok) throw new Error(r.message);
  return valueToGrid(r.value, { headers, name: r.path });
};

describe('valueToGrid', () => {
  it('gives one cell for a scalar, never a header', () => {
    expect(field(trendA, 'search_score')).toEqual([[71]]);
    expect(field(trendB, 'Search Score')).toEqual([[71]]);
    expect(field(trendB, 'peakMonth.period')).toEqual([['2025-12']]);
    expect(field(brand, 'products.3.searches')).toEqual([['']]);
  });
  it('gives one column for a list of scalars, no header', () => {
    const volumes = field(trendA, 'months.volume');
    expect(volumes).toHaveLength(12);
    expect(volumes[0]).toEqual([100]);
    expect(field(trendB, 'history.searches')).toEqual(volumes);
    expect(field(brand, 'products.searches')).toEqual([[50000], [20000], ['']]);
  });
  it('gives one column for a mapped path through nested lists', () => {
    const grid = field(industries, 'baskets.members.slug');
    expect(grid).toHaveLength(36);
    expect(grid[35]).toEqual(['co-8-8']);
  });
  it('gives one row per inner list for a list of lists of scalars (a matrix)', () => {
    expect(field({ matrix: [[1, 2], [3], []] }, 'matrix')).toEqual([
      [1, 2],
      [3, ''],
      ['', ''],
    ]);
  });
  it('gives a table for records and objects, headed with pasteable paths', () => {
    const months = field(trendA, 'months');
    expect(months[0]).toEqual(['months.month', 'months.volume']);
    expect(months).toHaveLength(13);
    expect(field(trendB, 'History')[0]).toEqual(['history.period', 'history.searches']);
    expect(field(trendA, 'peak')).toEqual([
      ['peak.month', 'peak.volume'],
      ['2025-12', 9000],
    ]);
    expect(field(trendA, 'months.2')).toEqual([
      ['months.2.month', 'months.2.volume'],
      ['2025-02', 200],
    ]);
    const members = field(industries, 'baskets.members');
    expect(members[0]).toEqual(['baskets.members.slug', 'baskets.members.weight']);
    expect(members).toHaveLength(37);
    // Each header pasted back as a field selects that column.
    for (const h of field(brand, 'signals')[0]!) expect(selectPath(brand, String(h)).ok).toBe(true);
  });
  it('drops the header row when headers is false', () => {
    expect(field(trendA, 'peak', false)).toEqual([['2025-12', 9000]]);
    expect(field(trendA, 'months', false)).toHaveLength(12);
  });
  it('uses `value` without a name', () => {
    expect(valueToGrid([{ a: 1 }, 2], { headers: true })).toEqual([
      ['a', 'value'],
      [1, ''],
      ['', 2],
    ]);
  });
  it('gives `no data` for empty lists and objects', () => {
    for (const v of [[], {}, [[]], [{}], { a: [] }] as Json[]) {
      expect(valueToGrid(v, { headers: true, name: 'x' })).toEqual([[NO_DATA]]);
    }
    expect(valueToGrid({ months: [] }, { headers: true })).toEqual([['no data']]);
    expect(field({ months: [] }, 'months.volume')).toEqual([['no data']]);
  });
});

describe('tableToGrid', () => {
  it('puts the header row first unless asked not to', () => {
    const t = flattenToTable(trendA.peak);
    expect(tableToGrid(t, true)).toEqual([
      ['month', 'volume'],
      ['2025-12', 9000],
    ]);
    expect(tableToGrid(t, false)).toEqual([['2025-12', 9000]]);
    expect(tableToGrid({ headers: [], rows: [] }, true)).toEqual([[NO_DATA]]);
  });
});

describe('scalarFields', () => {
  it('takes scalars and nested objects’ scalars, and leaves lists out', () => {
    expect(scalarFields(trendA).names).toEqual([
      'keyword',
      'search_score',
      'growth.yoy_pct',
      'growth.three_month_pct',
      'peak.month',
      'peak.volume',
      'cache',
    ]);
    const { names, values } = scalarFields(trendB);
    expect(names).toEqual(['query', 'searchScore', 'growthRate', 'peakMonth.period', 'peakMonth.searches', 'cache']);
    expect(values.get('cache')).toBe(true);
    expect(scalarFields({ a: 1, o: { l: [1, 2], x: null } })).toEqual({
      names: ['a', 'o.x'],
      values: new Map<string, string | number>([
        ['a', 1],
        ['o.x', ''],
      ]),
    });
  });
  it('names a root scalar `value`; a root list has no scalar fields', () => {
    expect(scalarFields(5).names).toEqual(['value']);
    expect(scalarFields([1, 2]).names).toEqual([]);
    expect(scalarFields({}).names).toEqual([]);
  });
});

describe('rowsUnderUnionHeader', () => {
  it('aligns one row per input under the union of names, errors and blanks in place', () => {
    const a = scalarFields({ query: 'coffee', searchScore: 71 }).values;
    const b = scalarFields({ query: 'tea', searchScore: 40, growthRate: 0.1 }).values;
    const rows = [a, null, { error: 'Not found: the keyword "xyzzy".' }, b];
    expect(rowsUnderUnionHeader(rows, { headers: true })).toEqual([
      ['query', 'searchScore', 'growthRate'],
      ['coffee', 71, ''],
      ['', '', ''],
      ['Not found: the keyword "xyzzy".', '', ''],
      ['tea', 40, 0.1],
    ]);
    expect(rowsUnderUnionHeader(rows, { headers: false })).toHaveLength(4);
  });
  it('keeps one column when there are no names', () => {
    expect(rowsUnderUnionHeader([null, { error: 'e' }], { headers: true })).toEqual([['value'], [''], ['e']]);
    expect(rowsUnderUnionHeader([], { headers: false })).toEqual([['']]);
  });
});
