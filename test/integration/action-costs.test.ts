/**
 * Costs shown before every action that spends (issue 41, finding 6): what the sidebar is told an action
 * will send, counted by the lookup's dry run without a request, equals what the action then sends,
 * counted at the local service: opening the insert form (the group list), inserting a ranking table
 * after its preview, and tracking a list (its items and the allowance read), cached or not.
 */
import { describe, expect, it } from 'vitest';
import type { SpendCost, TablePreview, TablesView } from '../../src/shared/sidebar-api';
import { useStack } from './stack';

const stack = useStack();

function call<T>(fn: string, ...args: unknown[]): T {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}

/** The requests `act` sends, counted at the service. */
async function sentBy(act: () => void): Promise<number> {
  const before = await stack.requests();
  act();
  return (await stack.requests()) - before;
}

describe('what an action is said to send, before it acts', () => {
  it('the group list: one request said and sent, then nothing said and nothing sent', async () => {
    const first = call<TablesView>('getTables').groupListCost;
    expect(first).toEqual({ requests: 1, freshSearches: 0, heldBack: 0 });
    expect(await sentBy(() => call('getRankingGroups'))).toBe(first.requests);
    const again = call<TablesView>('getTables').groupListCost;
    expect(again.requests).toBe(0);
    expect(await sentBy(() => call('getRankingGroups'))).toBe(0);
    expect(await stack.requests()).toBe(1); // getTables itself sent none
  });

  it("choosing a group reads its list (1 request), and the preview's count of inserting is what inserting sends", async () => {
    const [group] = call<{ group: string }[]>('getRankingGroups');
    if (!group) throw new Error('no group offered');
    let preview: TablePreview | undefined;
    expect(await sentBy(() => (preview = call<TablePreview>('previewRankingTable', group.group)))).toBe(1);
    expect(preview?.insertCost).toEqual({ requests: 0, freshSearches: 0, heldBack: 0 });
    const insert = { group: group.group, placement: 'new-sheet', columns: null, limit: 5 };
    expect(await sentBy(() => call('insertRankingTable', insert))).toBe(0);
  });

  it('tracking a list: its items and the allowance read, as counted; the cached ones not', async () => {
    const items = ['doppio', 'affogato', 'vienna coffee'];
    const cost = call<SpendCost>('estimateTracking', 'keywords', items);
    expect(cost).toEqual({ requests: 4, freshSearches: 3, heldBack: 0 });
    const list = { name: '', kind: 'keywords', items, period: 'week', fields: null };
    expect(await sentBy(() => call('addTrackingList', list))).toBe(cost.requests);

    // Two of these are cached now, and the allowance was read within the minute: one request.
    const more = ['doppio', 'affogato', 'ristretto'];
    const second = call<SpendCost>('estimateTracking', 'keywords', more);
    expect(second).toEqual({ requests: 1, freshSearches: 1, heldBack: 0 });
    expect(await sentBy(() => call('addTrackingList', { ...list, name: 'more', items: more }))).toBe(second.requests);
  });

  it('bad items are named, as tracking names them, and nothing is sent', async () => {
    const result = stack.gas.run('estimateTracking', ['keywords', []], { mode: 'sidebar' });
    expect(result.ok).toBe(false);
    expect(result.error).toContain('Type or select at least one keyword');
    expect(await stack.requests()).toBe(0);
  });
});
