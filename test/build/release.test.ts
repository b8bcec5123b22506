/**
 * release/, what a person without Node pastes into their spreadsheet (docs/use/install.md): committed, and
 * proven here to be exactly what `npm run release` builds from the current sources, so CI fails while it
 * is stale. The fewest files (three), readable code as Google's editor shows it, the release's version
 * in the pasted files, the sidebar's help and CHANGELOG.md's newest entry, a manifest with scopes and no
 * allowlist, no onInstall.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { changelogEntry } from '../../scripts/build/changelog';
import { ALL_SPREADSHEETS_SCOPE, renderManifest, THIS_SPREADSHEET_SCOPE } from '../../scripts/build/manifest';
import { buildRelease, globalNamesOf, RELEASE_FILES, releaseVersion } from '../../scripts/build/release';
import { readPublicFunctions } from '../../scripts/build/toplevel';

const root = fileURLToPath(new URL('../../', import.meta.url));
const committed = join(root, 'release');
const fresh = mkdtempSync(join(tmpdir(), 'sdm-release-test-'));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));
const built = buildRelease(root, fresh);
const version = releaseVersion(root);
const read = (name: string) => readFileSync(join(committed, name), 'utf8');

describe('the committed release/', () => {
  it('is what npm run release builds from these sources (else: run npm run release and commit release/)', () => {
    expect(existsSync(committed), 'release/ is missing: run npm run release').toBe(true);
    expect(readdirSync(committed).sort()).toEqual([...RELEASE_FILES].sort());
    for (const name of RELEASE_FILES) {
      // One comparison per file, so a stale release names the file (and the test says what to run).
      expect(read(name) === built[name], `release/${name} is stale: run npm run release and commit release/`).toBe(true);
    }
  }, 120_000);

  it('is at most four files to paste: the script, the sidebar page and the manifest', () => {
    expect(RELEASE_FILES).toEqual(['Code.gs', 'Sidebar.html', 'appsscript.json']);
  });

  it("says its version in the script's first line and in the sidebar's help", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(read('Code.gs').split('\n')[0]).toBe(
      `// Search Demand ${version}: the add-on as a script of your own spreadsheet (a self-install).`,
    );
    const help = /<p id="help-about" class="hint">([^<]*)<\/p>/.exec(read('Sidebar.html'))?.[1] ?? '';
    expect(help).toMatch(new RegExp(`^Search Demand ${version.replace(/\./g, '\\.')}, installed in this spreadsheet by hand\\. To update`));
    // The script reports the same version to the sidebar, which compares it with its own.
    expect(read('Code.gs')).toContain(`var VERSION = ${JSON.stringify(version)};`);
  });

  it("is the version of CHANGELOG.md's newest entry, which says what it brings", () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    const releases = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]).filter((name) => name !== 'Unreleased');
    expect(releases[0]).toBe(version);
    expect(changelogEntry(changelog, version)).not.toBe('');
  });

  it('has a manifest with the scopes and no allowlist, asking for its own spreadsheet only: the address is typed in the Settings', () => {
    const manifest = JSON.parse(read('appsscript.json')) as Record<string, unknown>;
    const template = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toEqual(renderManifest(template, [], 'self'));
    expect(manifest.oauthScopes).toContain(THIS_SPREADSHEET_SCOPE);
    expect(manifest.oauthScopes).not.toContain(ALL_SPREADSHEETS_SCOPE);
    expect(manifest).not.toHaveProperty('urlFetchWhitelist');
    expect(manifest.runtimeVersion).toBe('V8');
  });

  it('is readable code: names kept, one statement a line, and nothing made from text', () => {
    const code = read('Code.gs');
    // Readable as Google's editor shows it: the source's own names, lines a person can read.
    expect(code).toContain('function readLookupSettings(payer) {');
    expect(code).toContain('SDM.server = function () {');
    const lines = code.split('\n');
    expect(lines.filter((line) => line.length > 200).length / lines.length).toBeLessThan(0.01);
    expect(code).not.toMatch(/\beval\s*\(/);
    expect(code).not.toMatch(/(^|[^.\w])(new\s+)?Function\s*\(/);
    expect(code.match(/[A-Za-z0-9+/=]{200,}/g) ?? []).toEqual([]);
    expect(read('Sidebar.html')).not.toContain('SDM.server');
  });

  it('holds every public function but onInstall, and only declares at load', () => {
    const context = vm.createContext({});
    vm.runInContext(read('Code.gs'), context, { timeout: 5_000 });
    const global = vm.runInContext('globalThis', context) as Record<string, unknown>;
    const names = readPublicFunctions(join(root, 'src/server/index.ts')).map((f) => f.name);
    expect(names).toContain('onInstall');
    for (const name of names) expect(typeof global[name], name).toBe(name === 'onInstall' ? 'undefined' : 'function');
    // Server's bundle ran nothing at load (it runs on the first call of a sidebar, menu or trigger function).
    expect((global.SDM as { server: { exports?: unknown } }).server.exports).toBeUndefined();
  });

  it('adds to the global scope only the names Apps Script calls, and one namespace; its header lists them', () => {
    // Every script file of a project shares one global scope: a self-installer's own script lives in it
    // too (docs/use/install.md). Apps Script calls custom functions, onOpen, menu items, the trigger's
    // handler and the sidebar's functions by their names, so those must be top-level; the rest is in SDM.
    const required = readPublicFunctions(join(root, 'src/server/index.ts'))
      .map((f) => f.name)
      .filter((name) => name !== 'onInstall');
    const added = globalNamesOf(read('Code.gs'));
    expect(added.filter((name) => !required.includes(name))).toEqual(['SDM']);
    expect(added.length).toBeLessThanOrEqual(required.length + 1);
    const header = read('Code.gs').split('\n// Search Demand add-on. Generated')[0] ?? '';
    expect(header).toContain(`// It adds these ${added.length} names to the global scope`);
    const listed = header.slice(header.indexOf('clashes with it.') + 'clashes with it.'.length).replace(/\/\/|[\s.]/g, '');
    expect(listed.split(',')).toEqual(added);
  });
});
