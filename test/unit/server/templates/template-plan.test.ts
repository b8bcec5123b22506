/**
 * The sheets templates plan (src/server/templates/template-plan.ts). The brand watch: with the examples its
 * ranking overview named, as the service named them, or without any when the overview names none; the
 * share of search likewise, its table and chart sized by the answers' months.
 */
import { describe, expect, it } from 'vitest';
import {
  brandWatchPlan,
  keywordResearchPlan,
  marketOverviewPlan,
  shareOfSearchPlan,
  tableTitle,
} from '../../../../src/server/templates/template-plan';

describe('brandWatchPlan', () => {
  it('without examples (the overview named no brand) says where brand IDs are found, and leaves column A empty', () => {
    const plan = brandWatchPlan([], []);
    const note = plan.cells.find((c) => c.row === 2 && c.column === 1)?.value;
    expect(note).toMatch(
      /\(no examples: the ranking overview named no brand; RANKING_LIST with the raw option shows a group's brands and their IDs\)/,
    );
    expect(plan.cells.filter((c) => c.column === 1 && c.row >= 5)).toEqual([]);
    expect(plan.spills.map((s) => s.formula)).toEqual(['=BRAND_SCORE(A5:A54)']);
  });

  it('with examples, writes them as the service named them, and says where they come from', () => {
    const plan = brandWatchPlan(['zorix-pay', 'quba'], [{ slug: 'zorix-pay', score: 1, signals: { a: 1, b: 2 }, ranks: { all: 3 } }]);
    expect(plan.cells.filter((c) => c.column === 1 && c.row >= 5).map((c) => c.value)).toEqual(['zorix-pay', 'quba']);
    expect(plan.cells.find((c) => c.row === 2)?.value).toMatch(/\(2 examples: the first brands the service's ranking overview names\)/);
  });

  it('names each brand beside its ID by the field its ID is written from, whatever the service calls it', () => {
    const answer = {
      handle: 'zorix-pay',
      display_name: 'Zorix Pay',
      vertical: 'fintech',
      brand_score: 1,
      signal_mix: { a: 1 },
      rank_positions: { all: 3 },
    };
    const plan = brandWatchPlan(['zorix-pay'], [answer]);
    const header = plan.cells.filter((c) => c.row === 4).map((c) => c.value);
    expect(header.slice(0, 3)).toEqual(['Brand ID', 'Brand', 'Index score']);
    expect(plan.spills.map((s) => s.formula).slice(0, 2)).toEqual(['=BRAND_PROFILE(A5:A54, "display_name")', '=BRAND_SCORE(A5:A54)']);
    // An answer that names no brand: no name column, the score beside the ID.
    expect(brandWatchPlan(['x-1'], [{ id: 'x-1', score: 2 }]).spills[0]?.formula).toBe('=BRAND_SCORE(A5:A54)');
  });
});

describe('marketOverviewPlan', () => {
  it("titles each table in words: what the answer is and which part, never a function's name", () => {
    expect(tableTitle('Market analysis', 'sectors')).toBe('Market analysis: sectors');
    expect(tableTitle('Ranking overview', 'leaders')).toBe('Ranking overview: leaders');
    expect(tableTitle('AI industries', 'industries')).toBe('AI industries');
    expect(tableTitle('AI industries', 'ai_clusters')).toBe('AI industries: AI clusters');
    expect(tableTitle('Market analysis', 'crossIndustry')).toBe('Market analysis: cross industry');
  });

  it('says what its formulas read, true whether their answers are cached or not (not "Three requests")', () => {
    const plan = marketOverviewPlan({ markets: {}, industries: {}, ranking: {} });
    const note = String(plan.cells.find((c) => c.row === 2 && c.column === 1)?.value);
    expect(note).toMatch(
      /Its formulas read three answers \(a request each unless cached, never a fresh search\); recalculating reads the cache\.$/,
    );
    expect(note).not.toMatch(/Three requests/);
  });
});

describe('shareOfSearchPlan', () => {
  it('without examples (the overview named no brand) says so, and still has its formula and chart over the empty names', () => {
    const plan = shareOfSearchPlan([], []);
    expect(plan.cells.find((c) => c.row === 2 && c.column === 1)?.value).toMatch(/\(no examples: the ranking overview named no brand\)/);
    expect(plan.cells.filter((c) => c.column === 1 && c.row >= 5)).toEqual([]);
    expect(plan.spills).toEqual([{ formula: '=SHARE_OF_SEARCH(A5:A10)', area: { row: 4, column: 3, rows: 14, columns: 7 } }]);
    expect(plan.chart?.kind).toBe('stacked-area');
  });

  it('sizes the table and the chart by the longest monthly series of the answers', () => {
    const month = (m: number) => ({ month: `2025-${String(m).padStart(2, '0')}`, searches: m * 10 });
    const answers = [{ history: Array.from({ length: 6 }, (_, i) => month(i + 1)) }, { history: [month(1)] }];
    const plan = shareOfSearchPlan(['Zorix Pay', 'Quba'], answers);
    expect(plan.cells.filter((c) => c.column === 1 && c.row >= 5).map((c) => c.value)).toEqual(['Zorix Pay', 'Quba']);
    expect(plan.spills[0]?.area).toEqual({ row: 4, column: 3, rows: 8, columns: 7 });
    // The header and the 6 months, not the 12-month row.
    expect(plan.chart?.ranges).toEqual([{ row: 4, column: 3, rows: 7, columns: 7 }]);
    // The months as months, the shares (and the 12-month row's) as percentages.
    expect(plan.formats).toEqual([
      { area: { row: 5, column: 3, rows: 6, columns: 1 }, format: 'mmm yyyy' },
      { area: { row: 5, column: 4, rows: 7, columns: 6 }, format: '0.0%' },
    ]);
  });
});

describe('keywordResearchPlan', () => {
  it('formats each formula column from the answers it was planned from: growth in percent units, months, volumes', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({ month: `2025-${String(i + 1).padStart(2, '0')}`, volume: 12_000 + i }));
    const plan = keywordResearchPlan([
      { keyword: 'x', score: 50, growth: { yoy_pct: 4.1 }, peak: { month: '2025-12', volume: 12_011 }, months },
    ]);
    const formatAt = (area: object | undefined) =>
      plan.formats.find((f) => JSON.stringify(f.area) === JSON.stringify(area))?.format ?? null;
    const formatOf = (formula: RegExp) => formatAt(plan.spills.find((s) => formula.test(s.formula))?.area);
    expect(formatOf(/^=SEARCH_SCORE/)).toBeNull();
    expect(formatOf(/"growth\.yoy_pct"/)).toBe('0.0"%"');
    expect(formatOf(/"peak\.month"/)).toBe('mmm yyyy');
    // The volumes' one formula: its first row the months, the rows under it the volumes.
    const volumes = plan.spills.find((s) => s.formula.startsWith('=SEARCH_COMPARE('))?.area;
    expect(volumes).toMatchObject({ row: 4, rows: 51, columns: 12 });
    expect(formatAt({ ...volumes, rows: 1 })).toBe('mmm yyyy');
    expect(formatAt({ ...volumes, row: 5, rows: 50 })).toBe('#,##0');
  });
});
