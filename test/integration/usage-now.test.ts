/**
 * The usage the sidebar shows is never older than what this document spent since (issue 30, point 2):
 * without a request, it is the last read of /usage plus what this document sent with the same key after
 * it; a read from before the allowance reset is not shown as today's; what it cannot count (other
 * spreadsheets, another key, older than its counts reach) is never added, and the view says what it
 * holds. Checked against what Refresh then reads from the local service, running the built Code.js.
 */
import { describe, expect, it } from 'vitest';
import type { UsageBar, UsageRead, UsageView } from '../../src/shared/sidebar-api';
import { KEY, OTHER_KEY, type Stack, useStack } from './stack';

/** A keyword nobody asked before: each costs a fresh search. */
const fresh = (prefix: string, n: number): string[][] => Array.from({ length: n }, (_, i) => [`${prefix} ${i + 1}`]);

function ok<T>(stack: Stack, fn: string, args: unknown[] = [], document?: string): T {
  const result = stack.gas.run(fn, args, { mode: 'sidebar', ...(document ? { document } : {}) });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}
const usage = (stack: Stack, document?: string) => ok<UsageView>(stack, 'getUsage', [], document);
const refresh = (stack: Stack, document?: string) => ok<UsageView>(stack, 'refreshUsage', [], document);
const bar = (read: UsageRead | null | undefined, pattern: RegExp): UsageBar | undefined => read?.bars.find((b) => pattern.test(b.label));
const searches = (read: UsageRead | null | undefined) => bar(read, /search/i)?.used;
const calls = (read: UsageRead | null | undefined) => bar(read, /call/i)?.used;

describe('after a range spends', () => {
  const stack = useStack();

  it('shows the last read plus what this document sent since, the same figures Refresh then reads', async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 230, callsUsed: 30 });
    const read = refresh(stack).last;
    expect([searches(read), calls(read)]).toEqual([230, 31]); // the read counts itself
    await stack.service.control.resetStats();

    // The range takes the 20 fresh searches left.
    const scores = stack.value('SEARCH_SCORE', fresh('espresso grind', 20)) as unknown[][];
    expect(scores.flat().every((v) => typeof v === 'number')).toBe(true);
    const sent = await stack.requests();

    const shown = usage(stack);
    expect(shown.last?.readAt).toBe(read?.readAt); // still the read it was, said as such
    expect([searches(shown.last), calls(shown.last)]).toEqual([250, 31 + sent]); // not 230 of 250
    expect(shown.last?.spentSince).toEqual({ requests: sent, freshSearches: 20, complete: true });
    expect(await stack.requests()).toBe(sent); // no request to know it

    const truth = refresh(stack).last;
    expect(searches(truth)).toBe(searches(shown.last));
    expect(calls(truth)).toBe((calls(shown.last) ?? 0) + 1); // Refresh's own call
    expect(truth?.spentSince).toEqual({ requests: 0, freshSearches: 0, complete: true });
  });

  it('adds nothing that was spent before the read: the read has it already', () => {
    stack.value('SEARCH_SCORE', fresh('oat latte', 5));
    const read = refresh(stack).last;
    expect(searches(read)).toBe(5);
    const shown = usage(stack).last;
    expect(shown?.bars).toEqual(read?.bars);
    expect(shown?.spentSince).toMatchObject({ requests: 0, freshSearches: 0 });
  });

  it('adds what the sidebar itself spent with the same key (a template), and cached answers nothing', async () => {
    refresh(stack);
    await stack.service.control.resetStats();
    ok(stack, 'insertTemplate', ['market-overview']);
    stack.gas.recalculate(); // its formulas read the cache
    const sent = await stack.requests();
    expect(sent).toBeGreaterThan(0);
    const shown = usage(stack).last;
    expect(calls(shown)).toBe(calls(refresh(stack).last)! - 1);
    expect(shown?.spentSince).toMatchObject({ requests: sent, freshSearches: 0 });
  });

  it("never adds another key's spending here: formulas on a key shared with the document are not the viewer's", async () => {
    stack.gas.properties.document.set('SDM_API_KEY', OTHER_KEY);
    const read = refresh(stack).last;
    stack.value('SEARCH_SCORE', fresh('cold foam', 4)); // paid by OTHER_KEY
    expect(await stack.service.control.stats()).toMatchObject({ freshCredits: 4 });
    expect(usage(stack).last?.bars).toEqual(read?.bars);
  });

  it('says when it cannot count back to the read: a read older than the counts live (6 hours)', () => {
    const read = refresh(stack).last;
    stack.gas.advanceClock(7 * 3_600_000); // 19:00 UTC: the same day, the counts of 12:00 are gone
    stack.value('SEARCH_SCORE', fresh('flat white', 3));
    const shown = usage(stack).last;
    expect(shown?.readAt).toBe(read?.readAt);
    expect(searches(shown)).toBe((searches(read) ?? 0) + 3); // at least these
    expect(shown?.spentSince).toEqual({ requests: 3, freshSearches: 3, complete: false });
  });
});

describe('a read from before the allowance reset', () => {
  const stack = useStack();

  it("is not shown as today's figures: the view says when it was read, and Refresh reads today's", async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 240 });
    const read = refresh(stack).last;
    expect(searches(read)).toBe(240);
    expect(read?.resetAt).toMatch(/^2026-03-19T00:00:00/);

    // Past midnight UTC (the service's reset), this document spends 2 fresh searches of the new day.
    const pastMidnight = 12 * 3_600_000 + 10 * 60_000;
    stack.gas.advanceClock(pastMidnight);
    await stack.service.control.clock(pastMidnight);
    stack.value('SEARCH_SCORE', fresh('cortado', 2));

    const shown = usage(stack);
    expect(shown.last).toBeNull(); // not 242 of 250, nor 240
    expect(shown.readBeforeReset).toBe(read?.readAt);
    expect(shown.document).toMatchObject({ day: '2026-03-19', freshSearches: 2 });
    // A template is not refused on yesterday's figures.
    expect(ok<string>(stack, 'insertTemplate', ['keyword-research'])).toBe('Keyword research');

    const today = refresh(stack);
    expect(today.readBeforeReset).toBeNull();
    expect(searches(today.last)).toBe(10); // the 2 and the template's 8
  });
});

describe('spending in another spreadsheet', () => {
  const stack = useStack();

  it("is that spreadsheet's own: each shows the read plus what it sent itself, and Refresh reads both", () => {
    // The user has used the add-on there too (else Sheets does not know its functions there).
    const other = stack.gas.addSpreadsheet({ id: 'budget', name: 'Budget', owner: stack.gas.userEmail, addonUsed: true }).id;
    const read = refresh(stack).last; // read in this spreadsheet, kept for the user
    stack.gas.run('SEARCH_SCORE', [fresh('chai', 6)], { document: other });
    stack.value('SEARCH_SCORE', fresh('mocha', 2));

    const here = usage(stack).last;
    const there = usage(stack, other).last;
    expect([searches(here), searches(there)]).toEqual([(searches(read) ?? 0) + 2, (searches(read) ?? 0) + 6]);
    expect(here?.spentSince).toMatchObject({ freshSearches: 2 });
    expect(there?.spentSince).toMatchObject({ freshSearches: 6 });
    // Neither knows the other's: at least these figures, and what Refresh reads is both.
    expect(searches(refresh(stack).last)).toBe((searches(read) ?? 0) + 8);
  });
});

describe('what is compared with the last read', () => {
  const stack = useStack();

  it('a template is refused on what is left now, not on a read taken before a range spent', async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 240 });
    refresh(stack); // 10 left: a keyword research (8) would fit
    stack.value('SEARCH_SCORE', fresh('macchiato', 5)); // 5 left now
    const sent = await stack.requests();
    const result = stack.gas.run('insertTemplate', ['keyword-research'], { mode: 'sidebar' });
    expect(result.error).toMatch(
      /^Not inserted: "Keyword research" may use 8 fresh searches, and 5 were left at your last usage read \(\d\d:\d\d UTC, with what this document sent since\)\. Nothing was sent or changed/,
    );
    expect(await stack.requests()).toBe(sent);
    expect(stack.gas.spreadsheet.sheets.map((s) => s.name)).toEqual(['Sheet1']);
  });

  it("the menu's Refresh all formulas asks in the sidebar when it would spend the last fresh searches and leave cells waiting", async () => {
    await stack.service.control.limits({ key: KEY, freshUsed: 240 });
    stack.gas.spreadsheet.setValues('Sheet1!A2:A5', fresh('ristretto', 4));
    stack.gas.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A5)');
    stack.gas.recalculate(); // answered: 6 left
    stack.gas.advanceClock(7 * 3_600_000); // 19:00 UTC, the same day: the cache's answers are gone
    stack.gas.spreadsheet.setFormula('Sheet1!D2', '=SEARCH_SCORE("doppio")');
    refresh(stack); // 6 left: the 5 would fit
    stack.value('SEARCH_SCORE', fresh('lungo', 3)); // 3 left now: B2's four wait, D2's one would take one
    const before = await stack.requests();
    expect(stack.gas.run('refreshFormulasFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.ui.sidebars.at(-1)?.html).toContain('window.SDM_OPEN_SECTION="refresh"');
    expect(await stack.requests()).toBe(before); // nothing sent before the question
  });
});
