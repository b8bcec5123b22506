/**
 * A user who left "Connect to an external service" unticked on Google's consent screen (granular consent):
 * the sidebar's Refresh usage says which permission is missing, what it is for and how to grant it, not a
 * network error, and sends nothing. dist/Sidebar.html runs in Chromium, its calls in dev/gas.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ServiceHandle } from '../../dev/service/harness.js';
import { useSidebarStack } from './sidebar-stack.js';

const EXTERNAL = 'https://www.googleapis.com/auth/script.external_request';
const GRANTED = [
  'https://www.googleapis.com/auth/script.container.ui',
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/script.scriptapp',
  'https://www.googleapis.com/auth/userinfo.email',
];

let service: ServiceHandle;
let page: Page;
let pageErrors: string[];

useSidebarStack({ keySaved: true, runtime: { grantedScopes: GRANTED } }, (stack) => ({ service, page, pageErrors } = stack));

describe('a permission left unticked', () => {
  it('Refresh usage shows which permission is missing and how to grant it, and sends nothing', async () => {
    expect(GRANTED).not.toContain(EXTERNAL);
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    const message = page.getByText(/^Permission missing: connect to the service\./);
    await expect.poll(() => message.isVisible()).toBe(true);
    expect(await message.textContent()).toMatch(
      /Search Demand needs it to fetch search data with your key; nothing was done\. Grant it with Extensions › Search Demand › Grant permissions… and tick “Connect to an external service”\.$/,
    );
    expect(await page.getByText(/network error|Something went wrong/).count()).toBe(0);
    expect((await service.control.stats()).requests).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
