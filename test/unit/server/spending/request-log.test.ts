/** The request log's record (src/server/spending/request-log.ts): formulas' batches in cache shards, read back once. */
import { describe, expect, it } from 'vitest';
import { addBatch, batchesAfter, batchKeys, sentOf, type Batch } from '../../../../src/server/spending/request-log';

const batch = (at: number, cell = 'B2'): Batch => ({
  at,
  sender: { kind: 'formula', sheetId: 7, cell },
  requests: 3,
  freshSearches: 2,
  serviceCached: 1,
  refused: 0,
  problems: [],
});

describe('a batch', () => {
  it('counts what a lookup sent, each problem once, the first few, each kept short', () => {
    const long = 'x'.repeat(300);
    const sent = sentOf({ requests: 5, freshSearches: 2 }, 3, 1, ['Not found: a.', 'Not found: a.', 'Not found: b.', long, 'd', 'e']);
    expect(sent).toMatchObject({ requests: 5, freshSearches: 2, serviceCached: 3, refused: 1 });
    expect(sent.problems).toHaveLength(4);
    expect(sent.problems.slice(0, 2)).toEqual(['Not found: a.', 'Not found: b.']);
    expect(sent.problems[2]?.length).toBe(140);
    expect(sent.problems[3]).toBe('and 2 more');
  });
});

describe('the shards', () => {
  it('keep formulas batches until read back after a time, oldest first, across shards', () => {
    const [first, second] = batchKeys();
    const values = { [first!]: addBatch(addBatch(undefined, batch(300)), batch(100, 'C3')), [second!]: addBatch(undefined, batch(200)) };
    expect(batchesAfter(values, 0).batches.map((b) => b.at)).toEqual([100, 200, 300]);
    expect(batchesAfter(values, 150)).toEqual({ batches: [batch(200), batch(300)], dropped: false });
    expect(batchesAfter({ [first!]: 'not json' }, 0)).toEqual({ batches: [], dropped: false });
  });

  it('drop the oldest past 60, saying up to when, so the log can say some are missing', () => {
    let text: string | undefined;
    for (let at = 1; at <= 65; at++) text = addBatch(text, batch(at));
    const values = { [batchKeys()[0]!]: text! };
    const read = batchesAfter(values, 0);
    expect(read.batches.map((b) => b.at)).toEqual(Array.from({ length: 60 }, (_, i) => i + 6));
    expect(read.dropped).toBe(true);
    expect(batchesAfter(values, 5).dropped).toBe(false); // those were written already
  });
});
