/**
 * What the guides promise a new user about the ways in: the README's front door offers three, in order
 * (install it yourself, try it locally, publish it); the install guide names the files of release/, the
 * project name the menu takes, Google's unverified-app screen, every permission of the release's
 * manifest with its reason, updating and removing, and the warning about the script's editors (and
 * the whole truth about keys: an editor can read the owner's unshared one); Google's consent screen
 * with a box per permission; a person's own script kept, against the release's real global names;
 * administrators who turn Apps Script off; a formula typed before the key; a second editor; the
 * README and the functions reference tell Marketplace users to use the add-on once in each new
 * spreadsheet before typing formulas (what test/integration/first-use.test.ts shows).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderManifest } from '../../scripts/build/manifest';
import { globalNamesOf, RELEASE_FILES } from '../../scripts/build/release';
import { errors } from '../../src/server/errors/errors';

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
    expect(install).toMatch(/It appears because the script is your own copy/);
    // Not for everyone: Google's own words on who is spared it.
    expect(install).toContain(
      '"Verification isn\'t required for Google Apps Script projects whose owner and users belong to the same Google Workspace domain or customer"',
    );
  });

  it("explains every permission of the release's manifest, and no other", () => {
    // The manifest the release is built with (scripts/build/manifest.ts), whatever release/ holds until it is rebuilt.
    const template = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8')) as Record<string, unknown>;
    const scopes = renderManifest(template, [], 'self').oauthScopes as string[];
    const section = /## The permissions, and why each is asked(.*?)## /.exec(install)?.[1] ?? '';
    const listed = [...section.matchAll(/\| `(https:\/\/www\.googleapis\.com\/auth\/[\w.]+)` \| ([^|]{20,}) \|/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...scopes].sort());
    expect(listed).toContain('https://www.googleapis.com/auth/spreadsheets.currentonly');
  });

  it("shows the consent screen a self-installer sees: one box per permission, in Google's words, this spreadsheet only", () => {
    const boxes = [
      ...(/Its\s+boxes, in Google's words:(.*?)Tick \*\*Select all\*\*/.exec(install)?.[1] ?? '').matchAll(/- \*\*([^*]+)\*\*/g),
    ].map((m) => m[1]);
    expect(boxes).toEqual([
      'View and manage spreadsheets that this application has been installed in',
      'Connect to an external service',
      'Display and run third-party web content in prompts and sidebars inside Google applications',
      'Allow this application to run when you are not present',
      'See your primary Google Account email address',
    ]);
    // An unticked box: the add-on stops first, so Google does not ask again by itself.
    expect(install).toContain('Google does not ask again by itself');
    expect(install).not.toMatch(/Google asks again when you next use it|runs with no spreadsheet open, opens/);
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

describe('the install guide tells the whole truth about the key', () => {
  it("says an editor can read the owner's unshared key, and never that other people cannot read it", () => {
    expect(install).not.toMatch(/cannot read (it|your key)|menu cannot read|nobody sees/i);
    expect(install).toContain('"only gets the properties of the spreadsheet owner"');
    expect(install).toContain("**The owner's key, with no action of the owner.**");
    expect(install).toContain('use the **Marketplace add-on** instead');
  });
});

describe("the install guide, as a new user meets Google's screens", () => {
  it('has one box per permission to tick, Select all, never a single Allow button', () => {
    expect(install).not.toContain('Click **Allow**');
    expect(install).toContain('Tick **Select all**');
    expect(install).toContain('with one checkbox for each permission below');
  });

  it('says what an administrator who turned Apps Script off means for the user, and whom to ask', () => {
    expect(install).toContain('"Users can\'t create or edit scripts"');
    expect(install).toContain('ask your Workspace administrator to turn Apps Script on for you');
  });

  it('says what a formula typed before the key shows, in the words the add-on writes, and how to re-run it', () => {
    expect(install).toContain(`shows \`${errors.noFormulaKey().message}\``);
    expect(install).toContain('**Re-run the formulas now**');
    expect(install).toContain('**Extensions › Search Demand › Refresh all formulas**');
  });

  it('tells a second editor what to do', () => {
    expect(install).toContain('## A second editor of the spreadsheet');
    expect(install).toContain('the editor ticks **Share with this document**');
  });

  it('freezes results before removing the key (a recalculation without it says "No API key")', () => {
    const removing = /## Removing it(.*?)## /.exec(install)?.[1] ?? '';
    const freeze = removing.indexOf('Freeze any results you want to keep');
    expect(freeze).toBeGreaterThan(0);
    expect(freeze).toBeLessThan(removing.indexOf('**Remove** your key'));
  });

  it('says a pasted script never updates itself, where its version shows and where releases are described', () => {
    const updating = /## Updating to a newer release(.*?)## /.exec(install)?.[1] ?? '';
    expect(updating).toContain('**A pasted script never updates itself.**');
    expect(updating).toContain("The sidebar's help (its last line) says which release you run");
    expect(updating).toContain('[CHANGELOG.md](../../CHANGELOG.md)');
  });
});

describe('a spreadsheet that already has a script', () => {
  const code = readFileSync(join(root, 'release/Code.gs'), 'utf8');
  const globals = globalNamesOf(code);

  it("keeps the person's code: the guide adds files beside it and merges the manifest", () => {
    const section = /## A spreadsheet that already has a script(.*?)## /.exec(install)?.[1] ?? '';
    expect(section).toContain('Keep your code');
    expect(section).toContain('name it `SearchDemand`');
    expect(section).toContain("do not replace yours (step 6). Merge the release's into it");
    // Step 2 sends a person with code of their own there before anything is deleted.
    expect(install).toContain('**If the project already has code of yours**');
  });

  it("states the release's global names as they are: how many, and that all but SDM are called by Google", () => {
    const stated = /add as few names to it as Apps Script allows, (\d+): the (\d+) that Google calls by name/.exec(install);
    expect(Number(stated?.[1])).toBe(globals.length);
    expect(Number(stated?.[2])).toBe(globals.filter((name) => name !== 'SDM').length);
    expect(globals).toContain('SDM');
    expect(install).toContain(`lines of \`Code.gs\` list all ${globals.length}`);
    expect(code).toContain(`// It adds these ${globals.length} names to the global scope`);
  });
});
