import { describe, expect, it } from 'vitest';
import {
  GasRuntime,
  GasWorkerPool,
  TRIGGER_MESSAGES,
  TRIGGER_RUNTIME_DAILY_MS,
  TRIGGER_RUNTIME_MESSAGE,
  triggerEvent,
} from '../../../../dev/gas/index.js';

const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

const code = `${catchAll}
  function HOURLY(n) { var t = ScriptApp.newTrigger('refresh').timeBased().everyHours(n || 6).create();
    return [t.getUniqueId(), t.getHandlerFunction(), t.getEventType(), t.getTriggerSource(), t.getTriggerSourceId(),
      t.getEventType() === ScriptApp.EventType.CLOCK, t.getTriggerSource() == ScriptApp.TriggerSource.CLOCK]; }
  function DAILY() { ScriptApp.newTrigger('refresh').timeBased().everyDays(1).atHour(5).nearMinute(30).create(); }
  function WEEKLY() { ScriptApp.newTrigger('refresh').timeBased().onWeekDay(ScriptApp.WeekDay.MONDAY).atHour(9).create(); }
  function MINE() { return ScriptApp.getProjectTriggers().map(function (t) { return t.getHandlerFunction() + ':' + t.getUniqueId(); }); }
  function USERS() { return ScriptApp.getUserTriggers(SpreadsheetApp.getActive()).length; }
  function DELETE_ALL() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); return ScriptApp.getProjectTriggers().length; }
  function ON_EDIT() { return ScriptApp.newTrigger('edited').forSpreadsheet(SpreadsheetApp.getActive()).onEdit().create().getTriggerSourceId(); }
  function refresh(e) {
    PropertiesService.getUserProperties().setProperty('ran', String(e.triggerUid));
    // A time-driven trigger has no active spreadsheet: it opens the one it works on by id.
    SpreadsheetApp.openById('dev-gas-spreadsheet').getSheets()[0].getRange('A1').setValue('refreshed by ' + Session.getActiveUser().getEmail());
    return [e.authMode, e.authMode === ScriptApp.AuthMode.FULL, typeof e.year, e.timezone, e.triggerUid];
  }
  function edited(e) { return [e.authMode, e.source.getId(), e.range.getA1Notation(), e.value, e.user.getEmail()]; }
  function UI() { SpreadsheetApp.getUi(); }
`;

const menu = { mode: 'menu' } as const;

describe('time-driven triggers', () => {
  it('creates a trigger and lists it for its owner', () => {
    const rt = new GasRuntime({ code });
    const r = rt.run('HOURLY', [], menu);
    const [uid, ...rest] = r.value as [string, ...unknown[]];
    expect(typeof uid).toBe('string');
    expect(uid).toMatch(/^\d+$/);
    expect(rest).toEqual(['refresh', 'CLOCK', 'CLOCK', null, true, true]);
    expect(rt.triggers).toHaveLength(1);
    expect(rt.triggers[0]).toMatchObject({
      uid,
      owner: 'user@example.com',
      documentId: 'dev-gas-spreadsheet',
      handler: 'refresh',
      eventType: 'CLOCK',
      description: 'every 6 hours',
      runs: 0,
    });
    expect(rt.run('MINE', [], menu).value).toEqual([`refresh:${uid}`]);
    expect(rt.run('USERS', [], menu).value).toBe(1);
  });

  it("checks intervals with Google's messages", () => {
    const rt = new GasRuntime({
      code: `${catchAll} function F() { var b = function () { return ScriptApp.newTrigger('f').timeBased(); };
      return tryAll([
        function () { b().everyHours(3); }, function () { b().everyMinutes(7); }, function () { b().everyHours(1.5); },
        function () { b().everyMinutes(5).create(); },
        function () { b().everyHours(2).atHour(5).create(); },
        function () { b().create(); },
        function () { b().atHour(24); },
        function () { b().everyHours('2'); },
      ]); }`,
    });
    expect(rt.run('F', [], menu).value).toEqual([
      'Exception: The value you passed to everyHours was invalid. It must be one of 1, 2, 4, 6, 8 or 12.',
      'Exception: The value you passed to everyMinutes was invalid. It must be one of 1, 5, 10, 15 or 30.',
      'Exception: The value you passed to everyHours was invalid. It must be one of 1, 2, 4, 6, 8 or 12.',
      'Exception: The recurrence interval for an Add-on trigger must be at least one hour.',
      'Exception: dev/gas: atHour() needs a daily, weekly or monthly trigger (everyDays, everyWeeks, onWeekDay, onMonthDay).',
      expect.stringMatching(/^Exception: dev\/gas: the time-based trigger has no schedule/),
      'Exception: The value you passed to atHour was invalid.',
      "Exception: The parameters (String) don't match the method signature for ScriptApp.ClockTriggerBuilder.everyHours.",
    ]);
    expect(rt.triggers).toHaveLength(0);
  });

  it('allows one time-driven trigger per user per document for an add-on', () => {
    const rt = new GasRuntime({ code });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'ann@example.com');
    expect(rt.run('HOURLY', [], menu).ok).toBe(true);
    expect(rt.run('DAILY', [], menu).error).toBe(
      'This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    expect(TRIGGER_MESSAGES.addonTooMany).toBe(rt.run('HOURLY', [], menu).error);
    // Another event type is fine; so is another user.
    expect(rt.run('ON_EDIT', [], menu).value).toBe('dev-gas-spreadsheet');
    expect(rt.run('DAILY', [], { ...menu, user: 'ann@example.com' }).ok).toBe(true);
    expect(rt.triggers.map((t) => [t.owner, t.eventType])).toEqual([
      ['user@example.com', 'CLOCK'],
      ['user@example.com', 'ON_EDIT'],
      ['ann@example.com', 'CLOCK'],
    ]);
    // Deleting frees the slot.
    expect(rt.run('DELETE_ALL', [], menu).value).toBe(0);
    expect(rt.triggers.map((t) => t.owner)).toEqual(['ann@example.com']);
    expect(rt.run('DAILY', [], menu).ok).toBe(true);
  });

  it('a bound script (addon: false) may run every minute and hold 20 triggers per user', () => {
    const rt = new GasRuntime({
      addon: false,
      code: `function F() { for (var i = 0; i < 21; i++) ScriptApp.newTrigger('f').timeBased().everyMinutes(5).create(); }`,
    });
    expect(rt.run('F', [], menu).error).toBe(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
    expect(rt.triggers).toHaveLength(20);
    expect(rt.triggers[0]?.description).toBe('every 5 minutes');
  });

  it('refuses triggers outside AuthMode.FULL', () => {
    const rt = new GasRuntime({
      code: `${catchAll} function F() { return tryAll([
      function () { ScriptApp.newTrigger('f').timeBased().everyHours(1).create(); },
      function () { ScriptApp.getProjectTriggers(); },
      function () { ScriptApp.getUserTriggers(SpreadsheetApp.getActive()); },
    ]); }`,
    });
    const deny = (m: string) =>
      `Exception: You do not have permission to call ScriptApp.${m}. Required permissions: https://www.googleapis.com/auth/script.scriptapp`;
    const expected = [deny('newTrigger'), deny('getProjectTriggers'), deny('getUserTriggers')];
    expect(rt.run('F').value).toEqual([expected]); // custom function: one row
    expect(rt.run('F', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).value).toEqual(expected);
    const none = rt.run('F', [triggerEvent('NONE')], { mode: 'simple-trigger', authMode: 'NONE' }).value as string[];
    expect(none[0]).toBe(deny('newTrigger'));
    expect(rt.triggers).toHaveLength(0);
  });

  it('schedules daily and weekly triggers at their hour in the script time zone', () => {
    const rt = new GasRuntime({ code, timeZone: 'Europe/Paris' });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'ann@example.com');
    rt.run('DAILY', [], menu);
    const daily = rt.triggers[0]!;
    expect(daily.description).toBe('every day at 05:30 (Europe/Paris)');
    const at = new Date(daily.nextRunAt!);
    expect(at.getTime()).toBeGreaterThan(daily.createdAt);
    expect(at.getTime() - daily.createdAt).toBeLessThanOrEqual(86_400_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(at)).toBe('05:30');

    rt.run('WEEKLY', [], { ...menu, user: 'ann@example.com' });
    const weekly = rt.triggers[1]!;
    expect(weekly.description).toBe('every week on MONDAY at 09:xx (Europe/Paris)');
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', weekday: 'long', hour: '2-digit' }).format(new Date(weekly.nextRunAt!)),
    ).toMatch(/^Monday,? 09$/);
  });
});

describe('running triggers', () => {
  it('fireTrigger runs the handler as its owner with a time-driven event object', () => {
    const rt = new GasRuntime({ code });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'ann@example.com');
    rt.run('HOURLY', [], { ...menu, user: 'ann@example.com' });
    const trigger = rt.triggers[0]!;
    const r = rt.fireTrigger(trigger);
    expect(r).toMatchObject({ ok: true, value: ['FULL', true, 'number', 'UTC', trigger.uid] });
    expect(rt.userProperties('ann@example.com').get('ran')).toBe(trigger.uid);
    expect(rt.properties.user.get('ran')).toBeNull(); // the default user's store is untouched
    expect(rt.spreadsheet.getValues('Sheet1!A1')).toEqual([['refreshed by ann@example.com']]);
    expect(trigger.runs).toBe(1);
  });

  it('gives the event the fields Google sends (UTC)', () => {
    const rt = new GasRuntime({
      code: `function HOURLY() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
      function tick(e) { return e; }`,
      startAt: Date.UTC(2026, 2, 18, 12, 0, 0), // a Wednesday, in week 12
    });
    rt.run('HOURLY', [], menu);
    const e = rt.fireTrigger(rt.triggers[0]!).value as Record<string, unknown>;
    expect(Object.keys(e).sort()).toEqual(
      [
        'authMode',
        'day-of-month',
        'day-of-week',
        'hour',
        'minute',
        'month',
        'second',
        'timezone',
        'triggerUid',
        'week-of-year',
        'year',
      ].sort(),
    );
    expect(e).toMatchObject({
      authMode: 'FULL',
      timezone: 'UTC',
      year: 2026,
      month: 3,
      'day-of-month': 18,
      hour: 12,
      minute: 0,
      'day-of-week': 3,
      'week-of-year': 12,
    });
  });

  it('fireDueTriggers runs what the clock says is due, once, and schedules the next run', () => {
    const rt = new GasRuntime({ code });
    rt.run('HOURLY', [], menu);
    const t = rt.triggers[0]!;
    expect(rt.fireDueTriggers()).toEqual([]);
    rt.advanceClock(6 * 3_600_000 + 1000);
    const fired = rt.fireDueTriggers();
    expect(fired.map((f) => [f.trigger.uid, f.result.ok])).toEqual([[t.uid, true]]);
    expect(rt.fireDueTriggers()).toEqual([]);
    rt.advanceClock(24 * 3_600_000); // four runs missed: Google runs it once
    expect(rt.fireDueTriggers()).toHaveLength(1);
    expect(t.runs).toBe(2);
    expect(t.nextRunAt!).toBeGreaterThan(rt.clock.now());
  });

  it('runs a one-off trigger once', () => {
    const rt = new GasRuntime({
      code: `function F() { ScriptApp.newTrigger('later').timeBased().after(60000).create(); } function later() { return 1; }`,
    });
    rt.run('F', [], menu);
    rt.advanceClock(61_000);
    expect(rt.fireDueTriggers()).toHaveLength(1);
    rt.advanceClock(3_600_000);
    expect(rt.fireDueTriggers()).toHaveLength(0);
    expect(rt.triggers[0]?.description).toBe('once after 60000 ms');
  });

  it('gives a spreadsheet trigger its source, range and user', () => {
    const rt = new GasRuntime({ code });
    rt.run('ON_EDIT', [], menu);
    const r = rt.fireTrigger(rt.triggers[0]!, { event: { range: 'Sheet1!B2', value: 'x' } });
    expect(r.value).toEqual(['FULL', 'dev-gas-spreadsheet', 'B2', 'x', 'user@example.com']);
  });

  it('an installable onOpen trigger may build menus', () => {
    const rt = new GasRuntime({
      code: `function F() { ScriptApp.newTrigger('opened').forSpreadsheet(SpreadsheetApp.getActive().getId()).onOpen().create(); }
      function opened(e) { SpreadsheetApp.getUi().createMenu('Tools').addItem('Go', 'go').addToUi(); return e.source.getName(); }`,
    });
    rt.run('F', [], menu);
    expect(rt.triggers[0]).toMatchObject({ eventType: 'ON_OPEN', source: 'SPREADSHEETS', description: 'on open' });
    expect(rt.fireTrigger(rt.triggers[0]!.uid).value).toBe('Untitled spreadsheet');
    expect(rt.ui.menus[0]?.name).toBe('Tools');
  });

  it('cannot show Ui from a time-driven trigger, and refuses to fire a deleted trigger', () => {
    const rt = new GasRuntime({ code: `${code} function HOURLY_UI() { ScriptApp.newTrigger('UI').timeBased().everyHours(1).create(); }` });
    rt.run('HOURLY_UI', [], menu);
    const t = rt.triggers[0]!;
    expect(rt.fireTrigger(t).error).toBe('Cannot call SpreadsheetApp.getUi() from this context.');
    rt.run('DELETE_ALL', [], menu);
    expect(() => rt.fireTrigger(t)).toThrow(/no trigger .* \(deleted\?\)/);
  });
});

describe('add-on disabled or removed in a document', () => {
  const HOUR = 3_600_000;

  it('a disabled document stops the triggers made there until it is enabled again; other documents go on', () => {
    const rt = new GasRuntime({ code, latency: false });
    rt.addSpreadsheet({ id: 'other', owner: 'user@example.com' });
    rt.run('HOURLY', [1], menu);
    rt.run('HOURLY', [1], { ...menu, document: 'other' });
    const [here, there] = rt.triggers;
    rt.disableAddon('dev-gas-spreadsheet');
    rt.advanceClock(HOUR + 1000);
    expect(rt.fireDueTriggers().map((f) => f.trigger.uid)).toEqual([there!.uid]);
    expect(() => rt.fireTrigger(here!)).toThrow(/does not fire: the add-on is disabled in spreadsheet "dev-gas-spreadsheet"/);
    // Nothing of the add-on runs in that document: its menu and sidebar are gone.
    expect(() => rt.run('MINE', [], menu)).toThrow(/the add-on is disabled in spreadsheet "dev-gas-spreadsheet"/);
    rt.enableAddon('dev-gas-spreadsheet');
    rt.advanceClock(HOUR);
    expect(rt.fireDueTriggers().map((f) => f.trigger.uid)).toEqual([here!.uid, there!.uid]);
    // The slot missed while disabled is not made up: one run each since.
    expect([here!.runs, there!.runs]).toEqual([1, 2]);
  });

  it("uninstalling stops every trigger of that user for good, not other users'", () => {
    const rt = new GasRuntime({ code, latency: false });
    rt.shareSpreadsheet('dev-gas-spreadsheet', 'bob@example.com');
    rt.run('HOURLY', [1], menu);
    rt.run('HOURLY', [1], { ...menu, user: 'bob@example.com' });
    rt.uninstallAddon('user@example.com');
    rt.advanceClock(HOUR + 1000);
    expect(rt.fireDueTriggers().map((f) => f.trigger.owner)).toEqual(['bob@example.com']);
    expect(() => rt.fireTrigger(rt.triggers[0]!)).toThrow(/uninstalled by user@example.com/);
  });
});

describe('daily trigger runtime quota', () => {
  const slow = `function F() { ScriptApp.newTrigger('work').timeBased().everyHours(1).create(); }
    function work() { Utilities.sleep(300000); return 'done'; }`;

  it('is 90 minutes a day per user by default; past it a trigger fails at once with Google’s message', () => {
    expect(new GasRuntime({ code: slow }).triggerRuntimeQuota.limitMs).toBe(TRIGGER_RUNTIME_DAILY_MS.consumer);
    expect(TRIGGER_RUNTIME_DAILY_MS.consumer).toBe(90 * 60_000);
    // 12 minutes a day, 5-minute runs: two whole runs, a third cut at 2 minutes, then refusals. The sleeps
    // are skipped on the script clock (no time scale: a busy machine's pause then adds only its own ms).
    const rt = new GasRuntime({ code: slow, latency: false, triggerRuntimeDailyMs: 12 * 60_000 });
    rt.run('F', [], menu);
    const t = rt.triggers[0]!;
    const runs = [0, 1, 2, 3].map(() => rt.fireTrigger(t));
    expect(runs.map((r) => [r.ok, r.error ?? r.value])).toEqual([
      [true, 'done'],
      [true, 'done'],
      [false, TRIGGER_RUNTIME_MESSAGE],
      [false, TRIGGER_RUNTIME_MESSAGE],
    ]);
    expect(runs[3]?.durationMs).toBe(0);
    const use = rt.triggerRuntime();
    expect(use.remainingMs).toBe(0);
    expect(use.usedMs).toBeGreaterThanOrEqual(12 * 60_000);
    // Another user's quota is their own; a new day opens a full window.
    expect(rt.triggerRuntime('bob@example.com')).toEqual({ usedMs: 0, remainingMs: 12 * 60_000, resetsAt: null });
    rt.advanceClock(24 * 3_600_000);
    expect(rt.fireTrigger(t).ok).toBe(true);
  });
});

describe("Google's failure mails", () => {
  const failing = `function F() { ScriptApp.newTrigger('work').timeBased().everyHours(1).create(); }
    function work() { if (PropertiesService.getUserProperties().getProperty('fail')) throw new Error('boom'); return 'done'; }`;

  it("a bound script's failed trigger execution is mailed to its owner; a success and an add-on's failure are not", () => {
    const bound = new GasRuntime({ code: failing, addon: false, latency: false });
    bound.run('F', [], menu);
    const t = bound.triggers[0]!;
    expect(bound.fireTrigger(t).ok).toBe(true);
    bound.properties.user.set('fail', '1');
    expect(bound.fireTrigger(t).error).toBe('boom');
    expect(bound.fireTrigger(t).ok).toBe(false);
    expect(bound.failureNotifications).toEqual([
      { owner: 'user@example.com', handler: 'work', triggerUid: t.uid, error: 'boom', at: expect.any(Number) as unknown },
      expect.objectContaining({ error: 'boom' }),
    ]);
    const addon = new GasRuntime({ code: failing, latency: false });
    addon.run('F', [], menu);
    addon.properties.user.set('fail', '1');
    expect(addon.fireTrigger(addon.triggers[0]!).ok).toBe(false);
    expect(addon.failureNotifications).toEqual([]);
  });
});

describe('users', () => {
  const usersCode = `
    function WHO() { return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail()]; }
    function SAVE(v) { PropertiesService.getUserProperties().setProperty('k', v); PropertiesService.getDocumentProperties().setProperty('d', v);
      CacheService.getUserCache().put('c', v); CacheService.getDocumentCache().put('dc', v); }
    function READ() { return [PropertiesService.getUserProperties().getProperty('k'), PropertiesService.getDocumentProperties().getProperty('d'),
      CacheService.getUserCache().get('c'), CacheService.getDocumentCache().get('dc')]; }
    function LOCK() { return LockService.getUserLock().tryLock(0); }
  `;

  it('keeps user properties, user cache and user lock per user; document stores are shared', () => {
    const rt = new GasRuntime({ code: usersCode });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'ann@example.com');
    rt.shareSpreadsheet(rt.spreadsheet.id, 'bob@example.com');
    expect(rt.run('WHO', [], menu).value).toEqual(['user@example.com', 'user@example.com']);
    expect(rt.run('WHO', [], { ...menu, user: 'ann@example.com' }).value).toEqual(['ann@example.com', 'ann@example.com']);
    rt.run('SAVE', ['mine'], menu);
    rt.run('SAVE', ['anns'], { ...menu, user: 'ann@example.com' });
    expect(rt.run('READ', [], menu).value).toEqual(['mine', 'anns', 'mine', 'anns']);
    expect(rt.run('READ', [], { ...menu, user: 'ann@example.com' }).value).toEqual(['anns', 'anns', 'anns', 'anns']);
    expect(rt.run('READ', [], { ...menu, user: 'bob@example.com' }).value).toEqual([null, 'anns', null, 'anns']);
    // The default user's stores are the runtime's as before; others' are reachable by email.
    expect(rt.properties.user.get('k')).toBe('mine');
    expect(rt.userProperties('ann@example.com').get('k')).toBe('anns');
    expect(rt.userCache('ann@example.com').peek('c')).toBe('anns');
    expect(rt.userProperties()).toBe(rt.properties.user);
    // A user lock held by one user does not block another.
    rt.locks.holdExternally('user', 5_000);
    expect(rt.run('LOCK', [], menu).value).toBe(false);
    expect(rt.run('LOCK', [], { ...menu, user: 'ann@example.com' }).value).toBe(true);
    rt.locks.releaseExternal('user');
  });

  it('shows each user only their own triggers', () => {
    const rt = new GasRuntime({ code });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'ann@example.com');
    rt.run('HOURLY', [], menu);
    rt.run('HOURLY', [], { ...menu, user: 'ann@example.com' });
    const mine = rt.run('MINE', [], menu).value as string[];
    const anns = rt.run('MINE', [], { ...menu, user: 'ann@example.com' }).value as string[];
    expect(mine).toHaveLength(1);
    expect(anns).toHaveLength(1);
    expect(mine[0]).not.toBe(anns[0]);
    // ann deleting "all" her triggers leaves the default user's.
    rt.run('DELETE_ALL', [], { ...menu, user: 'ann@example.com' });
    expect(rt.triggers.map((t) => t.owner)).toEqual(['user@example.com']);
  });

  it('refuses a user that is not an email, and the worker pool refuses other users', async () => {
    const rt = new GasRuntime({ code: usersCode });
    expect(() => rt.run('WHO', [], { ...menu, user: 'ann' })).toThrow(/must be an email/);
    const pool = new GasWorkerPool({ size: 1, code: usersCode });
    await expect(pool.run('WHO', [], { ...menu, user: 'ann@example.com' })).rejects.toThrow(/opts\.user .* not supported/);
    await pool.close();
  });
});
