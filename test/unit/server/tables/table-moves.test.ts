/**
 * What moved in a ranking table (src/server/tables/table-moves.ts), found by shape whatever the service
 * names its fields: the rank column, the column naming each entry, the rank change cells and the line
 * under the rows. The headers here are neither local schema's: a service names things its own way.
 */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../../src/server/shape/shape';
import {
  firstFooter,
  keyColumn,
  rankColumn,
  shownMoves,
  tableMoves,
  withRankChange,
  type PreviousTable,
} from '../../../../src/server/tables/table-moves';

const HEADER = ['Score', 'Spot', 'Code', 'Title', 'Area'];
/** Rows of [score, spot, code, title, area] in the list's order. */
const row = (spot: number, code: string, score = 50): Cell[] => [score, spot, code, code.toUpperCase() + ' Co', 'north'];
const before: Cell[][] = [row(1, 'alpha', 90), row(2, 'beta', 80), row(3, 'gamma', 70), row(4, 'delta', 60)];
const previous = (rows: Cell[][], extra: Partial<PreviousTable> = {}): PreviousTable => ({
  at: new Date('2026-11-28T06:00:00Z'),
  header: HEADER,
  rows,
  changes: null,
  footer: null,
  ...extra,
});
const SINCE = '2026-11-28 06:00 UTC';
/** The line under a table after a refresh: what its rank change compares, and what dropped out. */
const MOVED = (dropped: string) => `Rank change: places moved since the refresh of ${SINCE}. Dropped out since then: ${dropped}.`;

describe('the columns, by shape', () => {
  it('takes the rank as whole numbers from 1 up in the list order, and names entries by distinct identifiers', () => {
    expect(rankColumn(HEADER, before)).toBe(1); // the score falls down the rows; the spot rises
    expect(keyColumn(HEADER.length, before)).toBe(2); // codes read as identifiers; titles as names
    expect(
      rankColumn(
        ['Level', 'Rank'],
        [
          [1, 1],
          [1, 2],
        ],
      ),
    ).toBe(1);
    expect(
      rankColumn(
        ['Tier', 'Position'],
        [
          [1, 1],
          [2, 2],
        ],
      ),
    ).toBe(0); // the first, none saying "rank"
    expect(rankColumn(['Count', 'Place'], [[40, 1]])).toBe(1); // one row: the one starting at 1
    expect(rankColumn(['Score'], [[3.5], [2]])).toBe(-1);
    expect(
      keyColumn(2, [
        ['same', 'A b'],
        ['same', 'C d'],
      ]),
    ).toBe(1); // repeated values name nothing
  });

  it('puts the rank change beside the rank, or first when the table shows no rank', () => {
    expect(withRankChange(HEADER, before.slice(0, 1), ['▲1']).header).toEqual(['Score', 'Spot', 'Rank change', 'Code', 'Title', 'Area']);
    const noRank = withRankChange(['Code'], [['alpha'], ['beta']], ['new', '–']);
    expect(noRank).toEqual({
      header: ['Rank change', 'Code'],
      rows: [
        ['new', 'alpha'],
        ['–', 'beta'],
      ],
    });
  });
});

describe('tableMoves', () => {
  it('shows no move and no "new" without values before', () => {
    expect(tableMoves(HEADER, before, null, '')).toEqual({ changes: ['', '', '', ''], footer: firstFooter() });
  });

  it('counts each entry against its rank before, marks new ones, and names those that dropped out with their old rank', () => {
    const now = [row(1, 'gamma'), row(2, 'alpha'), row(3, 'epsilon'), row(4, 'beta')];
    expect(tableMoves(HEADER, now, previous(before), SINCE)).toEqual({
      changes: ['▲2', '▼1', 'new', '▼2'],
      footer: MOVED('DELTA Co (was 4)'),
      // What an alert names: the titles the sheet shows, not the codes that tell the rows apart.
      found: {
        moved: [
          { name: 'GAMMA Co', from: 3, to: 1 },
          { name: 'ALPHA Co', from: 1, to: 2 },
          { name: 'BETA Co', from: 2, to: 4 },
        ],
        entered: [{ name: 'EPSILON Co', rank: 3 }],
        dropped: [{ name: 'DELTA Co', was: 4 }],
      },
    });
  });

  it('uses the list order when the rank is not shown', () => {
    const header = ['Code'];
    const old = previous([['alpha'], ['beta']], { header });
    expect(tableMoves(header, [['beta'], ['alpha']], old, SINCE)).toEqual({
      changes: ['▲1', '▼1'],
      footer: MOVED('none'),
      found: {
        moved: [
          { name: 'beta', from: 2, to: 1 },
          { name: 'alpha', from: 1, to: 2 },
        ],
        entered: [],
        dropped: [],
      },
    });
  });

  it('keeps the last moves when nothing moved since, but says "–" when nothing moved since the first values', () => {
    const moved = previous(before, { changes: ['new', '▲1', '–', '▼3'], footer: MOVED('X (was 2)') });
    expect(tableMoves(HEADER, before, moved, 'later')).toEqual({ changes: moved.changes, footer: moved.footer }); // nothing found anew
    // Two of the same rank may swap rows: each keeps its own mark.
    const tied = previous([row(1, 'alpha'), row(1, 'beta'), row(3, 'gamma')], { changes: ['▲1', 'new', '–'], footer: moved.footer });
    expect(tableMoves(HEADER, [row(1, 'beta'), row(1, 'alpha'), row(3, 'gamma')], tied, 'later').changes).toEqual(['new', '▲1', '–']);
    const inserted = previous(before, { changes: ['', '', '', ''], footer: firstFooter() });
    expect(tableMoves(HEADER, before, inserted, SINCE)).toEqual({
      changes: ['–', '–', '–', '–'],
      footer: MOVED('none'),
      found: { moved: [], entered: [], dropped: [] },
    });
  });

  it('compares nothing when the sheet no longer holds the column naming the entries', () => {
    const renamed = previous(before, { header: ['Score', 'Spot', 'My codes', 'Title', 'Area'] });
    expect(tableMoves(HEADER, before, renamed, SINCE).changes).toEqual(['', '', '', '']);
    expect(tableMoves(['Score'], [[1], [2]], previous([[1], [2]]), SINCE).footer).toMatch(/needs a column that names each entry/);
  });

  it("marks the service's own change column as its, and says so under the table: nobody takes it for the add-on's", () => {
    const header = ['Place', 'Code', 'Delta', 'Growth %'];
    const rows: Cell[][] = [
      [1, 'alpha', 3, 1.5],
      [2, 'beta', -2, 0.5],
    ];
    expect(withRankChange(header, rows, ['▲1', '–']).header).toEqual(['Place', 'Rank change', 'Code', 'Delta (service)', 'Growth %']);
    const note = ' Delta (service): as the service reports it (it does not say over what period).';
    expect(tableMoves(header, rows, null, '').footer).toBe(`${firstFooter()}${note}`);
    expect(tableMoves(header, rows, previous(rows, { header }), SINCE).footer).toBe(`${MOVED('none')}${note}`);
    // A percentage is a growth, not the change of a rank; words of change over text are no figure.
    expect(withRankChange(['Place', 'Change %'], [[1, 2.5]], ['']).header).toEqual(['Place', 'Rank change', 'Change %']);
    // A table whose first values were written before said nothing of the service's column: still the first values.
    const older = previous(rows, { header, changes: ['', ''], footer: firstFooter() });
    expect(tableMoves(header, rows, older, SINCE).changes).toEqual(['–', '–']);
  });

  it('cuts a long list of those that dropped out', () => {
    const many = Array.from({ length: 300 }, (_, i) => row(i + 1, `brand-${i}`));
    const footer = tableMoves(HEADER, [row(1, 'other')], previous(many), SINCE).footer;
    expect(footer.length).toBeLessThan(1100);
    expect(footer).toMatch(/… and \d+ more\.$/);
  });
});

describe('shownMoves', () => {
  it('reads back what a refreshed table shows: the same moves its refresh found', () => {
    const now = [row(1, 'gamma'), row(2, 'alpha'), row(3, 'epsilon'), row(4, 'beta')];
    const moves = tableMoves(HEADER, now, previous(before), SINCE);
    const shown = withRankChange(HEADER, now, moves.changes);
    expect(shownMoves(shown.header, shown.rows, moves.footer)).toEqual(moves.found);
  });

  it('with no rank shown, the list order; names with commas and parentheses in the dropped-out line', () => {
    const header = ['Code'];
    const old = previous([['alpha'], ['x, (odd) one'], ['beta']], { header });
    const moves = tableMoves(header, [['beta'], ['alpha']], old, SINCE);
    const shown = withRankChange(header, [['beta'], ['alpha']], moves.changes);
    expect(shownMoves(shown.header, shown.rows, moves.footer)).toEqual(moves.found);
  });

  it('finds nothing where the table shows no moves yet', () => {
    const shown = withRankChange(HEADER, before, ['', '', '', '']);
    expect(shownMoves(shown.header, shown.rows, firstFooter())).toBeNull();
    expect(shownMoves(HEADER, before, `Dropped out since ${SINCE}: none.`)).toBeNull();
  });
});
