/**
 * The sheets templates plan (src/server/templates/template-plan.ts). The brand watch: with the examples its
 * ranking overview named, as the service named them, or without any when the overview names none.
 */
import { describe, expect, it } from 'vitest';
import { brandWatchPlan, marketOverviewPlan } from '../../../../src/server/templates/template-plan';

describe('brandWatchPlan', () => {
  it('without examples (the overview named no brand) says where slugs are found, and leaves column A empty', () => {
    const plan = brandWatchPlan([], []);
    const note = plan.cells.find((c) => c.row === 2 && c.column === 1)?.value;
    expect(note).toMatch(/\(no examples: the ranking overview named no brand; RANKING_LIST shows a group's brands and their slugs\)/);
    expect(plan.cells.filter((c) => c.column === 1 && c.row >= 5)).toEqual([]);
    expect(plan.spills.map((s) => s.formula)).toEqual(['=BRAND_SCORE(A5:A54)']);
  });

  it('with examples, writes them as the service named them, and says where they come from', () => {
    const plan = brandWatchPlan(['zorix-pay', 'quba'], [{ slug: 'zorix-pay', score: 1, signals: { a: 1, b: 2 }, ranks: { all: 3 } }]);
    expect(plan.cells.filter((c) => c.column === 1 && c.row >= 5).map((c) => c.value)).toEqual(['zorix-pay', 'quba']);
    expect(plan.cells.find((c) => c.row === 2)?.value).toMatch(/\(2 examples: the first brands the service's ranking overview names\)/);
  });
});

describe('marketOverviewPlan', () => {
  it('says what its formulas read, true whether their answers are cached or not (not "Three requests")', () => {
    const plan = marketOverviewPlan({ markets: {}, industries: {}, ranking: {} });
    const note = String(plan.cells.find((c) => c.row === 2 && c.column === 1)?.value);
    expect(note).toMatch(
      /Its formulas read three answers \(a request each unless cached, never a fresh search\); recalculating reads the cache\.$/,
    );
    expect(note).not.toMatch(/Three requests/);
  });
});
