import { describe, expect, it } from 'vitest';
import { MAX_WIDTH, onlyList, readableGrid } from '../../../../src/server/shape/readable';
import type { Cell, Json } from '../../../../src/server/shape/types';
import { brand, industries, trendA, trendB } from './fixtures';

const UTC = { headers: true, timeZone: 'Etc/UTC' };
const strip = ({ cache: _, ...rest }: Record<string, Json>) => rest;

/** The grid's label | value rows before the first blank row. */
const facts = (grid: Cell[][]) => {
  const end = grid.findIndex((row) => row.every((c) => c === ''));
  return new Map((end < 0 ? grid : grid.slice(0, end)).map((row) => [row[0], row[1]] as const));
};

/** Every header cell the grid shows: labels, titles and table headers (text cells that are not values of the answer). */
const texts = (grid: Cell[][]) => grid.flat().filter((c): c is string => typeof c === 'string');

describe('readableGrid', () => {
  it("states a trend's single values once and its months as a dated series below them", () => {
    const grid = readableGrid(strip(trendA), '', UTC);
    const single = facts(grid);
    expect(single.get('Keyword')).toBe('coffee');
    expect(single.get('Search score')).toBe(71);
    // An object's fields after its words and a colon, never the path's words run together.
    expect(single.get('Growth: year-on-year %')).toBe(12.5);
    expect(single.get('Peak: month')).toEqual(new Date('2025-12-01T00:00:00Z'));
    const title = grid.findIndex((row) => row[0] === 'Months');
    expect(grid[title + 1]).toEqual(['Month', 'Volume']);
    const months = grid.slice(title + 2);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual([new Date('2025-01-01T00:00:00Z'), 100]);
    // Each value once: the keyword appears in one cell only.
    expect(grid.flat().filter((c) => c === 'coffee')).toHaveLength(1);
  });

  it('reads another naming schema the same way, without knowing its names', () => {
    const grid = readableGrid(strip(trendB), '', UTC);
    expect(facts(grid).get('Peak month: period')).toEqual(new Date('2025-12-01T00:00:00Z'));
    expect(grid.some((row) => row[0] === 'Period' && row[1] === 'Searches')).toBe(true);
    for (const text of texts(grid)) expect(text).not.toMatch(/[a-z][A-Z]|_|\.\w/);
  });

  it('lays a profile out within 26 columns, its lists going down', () => {
    const wide = { ...brand, extra: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, i])) };
    const grid = readableGrid(wide, '', UTC);
    expect(Math.max(...grid.map((r) => r.length))).toBeLessThanOrEqual(2);
    const products = grid.findIndex((row) => row[0] === 'Products');
    expect(grid[products + 1]).toEqual(['Name', 'Searches']);
    const many = { items: [Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, i]))] };
    const cut = readableGrid(many, '', UTC);
    expect(Math.max(...cut.map((r) => r.length))).toBe(MAX_WIDTH);
    expect(String(cut[cut.length - 1]?.[0])).toMatch(/^… cut to .* pass a field/);
  });

  it("gives a list inside a list's items a table of its own, each row led by its parent's label", () => {
    const grid = readableGrid(industries, '', UTC);
    // Titled as what it is of, led by the word for one of its parent list's items, never a path's words.
    const members = grid.findIndex((row) => row[0] === 'Members of each basket');
    expect(grid[members + 1]).toEqual(['Basket', 'Slug', 'Weight']);
    expect(grid[members + 2]).toEqual(['basket-1', 'co-1-1', 1]);
    const baskets = grid.findIndex((row) => row[0] === 'Baskets');
    expect(grid[baskets + 1]).toEqual(['ID', 'Score', '']); // as wide as the widest table
  });

  it('states once a column that holds one value on every row', () => {
    const list = { group: 'g', items: [1, 2, 3].map((rank) => ({ rank, sector: 'fintech' })) };
    const grid = readableGrid(list, '', UTC);
    expect(facts(grid).get('Sector of every item')).toBe('fintech');
    expect(grid.flat().filter((c) => c === 'fintech')).toHaveLength(1);
    const two = readableGrid(
      {
        items: [
          { a: 1, b: 'x' },
          { a: 2, b: 'x' },
        ],
      },
      '',
      UTC,
    );
    expect(two.flat().filter((c) => c === 'x')).toHaveLength(2); // two rows: nothing to gain
  });

  it('says a fact once: a code beside the name it is written from is left out, in facts and in columns', () => {
    const list = {
      group: 'sector:fintech',
      name: 'Fintech',
      items: [
        { slug: 'flovim-cash', name: 'Flovim Cash', sector: 'fintech', score: 9 },
        { slug: 'kuzol', name: 'Kuzol', sector: 'fintech', score: 8 },
        { slug: 'plomer-talk', name: 'Plomer Talk', sector: 'fintech', score: 7 },
      ],
      sectors: [
        { sector: 'fintech', group: 'sector:fintech', name: 'Fintech' },
        { sector: 'food', group: 'sector:food', name: 'Food & Delivery' },
        { sector: 'realestate', group: 'sector:realestate', name: 'Real Estate' },
      ],
    };
    const grid = readableGrid(list, '', UTC);
    // `fintech | sector:fintech | Fintech` once: the group and the hoisted sector repeat the name.
    expect([...facts(grid)]).toEqual([['Name', 'Fintech']]);
    const items = grid.findIndex((row) => row[0] === 'Items');
    expect(grid[items + 1]?.filter(Boolean)).toEqual(['Name', 'Score']);
    // A list of groups keeps their codes, what RANKING_LIST takes, last and said plainly for what they are.
    const sectors = grid.findIndex((row) => row[0] === 'Sectors');
    expect(grid[sectors + 1]?.filter(Boolean)).toEqual(['Name', 'Code (for formulas)']);
    expect(grid.slice(sectors + 2).map((row) => row.filter(Boolean))).toEqual([
      ['Fintech', 'sector:fintech'],
      ['Food & Delivery', 'sector:food'],
      ['Real Estate', 'sector:realestate'],
    ]);
    for (const text of texts(grid.slice(0, sectors))) expect(text).not.toMatch(/^(sector:)?fintech$|flovim-cash|Slug/);
    // A code that names nothing beside it stays: it is the only word for its fact.
    expect(facts(readableGrid({ sector: 'fintech', score: 1 }, '', UTC)).get('Sector')).toBe('fintech');
    // Two rows are too few to read a code's words within a name: `food` stays beside `Food & Delivery`.
    const two = readableGrid({ sectors: list.sectors.slice(1) }, '', UTC);
    expect(two[0]).toEqual(['Sector', 'Name', 'Code (for formulas)']);
  });

  it('names a brand by its name where the answer, or a cached answer, names it, and leaves a slug nothing names', () => {
    const answer = {
      leaders: [
        { slug: 'flovim-cash', name: 'Flovim Cash' },
        { slug: 'kuzol', name: 'Kuzol' },
      ],
      sectors: [
        { name: 'Fintech', top_brand: 'flovim-cash' },
        { name: 'Travel', top_brand: 'klioslos-trip' },
        { name: 'Media', top_brand: 'jaflun-reel' },
      ],
    };
    const column = (grid: Cell[][]) => grid.slice(grid.findIndex((row) => row[0] === 'Sectors') + 2).map((row) => row[1]);
    // One known of three is no evidence that the column holds brands; two are.
    expect(column(readableGrid(answer, '', UTC))).toEqual(['flovim-cash', 'klioslos-trip', 'jaflun-reel']);
    // Answers already cached are asked once, for the codes no answer's list names.
    const asked: string[][] = [];
    const cached = (codes: string[]) => (asked.push(codes), new Map([['jaflun-reel', 'Jaflun Reel']]));
    expect(column(readableGrid(answer, '', { ...UTC, names: cached }))).toEqual(['Flovim Cash', 'klioslos-trip', 'Jaflun Reel']);
    expect(asked).toEqual([['klioslos-trip', 'jaflun-reel']]);
    // Nothing left unnamed: nothing asked.
    readableGrid({ leaders: answer.leaders }, '', { ...UTC, names: cached });
    expect(asked).toHaveLength(1);
    // A column of codes that only happens to hold one known slug is not a column of brands.
    const sectors = {
      leaders: answer.leaders,
      rows: [
        { n: 1, sector: 'kuzol' },
        { n: 2, sector: 'travel' },
        { n: 3, sector: 'media' },
      ],
    };
    expect(readableGrid(sectors, '', UTC).flat()).toContain('kuzol');
    // A column stated once is still a column: its code is asked for and named like one.
    const oneSector = { items: [1, 2, 3].map((n) => ({ name: `Brand ${n}`, sector: 'realestate' })) };
    const asRealEstate = (codes: string[]) => (asked.push(codes), new Map([['realestate', 'Real Estate']]));
    expect(facts(readableGrid(oneSector, '', { ...UTC, names: asRealEstate })).get('Sector of every item')).toBe('Real Estate');
    expect(asked.at(-1)).toEqual(['realestate']);
    // A single value of the answer's own is not asked for (a hit reads nothing more for it).
    readableGrid({ sector: 'travel', score: 1 }, '', { ...UTC, names: asRealEstate });
    expect(asked.at(-1)).toEqual(['realestate']);
  });

  it("says the zone of an instant's label, the zone the spreadsheet shows it in, as known without a read", () => {
    const answer = {
      keyword: 'coffee',
      fetched_at: '2026-11-29T01:18:37Z',
      peak: '2026-08',
      rows: [
        { at: '2026-11-28T10:00:00Z', n: 1 },
        { at: '2026-11-29T10:00:00Z', n: 2 },
      ],
    };
    const london = readableGrid(answer, '', { headers: true, timeZone: 'Europe/London' });
    expect(facts(london).get('Fetched at (Europe/London)')).toEqual(new Date('2026-11-29T01:18:37Z'));
    expect(facts(london).has('Peak')).toBe(true); // a month is no instant: no zone to say
    expect(london).toContainEqual(['At (Europe/London)', 'N']);
    expect(facts(readableGrid(answer, '', UTC)).has('Fetched at (UTC)')).toBe(true);
    // Not read yet, and no date of the answer needs it: the label does not pay for a read.
    let reads = 0;
    const lazy = Object.assign(() => (reads++, 'Asia/Tokyo'), { known: () => (reads ? 'Asia/Tokyo' : undefined) });
    const instantsOnly = { fetched_at: '2026-11-29T01:18:37Z', n: 1 };
    expect(facts(readableGrid(instantsOnly, '', { headers: true, timeZone: lazy })).has('Fetched at (spreadsheet time zone)')).toBe(true);
    expect(reads).toBe(0);
    // A month of the answer read it anyway: the label names it.
    expect(facts(readableGrid(answer, '', { headers: true, timeZone: lazy })).has('Fetched at (Asia/Tokyo)')).toBe(true);
  });

  it("titles an answer's only list by what the answer is, never by its key; any other list keeps its words", () => {
    const ranking = {
      group: 'zone:north',
      label: 'The North',
      results: [
        { place: 1, title: 'Acme', score: 9 },
        { place: 2, title: 'Bolt', score: 8 },
      ],
    };
    const grid = readableGrid(ranking, '', { ...UTC, name: 'Ranking' });
    const title = grid.findIndex((row) => row[0] === 'Ranking');
    // A title alone on its row after a blank one (freeze/spill.ts crosses to it), the header below it.
    expect(grid[title - 1]?.every((c) => c === '')).toBe(true);
    expect(grid[title]?.slice(1).every((c) => c === '')).toBe(true);
    expect(grid[title + 1]).toEqual(['Place', 'Title', 'Score']);
    expect(texts(grid)).not.toContain('Results');
    // Through nested objects, with a list inside its items (titled as what it is of), and for any schema.
    expect(texts(readableGrid(strip(trendB), '', { ...UTC, name: 'Search trend' }))).toContain('Search trend');
    const baskets = readableGrid(industries, '', { ...UTC, name: 'Industries' });
    expect(texts(baskets)).toEqual(expect.arrayContaining(['Industries', 'Members of each basket']));
    expect(texts(baskets)).not.toContain('Baskets');
    // Its key's words where no name is given, where the answer has two lists or only a list of values,
    // and for a part a field selected.
    expect(texts(readableGrid(ranking, '', UTC))).toContain('Results');
    const two = readableGrid({ ...ranking, risers: [{ title: 'Cosy', move: 4 }] }, '', { ...UTC, name: 'Ranking' });
    expect(texts(two)).toEqual(expect.arrayContaining(['Results', 'Risers']));
    expect(texts(two)).not.toContain('Ranking');
    const values = readableGrid({ label: 'The North', codes: ['a1', 'b2'] }, '', { ...UTC, name: 'Ranking' });
    expect(texts(values)).toContain('Codes');
    const part = readableGrid(ranking, 'area', { ...UTC, name: 'Ranking' });
    expect(texts(part)).toContain('Results');
  });

  it('finds the only list of records an answer holds, through nested objects', () => {
    expect(onlyList(strip(trendA))).toBe('months');
    expect(onlyList({ a: 1, deep: { rows: [{ x: 1 }], empty: [] } })).toBe('deep.rows');
    expect(onlyList(industries)).toBe('baskets'); // a list inside its items is not another
    expect(onlyList({ a: [{ x: 1 }], b: [{ y: 2 }] })).toBeUndefined();
    expect(onlyList({ a: [{ x: 1 }], tags: ['t'] })).toBeUndefined();
    expect(onlyList({ tags: ['t', 'u'] })).toBeUndefined();
    expect(onlyList([{ x: 1 }])).toBeUndefined();
  });

  it('says labels relative to a selected field, and drops every word with noHeaders', () => {
    expect(readableGrid(trendA.growth, 'growth', UTC)).toEqual([
      ['Year-on-year %', 12.5],
      ['Three month %', -3],
    ]);
    expect(readableGrid(trendA.months, 'months', UTC)[0]).toEqual(['Month', 'Volume']);
    const bare = readableGrid(trendA.months, 'months', { headers: false, timeZone: 'Etc/UTC' });
    expect(bare).toHaveLength(12);
    expect(bare[0]).toEqual([new Date('2025-01-01T00:00:00Z'), 100]);
  });
});
