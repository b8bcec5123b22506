/**
 * The two ways a script reaches a spreadsheet, as dev/gas models them (dev/gas/RULES.md, "Add-ons and
 * container-bound scripts"): a simple trigger in AuthMode.LIMITED shows no sidebar or dialog; a
 * container-bound script lives in its one spreadsheet (its time-driven triggers too: they see it, where an
 * add-on's see no document), names its add-on menu after the project and holds 20 triggers per user;
 * asking for spreadsheets.currentonly, it opens no other spreadsheet; an add-on's custom functions are
 * unknown in a spreadsheet where nobody used it yet.
 */
import { describe, expect, it } from 'vitest';
import { GasRuntime, triggerEvent } from '../../../../dev/gas/index.js';

const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

const code = `${catchAll}
  function onOpen(e) {
    SpreadsheetApp.getUi().createAddonMenu().addItem('Settings', 'showSidebar').addToUi();
    return e.authMode;
  }
  function showSidebar() { SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>hi</p>').setTitle('Side')); return 'shown'; }
  function SHOW_ALL() {
    var ui = SpreadsheetApp.getUi();
    var page = function () { return HtmlService.createHtmlOutput('<p>hi</p>'); };
    return tryAll([
      function () { ui.showSidebar(page()); },
      function () { ui.showModalDialog(page(), 'Modal'); },
      function () { ui.showModelessDialog(page(), 'Modeless'); },
      function () { ui.alert('Hello'); },
      function () { ui.createMenu('Tools').addItem('Go', 'showSidebar').addToUi(); },
    ]);
  }
  function WHERE() { return SpreadsheetApp.getActiveSpreadsheet().getId(); }
  function OPEN(id) { return SpreadsheetApp.openById(id).getName(); }
  function DOUBLE(n) { return n * 2; }
  function MINUTELY() { ScriptApp.newTrigger('tick').timeBased().everyMinutes(1).create(); }
  function tick() { var ss = SpreadsheetApp.getActiveSpreadsheet(); return ss === null ? null : ss.getId(); }
  function DAILY() { ScriptApp.newTrigger('refresh').timeBased().everyDays(1).create(); }
  function refresh() {
    var ss = SpreadsheetApp.getActiveSpreadsheet();
    return tryAll([
      function () { return ss.getId(); },
      function () { return ss.getSheets()[0].getRange('A1').setValue('refreshed').getValue(); },
      function () { return PropertiesService.getDocumentProperties().getProperty('d'); },
      function () { return CacheService.getDocumentCache() !== null && LockService.getDocumentLock() !== null; },
      function () { return [SpreadsheetApp.getActiveSheet(), SpreadsheetApp.getActiveRange(), SpreadsheetApp.getCurrentCell()].join(); },
      function () { return SpreadsheetApp.openById(ss.getId()).getName(); },
      function () { return SpreadsheetApp.openByUrl(ss.getUrl()).getName(); },
    ]);
  }
`;

const deny = (method: string) =>
  `Exception: You do not have permission to call Ui.${method}. Required permissions: https://www.googleapis.com/auth/script.container.ui`;

describe('simple triggers show nothing (AuthMode.LIMITED and NONE)', () => {
  it('build menus but open no sidebar, dialog or alert; a menu item (FULL) may', () => {
    for (const addon of [true, false]) {
      const rt = new GasRuntime({ code, addon, latency: false });
      const limited = rt.run('SHOW_ALL', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
      expect(limited.value).toEqual([deny('showSidebar'), deny('showModalDialog'), deny('showModelessDialog'), deny('alert'), 'ok']);
      const none = rt.run('SHOW_ALL', [triggerEvent('NONE')], { mode: 'simple-trigger', authMode: 'NONE' });
      expect((none.value as string[]).slice(0, 4)).toEqual([
        deny('showSidebar'),
        deny('showModalDialog'),
        deny('showModelessDialog'),
        deny('alert'),
      ]);
      expect(rt.ui.sidebars).toHaveLength(0);
      expect(rt.ui.dialogs).toHaveLength(0);
      expect(rt.run('SHOW_ALL', [], { mode: 'menu' }).value).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
      expect(rt.ui.sidebars).toHaveLength(1);
    }
  });
});

describe('a container-bound script (addon: false)', () => {
  it("names its add-on menu after the project, Google's default name when unnamed", () => {
    const named = new GasRuntime({ code, addon: false, projectName: 'Search Demand', latency: false });
    expect(named.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).value).toBe('LIMITED');
    expect(named.ui.menus).toEqual([
      { name: 'Search Demand', addon: true, entries: [{ kind: 'item', caption: 'Settings', functionName: 'showSidebar' }] },
    ]);
    const unnamed = new GasRuntime({ code, addon: false, latency: false });
    unnamed.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    expect(unnamed.ui.menus[0]?.name).toBe('Untitled project');
    // An add-on's menu is named by Google after its listing: unknown here.
    const addon = new GasRuntime({ code, latency: false });
    addon.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    expect(addon.ui.menus[0]?.name).toBeNull();
  });

  it('runs in its container only, and reaches other spreadsheets by id', () => {
    const rt = new GasRuntime({ code, addon: false, latency: false });
    rt.addSpreadsheet({ id: 'budget', name: 'Budget', owner: rt.userEmail });
    expect(rt.run('WHERE', [], { mode: 'menu' }).value).toBe(rt.spreadsheet.id);
    expect(() => rt.run('WHERE', [], { mode: 'menu', document: 'budget' })).toThrow(
      /container-bound script runs only in its own spreadsheet/,
    );
    expect(() => rt.evaluateCustomFunction('DOUBLE', [2], { document: 'budget' })).toThrow(/runs only in its own spreadsheet/);
    expect(rt.run('OPEN', ['budget'], { mode: 'menu' }).value).toBe('Budget');
    // Its functions are known in its container from the start: nobody has to use it first.
    expect(rt.evaluateCustomFunction('DOUBLE', [21]).result.value).toBe(42);
  });

  it('holds 20 triggers per user, each user their own; a time-driven one runs in its container', () => {
    const rt = new GasRuntime({ code, addon: false, latency: false });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'bob@example.com');
    for (let i = 0; i < 20; i++) expect(rt.run('MINUTELY', [], { mode: 'menu' }).ok).toBe(true);
    expect(rt.run('MINUTELY', [], { mode: 'menu' }).error).toBe(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
    expect(rt.run('MINUTELY', [], { mode: 'menu', user: 'bob@example.com' }).ok).toBe(true);
    expect(rt.fireTrigger(rt.triggers[0]!).value).toBe(rt.spreadsheet.id);
    // An add-on's is the script's: no document at all.
    const addon = new GasRuntime({ code, latency: false });
    addon.run('DAILY', [], { mode: 'menu' });
    expect(addon.run('tick', [], { mode: 'trigger' }).value).toBeNull();
  });

  it('a time-driven trigger sees its container (not a selection); asking only for spreadsheets.currentonly, it opens no spreadsheet by id or URL', () => {
    const scopes = ['spreadsheets.currentonly', 'script.scriptapp'].map((s) => `https://www.googleapis.com/auth/${s}`);
    const rt = new GasRuntime({ code, addon: false, latency: false, manifest: { oauthScopes: scopes } });
    rt.properties.document.set('d', 'doc');
    expect(rt.run('DAILY', [], { mode: 'menu' }).ok).toBe(true);
    const deny = (m: string) =>
      `Exception: You do not have permission to call SpreadsheetApp.${m}. Required permissions: https://www.googleapis.com/auth/spreadsheets`;
    expect(rt.fireTrigger(rt.triggers[0]!).value).toEqual([
      rt.spreadsheet.id,
      'refreshed',
      'doc',
      true,
      ',,',
      deny('openById'),
      deny('openByUrl'),
    ]);
    expect(rt.spreadsheet.getValues('Sheet1!A1')).toEqual([['refreshed']]);
    // The user who unticked that one box: the container is out of reach too (no scope left to read it).
    rt.setGrantedScopes([scopes[1]!]);
    expect(rt.fireTrigger(rt.triggers[0]!).error).toBe(
      `You do not have permission to call SpreadsheetApp.getActiveSpreadsheet. Required permissions: (${scopes[0]} || https://www.googleapis.com/auth/spreadsheets)`,
    );
  });
});

describe('an add-on in a spreadsheet where nobody used it yet', () => {
  it('is unknown to Sheets there (#NAME?) and opens in NONE, until a menu item runs there', () => {
    const rt = new GasRuntime({ code, latency: false });
    const fresh = rt.addSpreadsheet({ id: 'fresh', name: 'Fresh', owner: rt.userEmail });
    fresh.addSheet('Data');
    rt.spreadsheet.addSheet('Data');
    for (const book of [rt.spreadsheet, fresh]) book.setFormula('Data!A1', '=DOUBLE(4)');

    expect(rt.evaluateCustomFunction('DOUBLE', [4], { document: 'fresh' }).result).toMatchObject({
      ok: false,
      error: "Unknown function: 'DOUBLE'.",
      fetchCount: 0,
    });
    expect(rt.recalculate('fresh')).toEqual([
      { cell: 'Data!A1', fn: 'DOUBLE', args: [], remembered: false, ok: false, error: "Unknown function: 'DOUBLE'." },
    ]);
    expect(fresh.getValues('Data!A1')).toEqual([['#NAME?']]);
    expect(() => rt.run('DOUBLE', [4], { document: 'fresh' })).toThrow(/never used there/);
    expect(rt.run('onOpen', [triggerEvent('NONE')], { mode: 'simple-trigger', document: 'fresh' }).value).toBe('NONE');
    // The runtime's own spreadsheet is one where it was used (the default): its formulas run.
    rt.recalculate();
    expect(rt.spreadsheet.getValues('Data!A1')).toEqual([[8]]);

    // Any menu item used there enables it: its formulas now run, onOpen gets LIMITED.
    expect(rt.run('showSidebar', [], { mode: 'menu', document: 'fresh' }).value).toBe('shown');
    expect(rt.addonEnabledIn('fresh')).toBe(true);
    expect(rt.recalculate('fresh')[0]).toMatchObject({ ok: true });
    expect(fresh.getValues('Data!A1')).toEqual([[8]]);
    expect(rt.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger', document: 'fresh' }).value).toBe('LIMITED');
  });

  it('is enabled there by "Use in this document" (Manage add-ons) too, with no menu item run: enableAddon', () => {
    const rt = new GasRuntime({ code, latency: false });
    rt.addSpreadsheet({ id: 'other', name: 'Other', owner: rt.userEmail });
    expect(rt.evaluateCustomFunction('DOUBLE', [3], { document: 'other' }).result.error).toBe("Unknown function: 'DOUBLE'.");
    rt.enableAddon('other');
    expect(rt.addonEnabledIn('other')).toBe(true);
    // Sheets remembered no result for the unknown function: the formula runs now.
    expect(rt.evaluateCustomFunction('DOUBLE', [3], { document: 'other' }).result.value).toBe(6);
    expect(rt.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger', document: 'other' }).value).toBe('LIMITED');
  });

  it('can start unused in the runtime’s own spreadsheet too', () => {
    const rt = new GasRuntime({ code, latency: false, addonUsed: false });
    expect(rt.evaluateCustomFunction('DOUBLE', [1]).result.error).toBe("Unknown function: 'DOUBLE'.");
    rt.run('showSidebar', [], { mode: 'sidebar' });
    expect(rt.evaluateCustomFunction('DOUBLE', [1]).result.value).toBe(2);
  });
});
