import { describe, expect, it } from 'vitest';
import { GasRuntime, DOCUMENT_MESSAGES } from '../../../../dev/gas/index.js';

const menu = { mode: 'menu' } as const;
const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';

const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

describe('spreadsheets, owners and editors', () => {
  const code = `${catchAll}
    function INFO() { var ss = SpreadsheetApp.getActiveSpreadsheet(); var o = ss.getOwner();
      return [ss.getId(), ss.getName(), ss.getUrl(), o === null ? null : o.getEmail()]; }
    function SAVE(v) { PropertiesService.getDocumentProperties().setProperty('d', v); CacheService.getDocumentCache().put('d', v); }
    function READ() { return [PropertiesService.getDocumentProperties().getProperty('d'), CacheService.getDocumentCache().get('d')]; }
    function LOCK() { return LockService.getDocumentLock().tryLock(0); }`;

  it('holds several spreadsheets, each with its own id, name, owner and document stores', () => {
    const rt = new GasRuntime({ code, userEmail: OWNER });
    const other = rt.addSpreadsheet({ id: 'sheet-b', name: 'Budget', owner: OWNER, editors: [EDITOR] });
    expect(rt.spreadsheets.map((s) => s.id)).toEqual(['dev-gas-spreadsheet', 'sheet-b']);
    expect(rt.spreadsheet.owner).toBe(OWNER); // default owner: the runtime's user
    expect(rt.run('INFO', [], menu).value).toEqual([
      'dev-gas-spreadsheet',
      'Untitled spreadsheet',
      'https://docs.google.com/spreadsheets/d/dev-gas-spreadsheet/edit',
      OWNER,
    ]);
    expect(rt.run('INFO', [], { ...menu, document: 'sheet-b' }).value).toEqual([
      'sheet-b',
      'Budget',
      'https://docs.google.com/spreadsheets/d/sheet-b/edit',
      OWNER,
    ]);

    rt.run('SAVE', ['a'], menu);
    rt.run('SAVE', ['b'], { ...menu, document: 'sheet-b' });
    expect(rt.run('READ', [], menu).value).toEqual(['a', 'a']);
    expect(rt.run('READ', [], { ...menu, document: 'sheet-b', user: EDITOR }).value).toEqual(['b', 'b']);
    expect(rt.documentProperties()).toBe(rt.properties.document);
    expect(rt.documentCache()).toBe(rt.caches.document);
    expect(rt.documentProperties('sheet-b').get('d')).toBe('b');
    expect(rt.documentCache('sheet-b').peek('d')).toBe('b');
    expect(other.editors).toEqual([EDITOR]);

    // One document lock per spreadsheet.
    rt.locks.holdExternally('document', 5_000);
    expect(rt.run('LOCK', [], menu).value).toBe(false);
    expect(rt.run('LOCK', [], { ...menu, document: 'sheet-b' }).value).toBe(true);
    rt.locks.releaseExternal('document');
  });

  it('runs only as the owner or an editor of the active spreadsheet (else a harness error)', () => {
    const rt = new GasRuntime({ code, userEmail: OWNER });
    expect(() => rt.run('INFO', [], { ...menu, user: EDITOR })).toThrow(TypeError);
    rt.shareSpreadsheet(rt.spreadsheet.id, EDITOR);
    expect(rt.run('INFO', [], { ...menu, user: EDITOR }).ok).toBe(true);
    rt.unshareSpreadsheet(rt.spreadsheet.id, EDITOR);
    expect(() => rt.run('INFO', [], { ...menu, user: EDITOR })).toThrow(/neither owns nor edits/);
    expect(() => rt.run('INFO', [], { ...menu, document: 'nope' })).toThrow(/no spreadsheet with id "nope"/);
  });

  it('gives a shared-drive spreadsheet no owner: getOwner() is null', () => {
    const rt = new GasRuntime({ code, owner: null });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'user@example.com');
    expect(rt.run('INFO', [], menu).value).toEqual(['dev-gas-spreadsheet', 'Untitled spreadsheet', expect.any(String), null]);
  });
});

describe("custom functions read the spreadsheet owner's user properties", () => {
  const code = `
    function KEY() { return PropertiesService.getUserProperties().getProperty('SDM_API_KEY') || 'none'; }
    function CACHED() { return CacheService.getUserCache().get('k') || 'miss'; }
    function PUTCACHE(v) { CacheService.getUserCache().put('k', v); return 'put'; }`;

  it("shows every user the owner's key in a formula, and each their own elsewhere", () => {
    const rt = new GasRuntime({ code, userEmail: OWNER });
    rt.shareSpreadsheet(rt.spreadsheet.id, EDITOR);
    rt.userProperties(OWNER).set('SDM_API_KEY', 'owners-key');
    rt.userProperties(EDITOR).set('SDM_API_KEY', 'editors-key');
    // A formula the editor recalculates still reads the owner's store.
    expect(rt.run('KEY', [], { user: EDITOR }).value).toBe('owners-key');
    expect(rt.run('KEY').value).toBe('owners-key');
    // From the menu or sidebar each user has their own.
    expect(rt.run('KEY', [], { mode: 'sidebar', user: EDITOR }).value).toBe('editors-key');
    // A collaborator's own key does nothing for formulas when the owner has none.
    rt.userProperties(OWNER).delete('SDM_API_KEY');
    expect(rt.run('KEY', [], { user: EDITOR }).value).toBe('none');
  });

  it("follows the owner of the formula's spreadsheet", () => {
    const rt = new GasRuntime({ code, userEmail: EDITOR });
    rt.addSpreadsheet({ id: 'theirs', owner: OWNER, editors: [EDITOR], addonUsed: true });
    rt.userProperties(OWNER).set('SDM_API_KEY', 'owners-key');
    rt.userProperties(EDITOR).set('SDM_API_KEY', 'editors-key');
    expect(rt.run('KEY').value).toBe('editors-key'); // the editor owns the default spreadsheet
    expect(rt.run('KEY', [], { document: 'theirs' }).value).toBe('owners-key');
  });

  it('gives a shared-drive spreadsheet (no owner) an empty user store, and a user cache that keeps nothing', () => {
    const rt = new GasRuntime({ code, owner: null });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'user@example.com');
    rt.properties.user.set('SDM_API_KEY', 'mine');
    expect(rt.run('KEY').value).toBe('none');
    expect(rt.run('KEY', [], menu).value).toBe('mine');
    expect(rt.run('PUTCACHE', ['v']).value).toBe('put');
    expect(rt.run('CACHED').value).toBe('miss');
  });

  it("gives a custom function the owner's user cache", () => {
    const rt = new GasRuntime({ code, userEmail: OWNER });
    rt.shareSpreadsheet(rt.spreadsheet.id, EDITOR);
    rt.userCache(OWNER).seed('k', 'owners');
    rt.userCache(EDITOR).seed('k', 'editors');
    expect(rt.run('CACHED', [], { user: EDITOR }).value).toBe('owners');
    expect(rt.run('CACHED', [], { ...menu, user: EDITOR }).value).toBe('editors');
  });
});

describe('emails need FULL auth mode and the userinfo.email scope', () => {
  const code = `function WHO() { var o = SpreadsheetApp.getActive().getOwner();
    return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), o.getEmail()]; }
    function OWNER() { return SpreadsheetApp.getActive().getOwner().getEmail(); }`;
  const me = 'user@example.com';

  it('shows them with no oauthScopes (auto-detected) or with the scope declared', () => {
    expect(new GasRuntime({ code, manifest: {} }).run('WHO', [], menu).value).toEqual([me, me, me]);
    // With the document's scope too: SpreadsheetApp.getActive() in FULL needs one (granular consent).
    const declared = {
      oauthScopes: ['https://www.googleapis.com/auth/userinfo.email', 'https://www.googleapis.com/auth/spreadsheets.currentonly'],
    };
    expect(new GasRuntime({ code, manifest: declared }).run('WHO', [], menu).value).toEqual([me, me, me]);
  });

  it('hides them when the manifest declares scopes without userinfo.email, and always in custom functions', () => {
    const manifest = { oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] };
    expect(new GasRuntime({ code, manifest }).run('WHO', [], menu).value).toEqual(['', '', '']);
    // A custom function runs as the anonymous user: Session and a User's email are refused (the owner's too).
    const rt = new GasRuntime({ code, manifest: {} });
    expect(rt.run('OWNER').error).toBe(
      'You do not have permission to call User.getEmail. Required permissions: https://www.googleapis.com/auth/userinfo.email',
    );
    expect(rt.run('WHO')).toMatchObject({ ok: false, refusedCalls: [expect.objectContaining({ call: 'Session.getActiveUser' })] });
  });
});

describe('time-driven triggers run with no document', () => {
  const code = `${catchAll}
    function SCHEDULE() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
    function ON_EDIT() { ScriptApp.newTrigger('edited').forSpreadsheet(SpreadsheetApp.getActive()).onEdit().create(); }
    function tick(e) {
      var mine = ScriptApp.getProjectTriggers().filter(function (t) { return t.getUniqueId() === e.triggerUid; });
      var found = mine.length;
      mine.forEach(function (t) { ScriptApp.deleteTrigger(t); });
      return [SpreadsheetApp.getActiveSpreadsheet(), SpreadsheetApp.getActive(), SpreadsheetApp.getActiveSheet(),
        SpreadsheetApp.getActiveRange(), SpreadsheetApp.getCurrentCell(), PropertiesService.getDocumentProperties(),
        CacheService.getDocumentCache(), LockService.getDocumentLock(),
        PropertiesService.getUserProperties().getProperty('who'), CacheService.getUserCache().get('who'),
        LockService.getUserLock().tryLock(0), found, ScriptApp.getProjectTriggers().length,
        SpreadsheetApp.openById('dev-gas-spreadsheet').getName()];
    }
    function edited(e) { return [SpreadsheetApp.getActive().getId(), PropertiesService.getDocumentProperties().getProperty('d')]; }`;

  it('gives null for the active spreadsheet, sheet, range and the document stores; user stores are the owner’s', () => {
    const rt = new GasRuntime({ code, userEmail: OWNER });
    rt.shareSpreadsheet(rt.spreadsheet.id, EDITOR);
    rt.run('SCHEDULE', [], { ...menu, user: EDITOR });
    rt.userProperties(EDITOR).set('who', 'editor-props');
    rt.userCache(EDITOR).seed('who', 'editor-cache');
    const r = rt.fireTrigger(rt.triggers[0]!);
    expect(r.error).toBeUndefined();
    expect(r.value).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'editor-props',
      'editor-cache',
      true,
      1,
      0,
      'Untitled spreadsheet',
    ]);
    expect(rt.triggers).toHaveLength(0); // the handler found and deleted itself
  });

  it('treats run(fn, args, { mode: "trigger" }) as time-driven too', () => {
    const rt = new GasRuntime({
      code: 'function F() { return [SpreadsheetApp.getActiveSpreadsheet(), PropertiesService.getDocumentProperties()]; }',
    });
    expect(rt.run('F', [], { mode: 'trigger' }).value).toEqual([null, null]);
  });

  it('keeps the document of an installable spreadsheet trigger', () => {
    const rt = new GasRuntime({ code });
    rt.properties.document.set('d', 'doc');
    rt.run('ON_EDIT', [], menu);
    expect(rt.fireTrigger(rt.triggers[0]!).value).toEqual(['dev-gas-spreadsheet', 'doc']);
  });
});

describe('SpreadsheetApp.openById and openByUrl', () => {
  const code = `${catchAll}
    function OPEN(id) { return tryAll([function () { var ss = SpreadsheetApp.openById(id);
      ss.getSheets()[0].getRange('A1').setValue('written'); return [ss.getId(), ss.getName(), ss.getSheets()[0].getRange('A1').getValue()].join(' '); }]); }
    function URL(url) { return tryAll([function () { return SpreadsheetApp.openByUrl(url).getId(); }]); }
    function STORES(id) { SpreadsheetApp.openById(id); return [PropertiesService.getDocumentProperties().getProperty('d')]; }`;
  const scopes = (...s: string[]) => ({ oauthScopes: s.map((x) => `https://www.googleapis.com/auth/${x}`) });

  it('opens a spreadsheet the user owns or edits, in any FULL mode', () => {
    const rt = new GasRuntime({ code, userEmail: EDITOR, manifest: scopes('spreadsheets') });
    rt.addSpreadsheet({ id: 'b', name: 'B', owner: OWNER, editors: [EDITOR] });
    expect(rt.run('OPEN', ['b'], menu).value).toEqual(['b B written']);
    expect(rt.run('OPEN', ['b'], { mode: 'sidebar' }).value).toEqual(['b B written']);
    expect(rt.run('OPEN', ['b'], { mode: 'trigger' }).value).toEqual(['b B written']);
    expect(rt.spreadsheets[1]?.getValues('Sheet1!A1')).toEqual([['written']]);
    expect(rt.run('URL', ['https://docs.google.com/spreadsheets/d/b/edit#gid=0'], menu).value).toEqual(['b']);
  });

  it("refuses without the spreadsheets scope, in custom functions and simple triggers, with Google's message", () => {
    const deny = (m: string) =>
      `Exception: You do not have permission to call SpreadsheetApp.${m}. Required permissions: https://www.googleapis.com/auth/spreadsheets`;
    const narrow = new GasRuntime({ code, manifest: scopes('spreadsheets.currentonly') });
    expect(narrow.run('OPEN', ['dev-gas-spreadsheet'], menu).value).toEqual([deny('openById')]);
    expect(narrow.run('URL', ['https://docs.google.com/spreadsheets/d/dev-gas-spreadsheet/edit'], menu).value).toEqual([deny('openByUrl')]);
    const wide = new GasRuntime({ code, manifest: scopes('spreadsheets') });
    expect(wide.run('OPEN', ['dev-gas-spreadsheet']).value).toEqual([[deny('openById')]]);
    expect(wide.run('OPEN', ['dev-gas-spreadsheet'], { mode: 'simple-trigger' }).value).toEqual([deny('openById')]);
    expect(new GasRuntime({ code, manifest: {} }).run('OPEN', ['dev-gas-spreadsheet'], menu).value).toEqual([
      'dev-gas-spreadsheet Untitled spreadsheet written',
    ]);
  });

  it('fails for a file the user cannot access, a missing id and a trashed file', () => {
    const rt = new GasRuntime({ code, manifest: {} });
    rt.addSpreadsheet({ id: 'private', owner: OWNER });
    rt.addSpreadsheet({ id: 'trashed', owner: 'user@example.com' });
    rt.deleteSpreadsheet('trashed');
    expect(rt.run('OPEN', ['private'], menu).value).toEqual([`Exception: ${DOCUMENT_MESSAGES.noAccess}`]);
    expect(rt.run('OPEN', ['nope'], menu).value).toEqual([`Exception: ${DOCUMENT_MESSAGES.missing('openById')}`]);
    expect(rt.run('OPEN', ['trashed'], menu).value).toEqual([
      'Exception: Unexpected error while getting the method or property openById on object SpreadsheetApp.',
    ]);
    expect(rt.run('URL', ['https://example.com/x'], menu).value).toEqual(['Exception: Invalid argument: url']);
    expect(rt.spreadsheets.map((s) => s.id)).toEqual(['dev-gas-spreadsheet', 'private']);
  });

  it('gives an opened spreadsheet no document stores: they come only from the active document', () => {
    const rt = new GasRuntime({ code, manifest: {} });
    rt.properties.document.set('d', 'doc');
    expect(rt.run('STORES', ['dev-gas-spreadsheet'], { mode: 'trigger' }).error).toMatch(/Cannot read properties of null/);
    expect(rt.run('STORES', ['dev-gas-spreadsheet'], menu).value).toEqual(['doc']);
  });
});
