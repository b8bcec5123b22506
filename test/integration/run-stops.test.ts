/**
 * A schedule that can always run, and a scheduled run that meets what stops it (docs/use/scheduled-runs.md,
 * "When a scheduled run stops"). Saving a schedule checks every permission its runs need and makes no
 * trigger while one is missing. A run that meets a missing permission, a refused key, a spent allowance
 * or a service that does not answer never throws (in a pasted script, a thrown error mails Google's
 * "Summary of failures" to its owner every time): it ends quietly, asks nothing the same cause would
 * refuse, records what stopped it, and the table's own line and the sidebar's ranking tables and
 * tracking parts say why and what to do. The record keeps the outcome before it, so a run that works
 * again shows what it recovered from.
 */
import { describe, expect, it } from 'vitest';
import { KEY, useStack } from './stack';
import type { TablesView, TrackingView } from '../../src/shared/sidebar-api';

const stack = useStack();

const HOUR = 3_600_000;
const USER = 'user@example.com';
const SCOPE = {
  service: 'https://www.googleapis.com/auth/script.external_request',
  spreadsheet: 'https://www.googleapis.com/auth/spreadsheets',
} as const;
/** Every scope the manifest asks for. */
const all = () => stack.gas.manifest?.oauthScopes ?? [];

/** A sidebar call, failing the test with its error. */
function sidebar<T>(fn: string, args: unknown[] = []): T {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}

/** Two ranking tables refreshed hourly and a daily tracking list of two keywords, all the user's. */
function scheduled(): { stamps: () => string[] } {
  const sheets = ['sector:fintech', 'sector:saas'].map(
    (group) =>
      sidebar<TablesView>('insertRankingTable', [{ group, placement: 'new-sheet', columns: null, limit: 3 }]).tables.at(-1)?.sheetName ??
      '',
  );
  sidebar<TablesView>('setRefreshSchedule', [{ kind: 'hourly' }]);
  sidebar<TrackingView>('addTrackingList', [{ name: 'Drinks', kind: 'keywords', items: ['coffee', 'tea'], period: 'day', fields: null }]);
  expect(stack.gas.triggers).toHaveLength(1);
  return { stamps: () => sheets.map((name) => String(stack.gas.spreadsheet.sheet(name).getValues('A1')[0]?.[0])) };
}

/** An hour later on both clocks, the trigger fired as Google fires it: its one execution. */
async function nextRun() {
  stack.gas.advanceClock(HOUR);
  await stack.service.control.clock(HOUR);
  await stack.service.control.resetStats();
  const fired = stack.gas.fireDueTriggers();
  expect(fired).toHaveLength(1);
  return fired[0]!.result;
}

/** The stored record of the user's scheduled runs: the shape failure alerts read (trigger/run-outcome.ts). */
function outcomes(): unknown {
  return JSON.parse(stack.gas.userProperties(USER).get('SDM_RUN_OUTCOME') ?? 'null');
}

const stoppedSince = (hour: number) => `Your scheduled runs have stopped since 2026-03-18 ${hour}:00 UTC. `;

describe('saving a schedule', () => {
  it("without the permission to connect is refused in the add-on's words, saves nothing and makes no trigger", () => {
    sidebar<TablesView>('insertRankingTable', [{ group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 }]);
    stack.gas.setGrantedScopes(all().filter((s) => s !== SCOPE.service));
    const refused = stack.gas.run('setRefreshSchedule', [{ kind: 'daily', hour: 6 }], { mode: 'sidebar' });
    expect(refused.error).toBe(
      'Permission missing: connect to the service. Search Demand needs it to fetch search data with your key; nothing was done. ' +
        'Grant it with Extensions › Search Demand › Grant permissions… and tick “Connect to an external service”.',
    );
    expect(stack.gas.triggers).toEqual([]);
    expect(sidebar<TablesView>('getTables').schedule).toEqual({ kind: 'off' });
    // Turning one off needs no connection.
    expect(stack.gas.run('setRefreshSchedule', [{ kind: 'off' }], { mode: 'sidebar' }).ok).toBe(true);
    stack.gas.setGrantedScopes('all');
    expect(sidebar<TablesView>('setRefreshSchedule', [{ kind: 'daily', hour: 6 }]).schedule).toEqual({ kind: 'daily', hour: 6 });
    expect(stack.gas.triggers).toHaveLength(1);
  });
});

describe('a scheduled run that meets what stops it ends quietly and says why', () => {
  it('the permission to connect unticked: nothing sent; each table, the tables part and the tracking part say which and how to grant it', async () => {
    const { stamps } = scheduled();
    stack.gas.setGrantedScopes(all().filter((s) => s !== SCOPE.service));
    const run = await nextRun();
    expect([run.ok, run.error]).toEqual([true, undefined]);
    expect(await stack.requests()).toBe(0);
    const grant =
      'Permission missing: connect to the service. Search Demand needs it to fetch search data with your key; nothing was done. ' +
      'Grant it with Extensions › Search Demand › Grant permissions… and tick “Connect to an external service”.';
    for (const stamp of stamps())
      expect(stamp).toMatch(/ · refresh failed 2026-03-18 13:00 UTC: Permission missing: connect to the service\./);
    const tables = sidebar<TablesView>('getTables');
    expect(tables.runStop).toEqual({ since: expect.stringMatching(/^2026-03-18T13:00/) as unknown, message: stoppedSince(13) + grant });
    expect(sidebar<TrackingView>('getTracking').runStop?.message).toBe(stoppedSince(13) + grant);
    const where = { id: stack.gas.spreadsheet.id, name: stack.gas.spreadsheet.name };
    expect(outcomes()).toEqual({
      last: { at: expect.stringMatching(/^2026-03-18T13:00/) as unknown, stop: { kind: 'permission', missing: ['service'] }, where },
      previous: null,
      failingSince: expect.stringMatching(/^2026-03-18T13:00/) as unknown,
    });

    // Granted (Grant permissions…): the next run works, and the record says what it recovered from.
    stack.gas.setGrantedScopes('all');
    const again = await nextRun();
    expect([again.ok, again.error]).toEqual([true, undefined]);
    expect(await stack.requests('/ranking/list')).toBeGreaterThan(0);
    for (const stamp of stamps()) expect(stamp).not.toContain('refresh failed');
    expect(sidebar<TablesView>('getTables').runStop).toBeNull();
    expect(sidebar<TrackingView>('getTracking').runStop).toBeNull();
    expect(outcomes()).toMatchObject({
      last: { stop: null, where: null },
      previous: { stop: { kind: 'permission', missing: ['service'] }, where },
      failingSince: null,
    });
  });

  it('the permission to read the spreadsheets unticked: no spreadsheet is opened, none dropped; the next run after granting does the work', async () => {
    const { stamps } = scheduled();
    const before = stamps();
    stack.gas.setGrantedScopes(all().filter((s) => s !== SCOPE.spreadsheet));
    const run = await nextRun();
    expect([run.ok, run.error]).toEqual([true, undefined]);
    expect(run.serviceCalls['spreadsheet.openById'] ?? 0).toBe(0);
    expect(await stack.requests()).toBe(0);
    expect(stamps()).toEqual(before);
    // Stopped before opening any spreadsheet.
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'permission', missing: ['spreadsheet'] }, where: null } });
    // The sidebar needs that permission too; once it is granted, it says what stopped the run.
    stack.gas.setGrantedScopes('all');
    expect(sidebar<TablesView>('getTables').runStop?.message).toMatch(
      new RegExp(
        `^${stoppedSince(13)}Permission missing: read and change your spreadsheets\\. .* tick “See, edit, create, and delete all your Google Sheets spreadsheets”\\.$`,
      ),
    );
    expect(sidebar<TablesView>('getTables').notes).toEqual([]); // nothing was dropped
    await nextRun();
    expect(stamps().every((stamp, i) => stamp !== before[i] && !stamp.includes('refresh failed'))).toBe(true);
    expect(outcomes()).toMatchObject({ last: { stop: null }, previous: { stop: { kind: 'permission' } } });
  });

  it('a revoked key: the first refusal stops the run, so the next table is not asked; the key refused, and where to paste a valid one', async () => {
    const { stamps } = scheduled();
    await stack.service.control.keys({ revoke: [KEY] });
    const run = await nextRun();
    expect([run.ok, run.error]).toEqual([true, undefined]);
    expect(await stack.requests('/ranking/list')).toBe(1);
    const refused = 'The API key was refused (invalid or revoked): paste a valid key in Extensions › Search Demand › Settings.';
    for (const stamp of stamps()) expect(stamp).toContain(`refresh failed 2026-03-18 13:00 UTC: ${refused}`);
    expect(sidebar<TablesView>('getTables').runStop?.message).toBe(stoppedSince(13) + refused);
    expect(sidebar<TrackingView>('getTracking').runStop?.message).toBe(stoppedSince(13) + refused);
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'key-refused' } } });
  });

  it('a tracking list alone meets it as the tables do: its list and the tracking part say why; the service down, the same', async () => {
    const view = sidebar<TrackingView>('addTrackingList', [
      { name: 'Drinks', kind: 'keywords', items: ['coffee', 'tea'], period: 'day', fields: null },
    ]);
    expect(view.lists).toHaveLength(1);
    await stack.service.control.keys({ revoke: [KEY] });
    // The list is due again after midnight (its period is a UTC day).
    stack.gas.advanceClock(11 * HOUR);
    await stack.service.control.clock(11 * HOUR);
    const run = await nextRun(); // 00:00 and a bit: the next day
    expect([run.ok, run.error]).toEqual([true, undefined]);
    const refused = 'The API key was refused (invalid or revoked): paste a valid key in Extensions › Search Demand › Settings.';
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'key-refused' } } });
    const tracking = sidebar<TrackingView>('getTracking');
    expect(tracking.runStop?.message).toBe(`Your scheduled runs have stopped since 2026-03-19 00:00 UTC. ${refused}`);
    expect(tracking.lists[0]).toMatchObject({ status: 'error', message: expect.stringContaining(refused.replace(/\.$/, '')) as unknown });

    // A valid key again, but a service that answers nothing: items are asked again, and the stop says so.
    await stack.service.control.keys({ add: [KEY] });
    await stack.service.control.faults([{ kind: '5xx', count: 1_000 }]);
    const down = await nextRun();
    expect([down.ok, down.error]).toEqual([true, undefined]);
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'service-down' } }, previous: { stop: { kind: 'key-refused' } } });
  });

  it('a spent allowance: until when it resets, and that runs go on after it', async () => {
    scheduled();
    await stack.service.control.limits({ callsUsed: 2_000 });
    const run = await nextRun();
    expect([run.ok, run.error]).toEqual([true, undefined]);
    // The service resets its allowance at the next UTC midnight (its Retry-After, counted from the add-on's clock).
    const until = expect.stringMatching(/^2026-03-19T00:00/) as unknown;
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'allowance-spent', until } } });
    expect(sidebar<TablesView>('getTables').runStop?.message).toBe(
      `${stoppedSince(13)}Daily limit reached: your allowance is spent until 2026-03-19 00:00 UTC; scheduled runs go on after it resets.`,
    );
  });

  it('a service that does not answer: the service is down, and the next run tries again', async () => {
    const { stamps } = scheduled();
    await stack.service.control.faults([{ kind: '5xx', count: 1_000 }]);
    const run = await nextRun();
    expect([run.ok, run.error]).toEqual([true, undefined]);
    // The first table's request and its two retries; the second table is not asked.
    expect(await stack.requests('/ranking/list')).toBe(3);
    expect(stamps()[0]).toMatch(/refresh failed 2026-03-18 13:00 UTC: The service is unavailable \(HTTP 503\); retried 2 times\./);
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'service-down' } } });
    expect(sidebar<TablesView>('getTables').runStop?.message).toBe(
      `${stoppedSince(13)}The service is unavailable: it did not answer, even after retries; the next scheduled run tries again.`,
    );
    // Still down an hour later: stopping since the first run that stopped.
    await nextRun();
    expect(outcomes()).toMatchObject({ last: { stop: { kind: 'service-down' } }, previous: { stop: { kind: 'service-down' } } });
    expect(sidebar<TablesView>('getTables').runStop?.since).toMatch(/^2026-03-18T13:00/);
  });
});
