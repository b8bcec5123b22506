/**
 * The latency model (latency.ts): every service call blocks for its modelled time, in script time,
 * against the deadline; every execution reports its calls. Counts and modelled totals are asserted
 * exactly; so is what the thread was made to wait (`blockedMs`): nothing here times the machine.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LATENCY as D, GasRuntime, TIMEOUT_MESSAGE } from '../../../../dev/gas/index.js';

const CODE = String.raw`
function NOTHING() { return 1; }
function TIMED_PUT() { var t0 = Date.now(); CacheService.getDocumentCache().put('k', 'v'); return Date.now() - t0; }
function CAUGHT_GET() { try { CacheService.getDocumentCache().get('k'); return 'finished'; } catch (e) { return 'caught: ' + e.message; } }
function KNOWN(base) {
  var cache = CacheService.getDocumentCache();          // a store's handle: counted, not a round trip
  cache.getAll(['a', 'b']); cache.get('a'); cache.put('a', '1'); cache.putAll({ b: '2' }); cache.remove('a'); cache.removeAll(['b']);
  var props = PropertiesService.getUserProperties();
  props.getProperty('x'); props.getProperty('y'); props.getProperties(); props.getKeys();
  props.setProperty('x', '1'); props.setProperties({ y: '2' }); props.deleteProperty('x'); props.deleteAllProperties();
  var lock = LockService.getDocumentLock();
  lock.tryLock(10); lock.hasLock(); lock.releaseLock(); lock.waitLock(10); lock.releaseLock();
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getActiveSheet();
  var range = sheet.getRange('A1:B2');                  // a handle: free
  range.getA1Notation(); range.getRow(); range.getNumRows(); range.getLastRow();   // the range's own coordinates: free
  range.getValues(); range.setValues([[1, 2], [3, 4]]); sheet.getLastRow(); SpreadsheetApp.flush();
  Utilities.getUuid(); Logger.log('free'); console.info('free');   // computed here: free
  Session.getScriptTimeZone();                          // asks Google: charged
  try { UrlFetchApp.fetch(base + '/a'); } catch (e) {}
  try { UrlFetchApp.fetchAll([base + '/b', base + '/c']); } catch (e) {}
  UrlFetchApp.getRequest(base + '/d');                  // builds a request, sends nothing
  return 'done';
}
function ASKS_GOOGLE() {
  Session.getActiveUser().getEmail(); Session.getEffectiveUser(); Session.getActiveUserLocale(); Session.getTemporaryActiveUserKey();
  ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL).getAuthorizedScopes(); ScriptApp.getScriptId(); ScriptApp.getOAuthToken();
  var ui = SpreadsheetApp.getUi();
  ui.createMenu('Menu').addItem('Item', 'NOTHING').addSeparator().addToUi();   // built here, sent once
  ui.showSidebar(HtmlService.createHtmlOutput('<p>hi</p>')); ui.alert('Hello');
  return 'asked';
}
function REFUSED_IN_A_CELL() {
  var seen = [];
  [function () { Logger.log('x'); }, function () { console.error('x'); }, function () { Session.getScriptTimeZone(); },
   function () { ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL); }].forEach(function (f) {
    try { f(); } catch (e) { seen.push(e.message); }
  });
  return seen.join(' | ');
}
function DENIED_WRITE() { try { PropertiesService.getUserProperties().setProperty('a', 'b'); } catch (e) { return e.message; } }
// User stores: a time-driven trigger has no document (so no document cache) in Google.
function HIT() { CacheService.getUserCache().getAll(['a']); return PropertiesService.getUserProperties().getProperty('x') || ''; }
function SCHEDULE() { ScriptApp.newTrigger('HIT').timeBased().everyHours(1).create(); return ScriptApp.getProjectTriggers().length; }
`;

/** Nothing listens on port 9: a fetch fails at once with "Address unavailable" (and still counts as a call). */
const UNREACHABLE = 'http://127.0.0.1:9';

const KNOWN_CALLS = {
  'cache.get': 1,
  'cache.getDocumentCache': 1,
  'cache.getAll': 1,
  'cache.put': 1,
  'cache.putAll': 1,
  'cache.remove': 1,
  'cache.removeAll': 1,
  'lock.getDocumentLock': 1,
  'lock.releaseLock': 2,
  'lock.tryLock': 1,
  'lock.waitLock': 1,
  'properties.deleteAllProperties': 1,
  'properties.deleteProperty': 1,
  'properties.getKeys': 1,
  'properties.getProperties': 1,
  'properties.getProperty': 2,
  'properties.getUserProperties': 1,
  'properties.setProperties': 1,
  'properties.setProperty': 1,
  'session.getScriptTimeZone': 1,
  'spreadsheet.flush': 1,
  'spreadsheet.getLastRow': 1,
  'spreadsheet.getValues': 1,
  'spreadsheet.setValues': 1,
  'urlfetch.fetch': 1,
  'urlfetch.fetchAll': 1,
};

const KNOWN_MODELLED =
  D.startup +
  3 * D.handle +
  D.cacheGetAll +
  D.cacheGet +
  D.cachePut +
  D.cachePutAll +
  D.cacheRemove +
  D.cacheRemoveAll +
  2 * D.propertyRead +
  2 * D.propertyReadAll +
  4 * D.propertyWrite +
  D.lockTry +
  D.lockWait +
  2 * D.lockRelease +
  2 * D.spreadsheetRead +
  2 * D.spreadsheetWrite +
  D.session;

describe('latency model', () => {
  it('blocks the execution for a call’s modelled time, on the script clock', () => {
    const rt = new GasRuntime({ code: CODE, latency: { startup: 0, handle: 0, cachePut: 300 } });
    const r = rt.run('TIMED_PUT');
    expect(r.ok).toBe(true);
    expect(r.value).toBeGreaterThanOrEqual(300);
    expect(r.modelledMs).toBe(300);
    expect(r.durationMs).toBeGreaterThanOrEqual(300);
    // Skipped (the default): the script's clock took exactly the modelled 300 ms on top of its real time.
    expect(r.durationMs - r.realDurationMs).toBeCloseTo(300, 6);
    expect(r.blockedMs).toBe(0);
  });

  it('charges start-up once per execution, before Code.js runs, outside the round trips', () => {
    const rt = new GasRuntime({ code: CODE });
    const r = rt.run('NOTHING');
    expect(r).toMatchObject({ ok: true, serviceCalls: {}, roundTrips: 0, fetchCalls: 0, modelledMs: D.startup });
    expect(r.durationMs).toBeGreaterThanOrEqual(D.startup);
  });

  it('counts every kind of call exactly, and charges each its default', () => {
    const rt = new GasRuntime({ code: CODE });
    const r = rt.run('KNOWN', [UNREACHABLE], { mode: 'menu' });
    expect(r.error).toBeUndefined();
    expect(r.value).toBe('done');
    expect(r.serviceCalls).toEqual(KNOWN_CALLS);
    expect(r.roundTrips).toBe(23);
    expect(r.fetchCalls).toBe(2);
    expect(r.fetchCount).toBe(3); // requests, as before: the fetchAll sent two
    expect(r.modelledMs).toBe(KNOWN_MODELLED);
    expect(r.durationMs).toBeGreaterThanOrEqual(KNOWN_MODELLED);
  });

  it('skips the wait by default: the script and the runtime clock see the time pass, the wall clock does not', () => {
    const rt = new GasRuntime({ code: CODE, latency: { startup: 0, handle: 0, cachePut: 20_000 }, startAt: 0 });
    const r = rt.run('TIMED_PUT');
    expect(r.ok).toBe(true);
    expect(r.value).toBeGreaterThanOrEqual(20_000); // the script saw 20 s pass...
    expect(r.modelledMs).toBe(20_000);
    expect(r.durationMs).toBeGreaterThanOrEqual(20_000);
    expect(r.blockedMs).toBe(0); // ...without the thread waiting them
    expect(rt.clock.now()).toBeGreaterThanOrEqual(20_000); // and so did the cache's clock
  });

  it('terminates a skipped wait at the deadline, like a real one', () => {
    const rt = new GasRuntime({ code: CODE, latency: { startup: 0, cacheGet: 50_000 } });
    const r = rt.run('CAUGHT_GET');
    expect(r).toMatchObject({ ok: false, timedOut: true, error: TIMEOUT_MESSAGE });
    expect(r.value).toBeUndefined();
    expect(r.modelledMs).toBeLessThanOrEqual(30_000);
    expect(r.durationMs).toBeGreaterThanOrEqual(30_000);
    expect(r.blockedMs).toBe(0);
  });

  it('divides the real wait by the time scale', () => {
    const rt = new GasRuntime({ code: CODE, latency: { startup: 0, handle: 0, cachePut: 4_000 }, waits: 'real' });
    const r = rt.run('TIMED_PUT', [], { timeScale: 20 });
    expect(r.ok).toBe(true);
    expect(r.value).toBeGreaterThanOrEqual(4_000); // the script saw 4 s pass...
    expect(r.modelledMs).toBe(4_000);
    expect(r.blockedMs).toBeCloseTo(200, 6); // ...while the thread blocked 200 ms
    expect(r.realDurationMs).toBeGreaterThanOrEqual(r.blockedMs - 1); // for real (a lower bound: load only adds)
  });

  it('terminates the execution when its deadline falls inside a modelled wait, whatever the script catches', () => {
    const rt = new GasRuntime({ code: CODE, latency: { startup: 0, cacheGet: 5_000 } });
    const r = rt.run('CAUGHT_GET', [], { timeLimitMs: 400 });
    expect(r).toMatchObject({ ok: false, timedOut: true, error: TIMEOUT_MESSAGE, serviceCalls: { 'cache.get': 1 } });
    expect(r.value).toBeUndefined();
    expect(r.modelledMs).toBeGreaterThan(300); // what was waited: up to the deadline, not the 5 s
    expect(r.modelledMs).toBeLessThanOrEqual(400);
    expect(r.durationMs).toBeGreaterThanOrEqual(400);
  });

  it('terminates at the deadline during start-up, before Code.js is evaluated', () => {
    const rt = new GasRuntime({ code: 'throw new Error("evaluated"); function F() {}', latency: { startup: 60_000 } });
    const r = rt.run('F', [], { timeScale: 50 }); // the 30 s limit: 0.6 s real
    expect(r).toMatchObject({ ok: false, timedOut: true, error: TIMEOUT_MESSAGE, roundTrips: 0 });
    expect(r.modelledMs).toBeLessThanOrEqual(30_000); // up to the limit, not the 60 s
    expect(r.durationMs).toBeGreaterThanOrEqual(30_000);
  });

  it("charges what asks Google: Session, ScriptApp's questions, what the Ui sends (a menu once, when added)", () => {
    const r = new GasRuntime({ code: CODE }).run('ASKS_GOOGLE', [], { mode: 'menu' });
    expect(r.value).toBe('asked');
    expect(r.serviceCalls).toEqual({
      'script.getAuthorizationInfo': 1,
      'script.getOAuthToken': 1,
      'script.getScriptId': 1,
      'session.getActiveUser': 1,
      'session.getActiveUserLocale': 1,
      'session.getEffectiveUser': 1,
      'session.getTemporaryActiveUserKey': 1,
      'ui.addToUi': 1,
      'ui.alert': 1,
      'ui.showSidebar': 1,
    });
    expect(r.roundTrips).toBe(10);
    expect(r.modelledMs).toBe(D.startup + 4 * D.session + 3 * D.scriptApp + 3 * D.ui);
  });

  it('charges a call refused in a custom function, at least a cache write where it would otherwise be free', () => {
    const r = new GasRuntime({ code: CODE }).run('REFUSED_IN_A_CELL');
    expect(r.value).toBe(
      'You do not have permission to call Logger.log | You do not have permission to call console.error | ' +
        'You do not have permission to call Session.getScriptTimeZone | You do not have permission to call ScriptApp.getAuthorizationInfo',
    );
    expect(r.serviceCalls).toEqual({
      'refused.Logger.log': 1,
      'refused.console.error': 1,
      'script.getAuthorizationInfo': 1,
      'session.getScriptTimeZone': 1,
    });
    expect(r.roundTrips).toBe(4);
    expect(r.modelledMs).toBe(D.startup + 2 * D.refused + D.session + D.scriptApp);
  });

  it('still counts a call Google refuses (a property write in a custom function)', () => {
    const r = new GasRuntime({ code: CODE }).run('DENIED_WRITE');
    expect(r.value).toBe('You do not have permission to call setProperty');
    expect(r.serviceCalls).toEqual({ 'properties.getUserProperties': 1, 'properties.setProperty': 1 });
    expect(r.roundTrips).toBe(1);
    expect(r.modelledMs).toBe(D.startup + D.handle + D.propertyWrite);
  });

  it('reports calls for menu, sidebar, trigger and fired-trigger executions too', () => {
    const rt = new GasRuntime({ code: CODE });
    const hit = { 'cache.getAll': 1, 'cache.getUserCache': 1, 'properties.getProperty': 1, 'properties.getUserProperties': 1 };
    const hitMs = D.startup + 2 * D.handle + D.cacheGetAll + D.propertyRead;
    for (const mode of ['menu', 'sidebar', 'trigger'] as const) {
      expect(rt.run('HIT', [], { mode })).toMatchObject({ ok: true, serviceCalls: hit, roundTrips: 2, modelledMs: hitMs });
    }
    const scheduled = rt.run('SCHEDULE', [], { mode: 'menu' });
    expect(scheduled.serviceCalls).toEqual({ 'triggers.create': 1, 'triggers.getProjectTriggers': 1 });
    expect(scheduled.modelledMs).toBe(D.startup + 2 * D.triggers);
    const fired = rt.fireTrigger(rt.triggers[0]!, { latency: false });
    expect(fired).toMatchObject({ ok: true, serviceCalls: hit, roundTrips: 2, modelledMs: 0 });
  });

  it('can be turned off (calls still counted, no modelled time), per runtime or per run', () => {
    const off = new GasRuntime({ code: CODE, latency: false }).run('KNOWN', [UNREACHABLE], { mode: 'menu' });
    expect(off).toMatchObject({ value: 'done', serviceCalls: KNOWN_CALLS, roundTrips: 23, fetchCalls: 2, modelledMs: 0 });
    expect(off.durationMs).toBe(off.realDurationMs); // nothing added to the script's clock
    const perRun = new GasRuntime({ code: CODE }).run('HIT', [], { latency: false });
    expect(perRun).toMatchObject({ ok: true, roundTrips: 2, modelledMs: 0 });
  });

  it('takes a partial table: a run’s figures over the runtime’s over the defaults', () => {
    const rt = new GasRuntime({ code: CODE, latency: { cacheGetAll: 50 } });
    const handles = 2 * D.handle;
    expect(rt.run('HIT').modelledMs).toBe(D.startup + handles + 50 + D.propertyRead);
    expect(rt.run('HIT', [], { latency: { propertyRead: 5 } }).modelledMs).toBe(D.startup + handles + 50 + 5);
    // A table for the run turns a runtime's `false` back on, over the defaults.
    expect(new GasRuntime({ code: CODE, latency: false }).run('HIT', [], { latency: { startup: 0 } }).modelledMs).toBe(
      handles + D.cacheGetAll + D.propertyRead,
    );
  });

  it('refuses a latency option that is not a table of ms', () => {
    expect(() => new GasRuntime({ code: CODE, latency: { cacheGet: -1 } })).toThrow(TypeError);
    expect(() => new GasRuntime({ code: CODE, latency: { cacheget: 5 } as never })).toThrow(/unknown latency kind/);
    expect(() => new GasRuntime({ code: CODE }).run('HIT', [], { latency: { cacheGet: Number.NaN } })).toThrow(TypeError);
  });
});
