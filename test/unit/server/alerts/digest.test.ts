/**
 * What a digest holds (src/server/alerts/digest.ts): only what crosses the thresholds (a kind set to null
 * keeps nothing), and what waits since the last digest merged with a run's findings, kept small.
 */
import { describe, expect, it } from 'vitest';
import { ALERTS_OFF } from '../../../../src/server/alerts/alert-settings';
import { crossing, mergeParts, percentOf, type DigestPart, type ListPart, type TablePart } from '../../../../src/server/alerts/digest';

const table = (moves: Partial<TablePart['moves']>, id = 't1'): TablePart => ({
  kind: 'table',
  id,
  title: 'Ranking sector:fintech (sheet “Fintech”)',
  moves: { moved: [], entered: [], dropped: [], ...moves },
});
const list = (changes: ListPart['changes'], id = 'l1'): ListPart => ({ kind: 'list', id, title: 'Tracking “Drinks”', changes });

describe('crossing', () => {
  const parts: DigestPart[] = [
    table({
      moved: [
        { name: 'Acme', from: 5, to: 2 },
        { name: 'Bolt', from: 3, to: 4 },
      ],
      entered: [{ name: 'Cora', rank: 10 }],
    }),
    list([
      { item: 'coffee', from: 100, to: 112 },
      { item: 'tea', from: 100, to: 97 },
      { item: 'kava', from: 0, to: 5 },
    ]),
  ];

  it('keeps moves of at least the places set, every entry in or out, and changes of at least the percent set', () => {
    expect(crossing(parts, { ...ALERTS_OFF, rankPlaces: 2, changePercent: 10 })).toEqual([
      table({ moved: [{ name: 'Acme', from: 5, to: 2 }], entered: [{ name: 'Cora', rank: 10 }] }),
      list([
        { item: 'coffee', from: 100, to: 112 },
        { item: 'kava', from: 0, to: 5 },
      ]),
    ]);
    expect(percentOf({ item: 'tea', from: 100, to: 97 })).toBeCloseTo(-3);
    expect(percentOf({ item: 'kava', from: 0, to: 5 })).toBe(Infinity);
  });

  it('keeps nothing of a kind turned off, and no part where nothing crossed', () => {
    expect(crossing(parts, ALERTS_OFF)).toEqual([]);
    expect(crossing(parts, { ...ALERTS_OFF, changePercent: 50 })).toEqual([list([{ item: 'kava', from: 0, to: 5 }])]);
    expect(crossing([table({})], { ...ALERTS_OFF, rankPlaces: 1 })).toEqual([]);
  });
});

describe('mergeParts', () => {
  it('an entry found again keeps the rank it had at the last digest and its newest; others stay', () => {
    const waiting = [
      table({ moved: [{ name: 'Acme', from: 8, to: 5 }], dropped: [{ name: 'Dune', was: 1 }] }),
      list([{ item: 'tea', from: 10, to: 20 }]),
    ];
    const fresh = [
      table({ moved: [{ name: 'Acme', from: 5, to: 1 }], entered: [{ name: 'Cora', rank: 9 }] }),
      list([{ item: 'tea', from: 20, to: 40 }], 'l2'),
    ];
    expect(mergeParts(waiting, fresh)).toEqual([
      table({ moved: [{ name: 'Acme', from: 8, to: 1 }], entered: [{ name: 'Cora', rank: 9 }], dropped: [{ name: 'Dune', was: 1 }] }),
      list([{ item: 'tea', from: 10, to: 20 }]),
      list([{ item: 'tea', from: 20, to: 40 }], 'l2'),
    ]);
  });

  it('stays within its room in the spreadsheet, the oldest findings going first', () => {
    const many = (n: number, id: string) =>
      table({ moved: Array.from({ length: n }, (_, i) => ({ name: `Brand number ${i} of ${id}`, from: i + 3, to: i + 1 })) }, id);
    const merged = mergeParts([many(60, 'old')], [many(20, 'new')]);
    expect(JSON.stringify(merged).length).toBeLessThanOrEqual(4000);
    expect(merged[merged.length - 1]).toEqual(many(20, 'new'));
  });
});
