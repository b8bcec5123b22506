/**
 * The sidebar a self-installer meets: release/Sidebar.html served by dev/host, its calls run by
 * release/Code.gs as a container-bound script in dev/gas, against the local service over https. The
 * first screen asks for the key and the service's address together, says where this copy lives, warns
 * before a key is shared with the document, and the help says which release it is.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
    expect(pageErrors).toEqual([]);
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
    expect(await marketplacePage.locator('#help-about').textContent()).toBe(`Search Demand ${VERSION}.`);
  });
});
