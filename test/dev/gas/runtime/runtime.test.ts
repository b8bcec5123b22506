import { describe, expect, it } from 'vitest';
import { GasRuntime, triggerEvent } from '../../../../dev/gas/index.js';

const run = (code: string, fn: string, args: unknown[] = [], opts = {}) => new GasRuntime({ code }).run(fn, args, opts);

describe('executions', () => {
  it('evaluates Code.js afresh each time: globals never survive', () => {
    const rt = new GasRuntime({
      code: 'var n = 0; function INC() { n++; globalThis.extra = (globalThis.extra || 0) + 1; return [[n, extra]]; }',
    });
    expect(rt.run('INC').value).toEqual([[1, 1]]);
    expect(rt.run('INC').value).toEqual([[1, 1]]);
  });

  it('has ECMAScript and Apps Script globals only', () => {
    const names = [
      'require',
      'process',
      'Buffer',
      'setTimeout',
      'setInterval',
      'URL',
      'URLSearchParams',
      'TextEncoder',
      'TextDecoder',
      'fetch',
      'structuredClone',
      'WebAssembly',
      'global',
      'module',
      'queueMicrotask',
    ];
    const code = `function F() { return [${names.map((n) => `typeof ${n}`).join(',')}].join(','); }
      function G() { return [typeof UrlFetchApp, typeof CacheService, typeof PropertiesService, typeof Utilities, typeof LockService,
        typeof Logger, typeof console, typeof Session, typeof ScriptApp, typeof SpreadsheetApp, typeof HtmlService, typeof JSON, typeof Intl].join(','); }`;
    const rt = new GasRuntime({ code });
    expect(rt.run('F').value).toBe(names.map(() => 'undefined').join(','));
    expect(rt.run('G').value).toBe('object,object,object,object,object,object,object,object,object,object,object,object,object');
  });

  it('reports an unknown or private function like Google', () => {
    const rt = new GasRuntime({ code: 'function helper_() { return 1; } var notFn = 3;' });
    expect(rt.run('NOPE')).toMatchObject({ ok: false, error: 'Script function not found: NOPE', timedOut: false });
    expect(rt.run('helper_').error).toBe('Script function not found: helper_');
    expect(rt.run('notFn').error).toBe('Script function not found: notFn');
  });

  it('returns the message of a thrown Error, or String() of anything else', () => {
    const code = 'function E() { throw new Error("bad keyword"); } function S() { throw "plain"; } function T() { null.x; }';
    const rt = new GasRuntime({ code });
    expect(rt.run('E')).toMatchObject({ ok: false, error: 'bad keyword', timedOut: false });
    expect(rt.run('S').error).toBe('plain');
    expect(rt.run('T').error).toMatch(/Cannot read properties of null/);
  });

  it('reports a syntax error in Code.js', () => {
    expect(run('function (', 'F')).toMatchObject({ ok: false });
  });

  it('creates arguments in the script realm and converts results back', () => {
    const code = `function F(d, range) {
      return [[d instanceof Date, Array.isArray(range), range instanceof Array, range[0] instanceof Array, d.getTime()]];
    }
    function M() { return { when: new Date(5), list: [1, [2]], nested: { a: 'b' } }; }`;
    const rt = new GasRuntime({ code });
    const d = new Date('2024-01-02T03:04:05Z');
    expect(rt.run('F', [d, [['a'], ['b']]]).value).toEqual([[true, true, true, true, d.getTime()]]);
    const m = rt.run('M', [], { mode: 'menu' }).value as { when: Date; list: unknown[] };
    expect(m.when).toBeInstanceOf(Date);
    expect(m.list).toBeInstanceOf(Array);
    expect(m).toEqual({ when: new Date(5), list: [1, [2]], nested: { a: 'b' } });
  });

  it('refuses custom-function arguments Sheets never passes', () => {
    const rt = new GasRuntime({ code: 'function F() {}' });
    expect(() => rt.run('F', [null])).toThrow(/argument 1/);
    expect(() => rt.run('F', [['a', 'b']])).toThrow(/1-D array/);
    expect(() => rt.run('F', [[['a'], ['b', 'c']]])).toThrow(/same/);
    expect(() => rt.run('F', [{ a: 1 }])).toThrow(/argument 1/);
  });

  it('captures Logger and console output per execution and runtime-wide', () => {
    // From a menu item: a custom function may not call Logger or console (custom-function-services.test.ts).
    const rt = new GasRuntime({ code: 'function L(x) { Logger.log("got %s", x); console.warn("careful"); return Logger.getLog(); }' });
    const r = rt.run('L', ['a'], { mode: 'menu' });
    expect(r.logs).toEqual(['got a', 'careful']);
    expect(r.value).toBe('got a\ncareful');
    rt.run('L', ['b'], { mode: 'menu' });
    expect(rt.logs).toEqual(['got a', 'careful', 'got b', 'careful']);
    expect(rt.logEntries[1]).toMatchObject({ level: 'warn', functionName: 'L' });
  });

  it('gives service errors as Errors named Exception in the script realm', () => {
    const code = `function F() { try { CacheService.getScriptCache().put('k', 1); } catch (e) {
      return [[e instanceof Error, e.name, e.message, String(e)]]; } }`;
    expect(run(code, 'F').value).toEqual([
      [
        true,
        'Exception',
        "The parameters (String,number) don't match the method signature for CacheService.Cache.put.",
        "Exception: The parameters (String,number) don't match the method signature for CacheService.Cache.put.",
      ],
    ]);
  });
});

describe('custom-function results', () => {
  const code = `
    function SCALAR(x) { return x; }
    function ROW() { return [1, 'a', true]; }
    function RAGGED() { return [[1, 2, 3], [4]]; }
    function NUL() { return null; }
    function NAN() { return [[1, NaN]]; }
    function INF() { return Infinity; }
    function OBJ() { return [[{ a: 1 }]]; }
    function DEEP() { return [[[1]]]; }
    function MIXED() { return [[1], 2]; }
    function EMPTY() { return []; }
    function EMPTYROWS() { return [[], []]; }
    function LONG() { return 'x'.repeat(50001); }
    function EXACT() { return 'x'.repeat(50000); }
    function DATE() { return new Date(Date.UTC(2024, 0, 1)); }
    function BLANK() { }
    function PROMISE() { return Promise.resolve(1); }
    function ASYNCMENU() { return Promise.resolve(41).then(function (v) { return v + 1; }); }
    function REJECT() { return Promise.reject(new Error('nope')); }
  `;
  const rt = new GasRuntime({ code });

  it('accepts scalars, rows and ragged rows (padded with "")', () => {
    expect(rt.run('SCALAR', ['text']).value).toBe('text');
    expect(rt.run('SCALAR', [2.5]).value).toBe(2.5);
    expect(rt.run('ROW').value).toEqual([[1, 'a', true]]);
    expect(rt.run('RAGGED').value).toEqual([
      [1, 2, 3],
      [4, '', ''],
    ]);
    expect(rt.run('BLANK')).toMatchObject({ ok: true, value: undefined });
    expect(rt.run('EXACT').ok).toBe(true);
    const d = rt.run('DATE').value;
    expect(d).toBeInstanceOf(Date);
    expect((d as Date).getTime()).toBe(Date.UTC(2024, 0, 1));
  });

  it('refuses what Sheets cannot show', () => {
    expect(rt.run('NUL').error).toMatch(/^Result of NUL contains an invalid value: null \(/);
    expect(rt.run('NAN').error).toMatch(/^Result of NAN contains an invalid value at row 1, column 2: NaN/);
    expect(rt.run('INF').error).toMatch(/invalid value: Infinity/);
    expect(rt.run('OBJ').error).toMatch(/at row 1, column 1: an object/);
    expect(rt.run('DEEP').error).toMatch(/at row 1, column 1: a nested array/);
    expect(rt.run('MIXED').error).toMatch(/^Result of MIXED mixes rows and single values/);
    expect(rt.run('EMPTY').error).toBe('Result of EMPTY is empty: return "" for a blank cell, not an empty array.');
    expect(rt.run('EMPTYROWS').error).toMatch(/is empty/);
    expect(rt.run('LONG').error).toBe('Text result of LONG is longer than the limit of 50000 characters.');
    expect(rt.run('PROMISE').error).toMatch(/a Promise/);
  });

  it('returns values as they are in other modes, settling promises', () => {
    expect(rt.run('NUL', [], { mode: 'menu' })).toMatchObject({ ok: true, value: null });
    expect(rt.run('ASYNCMENU', [], { mode: 'trigger' }).value).toBe(42);
    expect(rt.run('REJECT', [], { mode: 'trigger' })).toMatchObject({ ok: false, error: 'nope' });
  });

  it('delivers null to a sidebar for a result holding a Date, like google.script.run', () => {
    const side = new GasRuntime({ code: 'function S() { return { at: new Date() }; } function T() { return { a: [1, "x", null] }; }' });
    const r = side.run('S', [], { mode: 'sidebar' });
    expect(r.value).toBeNull();
    expect(r.logs[0]).toMatch(/\$\.at is a Date/);
    expect(side.run('T', [], { mode: 'sidebar' }).value).toEqual({ a: [1, 'x', null] });
  });
});

describe('time limits', () => {
  it('terminates a CPU loop at the deadline', () => {
    const r = run('function F() { for (;;) {} }', 'F', [], { timeLimitMs: 300 });
    expect(r).toMatchObject({ ok: false, timedOut: true, error: 'Exceeded maximum execution time' });
    expect(r.durationMs).toBeGreaterThanOrEqual(300); // not before the limit (an endless loop: cut, or this never returns)
  });

  it('counts evaluating Code.js against the deadline', () => {
    const r = run('var t = Date.now(); while (Date.now() - t < 500) {} function F() { return 1; }', 'F', [], { timeLimitMs: 200 });
    expect(r.timedOut).toBe(true);
  });

  it('uses 30 s for custom functions and simple triggers, 6 min otherwise', async () => {
    const { defaultTimeLimitMs } = await import('../../../../dev/gas/index.js');
    expect(defaultTimeLimitMs('custom-function')).toBe(30_000);
    expect(defaultTimeLimitMs('simple-trigger')).toBe(30_000);
    expect(defaultTimeLimitMs('menu')).toBe(360_000);
    expect(defaultTimeLimitMs('trigger')).toBe(360_000);
    expect(defaultTimeLimitMs('sidebar')).toBe(360_000);
  });
});

describe('auth modes', () => {
  const code = `
    function onOpen(e) {
      SpreadsheetApp.getUi().createAddonMenu().addItem('Settings', 'showSidebar').addSeparator().addToUi();
      var out = [e.authMode, e.authMode === ScriptApp.AuthMode.NONE];
      try { PropertiesService.getDocumentProperties(); out.push('props ok'); } catch (err) { out.push(err.message); }
      try { UrlFetchApp.fetch('http://127.0.0.1:1/'); } catch (err) { out.push(err.message); }
      return out;
    }
    function UI() { SpreadsheetApp.getUi(); }
    function WHO() { return [[Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), Session.getScriptTimeZone()]]; }
    function SHEET() { var s = SpreadsheetApp.getActiveSpreadsheet(); return [[s.getId(), s.getName()]]; }
  `;

  it('AuthMode.NONE only builds menus', () => {
    const rt = new GasRuntime({ code });
    const r = rt.run('onOpen', [triggerEvent('NONE')], { mode: 'simple-trigger', authMode: 'NONE' });
    expect(r.value).toEqual([
      'NONE',
      true,
      'You do not have permission to call PropertiesService.getDocumentProperties',
      'You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
    ]);
    expect(rt.ui.menus).toEqual([
      { name: null, addon: true, entries: [{ kind: 'item', caption: 'Settings', functionName: 'showSidebar' }, { kind: 'separator' }] },
    ]);
  });

  it('simple triggers (LIMITED) may read properties but not fetch', () => {
    const r = run(code, 'onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    expect((r.value as unknown[]).slice(2)).toEqual([
      'props ok',
      'You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
    ]);
  });

  it('custom functions cannot use the Ui and do not see the user', () => {
    const rt = new GasRuntime({ code, userEmail: 'ann@example.com', timeZone: 'Europe/Paris' });
    expect(rt.run('UI').error).toBe('Cannot call SpreadsheetApp.getUi() from this context.');
    // Session is not a service Google lists for custom functions: refused, whatever it would say.
    expect(rt.run('WHO').error).toBe(
      'You do not have permission to call Session.getActiveUser. Required permissions: https://www.googleapis.com/auth/userinfo.email',
    );
    expect(rt.run('WHO', [], { mode: 'menu' }).value).toEqual([['ann@example.com', 'ann@example.com', 'Europe/Paris']]);
    expect(rt.run('SHEET').value).toEqual([['dev-gas-spreadsheet', 'Untitled spreadsheet']]);
  });
});

describe('loading Code.js', () => {
  it('throws from run() when the file is missing (a harness problem, not a script error)', () => {
    const rt = new GasRuntime({ codePath: '/nonexistent/Code.js' });
    expect(() => rt.run('F')).toThrow(/ENOENT/);
  });
});
