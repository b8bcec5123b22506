import { describe, expect, it } from 'vitest';
import {
  NUMBER_FORMATS,
  blockFormats,
  dateKind,
  numberKind,
  zoneLabelFormat,
  zoneWords,
} from '../../../../src/server/shape/number-formats';
import { readableGrid } from '../../../../src/server/shape/readable';
import type { Cell, Json } from '../../../../src/server/shape/types';
import { brand, trendA, trendB } from './fixtures';

const UTC = 'Etc/UTC';
const { month, day, dateTime, count, share, percent, index } = NUMBER_FORMATS;

/** Each label's or header's format: the label's value beside it, or the column under a header. */
function formatsBy(grid: Cell[][], formats: (string | null)[][]): Map<string, (string | null)[]> {
  const out = new Map<string, (string | null)[]>();
  grid.forEach((row, r) => {
    if (typeof row[0] === 'string' && row[1] !== undefined && row[1] !== '' && row.slice(2).every((c) => c === '')) {
      out.set(row[0], [formats[r]?.[1] ?? null]);
    }
  });
  return out;
}

describe('numberKind', () => {
  it('reads percent units from the words, fractions of a whole as shares, indexes near one', () => {
    expect(numberKind('Growth year-on-year %', [4.1, -2])).toBe('percent');
    expect(numberKind('Change percent', [4])).toBe('percent');
    expect(numberKind('Demand share', [0.085, 0.1])).toBe('share');
    expect(numberKind('Intent mix navigational', [0.352])).toBe('share');
    expect(numberKind('Search intent navigational', [0.352])).toBeNull(); // no word says so, alone
    expect(numberKind('Search intent navigational', [0.352], null, true)).toBe('share'); // a mix adding up to one
    expect(numberKind('Seasonal index', [1.0996500276, 0.9])).toBe('index');
    expect(numberKind('Index score', [90.8])).toBeNull();
    expect(numberKind('Signals web traffic', [80.8])).toBeNull();
    expect(numberKind('coffee', [0.76, 0.24], 'share')).toBe('share');
    expect(numberKind('', [0.94, 1.06], 'index')).toBe('index');
  });

  it('groups volumes and counts, never a year', () => {
    expect(numberKind('Search volume', [534232])).toBe('count');
    expect(numberKind('Average monthly volume', [227])).toBe('count');
    expect(numberKind('coffee', [134216, 227])).toBe('count'); // large whole numbers
    expect(numberKind('Founded', [1998])).toBeNull();
    expect(numberKind('Founded year', [19980])).toBeNull();
    expect(numberKind('Search score', [69.7])).toBeNull();
    expect(numberKind('Rank', [1, 2, 3])).toBeNull();
    expect(numberKind('Searches', [214, 212], 'index')).toBe('count');
    expect(numberKind('tea', [66, 67], 'count')).toBe('count');
  });
});

describe('dateKind', () => {
  it('tells months, days and moments apart in the spreadsheet time zone', () => {
    const firsts = [new Date(Date.UTC(2025, 2, 1, 5)), new Date(Date.UTC(2025, 3, 1, 4))]; // New York midnights
    expect(dateKind('Month', firsts, 'America/New_York')).toBe('month');
    expect(dateKind('', firsts, 'America/New_York')).toBe('month');
    expect(dateKind('', firsts, UTC)).toBe('dateTime');
    expect(dateKind('Peak month', [new Date(Date.UTC(2026, 1, 1))], UTC)).toBe('month');
    expect(dateKind('Founded', [new Date(Date.UTC(2026, 1, 1))], UTC)).toBe('day');
    expect(dateKind('Date', [new Date(Date.UTC(2026, 1, 3))], UTC)).toBe('day');
    expect(dateKind('Reset at', [new Date(Date.UTC(2026, 2, 19))], UTC)).toBe('dateTime');
    expect(dateKind('Fetched at', [new Date(Date.UTC(2026, 2, 18, 12))], UTC)).toBe('dateTime');
  });

  it('says the zone in words', () => {
    expect(zoneWords('Etc/UTC')).toBe('UTC');
    expect(zoneWords('GMT')).toBe('UTC');
    expect(zoneWords('America/New_York')).toBe('America/New York');
    expect(zoneLabelFormat('Europe/London')).toBe('@" (Europe/London)"');
  });
});

describe('blockFormats', () => {
  const strip = ({ cache: _, ...rest }: Record<string, Json>) => rest;

  it("formats a trend's single values by their labels and its months as a series, in both schemas", () => {
    const a = readableGrid(strip(trendA), '', { headers: true, timeZone: UTC });
    const fa = blockFormats(a, { timeZone: UTC });
    const byLabel = formatsBy(a, fa);
    expect(byLabel.get('Growth: year-on-year %')).toEqual([percent]);
    expect(byLabel.get('Growth: three month %')).toEqual([percent]);
    expect(byLabel.get('Peak: month')).toEqual([month]);
    expect(byLabel.get('Peak: volume')).toEqual([count]);
    expect(byLabel.get('Search score')).toEqual([null]);
    expect(byLabel.get('Keyword')).toEqual([null]);
    const header = a.findIndex((row) => row[0] === 'Month');
    expect(fa.slice(header + 1).map((row) => row.slice(0, 2))).toEqual(Array.from({ length: 12 }, () => [month, count]));
    expect(fa[header]).toEqual([null, null]);

    const b = readableGrid(strip(trendB), '', { headers: true, timeZone: UTC });
    const fb = blockFormats(b, { timeZone: UTC });
    const start = b.findIndex((row) => row[0] === 'Period');
    expect(fb.slice(start + 1).map((row) => row.slice(0, 2))).toEqual(Array.from({ length: 12 }, () => [month, count]));
  });

  it('shows a date-time with its zone in its label, or in its own format where no label is', () => {
    const grid: Cell[][] = [
      ['Keyword', 'coffee'],
      ['Fetched at', new Date(Date.UTC(2026, 2, 18, 12))],
    ];
    expect(blockFormats(grid, { timeZone: UTC })).toEqual([
      [null, null],
      ['@" (UTC)"', dateTime],
    ]);
    expect(blockFormats([[new Date(Date.UTC(2026, 2, 18, 12))]], { timeZone: 'Europe/London' })).toEqual([[`${dateTime} "Europe/London"`]]);
    const table: Cell[][] = [
      ['Keyword', 'Fetched at'],
      ['coffee', new Date(Date.UTC(2026, 2, 18, 12))],
      ['tea', new Date(Date.UTC(2026, 2, 18, 12))],
    ];
    expect(blockFormats(table, { timeZone: UTC })).toEqual([
      [null, '@" (UTC)"'],
      [null, dateTime],
      [null, dateTime],
    ]);
  });

  it('adds no zone to a label that says one already, as the functions write it; a vague one leaves it to the value', () => {
    const at = new Date(Date.UTC(2026, 2, 18, 12));
    const labelled = (label: string, timeZone: string) =>
      blockFormats(
        [
          ['Keyword', 'coffee'],
          [label, at],
        ],
        { timeZone },
      )[1];
    expect(labelled('Fetched at (UTC)', UTC)).toEqual([null, dateTime]);
    expect(labelled('Fetched at (America/New_York)', 'America/New_York')).toEqual([null, dateTime]);
    expect(labelled('Reset at (spreadsheet time zone)', UTC)).toEqual([null, `${dateTime} "UTC"`]);
    expect(labelled('Fetched at (UTC)', 'Europe/London')).toEqual([null, `${dateTime} "Europe/London"`]);
    const table: Cell[][] = [
      ['Keyword', 'Fetched at (UTC)'],
      ['coffee', at],
      ['tea', at],
    ];
    expect(blockFormats(table, { timeZone: UTC })).toEqual([
      [null, null],
      [null, dateTime],
      [null, dateTime],
    ]);
  });

  it('finds a mix among single values by its fractions adding up to one, whatever the labels say', () => {
    const grid: Cell[][] = [
      ['ID', 'x'],
      ['Brand', 'X'],
      ['Search intent navigational', 0.497],
      ['Search intent informational', 0.22],
      ['Search intent commercial', 0.152],
      ['Search intent transactional', 0.131],
      ['Signals sentiment', 0.4],
      ['Monthly searches', 888750],
    ];
    expect(blockFormats(grid, { timeZone: UTC }).map((row) => row[1])).toEqual([null, null, share, share, share, share, null, count]);
  });

  it('reads a table under its title: header words per column, shares of a whole, blank cells formatted too', () => {
    const grid: Cell[][] = [
      ['Total', 1335, ''],
      ['', '', ''],
      ['Sectors', '', ''],
      ['Name', 'Search volume', 'Of demand'],
      ['Fintech', 76614700, 0.4],
      ['Travel', '', 0.35],
      ['Health', 12, 0.25],
    ];
    expect(blockFormats(grid, { timeZone: UTC })).toEqual([
      [null, count, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
      [null, count, share],
      [null, count, share],
      [null, count, share],
    ]);
  });

  it('takes a row of months over rows of indexes (months across), and shares row by row', () => {
    const months = [new Date(Date.UTC(2025, 2, 1)), new Date(Date.UTC(2025, 3, 1))];
    const seasons: Cell[][] = [months, [0.94, 1.06], [0.89, 1.11]];
    expect(blockFormats(seasons, { timeZone: UTC, hint: 'index' })).toEqual([
      [month, month],
      [index, index],
      [index, index],
    ]);
    const shares: Cell[][] = [
      ['Month', 'coffee', 'tea'],
      [months[0] as Date, 0.7642857142857142, 0.2357142857142857],
      [months[1] as Date, 0.75, 0.25],
      ['12 months', 0.76, 0.24],
    ];
    expect(blockFormats(shares, { timeZone: UTC }).slice(1)).toEqual([
      [month, share, share],
      [month, share, share],
      [null, share, share],
    ]);
  });

  it('names bare columns by the words above them; two words over one kind of value, or over values, are a header', () => {
    expect(blockFormats([[4.1], [-2]], { timeZone: UTC, above: ['Growth year-on-year %'] })).toEqual([[percent], [percent]]);
    const table: Cell[][] = [
      ['Name', 'Share of demand'],
      ['Fintech', 0.5],
      ['Travel', 0.3],
    ];
    expect(blockFormats(table, { timeZone: UTC }).map((row) => row[1])).toEqual([null, share, share]);
    const months: Cell[][] = [
      ['Month', 'Volume'],
      [new Date(Date.UTC(2025, 2, 1)), 1200],
      [new Date(Date.UTC(2025, 3, 1)), 1300],
    ];
    expect(blockFormats(months, { timeZone: UTC })).toEqual([
      [null, null],
      [month, count],
      [month, count],
    ]);
  });

  it("a brand's profile: counts of its products' searches, no format for what no rule knows", () => {
    const grid = readableGrid(brand, '', { headers: true, timeZone: UTC });
    const formats = blockFormats(grid, { timeZone: UTC });
    const header = grid.findIndex((row) => row.includes('Searches'));
    const column = grid[header]?.indexOf('Searches') ?? -1;
    expect(formats.slice(header + 1).map((row) => row[column])).toEqual([count, count, count]);
    expect(formatsBy(grid, formats).get('Index score')).toEqual([null]);
    expect(day).toBe('yyyy-mm-dd');
  });
});
