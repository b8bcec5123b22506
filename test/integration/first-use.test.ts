/**
 * The Marketplace add-on (dist/) where a user first meets it: its menu, built by onOpen as a simple
 * trigger (AuthMode.LIMITED, or NONE where it was never used), whose every item works; a new
 * spreadsheet, where Sheets knows none of its functions until the add-on is used there once (what the
 * README, docs/use/functions.md and the sidebar tell users); and its allowlist, which still refuses any
 * other service address, typed beside the key or alone.
 */
import { describe, expect, it } from 'vitest';
import { triggerEvent } from '../../dev/gas/index.js';
import { KEY, useStack } from './stack';

const stack = useStack();

/** The menu's items (function names), as the last onOpen built it. */
const menuItems = () => (stack.gas.ui.menus.at(-1)?.entries ?? []).flatMap((e) => (e.kind === 'item' ? [e.functionName] : []));

describe('the menu built in LIMITED', () => {
  it('opens no sidebar itself, and every item works from it', () => {
    const open = stack.gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    expect(open.ok).toBe(true);
    expect(stack.gas.ui.sidebars).toHaveLength(0);
    const items = menuItems();
    expect(items).toHaveLength(10);
    for (const item of items) {
      const shown = stack.gas.ui.sidebars.length + stack.gas.toasts.length;
      const result = stack.gas.run(item, [], { mode: 'menu' });
      expect(result.error, item).toBeUndefined();
      // Each shows the user something: a sidebar, or a toast saying what happened.
      expect(stack.gas.ui.sidebars.length + stack.gas.toasts.length, item).toBe(shown + 1);
    }
  });
});

describe('a new spreadsheet', () => {
  it("knows none of the add-on's functions until any menu item is used there once", () => {
    const fresh = stack.gas.addSpreadsheet({ id: 'fresh', name: 'Fresh', owner: stack.gas.userEmail });
    fresh.setFormula('Sheet1!A1', '=SEARCH_TREND("coffee", "peak.month")');

    // Opened: the menu is there (onOpen in NONE), but Sheets does not know the formula.
    expect(stack.gas.run('onOpen', [triggerEvent('NONE')], { mode: 'simple-trigger', document: 'fresh' }).ok).toBe(true);
    expect(menuItems()).toHaveLength(10);
    expect(stack.gas.recalculate('fresh')[0]).toMatchObject({ ok: false, error: "Unknown function: 'SEARCH_TREND'." });
    expect(fresh.getValues('Sheet1!A1')).toEqual([['#NAME?']]);

    // Extensions › Search Demand › any item, once (here Refresh all formulas, which fetches the formula's
    // answer and re-runs the formula typed before): now the formula runs.
    expect(stack.gas.run('refreshFormulasFromMenu', [], { mode: 'menu', document: 'fresh' }).ok).toBe(true);
    expect(stack.gas.toasts.at(-1)).toMatchObject({
      documentId: 'fresh',
      message:
        '1 formula cell recalculating, from answers cached or fetched just now (1 request, 1 of them fresh searches; 1 got the SDM_REFRESH argument the first time).',
    });
    expect(stack.gas.recalculate('fresh')[0]).toMatchObject({ ok: true });
    expect(fresh.getValues('Sheet1!A1')[0]?.[0]).toBeInstanceOf(Date); // a peak month, shown as a date
  });
});

describe("the Marketplace build's allowlist", () => {
  it('refuses a service address outside it, typed beside the key, and stores nothing', () => {
    const before = stack.gas.properties.user.snapshot();
    const refused = stack.gas.run('saveApiKey', [KEY, false, 'https://api.other.example'], { mode: 'sidebar' });
    expect(refused.error).toMatch(/^This add-on may only call .* so https:\/\/api\.other\.example was not saved\.$/);
    expect(stack.gas.properties.user.snapshot()).toEqual(before);
    // The sidebar's own call (no address) keeps working as it always did.
    const saved = stack.gas.run('saveApiKey', [KEY, false], { mode: 'sidebar' });
    expect(saved.value).toMatchObject({ hasKey: true, selfInstall: false });
  });
});
