/** The request log's rows as people read them (src/server/log-sheet/log-rows.ts). */
import { describe, expect, it } from 'vitest';
import { batchRow, keptRows, LOG_MAX_ROWS, logHeader, senderWords } from '../../../../src/server/log-sheet/log-rows';

const NOW = Date.UTC(2026, 2, 18, 12);
const DAY = 86_400_000;

describe('a row', () => {
  it('says when as a date-time, what sent it in words, the counts as numbers, what went wrong in words', () => {
    const names = new Map([[7, 'Keywords']]);
    const row = batchRow(
      {
        at: NOW,
        sender: { kind: 'formula', sheetId: 7, cell: 'B2' },
        requests: 3,
        freshSearches: 2,
        serviceCached: 1,
        refused: 0,
        problems: ['Not found: keyword "x".', 'The service is unavailable'],
      },
      names,
    );
    expect(row).toEqual([new Date(NOW), "Formula in 'Keywords'!B2", 3, 2, 1, 0, 'Not found: keyword "x".; The service is unavailable']);
    expect(logHeader('Europe/Paris')[0]).toBe('When (Europe/Paris)');
    expect(senderWords({ kind: 'formula', sheetId: 9, cell: 'A1' }, names)).toBe('A formula in A1 of a sheet deleted since');
    expect(senderWords({ kind: 'action', what: 'Ranking table sector:fintech' }, names)).toBe('Ranking table sector:fintech');
    expect(senderWords({ kind: 'formula', sheetId: -1, cell: '' }, names)).toBe('A formula (Google did not say which cell)');
  });
});

describe('keptRows', () => {
  it('keeps the last 30 days in time order, a note after the row before it', () => {
    const at = (days: number) => new Date(NOW - days * DAY);
    const rows = [
      [at(1), 'b'],
      [at(40), 'old'],
      [at(2), 'a'],
      ['', 'note'],
      [at(0), 'c'],
    ];
    expect(keptRows(rows, NOW).map((r) => r[1])).toEqual(['a', 'note', 'b', 'c']);
  });

  it('keeps at most the newest 2,000', () => {
    const rows = Array.from({ length: LOG_MAX_ROWS + 5 }, (_, i) => [new Date(NOW - i * 1000), i]);
    const kept = keptRows(rows, NOW);
    expect(kept).toHaveLength(LOG_MAX_ROWS);
    expect(kept[0]?.[1]).toBe(LOG_MAX_ROWS - 1);
    expect(kept.at(-1)?.[1]).toBe(0);
  });
});
