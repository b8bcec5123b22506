/** What stops a whole scheduled run (src/server/execution/run-stop.ts), read from the errors a run meets. */
import { afterEach, describe, expect, it } from 'vitest';
import { AddonError, errors } from '../../../../src/server/errors/errors';
import { permissionError } from '../../../../src/server/execution/permissions';
import { runBlocker, runStopOf, runStopWords } from '../../../../src/server/execution/run-stop';

const EXTERNAL = 'https://www.googleapis.com/auth/script.external_request';
const global = globalThis as Record<string, unknown>;

/** ScriptApp whose user granted `granted`. */
function stubScriptApp(granted: string[]): void {
  global.ScriptApp = {
    AuthMode: { FULL: 'FULL' },
    getAuthorizationInfo: (_mode: string, scopes: string[]) => ({ getAuthorizedScopes: () => scopes.filter((s) => granted.includes(s)) }),
  };
}

afterEach(() => {
  delete global.ScriptApp;
});

describe('runStopOf', () => {
  it('reads the stop of the whole run from an error: which permissions, until when the allowance is spent', () => {
    const midnight = Date.UTC(2026, 10, 30);
    expect(runStopOf(permissionError(['service', 'spreadsheet']))).toEqual({ kind: 'permission', missing: ['service', 'spreadsheet'] });
    expect(runStopOf(errors.noKey())).toEqual({ kind: 'no-key' });
    expect(runStopOf(errors.auth())).toEqual({ kind: 'key-refused' });
    expect(runStopOf(errors.limit('API calls', 'after 00:00 UTC', midnight))).toEqual({
      kind: 'allowance-spent',
      until: '2026-11-30T00:00:00.000Z',
    });
    expect(runStopOf(errors.limit('fresh searches', 'after the reset'))).toEqual({ kind: 'allowance-spent', until: null });
    expect(runStopOf(errors.unavailable('HTTP 503', 2))).toEqual({ kind: 'service-down' });
    expect(runStopOf(errors.quota('URL fetches'))).toEqual({ kind: 'google-limit' });
  });

  it('leaves to one table or item what concerns it alone: not found, bad input, a rate limit, the time budget', () => {
    expect(runStopOf(errors.notFound('group "x"'))).toBeNull();
    expect(runStopOf(errors.input('Bad input: empty'))).toBeNull();
    expect(runStopOf(errors.rateLimit('retry in 20 s'))).toBeNull();
    expect(runStopOf(errors.budget())).toBeNull();
    expect(runStopOf(new AddonError('unreadable', 'The service sent an unreadable answer'))).toBeNull();
  });
});

describe('runBlocker', () => {
  it('stops a run before it asks anything: first the permission to connect, then the key', () => {
    stubScriptApp([]);
    expect(runBlocker(true)?.message).toBe(permissionError(['service']).message);
    stubScriptApp([EXTERNAL]);
    expect(runBlocker(false)?.message).toBe(errors.noKey().message);
    expect(runBlocker(true)).toBeNull();
  });
});

describe('runStopWords', () => {
  it('says why and what to do, in the words the add-on uses elsewhere', () => {
    expect(runStopWords({ kind: 'permission', missing: ['schedule'] })).toBe(permissionError(['schedule']).message);
    expect(runStopWords({ kind: 'key-refused' })).toBe(errors.auth().message);
    expect(runStopWords({ kind: 'allowance-spent', until: '2026-11-30T00:00:00.000Z' })).toBe(
      'Daily limit reached: your allowance is spent until 2026-11-30 00:00 UTC; scheduled runs go on after it resets.',
    );
    expect(runStopWords({ kind: 'allowance-spent', until: null })).toBe(
      'Daily limit reached: your allowance is spent; scheduled runs go on after it resets.',
    );
  });
});
