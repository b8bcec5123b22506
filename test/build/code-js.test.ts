/**
 * The built bundle as Sheets sees it: every public name is a top-level function with its JSDoc and
 * real parameter names, internal helpers are not globals, Code.js holds only what formulas and onOpen
 * need (the rest is in Server.js, which only declares at load), every script file is plain code, and
 * the manifest is explicit.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CODE_JS_BUDGET_BYTES, SERVER_JS_BUDGET_BYTES } from '../../scripts/build/budgets';
import { renderManifest, urlAllowlist } from '../../scripts/build/manifest';
import { readPublicFunctions, TopLevelError, type PublicFunction } from '../../scripts/build/toplevel';
import { CUSTOM_FUNCTION_NAMES } from '../../src/server/spreadsheet/addon-formulas';
import { buildShipped } from './shipped-build';

const root = fileURLToPath(new URL('../../', import.meta.url));
// What ships (minified): the tests' dist/ keeps names, so its size is not what Google receives.
const shipped = buildShipped();
const code = readFileSync(`${shipped}Code.js`, 'utf8');
const serverFile = readFileSync(`${shipped}Server.js`, 'utf8');
const manifest = JSON.parse(readFileSync(`${shipped}appsscript.json`, 'utf8')) as Record<string, unknown>;

// The expected names and parameters come from the one source, the JSDoc of src/server/index.ts.
const PUBLIC_FUNCTIONS = readPublicFunctions(`${root}src/server/index.ts`);
const paramsByName = (functions: PublicFunction[]): Record<string, string[]> =>
  Object.fromEntries(functions.map((f) => [f.name, f.params]));
const CUSTOM_FUNCTIONS = paramsByName(PUBLIC_FUNCTIONS.filter((f) => f.isCustomFunction));
/** Public functions that are not custom functions: menu, triggers and the sidebar's endpoints. */
const OTHER_FUNCTIONS = paramsByName(PUBLIC_FUNCTIONS.filter((f) => !f.isCustomFunction));

/** The server functions the sidebar's source calls (`call('name'`), read from src/sidebar. */
function sidebarCalls(): string[] {
  const dir = join(root, 'src/sidebar');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const names = files.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/\bcall\(\s*'(\w+)'/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

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
  });

  it('exports the triggers Google calls by name and every function the sidebar calls, none of them a custom function', () => {
    const called = sidebarCalls();
    expect(called.length).toBeGreaterThan(30);
    for (const name of ['onOpen', 'onInstall', 'refreshRankingTables', ...called]) expect(OTHER_FUNCTIONS, name).toHaveProperty(name);
  });

  it('keeps the source JSDoc with @param per parameter, @return and @customfunction on each', () => {
    const declarations = topLevelDeclarations();
    for (const [name, params] of Object.entries(CUSTOM_FUNCTIONS)) {
      const declaration = declarations.get(name);
      expect(declaration, name).toBeDefined();
      expect(declaration?.params).toEqual(params);
      expect(declaration?.jsDoc).toContain('@customfunction');
      expect(declaration?.jsDoc).toMatch(/@return /);
      const optional = PUBLIC_FUNCTIONS.find((f) => f.name === name)?.optional ?? [];
      params.forEach((p, i) => expect(declaration?.jsDoc).toMatch(new RegExp(`@param \\{[^}]+\\} ${optional[i] ? `\\[${p}\\]` : p} `)));
    }
  });

  it('documents the other public functions with the whole first sentence of their JSDoc, not marked as custom functions', () => {
    const declarations = topLevelDeclarations();
    for (const [name, params] of Object.entries(OTHER_FUNCTIONS)) {
      const declaration = declarations.get(name);
      expect(declaration?.params, name).toEqual(params);
      expect(declaration?.jsDoc.length, name).toBeGreaterThan(20);
      expect(declaration?.jsDoc, name).not.toContain('@customfunction');
      // A sentence, as Google's samples write them: not the first line of a longer one cut off.
      const summary = PUBLIC_FUNCTIONS.find((f) => f.name === name)?.summary ?? '';
      expect(declaration?.jsDoc, name).toBe(`/** ${summary} */`);
      expect(summary, name).toMatch(/^[A-Z`].*[.!?]$/);
    }
  });

  it('evaluates its global scope without touching any Apps Script service', () => {
    // A context with no services at all: any service use at load time would throw a ReferenceError.
    expect(() => vm.runInContext(code, vm.createContext({})) as unknown).not.toThrow();
  });

  it('stays within its budget, holding the custom functions and onOpen; every other function is in Server.js', () => {
    // Each file within its budget (scripts/build/budgets.ts: every execution, every cell included, loads both).
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(CODE_JS_BUDGET_BYTES);
    expect(Buffer.byteLength(serverFile)).toBeLessThanOrEqual(SERVER_JS_BUDGET_BYTES);
    const hot = vm.createContext({});
    vm.runInContext(code, hot);
    const inBundle = vm.runInContext('Object.keys(SDM.formulas)', hot) as string[];
    expect(inBundle.sort()).toEqual([...Object.keys(CUSTOM_FUNCTIONS), 'onInstall', 'onOpen'].sort());
    // Server.js: every other public function, whose exports SDM.server() gives.
    const server = vm.createContext({});
    vm.runInContext(serverFile, server);
    const serverNames = vm.runInContext('Object.keys(SDM.server())', server) as string[];
    expect(serverNames.sort()).toEqual(
      Object.keys(OTHER_FUNCTIONS)
        .filter((name) => !inBundle.includes(name))
        .sort(),
    );
    // The top-level function of a server name calls into it.
    expect(code).toMatch(/function getSettings\(\) \{\n {2}return SDM\.server\(\)\.getSettings\(\);/);
  });

  it('Server.js only defines at load: one function in the one global, none of its code run, in either order with Code.js', () => {
    // A context with nothing in it: evaluating the file alone adds one global and runs no code (a getter
    // on the function's cache slot would see any call).
    const context = vm.createContext({});
    const before = new Set(vm.runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]);
    vm.runInContext(serverFile, context);
    const added = (vm.runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]).filter((n) => !before.has(n));
    expect(added).toEqual(['SDM']);
    expect(vm.runInContext('SDM.server.exports', context)).toBeUndefined();
    // Code.js alone, too, runs nothing of Server.js at load: so the files' order in the project cannot matter.
    expect(() => vm.runInContext(code, vm.createContext({})) as unknown).not.toThrow();
    // Either order leaves both halves in the one global, and a server function reaches its bundle.
    for (const files of [
      [code, serverFile],
      [serverFile, code],
    ]) {
      const both = vm.createContext({});
      for (const file of files) vm.runInContext(file, both);
      expect(vm.runInContext('typeof SDM.formulas.SEARCH_TREND + typeof SDM.server', both)).toBe('functionfunction');
    }
  });

  it('has a V8 manifest with explicit scopes and an allowlist from the base URL (plus loopback in this local build)', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    // Explicit and minimal; docs/publish/deploy.md ("Scopes") says why each is needed.
    expect([...(manifest.oauthScopes as string[])].sort()).toEqual([
      'https://www.googleapis.com/auth/script.container.ui',
      'https://www.googleapis.com/auth/script.external_request',
      'https://www.googleapis.com/auth/script.scriptapp',
      'https://www.googleapis.com/auth/script.send_mail',
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

describe('plain code (Marketplace policy: no obfuscated or concealed code)', () => {
  const dist = shipped;
  const scriptFiles = readdirSync(dist).filter((name) => /\.(js|gs)$/.test(name));
  const htmlFiles = readdirSync(dist).filter((name) => name.endsWith('.html'));

  it('ships the server as two script files and no other', () => {
    expect(scriptFiles.sort()).toEqual(['Code.js', 'Server.js']);
    expect(htmlFiles).toEqual(['Sidebar.html']);
  });

  it.each(scriptFiles)('%s runs no code made from text: no eval, no new Function, no string timers', (name) => {
    const text = readFileSync(`${dist}${name}`, 'utf8');
    expect(text).not.toMatch(/\beval\s*\(/);
    expect(text).not.toMatch(/\bnew\s+Function\s*\(/);
    expect(text).not.toMatch(/(^|[^.\w])Function\s*\(/);
    // No code is read from a project file: HtmlService reads the sidebar page only, to show it.
    expect(text.match(/createHtmlOutputFromFile\([^)]*\)/g) ?? []).toEqual(
      name === 'Server.js' ? ['createHtmlOutputFromFile("Sidebar")'] : [],
    );
  });

  it.each([...scriptFiles, ...htmlFiles])('%s carries no base64 blob', (name) => {
    const text = readFileSync(`${dist}${name}`, 'utf8');
    // A long unbroken run of base64 characters (an encoded payload); minified code breaks it with punctuation.
    expect(text.match(/[A-Za-z0-9+/=]{200,}/g) ?? []).toEqual([]);
  });

  it('an HTML file is only HTML: the sidebar page holds no server function', () => {
    const sidebar = readFileSync(`${dist}Sidebar.html`, 'utf8');
    expect(sidebar).not.toContain('SDM.server');
    expect(sidebar).not.toMatch(/\bnew\s+Function\s*\(|\beval\s*\(/);
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
      expect(message).toContain('OPTIONAL_UNMARKED: parameter b is optional, but its @param says b');
      expect(message).toContain('BAD_EXAMPLE: each @example is one formula calling BAD_EXAMPLE');
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
