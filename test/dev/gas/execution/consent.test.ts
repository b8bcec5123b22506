/**
 * Granular consent (dev/gas/RULES.md, "Granular consent"): a user may grant any subset of the manifest's
 * scopes; every service call checks its own and throws Google's "You do not have permission to call …";
 * ScriptApp.getAuthorizationInfo / requireScopes / requireAllScopes see the user's grant.
 */
import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_REQUIRED_MESSAGE, GasRuntime, SCOPES, type Manifest } from '../../../../dev/gas/index.js';

const ALL = [SCOPES.externalRequest, SCOPES.containerUi, SCOPES.spreadsheets, SCOPES.scriptApp, SCOPES.userinfoEmail];
const MANIFEST: Manifest = { oauthScopes: ALL };

const CODE = `
function attempt(fn) { try { return String(fn()); } catch (e) { return e.name + ': ' + e.message; } }
function FETCH() { return attempt(() => UrlFetchApp.fetch('http://127.0.0.1:9/x').getResponseCode()); }
function SIDEBAR() { return attempt(() => SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>hi</p>'))); }
function SHEET() { return attempt(() => SpreadsheetApp.getActiveSpreadsheet().getName()); }
function TRIGGER() { return attempt(() => ScriptApp.newTrigger('SHEET').timeBased().everyHours(1).create().getHandlerFunction()); }
function EMAIL() { return Session.getActiveUser().getEmail(); }
function INFO(scopes) {
  const info = scopes ? ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL, scopes) : ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  return [info.getAuthorizationStatus(), info.getAuthorizationUrl(), info.getAuthorizedScopes().join(' ')];
}
function REQUIRE(scopes) { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes); return 'went on'; }
function REQUIRE_CAUGHT(scopes) {
  try { ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes); } catch (e) { /* caught, but the execution is over */ }
  return attempt(() => PropertiesService.getUserProperties().getProperty('x'));
}
function INFO1(scope) { return INFO([scope]); }
function REQUIRE1(scope) { return REQUIRE([scope]); }
function REQUIRE_ALL() { ScriptApp.requireAllScopes(ScriptApp.AuthMode.FULL); return 'went on'; }
`;

function runtime(granted?: readonly string[]): GasRuntime {
  return new GasRuntime({ code: CODE, manifest: MANIFEST, ...(granted ? { grantedScopes: granted } : {}), latency: false });
}

const menu = { mode: 'menu' } as const;
const without = (scope: string) => ALL.filter((s) => s !== scope);

describe('each service call checks the scope it needs', () => {
  it('a user who ticks "Select all" (the default) may call everything', () => {
    const gas = runtime();
    expect(gas.run('SIDEBAR', [], menu).value).toBe('undefined');
    expect(gas.run('SHEET', [], menu).value).toBe(gas.spreadsheet.name);
    expect(gas.run('TRIGGER', [], menu).value).toBe('SHEET');
    expect(gas.run('EMAIL', [], menu).value).toBe('user@example.com');
  });

  it.each([
    ['FETCH', SCOPES.externalRequest, 'UrlFetchApp.fetch'],
    ['SIDEBAR', SCOPES.containerUi, 'Ui.showSidebar'],
    ['TRIGGER', SCOPES.scriptApp, 'ScriptApp.newTrigger'],
  ])('%s without %s: Google\'s "You do not have permission to call …" text, nothing done', (fn, scope, call) => {
    const gas = runtime(without(scope));
    expect(gas.run(fn, [], menu).value).toBe(`Exception: You do not have permission to call ${call}. Required permissions: ${scope}`);
    expect(gas.fetchLog).toHaveLength(0);
    expect(gas.ui.sidebars).toHaveLength(0);
    expect(gas.triggers).toHaveLength(0);
  });

  it('the spreadsheet: refused in a menu item without the spreadsheets scope; a custom function still reads it', () => {
    const gas = runtime(without(SCOPES.spreadsheets));
    expect(gas.run('SHEET', [], menu).value).toBe(
      `Exception: You do not have permission to call SpreadsheetApp.getActiveSpreadsheet. Required permissions: (${SCOPES.spreadsheetsCurrentOnly} || ${SCOPES.spreadsheets})`,
    );
    // AuthMode CUSTOM_FUNCTION: "read-only access to Spreadsheet service … permitted without authorization".
    expect(gas.run('SHEET', []).value).toBe(gas.spreadsheet.name);
  });

  it('a custom function fetches only when the user who evaluates it granted external requests', () => {
    const gas = runtime(without(SCOPES.externalRequest));
    expect(gas.run('FETCH', []).value).toContain('You do not have permission to call UrlFetchApp.fetch');
    gas.setGrantedScopes('all');
    expect(gas.run('FETCH', []).value).not.toContain('permission');
  });

  it('the email is blank without userinfo.email (Google: "returns a blank string")', () => {
    expect(runtime(without(SCOPES.userinfoEmail)).run('EMAIL', [], menu).value).toBe('');
  });

  it('the grant is per user', () => {
    const gas = runtime();
    gas.setGrantedScopes([SCOPES.spreadsheets], 'other@example.com');
    gas.shareSpreadsheet(gas.spreadsheet.id, 'other@example.com');
    expect(gas.run('TRIGGER', [], { ...menu, user: 'other@example.com' }).value).toContain('You do not have permission');
    expect(gas.run('TRIGGER', [], menu).value).toBe('SHEET');
  });

  it("only the manifest's scopes may be granted (a harness error otherwise)", () => {
    expect(() => runtime(['https://www.googleapis.com/auth/drive'])).toThrow(/does not declare/);
  });
});

describe('ScriptApp.getAuthorizationInfo', () => {
  it('NOT_REQUIRED, no URL, every scope authorized when all are granted', () => {
    const [status, url, scopes] = runtime().run('INFO', [], menu).value as string[];
    expect(status).toBe('NOT_REQUIRED');
    expect(url).toBeNull();
    expect(scopes?.split(' ').sort()).toEqual([...ALL].sort());
  });

  it('REQUIRED with a URL when one is refused; asked about a list, it answers for that list', () => {
    const gas = runtime(without(SCOPES.externalRequest));
    const [status, url, scopes] = gas.run('INFO', [], menu).value as string[];
    expect(status).toBe('REQUIRED');
    expect(url).toMatch(/^https:\/\/script\.google\.com\//);
    expect(scopes).not.toContain(SCOPES.externalRequest);
    expect(gas.run('INFO', [[SCOPES.spreadsheets]], menu).value).toEqual(['NOT_REQUIRED', null, SCOPES.spreadsheets]);
    expect(gas.run('INFO', [[SCOPES.externalRequest]], menu).value).toEqual(['REQUIRED', expect.any(String), '']);
  });

  it('is refused in a custom function: ScriptApp is not a service Google lists there', () => {
    const result = runtime(without(SCOPES.externalRequest)).run('INFO1', [SCOPES.externalRequest]);
    expect(result).toMatchObject({ ok: false, error: 'You do not have permission to call ScriptApp.getAuthorizationInfo' });
    expect(result.refusedCalls).toEqual([
      { call: 'ScriptApp.getAuthorizationInfo', message: 'You do not have permission to call ScriptApp.getAuthorizationInfo' },
    ]);
  });

  it('a scope the script does not require is an error', () => {
    const result = runtime().run('INFO', [['https://www.googleapis.com/auth/drive']], menu);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/oAuthScopes/);
  });
});

describe('ScriptApp.requireScopes and requireAllScopes', () => {
  it('return when the scopes are granted', () => {
    const gas = runtime();
    expect(gas.run('REQUIRE', [[SCOPES.externalRequest]], menu).value).toBe('went on');
    expect(gas.run('REQUIRE_ALL', [], menu).value).toBe('went on');
    expect(gas.consentPrompts).toHaveLength(0);
  });

  it('end the execution when one is missing, and prompt for the missing ones where a user is looking', () => {
    const gas = runtime(without(SCOPES.scriptApp));
    const result = gas.run('REQUIRE', [[SCOPES.scriptApp, SCOPES.spreadsheets]], menu);
    expect(result).toMatchObject({ ok: false, error: AUTHORIZATION_REQUIRED_MESSAGE });
    expect(gas.consentPrompts).toEqual([
      expect.objectContaining({ user: 'user@example.com', scopes: [SCOPES.scriptApp], functionName: 'REQUIRE' }),
    ]);
    expect(gas.run('REQUIRE_ALL', [], menu).error).toBe(AUTHORIZATION_REQUIRED_MESSAGE);
    expect(gas.consentPrompts).toHaveLength(2);
  });

  it('catching the exception does not let the execution go on', () => {
    const gas = runtime(without(SCOPES.scriptApp));
    const result = gas.run('REQUIRE_CAUGHT', [[SCOPES.scriptApp]], menu);
    expect(result).toMatchObject({ ok: false, error: AUTHORIZATION_REQUIRED_MESSAGE });
  });

  it('in a custom function: refused (ScriptApp is not a service Google lists there), and no prompt is shown', () => {
    const gas = runtime(without(SCOPES.externalRequest));
    expect(gas.run('REQUIRE1', [SCOPES.externalRequest]).error).toBe('You do not have permission to call ScriptApp.requireScopes');
    expect(gas.consentPrompts).toHaveLength(0);
  });

  it('after the user grants what the prompt asked, the same call goes on', () => {
    const gas = runtime(without(SCOPES.scriptApp));
    gas.run('REQUIRE', [[SCOPES.scriptApp]], menu);
    gas.setGrantedScopes('all');
    expect(gas.run('REQUIRE', [[SCOPES.scriptApp]], menu).value).toBe('went on');
  });
});
