/**
 * Google's consent screen lets a user untick any permission the add-on asks for (granular consent). Every
 * feature is tried with each permission of the manifest refused: one it needs is said in the add-on's own
 * words (which, what for, how to grant it) before anything is sent or changed (a formula learns it from
 * Google's refusal of its fetch, and a range formula says it in each row it could not fetch); one it does
 * not need changes nothing of what it does. Grant permissions… asks Google's consent screen again.
 */
import { describe, expect, it } from 'vitest';
import { KEY, useStack } from './stack';
import type { ExecutionMode } from '../../dev/gas/index.js';

const stack = useStack();

const SCOPE = {
  service: 'https://www.googleapis.com/auth/script.external_request',
  schedule: 'https://www.googleapis.com/auth/script.scriptapp',
  spreadsheet: 'https://www.googleapis.com/auth/spreadsheets',
  sidebar: 'https://www.googleapis.com/auth/script.container.ui',
  email: 'https://www.googleapis.com/auth/userinfo.email',
  mail: 'https://www.googleapis.com/auth/script.send_mail',
} as const;
type Permission = keyof typeof SCOPE;
const ALL = Object.values(SCOPE);

/** The add-on's words for each permission, as the message opens. */
const WORDS: Record<Exclude<Permission, 'email'>, string> = {
  service: 'Permission missing: connect to the service. Search Demand needs it to fetch search data with your key;',
  schedule:
    'Permission missing: run on a schedule. Search Demand needs it to refresh ranking tables and tracking lists while you are away;',
  spreadsheet:
    'Permission missing: read and change your spreadsheets. Search Demand needs it to write results into the sheet and to refresh the spreadsheets you schedule;',
  sidebar: 'Permission missing: show the sidebar. Search Demand needs it to show its settings, tables and help beside the sheet;',
  // No feature needs it to act: without it alerts say so in their view and mail nothing (alerts.test.ts).
  mail: 'Permission missing: send email as you. Search Demand needs it to mail you (and whom you list) what moved and when runs stop;',
};
const HOW = /Grant it with Extensions › Search Demand › Grant permissions… and tick “[^”]+”\.$/;

interface Feature {
  name: string;
  fn: string;
  args: unknown[];
  mode: ExecutionMode;
  needs: Exclude<Permission, 'email'>[];
}

const table = { group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 3 };
const list = { name: '', kind: 'keywords', items: ['coffee'], period: 'week', fields: null };

const FEATURES: Feature[] = [
  { name: 'a formula', fn: 'SEARCH_TREND', args: ['coffee'], mode: 'custom-function', needs: ['service'] },
  { name: 'a range formula', fn: 'SEARCH_SCORE', args: [[['coffee'], ['tea']]], mode: 'custom-function', needs: ['service'] },
  { name: "an analyst's formula", fn: 'SEARCH_COMPARE', args: [[['coffee'], ['tea']]], mode: 'custom-function', needs: ['service'] },
  { name: 'the usage formula', fn: 'API_USAGE', args: [], mode: 'custom-function', needs: ['service'] },
  { name: 'saving the key', fn: 'saveApiKey', args: [KEY, false], mode: 'sidebar', needs: ['service', 'spreadsheet'] },
  { name: "the sidebar's usage read", fn: 'refreshUsage', args: [], mode: 'sidebar', needs: ['service'] },
  // Saved only when its runs can run: every permission a scheduled run needs, and no trigger made without them.
  {
    name: 'a schedule',
    fn: 'setRefreshSchedule',
    args: [{ kind: 'hourly' }],
    mode: 'sidebar',
    needs: ['service', 'schedule', 'spreadsheet'],
  },
  {
    name: 'turning a schedule off',
    fn: 'setRefreshSchedule',
    args: [{ kind: 'off' }],
    mode: 'sidebar',
    needs: ['schedule', 'spreadsheet'],
  },
  { name: 'a ranking table', fn: 'insertRankingTable', args: [table], mode: 'sidebar', needs: ['service', 'spreadsheet'] },
  { name: 'refreshing ranking tables', fn: 'refreshRankingTables', args: [], mode: 'menu', needs: ['service', 'spreadsheet'] },
  { name: 'a template', fn: 'insertTemplate', args: ['keyword-research'], mode: 'sidebar', needs: ['service', 'spreadsheet'] },
  { name: 'a tracking list', fn: 'addTrackingList', args: [list], mode: 'sidebar', needs: ['service', 'schedule', 'spreadsheet'] },
  { name: 'freezing from the sidebar', fn: 'freezeResults', args: ['all'], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: 'freezing from the menu', fn: 'freezeSelectionFromMenu', args: [], mode: 'menu', needs: ['spreadsheet'] },
  { name: 'Refresh all formulas', fn: 'refreshFormulasFromMenu', args: [], mode: 'menu', needs: ['spreadsheet'] },
  { name: 'opening the sidebar', fn: 'showSidebar', args: [], mode: 'menu', needs: ['sidebar'] },
  { name: 'Help', fn: 'showHelp', args: [], mode: 'menu', needs: ['sidebar'] },
  { name: "the sidebar's settings", fn: 'getSettings', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: "the sidebar's usage", fn: 'getUsage', args: [], mode: 'sidebar', needs: [] },
  { name: "the sidebar's estimate", fn: 'estimateRefresh', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: "the sidebar's cache", fn: 'getCacheInfo', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: "the sidebar's ranking tables", fn: 'getTables', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: "the sidebar's groups", fn: 'getRankingGroups', args: [], mode: 'sidebar', needs: ['service'] },
  { name: "the sidebar's tracking lists", fn: 'getTracking', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: "the sidebar's templates", fn: 'listTemplates', args: [], mode: 'sidebar', needs: [] },
  { name: 'removing the key', fn: 'removeApiKey', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: 'Refresh all formulas (sidebar)', fn: 'refreshAllFormulas', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  { name: "the sidebar's alerts", fn: 'getAlerts', args: [], mode: 'sidebar', needs: ['spreadsheet'] },
  {
    name: 'setting alerts',
    fn: 'setAlerts',
    args: [{ rankPlaces: 2, changePercent: null, failures: true }],
    mode: 'sidebar',
    needs: ['spreadsheet'],
  },
];

/**
 * What the user reads of a refusal: the error, or (a range formula, which puts each row's error in its row)
 * the messages in its rows.
 */
function shownMessages(result: { ok: boolean; error?: string; value?: unknown }): string[] {
  if (!result.ok) return [result.error ?? ''];
  const cells = Array.isArray(result.value) ? (result.value as unknown[][]).flat() : [result.value];
  return cells.filter((c): c is string => typeof c === 'string' && c.startsWith('Permission missing'));
}

/** Runs the feature with one permission refused (the others granted). */
function tryWithout(feature: Feature, refused: Permission) {
  stack.gas.setGrantedScopes(ALL.filter((s) => s !== SCOPE[refused]));
  const sheets = stack.gas.spreadsheet.sheets.length;
  const result = stack.gas.run(feature.fn, feature.args, { mode: feature.mode });
  return { result, newSheets: stack.gas.spreadsheet.sheets.length - sheets };
}

const cases = FEATURES.flatMap((feature) => (Object.keys(SCOPE) as Permission[]).map((refused) => ({ ...feature, refused })));

describe('each feature with each permission refused', () => {
  it.each(cases.filter((c) => (c.needs as Permission[]).includes(c.refused)))(
    '$name without "$refused": says which permission, what for and how to grant it; sends and changes nothing',
    async (c) => {
      const { result, newSheets } = tryWithout(c, c.refused);
      if (c.mode !== 'custom-function') expect(result.ok).toBe(false);
      const shown = shownMessages(result);
      expect(shown.length).toBeGreaterThan(0);
      for (const message of shown) {
        expect(message).toContain(WORDS[c.refused as Exclude<Permission, 'email'>]);
        expect(message).toMatch(HOW);
      }
      expect(await stack.requests()).toBe(0);
      expect(stack.gas.fetchLog).toHaveLength(0);
      expect(stack.gas.triggers).toHaveLength(0);
      expect(stack.gas.ui.sidebars).toHaveLength(0);
      expect(newSheets).toBe(0);
    },
  );

  it.each(cases.filter((c) => !(c.needs as Permission[]).includes(c.refused)))(
    '$name without "$refused" (not needed): no word of a permission',
    (c) => {
      const { result } = tryWithout(c, c.refused);
      expect(result.error ?? '').not.toMatch(/Permission missing|permission to call|Something went wrong|network error/);
    },
  );
});

describe('what the words say', () => {
  it('two missing permissions are named together, with both checkboxes', () => {
    stack.gas.setGrantedScopes([SCOPE.schedule, SCOPE.sidebar, SCOPE.email]);
    const result = stack.gas.run('insertRankingTable', [table], { mode: 'sidebar' });
    expect(result.error).toBe(
      'Permission missing: connect to the service and read and change your spreadsheets. Search Demand needs them to fetch search data with your key and to write results into the sheet and to refresh the spreadsheets you schedule; nothing was done. ' +
        'Grant them with Extensions › Search Demand › Grant permissions… and tick “Connect to an external service” and “See, edit, create, and delete all your Google Sheets spreadsheets”.',
    );
  });

  it('a formula says so in its cell, and works once the permission is granted', async () => {
    stack.gas.setGrantedScopes(ALL.filter((s) => s !== SCOPE.service));
    const ss = stack.gas.spreadsheet;
    ss.setFormula('Sheet1!A1', '=SEARCH_SCORE("coffee")');
    const [entry] = stack.gas.recalculate().filter((e) => e.fn);
    expect(entry?.error).toMatch(/^Permission missing: connect to the service\./);
    expect(await stack.requests()).toBe(0);
    stack.gas.setGrantedScopes('all');
    expect(typeof stack.value('SEARCH_SCORE', 'coffee')).toBe('number');
  });
});

describe('a user who granted nothing at all (never saw the consent screen)', () => {
  it('a formula leaves it to Google, whose refusal of the fetch is worded the same; nothing is sent', async () => {
    stack.gas.setGrantedScopes([]);
    const result = stack.run('SEARCH_TREND', 'coffee');
    expect(result.error).toMatch(/^Permission missing: connect to the service\. .* nothing was done\. Grant it with /);
    expect(await stack.requests()).toBe(0);
  });
});

describe('Grant permissions…', () => {
  it('is in the menu', () => {
    stack.gas.run('onOpen', [{ authMode: 'FULL' }], { mode: 'simple-trigger' });
    const items = stack.gas.ui.menus.at(-1)?.entries.flatMap((e) => (e.kind === 'item' ? [e.caption] : []));
    expect(items).toContain('Grant permissions…');
  });

  it("asks Google's consent screen for what was left unticked; with everything granted, says so", () => {
    stack.gas.setGrantedScopes(ALL.filter((s) => s !== SCOPE.schedule && s !== SCOPE.service));
    const asked = stack.gas.run('grantPermissions', [], { mode: 'menu' });
    expect(asked.ok).toBe(false); // Google ends the execution at its consent screen
    expect(stack.gas.consentPrompts).toEqual([expect.objectContaining({ scopes: [SCOPE.service, SCOPE.schedule] })]);

    stack.gas.setGrantedScopes('all'); // the user ticked them
    expect(stack.gas.run('grantPermissions', [], { mode: 'menu' }).ok).toBe(true);
    expect(stack.gas.toasts.at(-1)?.message).toBe('Search Demand has every permission it asks for.');
    expect(stack.gas.run('setRefreshSchedule', [{ kind: 'hourly' }], { mode: 'sidebar' }).ok).toBe(true);
    expect(stack.gas.triggers).toHaveLength(1);
  });
});
