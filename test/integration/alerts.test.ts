/**
 * Alerts as their owner meets them: after a scheduled run (the hourly trigger, no document open), one
 * digest a day at most naming what moved in a ranking table or changed in a tracking list, by the names
 * the sheet shows; nothing on a day where nothing crossed a threshold; no request more than the same runs
 * without alerts; one mail when scheduled runs stop and one when they work again, however many runs
 * fail between; with "Send email as you" unticked no mail, no failed run, and the sidebar says why; bad
 * settings refused with nothing saved; no mail from a formula, the menu or the sidebar. On both naming
 * schemas, and on a service nothing of ours has seen (schema c, a world of its own).
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AlertsView, TablesView } from '../../src/shared/sidebar-api';
import { KEY, useStack, type Stack } from './stack';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LIMIT = 10;
const SEND_MAIL = 'https://www.googleapis.com/auth/script.send_mail';

/** What a sidebar call returns, or the test fails with its error. */
function sidebar<T = AlertsView>(stack: Stack, fn: string, ...args: unknown[]): T {
  const result = stack.gas.run(fn, args, { mode: 'sidebar' });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}

/** Both clocks forward, then the user's trigger fires as Google fires it (no document): it must not fail. */
async function hourlyRun(stack: Stack, ms = HOUR): Promise<void> {
  stack.gas.advanceClock(ms);
  await stack.service.control.clock(ms);
  const fired = stack.gas.fireDueTriggers();
  expect(fired.map((f) => f.result.error ?? 'ok')).toEqual(['ok']);
}

/** A ranking table of LIMIT rows, refreshed hourly. */
async function scheduledTable(stack: Stack): Promise<void> {
  await stack.service.control.config({ rankingListLimit: LIMIT });
  sidebar(stack, 'insertRankingTable', { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: null });
  sidebar(stack, 'setRefreshSchedule', { kind: 'hourly' });
}

/** The table as the sheet shows it: its rows and the column the add-on put "Rank change" in. */
function tableRows(stack: Stack): { rows: unknown[][]; change: number } {
  const table = sidebar<TablesView>(stack, 'getTables').tables[0]!;
  const grid = stack.gas.spreadsheet.getValues(table.range);
  return { rows: grid.slice(2, 2 + LIMIT), change: (grid[1] as string[]).indexOf('Rank change') };
}

describe.each([
  ['a', {}],
  ['b', {}],
  ['c', { world: 'alerts' }],
] as const)('schema %s', (schema, options) => {
  const stack = useStack(schema, options);

  it('a day where nothing moved sends nothing; the day the ranking moved, one mail naming what moved, and no request more', async () => {
    const runDays = async (alerts: boolean) => {
      await scheduledTable(stack);
      if (alerts) sidebar(stack, 'setAlerts', { rankPlaces: 2, changePercent: null, failures: true });
      await stack.service.control.resetStats();
      await hourlyRun(stack, 7 * HOUR); // the cache has expired: the list is fetched, and nothing moved
      expect(stack.gas.outbox).toEqual([]);
      const before = tableRows(stack);
      await stack.service.control.config({ rankingListSkip: 2 }); // the top two leave, the rest go up two
      await hourlyRun(stack, 7 * HOUR);
      return { requests: await stack.requests(), before, after: tableRows(stack) };
    };
    const without = await runDays(false);
    expect(stack.gas.outbox).toEqual([]);
    await stack.service.control.reset();
    stack.resetRuntime();
    const withAlerts = await runDays(true);
    expect(withAlerts.requests).toBe(without.requests);
    expect(withAlerts.requests).toBe(2);

    expect(stack.gas.outbox).toHaveLength(1);
    const [mail] = stack.gas.outbox;
    expect(mail?.to).toEqual([stack.gas.userEmail]);
    expect(mail?.from).toBe(stack.gas.userEmail);
    expect(mail?.htmlBody).toBeNull();
    expect(mail?.subject).toBe(`Search Demand: 12 changes in “${stack.gas.spreadsheet.name}”`);
    const body = mail?.body ?? '';
    // By the names the sheet shows: each of the rows that moved up two, the two new ones, the two gone.
    const { before, after } = withAlerts;
    const nameOf = (row: unknown[]) => row.find((v) => typeof v === 'string' && body.includes(`${v}: `)) as string | undefined;
    for (const row of after.rows.slice(0, LIMIT - 2))
      expect(body).toContain(`${nameOf(row)}: up 2 places, ${Number(row[after.change - 1]) + 2} → ${String(row[after.change - 1])}`);
    for (const row of after.rows.slice(LIMIT - 2)) expect(body).toContain(`${nameOf(row)}: new, at ${String(row[after.change - 1])}`);
    for (const [i, row] of before.rows.slice(0, 2).entries()) expect(body).toContain(`${nameOf(row)}: dropped out (was ${i + 1})`);
    expect(body).toContain(`Open the spreadsheet: https://docs.google.com/spreadsheets/d/${stack.gas.spreadsheet.id}/edit`);
    // The run's time in the spreadsheet's zone (Etc/UTC here), named as its cells name it.
    expect(stack.gas.spreadsheet.timeZone).toBe('Etc/UTC');
    expect(body).toMatch(/found by its scheduled refresh of \d{1,2} \w{3} \d{4} \d\d:\d\d \(UTC\):/);
    expect(body).not.toContain(KEY);
    expect(body).not.toMatch(/dev\/gas|Exception|undefined|\[object/);
  });

  it('a tracked value that changed by the percent set is mailed with its keyword, the others not', async () => {
    sidebar(stack, 'addTrackingList', {
      name: 'Drinks',
      kind: 'keywords',
      items: ['coffee', 'green tea', 'cold brew'],
      period: 'day',
      fields: null,
    });
    sidebar(stack, 'setAlerts', { rankPlaces: null, changePercent: 5, failures: null });
    await hourlyRun(stack, DAY); // the next day: the same figures
    expect(stack.gas.outbox).toEqual([]);
    await stack.service.control.config({ world: `${schema}-other figures` }); // the service's figures change
    await hourlyRun(stack, DAY);
    // The list's change view says what changed; the mail names those of 5% or more.
    const view = stack.gas.spreadsheet.sheet('Tracking: Drinks').getValues('A1:Z6');
    const at = (view[1] ?? []).indexOf('Latest');
    const changes = view.slice(2, 5).map((r) => ({ item: String(r[at - 1]), from: r[at + 1] as number, to: r[at] as number }));
    const crossing = changes.filter((c) => Math.abs((c.to - c.from) / c.from) >= 0.05);
    expect(crossing.length).toBeGreaterThan(0);
    expect(stack.gas.outbox).toHaveLength(1);
    const body = stack.gas.outbox[0]?.body ?? '';
    expect(body).toContain('Tracking “Drinks” (sheet “Tracking: Drinks”)');
    for (const c of changes) expect(body.includes(`  • ${c.item}: `)).toBe(crossing.includes(c));
  });
});

describe('failure alerts', () => {
  const stack = useStack('a');

  it.each([
    [
      'a revoked key',
      (s: Stack) => s.service.control.keys({ revoke: [KEY] }),
      (s: Stack) => s.service.control.keys({ add: [KEY] }),
      /The API key was refused/,
    ],
    [
      'a service that stays down',
      (s: Stack) => s.service.control.faults([{ kind: '5xx', count: 18 }]),
      () => Promise.resolve(), // its 18 refusals are spent: 3 tries in each of the six runs
      /The service is unavailable/,
    ],
  ])('six failing hourly runs (%s) send one mail, and one more when runs work again', async (_, stop, mend, reason) => {
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: null, changePercent: null, failures: true, recipients: ['ann@example.org'] });
    await hourlyRun(stack, 7 * HOUR);
    await stop(stack);
    for (let i = 0; i < 6; i++) await hourlyRun(stack, 7 * HOUR);
    expect(stack.gas.outbox.map((m) => m.subject)).toEqual([
      `Search Demand: scheduled refreshes of “${stack.gas.spreadsheet.name}” stopped`,
    ]);
    const [stopped] = stack.gas.outbox;
    expect(stopped?.to).toEqual([stack.gas.userEmail]);
    expect(stopped?.bcc).toEqual(['ann@example.org']); // the recipients do not see each other's addresses
    expect(stopped?.body).toMatch(reason);
    expect(sidebar(stack, 'getAlerts').stopped?.message).toMatch(reason);
    await mend(stack);
    await hourlyRun(stack, 7 * HOUR);
    expect(stack.gas.outbox.map((m) => m.subject.replace(/.*” /, ''))).toEqual(['stopped', 'work again']);
    expect(sidebar(stack, 'getAlerts')).toMatchObject({ stopped: null, lastMail: { kind: 'working' } });
  });
});

describe('failure alerts: a spent allowance', () => {
  // From midnight (UTC), so six hourly runs fall on the day the allowance is spent.
  const stack = useStack('a', { startAt: Date.UTC(2026, 2, 18, 0, 0) });

  it('six hourly runs stopped by the daily limit send one mail, and one more once the limit resets', async () => {
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: 2, changePercent: null, failures: true });
    await stack.service.control.limits({ callsUsed: 2000 });
    for (let i = 0; i < 6; i++) await hourlyRun(stack, i === 0 ? 7 * HOUR : HOUR); // 07:00 to 12:00
    expect(stack.gas.outbox.map((m) => m.subject.replace(/.*” /, ''))).toEqual(['stopped']);
    expect(stack.gas.outbox[0]?.body).toMatch(/could not run: Daily limit reached/);
    await hourlyRun(stack, 13 * HOUR); // 01:00 the next day: a new allowance
    expect(stack.gas.outbox.map((m) => m.subject.replace(/.*” /, ''))).toEqual(['stopped', 'work again']);
  });
});

describe('mail as Google allows it', () => {
  const stack = useStack('a');
  /** The list moves again (one more leaves the top), and the next run, 7 hours on, finds it. */
  let skip = 0;
  const moved = async () => {
    await stack.service.control.config({ rankingListSkip: ++skip });
    await hourlyRun(stack, 7 * HOUR);
  };
  beforeEach(() => {
    skip = 0;
  });

  it('with "Send email as you" unticked nothing is sent, no run fails, and the sidebar says why', async () => {
    await scheduledTable(stack);
    stack.gas.setGrantedScopes((stack.gas.manifest?.oauthScopes ?? []).filter((s) => s !== SEND_MAIL));
    const view = sidebar(stack, 'setAlerts', { rankPlaces: 1, changePercent: null, failures: true });
    expect(view.blocked).toMatch(
      /^Mail cannot be sent: you have not allowed Search Demand to send email as you; grant it with Extensions › Search Demand › Grant permissions… and tick “Send email as you”\.$/,
    );
    await moved(); // hourlyRun asserts that the run did not fail
    await stack.service.control.keys({ revoke: [KEY] });
    await hourlyRun(stack, 7 * HOUR);
    expect(stack.gas.outbox).toEqual([]);
    expect(sidebar(stack, 'getAlerts')).toMatchObject({
      waiting: 1,
      lastMail: null,
      stopped: { message: expect.stringMatching(/refused/) as string },
    });
    // Granted again: the next run sends what waited (and that runs stopped).
    stack.gas.setGrantedScopes('all');
    await hourlyRun(stack, 7 * HOUR);
    expect(stack.gas.outbox.map((m) => m.subject)).toEqual([
      `Search Demand: scheduled refreshes of “${stack.gas.spreadsheet.name}” stopped`,
      expect.stringMatching(/^Search Demand: \d+ changes? in/),
    ]);
  });

  it('one digest a day: what moves after it waits for the next day; the quota is read first and mail waits for it', async () => {
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: 1, changePercent: null, failures: null });
    await hourlyRun(stack, 13 * HOUR); // 01:00 the next day, nothing moved
    await moved(); // 08:00: the day's digest
    expect(stack.gas.outbox).toHaveLength(1);
    // The sidebar's preview never tells again, as if new, what that digest told: the sheet still shows those moves.
    expect(sidebar(stack, 'getAlerts').preview).toBeNull();
    await moved(); // 15:00 and 22:00 the same day: they wait
    // What waits is what the next digest would say, and the sidebar shows it.
    const next = sidebar(stack, 'getAlerts').preview;
    expect(next?.subject).toMatch(/^Search Demand: \d+ changes? in/);
    for (const line of next?.body.match(/^ {2}• .*$/gm) ?? []) expect(stack.gas.outbox[0]?.body).not.toContain(line);
    await moved();
    expect(day(stack.gas.clock.now())).toBe(day(stack.gas.outbox[0]!.at));
    expect(stack.gas.outbox).toHaveLength(1);
    expect(sidebar(stack, 'getAlerts')).toMatchObject({ waiting: 1, digestSentAt: expect.any(String) as string });
    // The next day (05:00), with the owner's mail quota spent: the digest waits, and the sidebar says why.
    stack.gas.mailQuota.take(stack.gas.userEmail, stack.gas.mailQuota.remaining(stack.gas.userEmail));
    await moved();
    expect(stack.gas.outbox).toHaveLength(1);
    expect(sidebar(stack, 'getAlerts').blocked).toMatch(/^Mail waits for tomorrow: Google's daily mail quota of your account is used up/);
    // A day later the quota is back: what waited goes, though this run found nothing new.
    await hourlyRun(stack, DAY);
    expect(stack.gas.outbox).toHaveLength(2);
    expect(stack.gas.outbox[1]?.body.match(/: (up|down) \d+ places?, /g)?.length).toBeGreaterThan(0);
    expect(sidebar(stack, 'getAlerts')).toMatchObject({ waiting: 0, blocked: null });
  });

  it('no mail from the sidebar, the menu or a formula, even where something moved', async () => {
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: 1, changePercent: 1, failures: true });
    await stack.service.control.config({ rankingListSkip: 3 });
    sidebar(stack, 'refreshTablesNow', true);
    stack.gas.run('refreshRankingTables', [], { mode: 'menu' });
    stack.value('SEARCH_TREND', 'coffee');
    // The sidebar shows what a digest would say from the sheet, sending nothing.
    const view = sidebar(stack, 'getAlerts');
    expect(view.preview?.subject).toMatch(/^Search Demand: \d+ changes in/);
    expect(view.preview?.body).toMatch(/: new, at \d+/);
    expect(stack.gas.outbox).toEqual([]);
  });
});

describe('settings', () => {
  const stack = useStack('a');

  it('refuses a bad address or threshold with what is wrong, saving nothing; null turns every kind off', () => {
    const refused = (settings: unknown) => stack.gas.run('setAlerts', [settings], { mode: 'sidebar' }).error;
    expect(refused({ rankPlaces: 3, changePercent: 10, failures: true, recipients: ['ann@', 'bob@example.org'] })).toBe(
      '“ann@” is not an email address: type one such as name@example.com.',
    );
    expect(refused({ rankPlaces: 0, changePercent: 10, failures: true })).toBe(
      'A ranking move is a whole number of places from 1 to 1000, or off.',
    );
    expect(refused({ rankPlaces: 2.5, changePercent: null, failures: true })).toMatch(/^A ranking move is a whole number/);
    expect(refused({ rankPlaces: null, changePercent: -5, failures: null })).toBe('A change is a percent from 0.1 to 10,000, or off.');
    expect(refused({ rankPlaces: null, changePercent: null, failures: 'yes' })).toBe(
      'Failure alerts are on (true) or off (false or null).',
    );
    const many = Array.from({ length: 11 }, (_, i) => `r${i}@example.org`);
    expect(refused({ rankPlaces: 1, changePercent: null, failures: null, recipients: many })).toMatch(/^At most 10 recipients/);
    expect(sidebar(stack, 'getAlerts').settings).toEqual({ rankPlaces: null, changePercent: null, failures: false, recipients: [] });

    const set = sidebar(stack, 'setAlerts', {
      rankPlaces: 3,
      changePercent: 12.5,
      failures: true,
      recipients: [' Ann@Example.org ', 'ann@example.org'],
    });
    expect(set.settings).toEqual({ rankPlaces: 3, changePercent: 12.5, failures: true, recipients: ['Ann@Example.org'] });
    expect(sidebar(stack, 'getAlerts').settings).toEqual(set.settings);
    expect(sidebar(stack, 'setAlerts', null).settings).toEqual({ rankPlaces: null, changePercent: null, failures: false, recipients: [] });
  });
});

describe('what alerts keep and send (docs/publish/privacy.md)', () => {
  const stack = useStack('a');
  const metadata = () => stack.gas.spreadsheet.developerMetadata.list.map((r) => `${r.key}=${r.value ?? ''}`).join('\n');

  it('E1: the settings, the recipients and what the alerts remember are kept in the developer metadata, never the key', async () => {
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: 1, changePercent: null, failures: true, recipients: ['ann@example.org'] });
    await stack.service.control.config({ rankingListSkip: 1 });
    await hourlyRun(stack, 7 * HOUR);
    expect(metadata()).toMatch(/sdm\.alerts=.*ann@example\.org/);
    expect(metadata()).toMatch(/sdm\.alertState=.*"lastMail"/);
    expect(metadata()).not.toContain(KEY);
    expect(JSON.stringify(stack.gas.properties.user.snapshot())).not.toMatch(/ann@example|alert/i);
  });

  it("E2: a mail goes from the schedule's owner to them and the listed recipients only: names, figures and the link, no key", async () => {
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: 1, changePercent: null, failures: true, recipients: ['ann@example.org', 'bob@example.org'] });
    await stack.service.control.config({ rankingListSkip: 1 });
    await hourlyRun(stack, 7 * HOUR);
    expect(stack.gas.outbox.map((m) => [m.from, m.to, m.cc, m.bcc])).toEqual([
      [stack.gas.userEmail, [stack.gas.userEmail], [], ['ann@example.org', 'bob@example.org']],
    ]);
    const mail = JSON.stringify(stack.gas.outbox);
    expect(mail).not.toContain(KEY);
    expect(mail).toContain(`https://docs.google.com/spreadsheets/d/${stack.gas.spreadsheet.id}/edit`);
  });
});

describe('the guide', () => {
  const stack = useStack('a');

  it('docs/use/alerts.md shows a digest as this run mails it', async () => {
    stack.gas.spreadsheet.name = 'Fintech watch';
    stack.gas.spreadsheet.timeZone = 'Europe/Paris';
    await scheduledTable(stack);
    sidebar(stack, 'setAlerts', { rankPlaces: 2, changePercent: null, failures: true });
    await stack.service.control.config({ rankingListSkip: 2 });
    await hourlyRun(stack, 7 * HOUR);
    const mail = stack.gas.outbox[0]!;
    const guide = readFileSync(new URL('../../docs/use/alerts.md', import.meta.url), 'utf8');
    const shown = /<!-- digest: test\/integration\/alerts.test.ts -->\n```text\n([\s\S]*?)\n```/.exec(guide)?.[1];
    expect(shown).toBe(`Subject: ${mail.subject}\n\n${mail.body}`);
  });
});
