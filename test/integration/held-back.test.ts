/**
 * Held-back rows (issue 46, point 6): every message the add-on writes for something it could not fill
 * because of a daily limit says so in at most 90 characters, and every one names the same reset time as
 * the others, the sidebar and the docs: the one the service names (00:00 UTC at the stand-in), never a
 * Retry-After added to a clock that moved meanwhile (which said 00:00, 00:01 and 00:02 UTC for one reset).
 * The whole story (what is still sent until then) is the sidebar's: its usage section says it with the
 * same time. On schemas a and b (other field names, another reset field).
 *
 * Both clocks start at TEST_START (12:00 UTC); the runtime's is then put 100 s ahead of the service's, as
 * the modelled latency of every service call puts it after a session in the playground (and as two
 * machines' clocks may differ), so a reset counted from the service's relative Retry-After would drift.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { UsageView } from '../../src/shared/sidebar-api';
import { HELD_BACK_MAX_CHARS } from '../../src/server/errors/errors';
import { usageModel } from '../../src/sidebar/usage-model';
import { useStack } from './stack';

const RESET = '00:00 UTC';
/** Every time of day a text names, as `HH:MM UTC`. */
const times = (text: string) => text.match(/\b\d\d:\d\d UTC\b/g) ?? [];

for (const schema of ['a', 'b'] as const) {
  describe(`schema ${schema}`, () => {
    const stack = useStack(schema, { cacheEarlyRemoval: { rate: 0 } });
    beforeEach(() => stack.gas.advanceClock(100_000));
    const sidebar = <T>(fn: string, ...args: unknown[]): T => {
      const result = stack.gas.run(fn, args, { mode: 'sidebar' });
      if (!result.ok) throw new Error(`${fn}: ${result.error}`);
      return result.value as T;
    };
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => [`${tag} ${schema} keyword ${i}`]);
    const texts = (value: unknown) => (Array.isArray(value) ? value.flat() : [value]).filter((v): v is string => typeof v === 'string');

    it('every row a daily limit holds back says so in at most 90 characters, with one reset time', async () => {
      const held: string[] = [];
      // The fresh searches run out inside a range: the rows not sent, then the refused, then those the guard holds.
      await stack.service.control.limits({ freshUsed: 245 });
      held.push(...texts(stack.value('SEARCH_SCORE', words(12, 'first'))));
      held.push(...texts(stack.value('SEARCH_TREND', words(6, 'second'))));
      held.push(stack.run('SEARCH_SCORE', 'one more keyword').error ?? '');
      held.push(stack.run('COMPANY_PROFILE', 'a company never asked').error ?? '');
      held.push(...texts(stack.value('SEARCH_COMPARE', words(4, 'third'))));
      // Then the API calls: nothing at all is sent, every endpoint's rows say the same.
      await stack.service.control.limits({ callsUsed: 2000 });
      held.push(stack.run('BRAND_SCORE', 'a-brand-never-asked').error ?? '');
      held.push(...texts(stack.value('SEARCH_SCORE', words(3, 'fourth'))));
      held.push(stack.run('MARKET_ANALYSIS').error ?? '');

      const limits = held.filter((t) => t.startsWith('Daily limit reached'));
      expect(limits.length).toBeGreaterThan(12);
      for (const text of limits) {
        expect(text.length, text).toBeLessThanOrEqual(HELD_BACK_MAX_CHARS);
        expect(times(text), text).toEqual([RESET]);
        expect(text).toMatch(/^Daily limit reached \((fresh searches|API calls)\): Refresh all formulas after 00:00 UTC\.$/);
      }
      // Both limits were met, each said its own name.
      expect(new Set(limits)).toEqual(
        new Set([
          'Daily limit reached (fresh searches): Refresh all formulas after 00:00 UTC.',
          'Daily limit reached (API calls): Refresh all formulas after 00:00 UTC.',
        ]),
      );
    });

    it('a ranking table, a tracking list and the sidebar name the same reset, the sidebar telling the whole story', async () => {
      sidebar('insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 5 });
      await stack.service.control.limits({ freshUsed: 249 });
      const tracking = sidebar<{ lists: { id: string }[] }>('addTrackingList', {
        name: 'Drinks',
        kind: 'keywords',
        items: ['held coffee', 'held tea', 'held cocoa'],
        period: 'week',
        fields: null,
      });
      const listed = sidebar<{ lists: { message: string }[] }>('runTrackingNow', tracking.lists[0]?.id);
      const trackingMessage = listed.lists[0]?.message ?? '';
      expect(trackingMessage).toMatch(/wait for the next run/);

      await stack.service.control.limits({ callsUsed: 2000 });
      const run = sidebar<{ run: { results: { message: string }[] } }>('refreshTablesNow', true);
      const tableMessage = run.run.results[0]?.message ?? '';
      expect(tableMessage).toBe('Daily limit reached (API calls): try again after 00:00 UTC.');
      expect(tableMessage.length).toBeLessThanOrEqual(HELD_BACK_MAX_CHARS);

      // The sidebar's usage, read before the calls ran out and counted on since: the story and its time.
      await stack.service.control.limits({ callsUsed: 1500, freshUsed: 250 });
      const usage = sidebar<UsageView>('refreshUsage');
      const meta = usageModel(usage, new Date(stack.gas.clock.now())).meta;
      expect(meta).toContain('resets at 00:00 UTC');
      expect(meta).toContain(
        'Fresh searches spent: rows that say "Daily limit reached" fill when you Refresh all formulas after 00:00 UTC',
      );

      for (const text of [trackingMessage, tableMessage, meta]) for (const time of times(text)) expect(time, text).toBe(RESET);
    });
  });
}
