/**
 * What Refresh all formulas comes to once its lookups are back (src/server/spending/refresh-outcome.ts):
 * a cell runs again only when every answer it needs came or was cached, unless it shows no answer yet;
 * the probe's cell runs again when the probe's answer came; the others keep what they show and say what
 * they wait for and until when.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/server/service/endpoints';
import { keyOf, type PlannedCell, type RefreshPlan } from '../../../../src/server/spending/refresh-plan';
import { refreshOutcome } from '../../../../src/server/spending/refresh-outcome';
import { useAppsScriptFakes } from '../lookup/apps-script-fakes';

// A query's key is a hash (Utilities.computeDigest): the fakes compute it.
useAppsScriptFakes();

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const sheet = { getSheetId: () => 7 } as unknown as Sheet;

/** A cell of SEARCH_TREND over some keywords, at row `row` of column B. */
function cell(row: number, keywords: string[], showsAnswer = true): PlannedCell {
  const calls = [{ name: 'SEARCH_TREND' as const, endpoint: ENDPOINTS.trend, subjects: keywords, packed: false }];
  const planned: PlannedCell = { sheet, row, column: 2, calls, unknown: false, showsAnswer, together: [] };
  planned.together.push(planned);
  return planned;
}

/** Cells that share a query run again or wait together (refresh-plan.ts): one group. */
function group(...cells: PlannedCell[]): void {
  for (const c of cells) c.together = cells;
}

/** A plan's parts that the outcome reads; the rest is not looked at. */
function plan(parts: Pick<RefreshPlan, 'rerun' | 'waiting' | 'cells' | 'probe' | 'waitingFor' | 'resetAt'>): RefreshPlan {
  return parts as RefreshPlan;
}

const key = (keyword: string) => keyOf(ENDPOINTS.trend, keyword);
const runs = (outcome: ReturnType<typeof refreshOutcome>, row: number) => outcome.runsAgain(sheet, { row, column: 2 });

describe('refreshOutcome', () => {
  it('runs again a cell whose answers came or were cached, and keeps one showing an answer whose answer did not come', () => {
    const [came, cached, failed] = [cell(1, ['coffee']), cell(2, ['tea']), cell(3, ['matcha'])];
    const outcome = refreshOutcome(
      plan({ rerun: [came, cached, failed], waiting: [], cells: [came, cached, failed], probe: null, waitingFor: null, resetAt: null }),
      new Map([
        [key('coffee'), true],
        [key('matcha'), false],
      ]),
    );
    expect([1, 2, 3].map((row) => runs(outcome, row))).toEqual([true, true, false]);
    expect(outcome.waiting).toBe(1);
    // What it waits for when the plan named nothing: the fresh searches, the refusal a failed fetch most likely met.
    expect(outcome.waitingFor).toBe('fresh searches');
  });

  it('runs again a cell that shows no answer yet whatever came: it loses nothing', () => {
    const empty = cell(4, ['matcha'], false);
    const outcome = refreshOutcome(
      plan({ rerun: [empty], waiting: [], cells: [empty], probe: null, waitingFor: null, resetAt: null }),
      new Map([[key('matcha'), false]]),
    );
    expect(runs(outcome, 4)).toBe(true);
    expect(outcome).toMatchObject({ waiting: 0, waitingFor: null, resetAt: null });
  });

  it("runs the probe's cell again when its answer came, and leaves the others waiting until the reset", () => {
    const [probed, other] = [cell(5, ['kombucha']), cell(6, ['oat milk'])];
    const probe = { fetch: { endpoint: ENDPOINTS.trend, subjects: ['kombucha'], packed: false }, cells: [probed] };
    const resetAt = Date.UTC(2026, 10, 30);
    const outcome = refreshOutcome(
      plan({ rerun: [], waiting: [probed, other], cells: [probed, other], probe, waitingFor: 'fresh searches', resetAt }),
      new Map([[key('kombucha'), true]]),
    );
    expect([runs(outcome, 5), runs(outcome, 6)]).toEqual([true, false]);
    expect(outcome).toMatchObject({ waiting: 1, waitingFor: 'fresh searches', resetAt: '2026-11-30T00:00:00.000Z' });
  });

  it("keeps a whole group as it shows when one of its cells' answers did not come: a header never runs over older figures", () => {
    const [header, volumes, other] = [cell(7, ['kombucha']), cell(8, ['kombucha', 'oat milk']), cell(9, ['tea'])];
    group(header, volumes);
    const outcome = refreshOutcome(
      plan({ rerun: [header, volumes, other], waiting: [], cells: [header, volumes, other], probe: null, waitingFor: null, resetAt: null }),
      new Map([
        [key('kombucha'), true],
        [key('oat milk'), false],
        [key('tea'), true],
      ]),
    );
    expect([7, 8, 9].map((row) => runs(outcome, row))).toEqual([false, false, true]);
    expect(outcome.waiting).toBe(2);
  });
});
