/**
 * The built bundle as Sheets sees it: every public name is a top-level function with its JSDoc and
 * real parameter names, internal helpers are not globals, Code.js holds only what formulas and onOpen
 * need (the rest loads from Server.html), and the manifest is explicit.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { renderManifest, urlAllowlist } from '../../scripts/build/manifest';
import { readPublicFunctions, TopLevelError } from '../../scripts/build/toplevel';
import { CUSTOM_FUNCTION_NAMES } from '../../src/server/spreadsheet/addon-formulas';
import { SIDEBAR_FUNCTIONS } from '../../src/shared/sidebar-api';

const SIDEBAR_PARAMS: Record<string, string[]> = {
  saveApiKey: ['key', 'shareWithDocument'],
  setKeySharing: ['shareWithDocument'],
  setOwnerKeyForFormulas: ['allow'],
  insertTemplate: ['id'],
  trackTemplateBrands: ['sheetName'],
  setBaseUrl: ['url'],
  previewRankingTable: ['group'],
  insertRankingTable: ['request'],
  forgetTable: ['id'],
  setRefreshSchedule: ['schedule'],
  refreshTablesNow: ['force'],
  readSelectedItems: ['kind'],
  previewTrackFields: ['kind', 'item'],
  addTrackingList: ['request'],
  addTrackedItems: ['id', 'items'],
  runTrackingNow: ['id'],
  forgetTrackingList: ['id'],
  freezeResults: ['scope'],
  unfreezeResults: ['scope'],
};

const root = fileURLToPath(new URL('../../', import.meta.url));
const code = readFileSync(`${root}dist/Code.js`, 'utf8');
const serverFile = readFileSync(`${root}dist/Server.html`, 'utf8');
const manifest = JSON.parse(readFileSync(`${root}dist/appsscript.json`, 'utf8')) as Record<string, unknown>;

const CUSTOM_FUNCTIONS: Record<string, string[]> = {
  SEARCH_TREND: ['keyword', 'field', 'options'],
  SEARCH_SCORE: ['keyword'],
  BRAND_SCORE: ['slug'],
  BRAND_PROFILE: ['slug', 'field', 'options'],
  COMPANY_PROFILE: ['name', 'field', 'options'],
  MARKET_ANALYSIS: ['field', 'options'],
  AI_INDUSTRIES: ['field', 'options'],
  RANKING_OVERVIEW: ['field', 'options'],
  RANKING_LIST: ['group', 'field', 'options'],
  API_USAGE: ['field'],
};

/** Public functions that are not custom functions: menu, triggers and the sidebar's endpoints. */
const OTHER_FUNCTIONS: Record<string, string[]> = {
  onInstall: ['e'],
  onOpen: ['e'],
  showSidebar: [],
  showRankingTables: [],
  showTemplates: [],
  showHelp: [],
  refreshFormulasFromMenu: [],
  freezeSelectionFromMenu: [],
  unfreezeSelectionFromMenu: [],
  refreshRankingTables: ['e'],
  ...Object.fromEntries(SIDEBAR_FUNCTIONS.map((name) => [name, SIDEBAR_PARAMS[name] ?? []])),
};

/** Top-level function declarations of Code.js with the JSDoc right above each, parsed like a reader would. */
function topLevelDeclarations(): Map<string, { params: string[]; jsDoc: string }> {
  const file = ts.createSourceFile('Code.js', code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
  const found = new Map<string, { params: string[]; jsDoc: string }>();
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const docs = ts.getJSDocCommentsAndTags(statement);
    found.set(statement.name.text, {
      params: statement.parameters.map((p) => p.name.getText()),
      jsDoc: docs.map((d) => d.getText()).join('\n'),
    });
  }
  return found;
}

describe('dist/Code.js', () => {
  it('defines every custom function at top level in a fresh context, and nothing else but the bundle global', () => {
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const globals = vm.runInContext('Object.keys(globalThis)', context) as string[];
    expect(globals.sort()).toEqual(['SDM', ...Object.keys(CUSTOM_FUNCTIONS), ...Object.keys(OTHER_FUNCTIONS)].sort());
    for (const [name, params] of Object.entries({ ...CUSTOM_FUNCTIONS, ...OTHER_FUNCTIONS })) {
      expect(vm.runInContext(`typeof ${name}`, context), name).toBe('function');
      expect(vm.runInContext(`${name}.length`, context), name).toBe(params.length);
    }
  });

  it('recognises formulas by exactly the custom functions it exports', () => {
    expect([...CUSTOM_FUNCTION_NAMES].sort()).toEqual(Object.keys(CUSTOM_FUNCTIONS).sort());
    expect(
      readPublicFunctions(`${root}src/server/index.ts`)
        .filter((f) => f.isCustomFunction)
        .map((f) => f.name)
        .sort(),
    ).toEqual(Object.keys(CUSTOM_FUNCTIONS).sort());
  });

  it('keeps the source JSDoc with @param per parameter, @return and @customfunction on each', () => {
    const declarations = topLevelDeclarations();
    for (const [name, params] of Object.entries(CUSTOM_FUNCTIONS)) {
      const declaration = declarations.get(name);
      expect(declaration, name).toBeDefined();
      expect(declaration?.params).toEqual(params);
      expect(declaration?.jsDoc).toContain('@customfunction');
      expect(declaration?.jsDoc).toMatch(/@return /);
      for (const p of params) expect(declaration?.jsDoc).toMatch(new RegExp(`@param \\{[^}]+\\} \\[?${p}\\]?`));
    }
  });

  it('documents the other public functions without marking them as custom functions', () => {
    const declarations = topLevelDeclarations();
    for (const [name, params] of Object.entries(OTHER_FUNCTIONS)) {
      const declaration = declarations.get(name);
      expect(declaration?.params, name).toEqual(params);
      expect(declaration?.jsDoc.length, name).toBeGreaterThan(20);
      expect(declaration?.jsDoc, name).not.toContain('@customfunction');
    }
  });

  it('evaluates its global scope without touching any Apps Script service', () => {
    // A context with no services at all: any service use at load time would throw a ReferenceError.
    expect(() => vm.runInContext(code, vm.createContext({})) as unknown).not.toThrow();
  });

  it('stays under 60 KB, holding the custom functions and onOpen; every other function is in Server.html', () => {
    expect(Buffer.byteLength(code)).toBeLessThan(60 * 1024);
    const hot = vm.createContext({});
    vm.runInContext(code, hot);
    const inBundle = vm.runInContext('Object.keys(SDM)', hot) as string[];
    expect(inBundle.sort()).toEqual([...Object.keys(CUSTOM_FUNCTIONS), 'cold', 'onInstall', 'onOpen'].sort());
    // Server.html: one line saying what it is, then the whole server in base64 (no markup in it).
    const [first, ...rest] = serverFile.split('\n');
    expect(first).toMatch(/^<!-- .* -->$/);
    expect(rest.join('')).toMatch(/^[A-Za-z0-9+/=]+$/);
    const cold = vm.createContext({});
    vm.runInContext(Buffer.from(rest.join(''), 'base64').toString('utf8'), cold);
    const coldNames = vm.runInContext('Object.keys(SDM_COLD)', cold) as string[];
    expect(coldNames.sort()).toEqual([...Object.keys(CUSTOM_FUNCTIONS), ...Object.keys(OTHER_FUNCTIONS)].sort());
    // The top-level function of a cold name calls into the loaded bundle.
    expect(code).toMatch(/function getSettings\(\) \{\n {2}return SDM\.cold\(\)\.getSettings\(\);/);
  });

  it('has a V8 manifest with explicit scopes and an allowlist from the base URL (plus loopback in this local build)', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    // Explicit and minimal; docs/deploy.md ("Scopes") says why each is needed.
    expect([...(manifest.oauthScopes as string[])].sort()).toEqual([
      'https://www.googleapis.com/auth/script.container.ui',
      'https://www.googleapis.com/auth/script.external_request',
      'https://www.googleapis.com/auth/script.scriptapp',
      'https://www.googleapis.com/auth/spreadsheets',
      'https://www.googleapis.com/auth/userinfo.email',
    ]);
    const whitelist = manifest.urlFetchWhitelist as string[];
    expect(whitelist).toHaveLength(3);
    expect(whitelist[0]).toMatch(/^https:\/\/[^/]+\/api\/v1\/$/);
    expect(whitelist.slice(1)).toEqual(['http://127.0.0.1:', 'http://localhost:']);
  });

  it('a production manifest allows only the https service path', () => {
    expect(renderManifest({}, urlAllowlist('https://api.example.com', 'production'))).toEqual({
      urlFetchWhitelist: ['https://api.example.com/api/v1/'],
    });
  });
});

describe('top-level generation', () => {
  it('fails on exports it cannot express faithfully', () => {
    const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));
    expect(() => readPublicFunctions(`${dir}bad-exports.ts`)).toThrow(TopLevelError);
    try {
      readPublicFunctions(`${dir}bad-exports.ts`);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('notAFunction: only function declarations');
      expect(message).toContain('NO_DOC: missing JSDoc');
      expect(message).toContain('DESTRUCTURED: parameter');
      expect(message).toContain('MISSING_PARAM: JSDoc lacks @param b');
      expect(message).toContain('NO_RETURN: a custom function needs @return');
    }
  });
});

describe('dependencies', () => {
  it('ships no runtime dependency: the bundle holds only our code, so npm audit --omit=dev has nothing to flag', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as Record<string, unknown>;
    expect(pkg.dependencies ?? {}).toEqual({});
    // Every dev dependency is pinned to an exact version (package-lock.json pins the rest).
    for (const [name, version] of Object.entries(pkg.devDependencies as Record<string, string>)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });
});
