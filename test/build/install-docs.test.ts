/**
 * What the guides promise a new user about the ways in: the README's front door offers three, in order
 * (install it yourself, try it locally, publish it); the install guide names the files of release/, the
 * project name the menu takes, Google's unverified-app screen, every permission of the release's
 * manifest with its reason, updating and removing, and the warning about the script's editors; the
 * README and the functions reference tell Marketplace users to use the add-on once in each new
 * spreadsheet before typing formulas (what test/integration/first-use.test.ts shows).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RELEASE_FILES } from '../../scripts/build/release';

const root = fileURLToPath(new URL('../../', import.meta.url));
const text = (path: string) => readFileSync(join(root, path), 'utf8').replace(/\s+/g, ' ');
const readme = text('README.md');
const install = text('docs/use/install.md');

describe("the README's front door", () => {
  it('offers three ways in, in order: install it yourself, try it locally, publish it', () => {
    const section = /## Three ways in(.*?)## /.exec(readme)?.[1] ?? '';
    const ways = [...section.matchAll(/\d\. \*\*([^*]+)\*\*/g)].map((m) => m[1]);
    expect(ways).toEqual(['Install it yourself', 'Try it locally', 'Publish it']);
    const at = (needle: string) => section.indexOf(needle);
    expect(at('](docs/use/install.md)')).toBeGreaterThan(at('Install it yourself'));
    expect(at('npm install && npm start')).toBeGreaterThan(at('Try it locally'));
    expect(at('](docs/publish/publishing.md)')).toBeGreaterThan(at('Publish it'));
  });
});

describe('a new spreadsheet tells the truth', () => {
  it.each(['README.md', 'docs/use/functions.md'])('%s says to use the add-on once there before typing formulas', (page) => {
    const words = text(page);
    expect(words).toMatch(/use the add-on once (in each new spreadsheet|first)\*?\*? \(Extensions › Search Demand › any item/i);
    expect(words).toContain('#NAME?');
  });
});

describe('docs/use/install.md', () => {
  it('pastes exactly the files of release/, the sidebar page under the name the script opens', () => {
    for (const name of RELEASE_FILES) expect(install).toContain(`\`${name}\``);
    expect(install).toContain('name the file `Sidebar`');
    const code = readFileSync(join(root, 'release/Code.gs'), 'utf8');
    expect(code).toContain(`createHtmlOutputFromFile("Sidebar")`);
  });

  it('names the project Search Demand, the name every "Extensions › Search Demand" in the add-on needs', () => {
    expect(install).toContain('type `Search Demand` and click **Rename**');
    expect(install).toContain('"if the script is bound to the document directly, the sub-menu name matches the script\'s name"');
  });

  it("walks through Google's unverified-app screen, saying why it appears", () => {
    expect(install).toContain("**Google hasn't verified this app**");
    expect(install).toContain('**Go to Search Demand (unsafe)**');
    expect(install).toMatch(/This appears because the script is your own copy/);
  });

  it("explains every permission of the release's manifest, and no other", () => {
    const manifest = JSON.parse(readFileSync(join(root, 'release/appsscript.json'), 'utf8')) as { oauthScopes: string[] };
    const section = /## The permissions, and why each is asked(.*?)## /.exec(install)?.[1] ?? '';
    const listed = [...section.matchAll(/\| `(https:\/\/www\.googleapis\.com\/auth\/[\w.]+)` \| ([^|]{20,}) \|/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...manifest.oauthScopes].sort());
  });

  it('says how to update without losing anything, how to remove it with its trigger, and who can read the script', () => {
    expect(install).toContain('## Updating to a newer release');
    expect(install).toContain('Your key, your ranking tables and their schedule, your tracking lists and your trigger are kept');
    expect(install).toContain('## Removing it');
    expect(install).toContain('the add-on deletes your trigger');
    expect(install).toContain(
      '**Everyone who can edit the spreadsheet can open Extensions › Apps Script, read the script and change it.**',
    );
    expect(install).toContain('give everyone else **view** access');
  });
});

describe('the install guide on the size of Code.gs', () => {
  it("says about how long the release's Code.gs is, within a tenth (a person pastes it and waits)", () => {
    const said = Number(/about (\d+) KB of plain, readable code/.exec(install)?.[1]);
    const bytes = readFileSync(join(root, 'release/Code.gs')).length;
    expect(Math.abs(said * 1024 - bytes) / bytes).toBeLessThan(0.1);
  });
});
