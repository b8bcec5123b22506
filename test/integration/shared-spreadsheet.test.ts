/**
 * Whose key a formula spends in a shared spreadsheet, under Google's rule that a custom function reads
 * the SPREADSHEET OWNER's user properties (and none in a shared drive), whoever edits the cell. Each
 * test runs the built Code.js in dev/gas, which enforces that rule, against the local service, and
 * checks which key the service saw (its log keeps the key's last four characters) and what the sidebar
 * tells the owner and a collaborator.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GasRuntime, mapSources, readProject } from '../../dev/gas/index.js';
import { PLACEHOLDER_BASE_URL } from '../../scripts/build/manifest';
import { KEY, OTHER_KEY, TEST_START, useStack } from './stack';
import type { SettingsView } from '../../src/shared/sidebar-api';

const OWNER = 'owner@example.com';
const EDITOR = 'editor@example.com';

const stack = useStack('a', { resetBeforeEach: false });

/**
 * A runtime whose default spreadsheet is owned by `owner` (null: a shared drive) and shared with EDITOR.
 * In a shared drive no user properties reach a formula, so not the base URL override either: there the
 * bundle itself points at the local service, as a build for it would.
 */
function sharedRuntime(owner: string | null): GasRuntime {
  const built = readProject(fileURLToPath(new URL('../../dist/Code.js', import.meta.url)));
  const project = owner === null ? mapSources(built, (source) => source.split(PLACEHOLDER_BASE_URL).join(stack.service.url)) : undefined;
  const gas = new GasRuntime({ userEmail: OWNER, owner, startAt: TEST_START, ...(project ? { project, manifest: null } : {}) });
  gas.shareSpreadsheet(gas.spreadsheet.id, EDITOR);
  if (owner === null) gas.shareSpreadsheet(gas.spreadsheet.id, OWNER);
  for (const user of [OWNER, EDITOR]) gas.userProperties(user).set('SDM_BASE_URL', stack.service.url);
  return gas;
}

let gas: GasRuntime;
beforeEach(async () => {
  await stack.service.control.reset();
  gas?.close();
  gas = sharedRuntime(OWNER);
});
afterAll(() => gas?.close());

/** One formula evaluation, as Sheets runs it when `user` edits the cell. */
function formula(user: string, keyword: string) {
  return gas.run('SEARCH_SCORE', [keyword], { user });
}

/** A sidebar call made by `user`; fails the test if the server threw. */
function sidebar(user: string, fn: string, ...args: unknown[]): SettingsView {
  const result = gas.run(fn, args, { mode: 'sidebar', user });
  if (!result.ok) throw new Error(`${fn} as ${user} failed: ${result.error}`);
  return result.value as SettingsView;
}

/** The key tails the service saw since the last reset. */
async function paidBy(): Promise<string[]> {
  const { log } = await stack.service.control.stats();
  return [...new Set(log.map((entry) => entry.keyTail))];
}

describe("a formula spends the owner's key, whoever evaluates it", () => {
  it("uses the owner's key for a collaborator's cell, and the collaborator's own saved key does nothing", async () => {
    gas.userProperties(OWNER).set('SDM_API_KEY', KEY);
    gas.userProperties(EDITOR).set('SDM_API_KEY', OTHER_KEY);
    const result = formula(EDITOR, 'coffee');
    expect(result.error).toBeUndefined();
    expect(typeof result.value).toBe('number');
    expect(await paidBy()).toEqual([KEY.slice(-4)]);
  });

  it('says "No API key" in a collaborator\'s cell when only the collaborator saved a key, and what to do', async () => {
    expect(sidebar(EDITOR, 'saveApiKey', OTHER_KEY, false).hasKey).toBe(true);
    const before = (await stack.service.control.stats()).requests;
    const result = formula(EDITOR, 'coffee');
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(
      /^No API key for this spreadsheet's formulas: its owner can save one, or anyone can share theirs with the document/,
    );
    // Only the key check of saving reached the service, no formula request.
    expect((await stack.service.control.stats()).requests).toBe(before);
  });

  it("uses a key shared with the document before the owner's, for everyone", async () => {
    gas.userProperties(OWNER).set('SDM_API_KEY', KEY);
    sidebar(EDITOR, 'saveApiKey', OTHER_KEY, true);
    await stack.service.control.reset();
    expect(formula(OWNER, 'tea').ok).toBe(true);
    expect(formula(EDITOR, 'juice').ok).toBe(true);
    expect(await paidBy()).toEqual([OTHER_KEY.slice(-4)]);
  });

  it('lets the owner turn their key off for formulas in this spreadsheet; an editor cannot turn it back on', () => {
    gas.userProperties(OWNER).set('SDM_API_KEY', KEY);
    const off = sidebar(OWNER, 'setOwnerKeyForFormulas', false);
    expect(off.formulas).toMatchObject({ source: 'none', ownerKeyOff: true });
    expect(formula(EDITOR, 'coffee').error).toMatch(/^No API key for this spreadsheet's formulas/);
    expect(formula(OWNER, 'coffee').error).toMatch(/^No API key for this spreadsheet's formulas/);
    const refused = gas.run('setOwnerKeyForFormulas', [true], { mode: 'sidebar', user: EDITOR });
    expect(refused.error).toBe("Only the spreadsheet's owner can choose whether formulas here spend the owner's key.");
    // The choice is per spreadsheet: another spreadsheet of the same owner still uses the key.
    // (one where the add-on was used already: in a new one Sheets would not know the formula yet)
    const other = gas.addSpreadsheet({ id: 'other-sheet', name: 'Other', owner: OWNER, addonUsed: true });
    expect(gas.run('SEARCH_SCORE', ['coffee'], { user: OWNER, document: other.id }).ok).toBe(true);
    expect(sidebar(OWNER, 'setOwnerKeyForFormulas', true).formulas.source).toBe('owner');
    expect(formula(EDITOR, 'coffee').ok).toBe(true);
  });

  it('in a shared drive (no owner) formulas work only with a key shared with the document', async () => {
    gas.close();
    gas = sharedRuntime(null);
    sidebar(EDITOR, 'saveApiKey', OTHER_KEY, false);
    expect(formula(EDITOR, 'coffee').error).toMatch(/^No API key for this spreadsheet's formulas/);
    const shared = sidebar(EDITOR, 'setKeySharing', true);
    expect(shared.owner).toEqual({ kind: 'shared-drive' });
    expect(formula(OWNER, 'coffee').ok).toBe(true);
    expect(await paidBy()).toContain(OTHER_KEY.slice(-4));
  });
});

// The sentences each person reads are the sidebar's (test/unit/sidebar/formulas-model.test.ts, and the
// browser test of owner and collaborator); here, the facts the server gives them.
describe('the sidebar tells each person the truth', () => {
  it('tells the owner that their key pays for every editor, and the collaborator whose key formulas use', () => {
    gas.userProperties(OWNER).set('SDM_API_KEY', KEY);
    const owner = sidebar(OWNER, 'getSettings');
    expect(owner.you).toEqual({ email: OWNER, role: 'owner' });
    expect(owner.owner).toEqual({ kind: 'user', email: OWNER });
    expect(owner.formulas.source).toBe('owner');
    expect(owner.formulas.maskedKey).toBe(`••••${KEY.slice(-4)}`);

    const editor = sidebar(EDITOR, 'getSettings');
    expect(editor.you).toEqual({ email: EDITOR, role: 'editor' });
    expect(editor.hasKey).toBe(false);
    expect(editor.formulas.source).toBe('owner-unseen');
    expect(editor.formulas.maskedKey).toBeNull();
    expect(JSON.stringify(editor)).not.toContain(KEY.slice(-4));
  });

  it('after a collaborator shares a key, both see whose key it is', () => {
    gas.userProperties(OWNER).set('SDM_API_KEY', KEY);
    const editor = sidebar(EDITOR, 'saveApiKey', OTHER_KEY, true);
    expect(editor.sharedWithDocument).toBe(true);
    expect(editor.formulas).toMatchObject({ source: 'document', sharedBy: EDITOR, sharedByYou: true });
    const owner = sidebar(OWNER, 'getSettings');
    expect(owner.formulas).toMatchObject({ source: 'document', sharedBy: EDITOR, sharedByYou: false });
    // The owner may stop it; the collaborator's own key stays theirs.
    const stopped = sidebar(OWNER, 'removeDocumentKey');
    expect(stopped.formulas.source).toBe('owner');
    expect(sidebar(EDITOR, 'getSettings')).toMatchObject({ hasKey: true, sharedWithDocument: false });
  });
});
