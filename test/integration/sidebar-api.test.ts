/**
 * The sidebar's server functions as google.script.run calls them (sidebar executions of the built
 * Code.js): the key is checked before it is stored, never returned, shared only on request; usage is
 * read by meaning on both schemas (Refresh; opening the sidebar reads none: sidebar-spend.test.ts); clearing the cache makes formulas fetch again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { KEY, type Stack, useStack } from './stack';
import { PLACEHOLDER_BASE_URL } from '../../scripts/build/manifest';

const sidebar = (stack: Stack, fn: string, ...args: unknown[]) => stack.gas.run(fn, args, { mode: 'sidebar' });
const ok = (stack: Stack, fn: string, ...args: unknown[]) => {
  const result = sidebar(stack, fn, ...args);
  if (!result.ok) throw new Error(`${fn}: ${result.error}`);
  return result.value as Record<string, unknown>;
};

describe.each(['a', 'b'] as const)('schema %s', (schema) => {
  const stack = useStack(schema);
  // These tests start as a user who has not saved a key yet.
  beforeEach(() => {
    stack.gas.properties.user.delete('SDM_API_KEY');
  });

  it('refuses a bad key without storing it, and stores a good one showing only its last four characters', () => {
    expect(ok(stack, 'getSettings')).toMatchObject({ hasKey: false, maskedKey: null, formulas: { source: 'none' } });
    const refused = sidebar(stack, 'saveApiKey', 'sdm-live-not-a-real-key-000', false);
    expect(refused.error).toMatch(/^The service refused this key \(invalid or revoked\), so it was not saved/);
    expect(stack.gas.properties.user.get('SDM_API_KEY')).toBeNull();

    const saved = ok(stack, 'saveApiKey', `  ${KEY}\n`, false);
    expect(saved).toMatchObject({
      hasKey: true,
      maskedKey: `••••${KEY.slice(-4)}`,
      sharedWithDocument: false,
      formulas: { source: 'owner' },
    });
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(stack.gas.properties.user.get('SDM_API_KEY')).toBe(KEY);
    expect(stack.gas.properties.document.get('SDM_API_KEY')).toBeNull();
  });

  it('reads usage by meaning: one bar per allowance, matching the service', async () => {
    ok(stack, 'saveApiKey', KEY, false);
    stack.value('SEARCH_SCORE', [['coffee'], ['tea']]);
    const { last: usage, document } = ok(stack, 'refreshUsage') as unknown as {
      last: { bars: { label: string; used: number; limit: number }[]; table: unknown[][]; readAt: string; resetAt: string | null };
      document: { requests: number; freshSearches: number };
    };
    const labels = usage.bars.map((b) => b.label.toLowerCase());
    expect(labels).toHaveLength(2);
    const fresh = usage.bars.find((b) => /search/i.test(b.label));
    const calls = usage.bars.find((b) => /call/i.test(b.label));
    expect(fresh).toMatchObject({ used: 2, limit: 250 });
    // The key check, the range's two keywords and this read: every request counts as a call.
    expect(calls).toMatchObject({ used: (await stack.service.control.stats()).apiCalls, limit: 2000 });
    expect(usage.table.length).toBeGreaterThan(1);
    expect(Date.parse(usage.readAt)).toBeGreaterThan(stack.gas.clock.now() - 60_000);
    expect(usage.resetAt).toBeTruthy();
    // What this spreadsheet sent today: the key check, the range's two keywords and this read.
    expect(document).toMatchObject({ requests: (await stack.service.control.stats()).apiCalls, freshSearches: 2 });
  });
});

describe('settings', () => {
  const stack = useStack();
  // These tests start as a user who has not saved a key yet.
  beforeEach(() => {
    stack.gas.properties.user.delete('SDM_API_KEY');
  });

  it('shares the key with the document only on request, and removes both copies', () => {
    ok(stack, 'saveApiKey', KEY, true);
    expect(stack.gas.properties.document.get('SDM_API_KEY')).toBe(KEY);
    expect(ok(stack, 'setKeySharing', false)).toMatchObject({ sharedWithDocument: false });
    expect(stack.gas.properties.document.get('SDM_API_KEY')).toBeNull();
    ok(stack, 'setKeySharing', true);
    expect(ok(stack, 'removeApiKey')).toMatchObject({ hasKey: false });
    expect(stack.gas.properties.user.get('SDM_API_KEY')).toBeNull();
    expect(stack.gas.properties.document.get('SDM_API_KEY')).toBeNull();
  });

  it('refuses empty or broken input, and a key it cannot check, saving nothing', async () => {
    expect(sidebar(stack, 'saveApiKey', '   ', false).error).toBe('Paste your API key first.');
    expect(sidebar(stack, 'saveApiKey', 'abc def', false).error).toMatch(/no spaces/);
    await stack.service.control.faults([{ kind: '5xx', count: 10 }]);
    expect(sidebar(stack, 'saveApiKey', KEY, false).error).toMatch(
      /^The key could not be checked, so it was not saved: The service is unavailable/,
    );
    expect(stack.gas.properties.user.get('SDM_API_KEY')).toBeNull();
    expect(sidebar(stack, 'setKeySharing', true).error).toMatch(/Save your API key first/);
  });

  it('accepts only URLs inside the allowlist (this local build: loopback too), and resets to the default', () => {
    expect(sidebar(stack, 'setBaseUrl', 'http://evil.example').error).toMatch(/https:\/\//);
    expect(sidebar(stack, 'setBaseUrl', 'javascript:alert(1)').error).toMatch(/https:\/\//);
    expect(sidebar(stack, 'setBaseUrl', 'https://api.example.org/').error).toMatch(/^This add-on may only call /);
    expect(ok(stack, 'setBaseUrl', `${PLACEHOLDER_BASE_URL}/`)).toMatchObject({ baseUrl: PLACEHOLDER_BASE_URL, baseUrlIsDefault: false });
    expect(ok(stack, 'setBaseUrl', 'http://127.0.0.1:4100')).toMatchObject({ baseUrl: 'http://127.0.0.1:4100', baseUrlIsDefault: false });
    expect(ok(stack, 'setBaseUrl', '')).toMatchObject({ baseUrlIsDefault: true, baseUrl: PLACEHOLDER_BASE_URL });
  });

  it("refuses a base URL whose path differs only in case from the allowlist's (Google matches paths case-sensitively), changing nothing", () => {
    const before = stack.gas.properties.user.get('SDM_BASE_URL');
    // Inside the allowlist's https://search-demand-service.example/api/v1/ only if /API/V1 were /api/v1.
    const refused = sidebar(stack, 'setBaseUrl', `${PLACEHOLDER_BASE_URL}/API/V1`);
    expect(refused.error).toMatch(/^This add-on may only call /);
    expect(stack.gas.properties.user.get('SDM_BASE_URL')).toBe(before);
    // Google says nothing of the host's case: the stricter reading refuses it in capitals too.
    expect(sidebar(stack, 'setBaseUrl', PLACEHOLDER_BASE_URL.toUpperCase()).error).toMatch(/^This add-on may only call /);
    expect(stack.gas.properties.user.get('SDM_BASE_URL')).toBe(before);
  });

  it('clearing the cache makes the next formula fetch again', async () => {
    ok(stack, 'saveApiKey', KEY, false);
    stack.value('SEARCH_SCORE', 'coffee');
    stack.value('SEARCH_SCORE', 'coffee');
    expect(await stack.requests('/trend')).toBe(1);
    const before = stack.gas.properties.document.get('SDM_CACHE_GEN');
    ok(stack, 'clearCache');
    expect(stack.gas.properties.document.get('SDM_CACHE_GEN')).not.toBe(before);
    stack.value('SEARCH_SCORE', 'coffee');
    expect(await stack.requests('/trend')).toBe(2);
  });

  it('never returns or logs the key from any sidebar call', () => {
    ok(stack, 'saveApiKey', KEY, true);
    const calls = ['getSettings', 'refreshUsage', 'getUsage', 'getCacheInfo', 'estimateRefresh', 'clearCache'].map((fn) =>
      sidebar(stack, fn),
    );
    for (const result of calls) expect(JSON.stringify(result)).not.toContain(KEY);
    expect(stack.gas.logs.join('\n')).not.toContain(KEY);
  });
});

describe('menu', () => {
  const stack = useStack('a', { resetBeforeEach: false });

  it('builds the add-on menu in onOpen even before authorisation (AuthMode.NONE)', () => {
    const result = stack.gas.run('onOpen', [{ authMode: 'NONE' }], { mode: 'simple-trigger', authMode: 'NONE' });
    expect(result.error).toBeUndefined();
    const menu = stack.gas.ui.menus.at(-1);
    expect(menu?.addon).toBe(true);
    const items = menu?.entries.flatMap((e) => (e.kind === 'item' ? [[e.caption, e.functionName]] : []));
    expect(items).toEqual([
      ['Settings', 'showSidebar'],
      ['Start from a template…', 'showTemplates'],
      ['Insert ranking table', 'showRankingTables'],
      ['Refresh ranking tables now', 'refreshRankingTables'],
      ['Refresh all formulas', 'refreshFormulasFromMenu'],
      ['Format results', 'formatResultsFromMenu'],
      ['Freeze selected results as values', 'freezeSelectionFromMenu'],
      ['Unfreeze selected results', 'unfreezeSelectionFromMenu'],
      ['Help', 'showHelp'],
      ['Grant permissions…', 'grantPermissions'],
    ]);
  });

  it('opens the built sidebar page, at the help section from the Help item', () => {
    expect(stack.gas.run('showSidebar', [], { mode: 'menu' }).ok).toBe(true);
    const sidebarPage = stack.gas.ui.sidebars.at(-1);
    expect(sidebarPage?.title).toBe('Search Demand');
    expect(sidebarPage?.html).toContain('<html');
    expect(sidebarPage?.html).not.toContain('window.SDM_OPEN_SECTION="help"');
    expect(stack.gas.run('showHelp', [], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.ui.sidebars.at(-1)?.html).toContain('window.SDM_OPEN_SECTION="help"');
  });

  it('onInstall builds the same menu', () => {
    const before = stack.gas.ui.menus.length;
    expect(stack.gas.run('onInstall', [{ authMode: 'FULL' }], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.ui.menus.length).toBe(before + 1);
  });
});
