/**
 * The self-install, end to end: the files of release/ (what `npm run release` writes and a person pastes
 * into their spreadsheet's Extensions › Apps Script, docs/use/install.md), built here from the current
 * sources, run in dev/gas as a container-bound script against the local service over https. Every story
 * of the README: the menu from onOpen as a simple trigger (LIMITED) with each of its items, the key and
 * the service's address saved together, formulas and ranges, a ranking table with its hourly trigger
 * (which sees its own spreadsheet: the release asks for that spreadsheet only and never opens one by
 * id), a tracking list, a template, freezing; and what docs/use/install.md promises of updating (nothing
 * lost) and removing (no trigger left).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../dev/gas/index.js';
import { triggerEvent } from '../../dev/gas/index.js';
import { startService, type ServiceHandle } from '../../dev/service/harness.js';
import { KEY, OTHER_KEY, selfInstallRuntime, TEST_START } from '../../dev/stack.js';
import { testCertificate } from '../../dev/tls.js';
import { buildRelease } from '../../scripts/build/release';
import type { SettingsView, TablesView, TrackingView } from '../../src/shared/sidebar-api';

const OWNER = 'user@example.com';
const EDITOR = 'editor@example.com';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The release built from the current sources (the committed release/ is rebuilt when a version is cut). */
const releaseDir = mkdtempSync(join(tmpdir(), 'sdm-self-install-'));
const releaseFile = (name: string) => readFileSync(join(releaseDir, name), 'utf8');

let service: ServiceHandle;
let gas: GasRuntime;
/** The service's https address, as the user types it. */
let address: string;

beforeAll(async () => {
  buildRelease(root, releaseDir);
  service = await startService({ schema: 'a', keys: [KEY, OTHER_KEY], startAt: TEST_START, tls: testCertificate() });
  address = service.httpsUrl ?? '';
});
afterAll(async () => {
  gas?.close();
  await service?.stop();
  rmSync(releaseDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await service.control.reset();
  gas?.close();
  gas = selfInstallRuntime({}, join(releaseDir, 'Code.gs'));
});

/** A sidebar call (google.script.run) as `user` (default the owner). */
function sidebar<T = SettingsView>(fn: string, args: unknown[] = [], user = OWNER): T {
  const result = gas.run(fn, args, { mode: 'sidebar', user });
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as T;
}
const refusal = (fn: string, args: unknown[], user = OWNER) => gas.run(fn, args, { mode: 'sidebar', user }).error ?? '';
const requests = async (endpoint?: string) => {
  const stats = await service.control.stats();
  return endpoint ? (stats.byEndpoint[endpoint] ?? 0) : stats.requests;
};
/** The last toast's text. */
const toast = () => gas.toasts.at(-1)?.message ?? '';

describe('the menu, built by onOpen as a simple trigger', () => {
  it('is Extensions › Search Demand, and every item works from it', () => {
    const open = gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    expect(open.ok).toBe(true);
    const [menu] = gas.ui.menus;
    expect(menu?.name).toBe('Search Demand');
    const items = (menu?.entries ?? []).flatMap((e) => (e.kind === 'item' ? [e.functionName] : []));
    expect(items).toHaveLength(10);
    expect(items).toContain('formatResultsFromMenu');
    // Each item as Google runs it from that menu: a menu execution in FULL, once the user authorised it.
    for (const item of items) {
      const sidebars = gas.ui.sidebars.length;
      const toasts = gas.toasts.length;
      const result = gas.run(item, [], { mode: 'menu' });
      expect(result.error, item).toBeUndefined();
      // What the user sees: a sidebar, or a toast saying what happened.
      expect(gas.ui.sidebars.length + gas.toasts.length, item).toBe(sidebars + toasts + 1);
    }
    expect(gas.ui.sidebars.every((s) => s.title === 'Search Demand')).toBe(true);
  });

  it('has no onInstall: a pasted script is never installed from the Marketplace', () => {
    expect(gas.run('onInstall', [{ authMode: 'FULL' }], { mode: 'menu' }).error).toBe('Script function not found: onInstall');
  });
});

describe('this spreadsheet only: the smaller consent screen', () => {
  const THIS_SPREADSHEET = 'https://www.googleapis.com/auth/spreadsheets.currentonly';

  it("asks for spreadsheets.currentonly, never every spreadsheet (the Marketplace build's spreadsheets)", () => {
    const scopes = (JSON.parse(releaseFile('appsscript.json')) as { oauthScopes: string[] }).oauthScopes;
    expect(scopes).toContain(THIS_SPREADSHEET);
    expect(scopes).not.toContain('https://www.googleapis.com/auth/spreadsheets');
    expect(gas.manifest?.oauthScopes).toEqual(scopes);
  });

  it("names that permission with Google's own checkbox label, and saves no schedule without it", () => {
    sidebar('saveApiKey', [KEY, false, address]);
    sidebar<TablesView>('insertRankingTable', [{ group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 }]);
    gas.setGrantedScopes((gas.manifest?.oauthScopes ?? []).filter((scope) => scope !== THIS_SPREADSHEET));
    expect(refusal('setRefreshSchedule', [{ kind: 'daily', hour: 6 }])).toBe(
      'Permission missing: read and change this spreadsheet. Search Demand needs it to read your selection and write its results into the sheet; nothing was done. ' +
        'Grant it with Extensions › Search Demand › Grant permissions… and tick “View and manage spreadsheets that this application has been installed in”.',
    );
    expect(gas.triggers).toEqual([]);
    gas.setGrantedScopes('all');
    expect(sidebar<TablesView>('getTables').schedule).toEqual({ kind: 'off' });
  });
});

describe('the key and the service address, saved together', () => {
  it('are both required, https only, and checked in one request before either is stored', async () => {
    const fresh = sidebar('getSettings');
    expect(fresh).toMatchObject({ selfInstall: true, hasKey: false, baseUrl: '', allowlist: [] });
    // The script says which release it is, for the sidebar to compare with its own (package.json's version).
    expect(fresh.version).toBe((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);

    expect(refusal('saveApiKey', [KEY, false])).toBe(
      "Type the service's address too (from your account page), such as https://api.example.com.",
    );
    expect(refusal('saveApiKey', [KEY, false, service.url])).toMatch(/^The service's address must start with https:\/\//);
    expect(refusal('saveApiKey', [KEY, false, `${address}?x=1`])).toMatch(/must start with https:\/\//);
    expect(refusal('saveApiKey', ['sdm-live-not-a-real-key-000', false, address])).toBe(
      'The service refused this key (invalid or revoked), so it was not saved. Copy it again from your account page.',
    );
    // A wrong address: nothing answers there as the service.
    expect(refusal('saveApiKey', [KEY, false, 'https://127.0.0.1:9'])).toMatch(
      /^The key could not be checked at that address, so nothing was saved: .* Check the address too\.$/,
    );
    expect(gas.properties.user.snapshot()).toEqual({});
    expect(await requests()).toBe(1); // the refused key's one check; the bad addresses sent nothing here

    await service.control.resetStats();
    const saved = sidebar('saveApiKey', [`  ${KEY} `, false, ` ${address}/api/v1/ `]);
    expect(saved).toMatchObject({ hasKey: true, baseUrl: address, selfInstall: true, formulas: { source: 'owner' } });
    expect(await requests()).toBe(1);
    expect(await requests('/usage')).toBe(1);
    expect(gas.properties.user.get('SDM_BASE_URL')).toBe(address);
    // The key never comes back to the page, nor reaches a log.
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(gas.logs.join('\n')).not.toContain(KEY);
  });

  it('a key shared with the document takes its address along, so formulas ask the service it belongs to', () => {
    gas.shareSpreadsheet(gas.spreadsheet.id, EDITOR);
    sidebar('saveApiKey', [OTHER_KEY, true, address], EDITOR);
    expect(gas.properties.document.get('SDM_BASE_URL')).toBe(address);
    // The owner saved nothing: formulas spend the editor's shared key, at its address.
    gas.spreadsheet.setFormula('Sheet1!A1', '=SEARCH_SCORE("coffee")');
    const [entry] = gas.recalculate();
    expect(entry).toMatchObject({ ok: true });
    expect(typeof gas.spreadsheet.getValues('Sheet1!A1')[0]?.[0]).toBe('number');
    // From the editor's side, the owner's key (if any) now pays: the editor cannot see it.
    expect(sidebar('removeDocumentKey', [], EDITOR).formulas.source).toBe('owner-unseen');
    expect(gas.properties.document.get('SDM_BASE_URL')).toBeNull();
  });

  it('keeps no default: without a saved address, formulas say to open the Settings', () => {
    gas.spreadsheet.setFormula('Sheet1!A1', '=SEARCH_TREND("coffee", "peak.month")');
    expect(gas.recalculate()[0]?.error).toBe(
      "No API key for this spreadsheet's formulas: its owner can save one, or anyone can share theirs with the document, in Extensions › Search Demand › Settings.",
    );
  });
});

describe('with the key and address saved', () => {
  beforeEach(() => {
    sidebar('saveApiKey', [KEY, false, address]);
  });

  it('fills formulas and ranges from the https service', async () => {
    const sheet = gas.spreadsheet.sheet('Sheet1');
    sheet.setValues('A2', [['coffee'], ['tea'], ['']]);
    gas.spreadsheet.setFormula('Sheet1!B2', '=SEARCH_SCORE(A2:A4)');
    gas.spreadsheet.setFormula('Sheet1!D1', '=SEARCH_TREND("coffee", "peak.month")');
    const report = gas.recalculate();
    expect(report.map((r) => [r.cell, r.ok])).toEqual([
      ['Sheet1!D1', true],
      ['Sheet1!B2', true],
    ]);
    const scores = gas.spreadsheet.getValues('Sheet1!B2:B4');
    expect(typeof scores[0]?.[0]).toBe('number');
    expect(typeof scores[1]?.[0]).toBe('number');
    expect(scores[2]?.[0]).toBe('');
    expect(gas.spreadsheet.getValues('Sheet1!D1')[0]?.[0]).toBeInstanceOf(Date); // a peak month, a date
    expect(gas.fetchLog.every((f) => f.url.startsWith(`${address}/api/v1/`))).toBe(true);
    expect(await requests('/trend')).toBe(2);
  });

  it('inserts a ranking table and refreshes it from the hourly trigger, which sees its own spreadsheet and opens none by id', () => {
    const inserted = sidebar<TablesView>('insertRankingTable', [
      { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 },
    ]);
    expect(inserted.tables).toHaveLength(1);
    const sheet = gas.spreadsheet.sheet(inserted.tables[0]?.sheetName ?? '');
    const stamp = () => String(sheet.getValues('A1')[0]?.[0]);
    const before = stamp();
    sidebar<TablesView>('setRefreshSchedule', [{ kind: 'hourly' }]);
    expect(gas.triggers).toEqual([expect.objectContaining({ owner: OWNER, handler: 'refreshRankingTables', eventType: 'CLOCK' })]);
    gas.advanceClock(3_600_000);
    const fired = gas.fireDueTriggers();
    expect(fired.map((f) => [f.result.ok, f.result.error])).toEqual([[true, undefined]]);
    // It rewrote the table in its own spreadsheet, which it never opened by id.
    expect(fired[0]?.result.serviceCalls['spreadsheet.openById'] ?? 0).toBe(0);
    expect(stamp()).not.toBe(before);
    expect(stamp()).toMatch(/ · updated \d{4}-\d\d-\d\d 13:00 UTC$/);
    const view = sidebar<TablesView>('getTables');
    expect(view.lastRun).toMatchObject({ trigger: 'schedule' });
    expect(view.lastRun?.results).toEqual([expect.objectContaining({ ok: true })]);
    expect(view.runStop).toBeNull();
  });

  it("a scheduled run stopped by a revoked key ends quietly: no failure mail from Google, and the table's line and the sidebar say why", async () => {
    const inserted = sidebar<TablesView>('insertRankingTable', [
      { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 },
    ]);
    sidebar<TablesView>('setRefreshSchedule', [{ kind: 'hourly' }]);
    sidebar('clearCache'); // the trigger shares its spreadsheet's cache: nothing in it answers for the service
    await service.control.keys({ revoke: [KEY] });
    gas.advanceClock(3_600_000);
    const fired = gas.fireDueTriggers();
    expect(fired.map((f) => [f.result.ok, f.result.error])).toEqual([[true, undefined]]);
    // A thrown error would have mailed the owner Google's "Summary of failures" at every run.
    expect(gas.failureNotifications).toEqual([]);
    const refused = 'The API key was refused (invalid or revoked): paste a valid key in Extensions › Search Demand › Settings.';
    expect(String(gas.spreadsheet.sheet(inserted.tables[0]?.sheetName ?? '').getValues('A1')[0]?.[0])).toContain(refused);
    expect(sidebar<TablesView>('getTables').runStop?.message).toMatch(
      new RegExp(`^Your scheduled runs have stopped since .+ UTC\\. ${refused.replace(/[().›]/g, '\\$&')}$`),
    );
  });

  it('tracks keywords, and the trigger adds their rows', () => {
    const view = sidebar<TrackingView>('addTrackingList', [
      { name: '', kind: 'keywords', items: ['coffee', 'tea'], period: 'day', fields: null },
    ]);
    expect(view.lists).toHaveLength(1);
    const sheetName = view.lists[0]?.sheetName ?? '';
    const rowsBefore = gas.spreadsheet.sheet(sheetName).lastRow;
    expect(gas.triggers.filter((t) => t.eventType === 'CLOCK')).toHaveLength(1);
    gas.advanceClock(24 * 3_600_000);
    const fired = gas.fireDueTriggers();
    expect(fired.every((f) => f.result.ok)).toBe(true);
    expect(gas.spreadsheet.sheet(sheetName).lastRow).toBe(rowsBefore + 2);
  });

  it('inserts a template whose formulas evaluate, and freezes and unfreezes them from the menu', () => {
    const name = sidebar<string>('insertTemplate', ['market-overview']);
    const entries = gas.recalculate().filter((e) => e.cell.startsWith(`${name}!`) && e.fn);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !e.ok)).toEqual([]);
    const sheet = gas.spreadsheet.sheet(name);
    gas.spreadsheet.setActive(name, `A1:Z${sheet.lastRow}`);
    expect(gas.run('freezeSelectionFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    expect(toast()).toMatch(/^\d+ formulas? frozen as values/);
    expect(sheet.getFormulas(`A1:Z${sheet.lastRow}`).flat().filter(Boolean)).toEqual([]);
    expect(gas.run('unfreezeSelectionFromMenu', [], { mode: 'menu' }).ok).toBe(true);
    expect(toast()).toMatch(/put back/);
    expect(sheet.getFormulas(`A1:Z${sheet.lastRow}`).flat().filter(Boolean).length).toBe(entries.length);
  });

  it('moves to another address only with a check of the saved key there', async () => {
    expect(refusal('setBaseUrl', [''])).toBe("Type the service's address too (from your account page), such as https://api.example.com.");
    expect(refusal('setBaseUrl', ['https://127.0.0.1:9'])).toMatch(/^The key could not be checked at that address, so nothing was saved/);
    expect(gas.properties.user.get('SDM_BASE_URL')).toBe(address);
    await service.control.resetStats();
    expect(sidebar('setBaseUrl', [`${address}/`]).baseUrl).toBe(address);
    expect(await requests('/usage')).toBe(1);
  });
});

describe('beside a person\'s own script (docs/use/install.md, "A spreadsheet that already has a script")', () => {
  // Their Code.gs stays; the release goes into a file of its own. Every file shares one global scope.
  const theirs = [
    'var REPORT_SHEET = "Report";',
    'function myOnOpen() { SpreadsheetApp.getUi().createMenu("My tools").addItem("Report", "makeReport").addToUi(); }',
    'function makeReport() { return SpreadsheetApp.getActiveSpreadsheet().getName() + "/" + REPORT_SHEET; }',
    '/** @customfunction */ function DOUBLE(x) { return x * 2; }',
  ].join('\n');

  it('both work: the add-on saves a key and fills a formula, their functions and their custom function still run', () => {
    const release = releaseFile('Code.gs');
    const sidebarPage = releaseFile('Sidebar.html');
    gas.updateProject(
      [
        { name: 'Code.gs', source: theirs },
        { name: 'SearchDemand.gs', source: release },
      ],
      { Sidebar: sidebarPage },
    );
    expect(sidebar('saveApiKey', [KEY, false, address])).toMatchObject({ hasKey: true });
    gas.spreadsheet.setFormula('Sheet1!A1', '=SEARCH_SCORE("coffee")');
    gas.spreadsheet.setFormula('Sheet1!B1', '=DOUBLE(21)');
    expect(gas.recalculate().map((entry) => entry.ok)).toEqual([true, true]);
    expect(typeof gas.spreadsheet.getValues('Sheet1!A1')[0]?.[0]).toBe('number');
    expect(gas.spreadsheet.getValues('Sheet1!B1')[0]?.[0]).toBe(42);
    expect(gas.run('makeReport', [], { mode: 'menu' })).toMatchObject({ ok: true, value: `${gas.spreadsheet.name}/Report` });
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
  });
});

describe("the spreadsheet's other editors, counted for the sidebar's warning", () => {
  it('counts everyone else who can edit, the owner too when an editor asks, and nobody when alone', () => {
    expect(sidebar('getSettings').otherEditors).toBe(0);
    gas.shareSpreadsheet(gas.spreadsheet.id, EDITOR);
    expect(sidebar('getSettings').otherEditors).toBe(1);
    // The editor's view: the owner can change the script too.
    expect(sidebar('getSettings', [], EDITOR).otherEditors).toBe(1);
    gas.shareSpreadsheet(gas.spreadsheet.id, 'third@example.com');
    expect(sidebar('getSettings').otherEditors).toBe(2);
    gas.unshareSpreadsheet(gas.spreadsheet.id, 'third@example.com');
    gas.unshareSpreadsheet(gas.spreadsheet.id, EDITOR);
    expect(sidebar('getSettings').otherEditors).toBe(0);
  });
});

describe('updating to a newer release, and removing it', () => {
  /** The release's files, as a newer release would be pasted over them (its version line changed). */
  const newerRelease = () => {
    const code = releaseFile('Code.gs').replace(/^\/\/ Search Demand [^:]+:/, '// Search Demand 99.0.0:');
    const sidebarPage = releaseFile('Sidebar.html');
    return { files: [{ name: 'Code.gs', source: code }], html: { Sidebar: sidebarPage } };
  };

  it('keeps the key, the tables, the tracking lists and the trigger when new files are pasted over the project', () => {
    sidebar('saveApiKey', [KEY, false, address]);
    sidebar<TablesView>('insertRankingTable', [{ group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 }]);
    sidebar<TablesView>('setRefreshSchedule', [{ kind: 'daily', hour: 6 }]);
    sidebar<TrackingView>('addTrackingList', [{ name: '', kind: 'keywords', items: ['coffee'], period: 'week', fields: null }]);
    const triggers = gas.triggers.map((t) => t.uid);

    const newer = newerRelease();
    gas.updateProject(newer.files, newer.html);
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
    expect(sidebar('getSettings')).toMatchObject({ hasKey: true, baseUrl: address });
    expect(sidebar<TablesView>('getTables').tables).toHaveLength(1);
    expect(sidebar<TrackingView>('getTracking').lists).toHaveLength(1);
    expect(gas.triggers.map((t) => t.uid)).toEqual(triggers);
    gas.advanceClock(24 * 3_600_000);
    expect(gas.fireDueTriggers().map((f) => f.result.ok)).toEqual([true]);
  });

  it('removes its trigger once no schedule or list of yours is left, and the key on request', () => {
    sidebar('saveApiKey', [KEY, false, address]);
    sidebar<TablesView>('insertRankingTable', [{ group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 }]);
    sidebar<TablesView>('setRefreshSchedule', [{ kind: 'hourly' }]);
    const list = sidebar<TrackingView>('addTrackingList', [{ name: '', kind: 'keywords', items: ['tea'], period: 'week', fields: null }]);
    expect(gas.triggers).toHaveLength(1);
    sidebar<TablesView>('setRefreshSchedule', [{ kind: 'off' }]);
    sidebar<TrackingView>('forgetTrackingList', [list.lists[0]?.id]);
    expect(gas.triggers).toEqual([]);
    expect(sidebar('removeApiKey')).toMatchObject({ hasKey: false });
    expect(gas.properties.user.get('SDM_API_KEY')).toBeNull();
  });
});
