/**
 * Custom functions call only what Google lists (dev/gas/RULES.md, "Custom functions call only what Google
 * lists"): Cache, HTML, Lock, Properties, Spreadsheet, URL Fetch, Utilities work; every other service dev/gas
 * fakes (Session, ScriptApp, Logger, console, a User's email…) throws Google's "You do not have permission to
 * call …", is charged and recorded in the result's `refusedCalls`, while a menu item may call it. A custom
 * function runs as the anonymous user: its user lock is one lock whoever has the spreadsheet open.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER, GasRuntime, SCOPES } from '../../../../dev/gas/index.js';

const CODE = `
function attempt(fn) { try { return String(fn()); } catch (e) { return e.name + ': ' + e.message; } }
function LISTED() {
  var cache = CacheService.getDocumentCache(); cache.put('k', 'v');
  var props = PropertiesService.getDocumentProperties(); props.getProperty('k');
  var lock = LockService.getDocumentLock(); lock.tryLock(0); lock.releaseLock();
  var blob = Utilities.newBlob('text'); var zipped = Utilities.gzip(blob);
  var html = HtmlService.createHtmlOutput('<b>x</b>').getContent();
  var name = SpreadsheetApp.getActiveSpreadsheet().getName();
  return [cache.get('k'), Utilities.ungzip(zipped).getDataAsString(), html, name, ScriptApp.AuthMode.CUSTOM_FUNCTION].join(' ');
}
function OTHERS() {
  return [
    attempt(() => Session.getScriptTimeZone()),
    attempt(() => Session.getActiveUser().getEmail()),
    attempt(() => ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL).getAuthorizationStatus()),
    attempt(() => ScriptApp.getScriptId()),
    attempt(() => ScriptApp.newTrigger('LISTED').timeBased().everyHours(1).create()),
    attempt(() => Logger.log('x')),
    attempt(() => console.log('x')),
    attempt(() => SpreadsheetApp.getActiveSpreadsheet().getOwner().getEmail()),
  ].join(' | ');
}
function USER_LOCK() { return LockService.getUserLock().tryLock(0); }
`;

describe('in a custom function', () => {
  it('the services Google lists work, their values too (a Blob, an enum), and nothing is refused', () => {
    const r = new GasRuntime({ code: CODE }).run('LISTED');
    expect(r).toMatchObject({ ok: true, value: 'v text <b>x</b> Untitled spreadsheet CUSTOM_FUNCTION', refusedCalls: [] });
  });

  it("every other service throws Google's text, is charged and recorded; a menu item may call them", () => {
    const rt = new GasRuntime({ code: CODE });
    const r = rt.run('OTHERS');
    const denied = (call: string, scope?: string) =>
      `Exception: You do not have permission to call ${call}` + (scope ? `. Required permissions: ${scope}` : '');
    expect(String(r.value).split(' | ')).toEqual([
      denied('Session.getScriptTimeZone'),
      denied('Session.getActiveUser', SCOPES.userinfoEmail),
      denied('ScriptApp.getAuthorizationInfo'),
      denied('ScriptApp.getScriptId'),
      denied('ScriptApp.newTrigger', SCOPES.scriptApp),
      denied('Logger.log'),
      denied('console.log'),
      denied('User.getEmail', SCOPES.userinfoEmail),
    ]);
    expect(r.refusedCalls.map((c) => c.call)).toEqual([
      'Session.getScriptTimeZone',
      'Session.getActiveUser',
      'ScriptApp.getAuthorizationInfo',
      'ScriptApp.getScriptId',
      'ScriptApp.newTrigger',
      'Logger.log',
      'console.log',
      'User.getEmail',
    ]);
    expect(r.roundTrips).toBeGreaterThanOrEqual(8); // each refusal is Google's answer: a round trip
    expect(r.logs).toEqual([]);
    const menu = rt.run('OTHERS', [], { mode: 'menu' });
    expect(menu.refusedCalls).toEqual([]);
    expect(String(menu.value)).not.toMatch(/permission/);
  });

  it('records the refusals Google gives in any mode: a write in a cell, a scope the user did not grant', () => {
    const code = `function WRITE() { SpreadsheetApp.getActiveSheet().getRange('A1').setValue(1); }
      function FETCH() { UrlFetchApp.fetch('http://127.0.0.1:9/'); }`;
    const rt = new GasRuntime({ code, manifest: { oauthScopes: [SCOPES.externalRequest, SCOPES.spreadsheets] } });
    expect(rt.run('WRITE').refusedCalls).toEqual([{ call: 'setValue', message: 'You do not have permission to call setValue' }]);
    rt.setGrantedScopes([SCOPES.spreadsheets]);
    expect(rt.run('FETCH', [], { mode: 'menu' }).refusedCalls).toEqual([
      {
        call: 'UrlFetchApp.fetch',
        message: `You do not have permission to call UrlFetchApp.fetch. Required permissions: ${SCOPES.externalRequest}`,
      },
    ]);
  });

  it('runs as the anonymous user: one user lock for every cell, whoever has the spreadsheet open', () => {
    const rt = new GasRuntime({ code: CODE, userEmail: 'ann@example.com' });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'bob@example.com');
    // Another execution of any user's cell holds the anonymous user's lock.
    rt.locks.backend.tryAcquire(rt.locks.keyFor('user', ANONYMOUS_USER), 'external', performance.now() + 60_000);
    expect(rt.run('USER_LOCK').value).toBe(false);
    expect(rt.run('USER_LOCK', [], { user: 'bob@example.com' }).value).toBe(false);
    // Ann's own user lock, from a menu item, is hers.
    expect(rt.run('USER_LOCK', [], { mode: 'menu' }).value).toBe(true);
  });
});
