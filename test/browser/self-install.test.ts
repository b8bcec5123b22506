/**
 * The sidebar a self-installer meets: release/Sidebar.html served by dev/host, its calls run by
 * release/Code.gs as a container-bound script in dev/gas, against the local service over https. The
 * first screen asks for the key and the service's address together, says where this copy lives, warns
 * before a key is shared with the document and, when others can edit the spreadsheet, that they can
 * change the script and read the key; the help says which release it is: the version the
 * script reports, and plainly when Code.gs and Sidebar.html were pasted from different releases.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { GasRuntime } from '../../dev/gas/index.js';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { KEY, RELEASE_CODE_PATH } from '../../dev/stack.js';
import { useSidebarStack } from './sidebar-stack.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let service: ServiceHandle;
let runtime: GasRuntime;
let page: Page;
let pageErrors: string[];

useSidebarStack(
  { tls: true, htmlDir: dirname(RELEASE_CODE_PATH), runtime: { codePath: RELEASE_CODE_PATH, addon: false, projectName: 'Search Demand' } },
  (stack) => ({ service, runtime, page, pageErrors } = stack),
);

const keyStatus = () => page.locator('#key-status');

describe('a self-install, first visit', () => {
  it('asks for the key and the address together, and says this copy lives in this spreadsheet only', async () => {
    await expect.poll(() => page.locator('#key-form').isVisible()).toBe(true);
    expect(await page.locator('#key-where').textContent()).toBe(
      'This copy of Search Demand lives in this spreadsheet only: to use it in another spreadsheet, install it there the same way.',
    );
    await expect.poll(() => page.getByLabel('Service address').isVisible()).toBe(true);
    // No default service to override: the Advanced section is not shown.
    await expect.poll(() => page.locator('#advanced').isVisible()).toBe(false);
    expect(await page.locator('#key-share-editors').textContent()).toMatch(
      /^Everyone who can edit this spreadsheet can open\s+Extensions › Apps Script, read a key shared here/,
    );
    await expect.poll(() => page.locator('#key-share-editors').isVisible()).toBe(true);
    // Nobody else can edit this spreadsheet: no warning about its editors.
    expect(await page.locator('#editors-notice').isVisible()).toBe(false);
  });

  it('refuses a plain http address before asking the server, and saves both after one check', async () => {
    await page.getByLabel('Paste your API key').fill(KEY);
    await page.getByLabel('Service address').fill(service.url);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => keyStatus().textContent()).toBe('Use the https:// address: your key travels with every request.');
    expect(runtime.properties.user.snapshot()).toEqual({});

    await service.control.resetStats();
    await page.getByLabel('Service address').fill(`${service.httpsUrl}/api/v1`);
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => keyStatus().textContent()).toMatch(/^Key saved: ••••/);
    expect(runtime.properties.user.get('SDM_BASE_URL')).toBe(service.httpsUrl);
    expect(runtime.properties.user.get('SDM_API_KEY')).toBe(KEY);
    expect((await service.control.stats()).byEndpoint['/usage']).toBe(1);
    expect(await page.locator('#key-source').textContent()).toBe(`Your key, for ${service.httpsUrl}`);
    // The key never reaches the page's DOM.
    expect(await page.content()).not.toContain(KEY);
  });

  it('says in the help which release this is and how to update it', async () => {
    expect(await page.locator('#help-about').textContent()).toMatch(
      new RegExp(`^Search Demand ${VERSION.replace(/\./g, '\\.')}, installed in this spreadsheet by hand\\. To update`),
    );
    // The script and the page are one release: nothing more is said.
    expect(await page.locator('#version-notice').isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});

describe('a self-install whose Code.gs was pasted from another release than its Sidebar.html', () => {
  // This release's Sidebar.html beside a Code.gs that reports another version, as an older paste would.
  const folder = mkdtempSync(join(tmpdir(), 'sdm-other-release-'));
  const otherCode = join(folder, 'Code.gs');
  const code = readFileSync(RELEASE_CODE_PATH, 'utf8');
  const declared = `var VERSION = ${JSON.stringify(VERSION)};`;
  if (!code.includes(declared)) throw new Error(`release/Code.gs does not declare ${declared}: run npm run release`);
  writeFileSync(otherCode, code.replace(declared, 'var VERSION = "0.0.1";'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  let mixedPage: Page;
  useSidebarStack(
    { tls: true, htmlDir: dirname(RELEASE_CODE_PATH), runtime: { codePath: otherCode, addon: false, projectName: 'Search Demand' } },
    (stack) => (mixedPage = stack.page),
  );

  it('says plainly, at the top and in the help, which file is which release and to paste both again', async () => {
    const said = `This sidebar (Sidebar.html) is Search Demand ${VERSION}, but the script (Code.gs) is Search Demand 0.0.1: the two files come from different releases. Paste both files of one release again, Code.gs and Sidebar.html, in Extensions › Apps Script, then close this sidebar and open it again.`;
    await expect.poll(() => mixedPage.locator('#version-notice').isVisible()).toBe(true);
    expect(await mixedPage.getByRole('alert').filter({ hasText: 'different releases' }).textContent()).toBe(said);
    expect(await mixedPage.locator('#help-about').textContent()).toBe(said);
    // The rest of the sidebar still works: the key's form is there.
    await expect.poll(() => mixedPage.locator('#key-form').isVisible()).toBe(true);
  });
});

describe('a self-install in a spreadsheet someone else can edit too', () => {
  // Any editor can change a bound script: a function of theirs reads the owner's key whenever a formula
  // runs (Google gives custom functions the owner's user properties), anyone else's on their next use.
  let sharedPage: Page;
  useSidebarStack(
    {
      tls: true,
      htmlDir: dirname(RELEASE_CODE_PATH),
      runtime: { codePath: RELEASE_CODE_PATH, addon: false, projectName: 'Search Demand' },
      prepare: (rt) => rt.shareSpreadsheet(rt.spreadsheet.id, 'bob@example.com'),
    },
    (stack) => (sharedPage = stack.page),
  );

  it('warns at the top that the other editor can change the script and read the key, pointing to the Marketplace add-on', async () => {
    const notice = sharedPage.locator('#editors-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toBe(
      "1 other person can edit this spreadsheet, so change its script, which can then read your key, shared or not (the owner's whenever a formula runs), and send it elsewhere. Unless you trust every editor, give them view access or use the Marketplace add-on, whose code no editor can change.",
    );
    // It sits above every section, so a folded key section does not hide it.
    const [noticeBox, keyBox] = await Promise.all([notice.boundingBox(), sharedPage.locator('#key-section').boundingBox()]);
    expect(noticeBox && keyBox && noticeBox.y < keyBox.y).toBe(true);
    // The key's hint says where the key is kept, and who can read it there.
    expect(await sharedPage.locator('#key-input-help').textContent()).toBe(
      'Saved in your settings of this script, which anyone who can edit this spreadsheet can change to read it. It is checked before it is saved.',
    );
  });
});

describe('the Marketplace add-on, first visit', () => {
  let marketplacePage: Page;
  useSidebarStack({}, (stack) => (marketplacePage = stack.page));

  it('says on its first screen to use the add-on once in each new spreadsheet before typing formulas', async () => {
    await expect.poll(() => marketplacePage.locator('#key-form').isVisible()).toBe(true);
    expect(await marketplacePage.locator('#key-where').textContent()).toBe(
      'In each new spreadsheet, use the add-on once (Extensions › Search Demand › any item) before typing its formulas: until then Sheets does not know them there (#NAME?).',
    );
    await expect.poll(() => marketplacePage.locator('#key-where').isVisible()).toBe(true);
    // Its service is compiled in: no address beside the key, and no warning about the script's editors.
    await expect.poll(() => marketplacePage.getByLabel('Service address').isVisible()).toBe(false);
    await expect.poll(() => marketplacePage.locator('#key-share-editors').isVisible()).toBe(false);
    expect(await marketplacePage.locator('#editors-notice').isVisible()).toBe(false);
    expect(await marketplacePage.locator('#help-about').textContent()).toBe(`Search Demand ${VERSION}.`);
  });
});
