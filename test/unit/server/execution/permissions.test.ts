/** The permission check before an action (src/server/execution/permissions.ts), with Google's AuthorizationInfo stubbed. */
import { afterEach, describe, expect, it } from 'vitest';
import { messageKind } from '../../../../src/server/errors/cell-messages';
import { missingPermissions, permissionError, permissionErrorOf, requirePermissions } from '../../../../src/server/execution/permissions';

const EXTERNAL = 'https://www.googleapis.com/auth/script.external_request';
const global = globalThis as Record<string, unknown>;

/** ScriptApp whose user granted `granted` (or whose getAuthorizationInfo throws). */
function stubScriptApp(granted: string[] | 'throws'): void {
  global.ScriptApp = {
    AuthMode: { FULL: 'FULL' },
    getAuthorizationInfo: (_mode: string, scopes: string[]) => {
      if (granted === 'throws') throw new Error('not here');
      return { getAuthorizedScopes: () => scopes.filter((s) => granted.includes(s)) };
    },
  };
}

afterEach(() => {
  delete global.ScriptApp;
});

describe('missingPermissions', () => {
  it("names what the user's grant lacks, and nothing when all are granted", () => {
    stubScriptApp([EXTERNAL]);
    expect(missingPermissions(['service', 'spreadsheet'])).toEqual(['spreadsheet']);
    stubScriptApp([EXTERNAL, 'https://www.googleapis.com/auth/spreadsheets']);
    expect(missingPermissions(['service', 'spreadsheet'])).toEqual([]);
  });

  it('takes none as missing where Google gives no answer (the call itself is then refused and worded)', () => {
    stubScriptApp('throws');
    expect(missingPermissions(['service'])).toEqual([]);
  });

  it('asks nothing for an action that needs none', () => {
    global.ScriptApp = undefined; // a call would throw a TypeError
    expect(() => requirePermissions([])).not.toThrow();
  });
});

describe('the words', () => {
  it("turns Google's refusal into the add-on's words, and leaves other errors alone", () => {
    const google = new Error(`You do not have permission to call UrlFetchApp.fetchAll. Required permissions: ${EXTERNAL}`);
    expect(permissionErrorOf(google)?.message).toBe(permissionError(['service']).message);
    expect(permissionErrorOf(new Error('Address unavailable: https://x'))).toBeNull();
  });

  it('opens with a lead Freeze knows, so a formula showing it is kept as a formula', () => {
    expect(messageKind(permissionError(['service']).message)).toBe('error');
  });
});
