// Builds the Apps Script project into dist/: Code.js, Server.js, Sidebar.html and appsscript.json.
// Run with `npm run build` (through tsx, so it can import the TypeScript build helpers).
// SDM_BASE_URL (environment) sets the service the add-on talks to by default and its urlFetchWhitelist;
// SDM_BUILD=development|production (npm run push:dev / push) builds for Google: https only, no loopback
// prefixes (the local build's, for the stand-in service); SDM_BUILD=self-install (npm run release, through
// scripts/release.ts) builds what a person pastes into their own spreadsheet: no service, no allowlist, no
// onInstall, and the scope of that spreadsheet only (spreadsheets.currentonly); SDM_OUT_DIR builds elsewhere
// than dist/.
//
// Two script files, plain minified code (no eval, no base64, nothing read from an HTML file). Google
// evaluates EVERY script file of the project in every execution, cell evaluations included:
// - Code.js: the formulas' bundle (custom functions and onOpen, an IIFE kept as SDM.formulas) plus one
//   top-level function per public name, which Sheets, menus, triggers and google.script.run call.
// - Server.js: the rest of the server (sidebar, menu, tables, schedules) inside one function,
//   SDM.server, so that at load it only defines it: the bundle's own code runs, once per execution, when
//   a top-level function of Code.js first calls SDM.server(). A cell pays for parsing it, never for running it.
// Apps Script needs the public names as top-level functions; everything else is inside the one global
// SDM (a person's own script in the same project shares the global scope: docs/use/install.md). Each
// file starts with `var SDM = SDM || {}`, so neither runs anything of the other's at load and their
// order in the project does not matter.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHot, readPublicFunctions, renderTopLevel } from './scripts/build/toplevel.ts';
import { installationOf, renderManifest, resolveBaseUrl, resolveFlavour, urlAllowlist } from './scripts/build/manifest.ts';
import { buildSidebar } from './scripts/build/sidebar.ts';
import { CODE_JS_BUDGET_BYTES, SERVER_JS_BUDGET_BYTES, SIDEBAR_BUDGET_BYTES } from './scripts/build/budgets.ts';

const root = dirname(fileURLToPath(import.meta.url));
const dist = process.env.SDM_OUT_DIR ? process.env.SDM_OUT_DIR : join(root, 'dist');
const entry = join(root, 'src/server/index.ts');
/** The one global besides the public functions: the formulas' bundle and Server.js's function live in it. */
const NAMESPACE = 'SDM';
const GLOBAL = `${NAMESPACE}.formulas`;
/** The function Server.js defines, and the name its bundle's exports take inside it. */
const SERVER_FUNCTION = `${NAMESPACE}.server`;
const SERVER_EXPORTS = 'SDM_SERVER';
const flavour = resolveFlavour(process.env.SDM_BUILD);
const baseUrl = resolveBaseUrl(process.env.SDM_BASE_URL, flavour);
const allowlist = urlAllowlist(baseUrl, flavour);
// SDM_MINIFY: 1 (default) minifies fully; names keeps every function's and variable's own name (stack
// traces read as the source does: the tests' build); 0 does not minify at all.
const minifyMode = process.env.SDM_MINIFY ?? '1';
if (!['0', '1', 'names'].includes(minifyMode)) throw new Error(`SDM_MINIFY must be 1, names or 0, got ${minifyMode}`);
const minify = minifyMode !== '0';
const minifyOptions = minifyMode === 'names' ? { minifyWhitespace: true, minifySyntax: true, minifyIdentifiers: false } : { minify };

mkdirSync(dist, { recursive: true });

// Which release this is: package.json's version, in the server script and the sidebar page alike.
/** @type {unknown} */
const pkgJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pkg = /** @type {{ version: string }} */ (pkgJson); // our own package.json

const common = {
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2020',
  platform: 'neutral',
  ...minifyOptions,
  legalComments: 'none',
  charset: 'utf8',
  define: {
    __SDM_BASE_URL__: JSON.stringify(baseUrl),
    __SDM_URL_ALLOWLIST__: JSON.stringify(allowlist),
    __SDM_INSTALLATION__: JSON.stringify(installationOf(flavour)),
    __SDM_VERSION__: JSON.stringify(pkg.version),
  },
  logLevel: 'warning',
};

// A self-install has no onInstall: a pasted script is never installed from the Marketplace, and onOpen
// (a simple trigger) builds its menu.
const publicFunctions = readPublicFunctions(entry).filter((f) => flavour !== 'self-install' || f.name !== 'onInstall');
const hotNames = publicFunctions.filter(isHot).map((f) => f.name);
// The hot bundle: only the hot exports of index.ts (tree shaking drops the rest: package.json's
// "sideEffects": false lets it drop a module nobody here uses whole, its top-level constants built by
// calls too, such as the template catalogue, which Code.js carried for nothing).
const hot = await build({
  ...common,
  globalName: GLOBAL,
  stdin: {
    contents: `export { ${hotNames.join(', ')} } from './src/server/index.ts';\n`,
    resolveDir: root,
    sourcefile: 'hot-entry.ts',
    loader: 'ts',
  },
});
// The rest: every other export (tree shaking keeps only what they use; shared modules are in both files).
const serverNames = publicFunctions.filter((f) => !isHot(f)).map((f) => f.name);
const server = await build({
  ...common,
  globalName: SERVER_EXPORTS,
  stdin: {
    contents: `export { ${serverNames.join(', ')} } from './src/server/index.ts';\n`,
    resolveDir: root,
    sourcefile: 'server-entry.ts',
    loader: 'ts',
  },
});

const topLevel = renderTopLevel(publicFunctions, GLOBAL, `${SERVER_FUNCTION}()`);
const code = `// Search Demand add-on. Generated by esbuild.config.mjs: edit src/, not this file.\n${hot.outputFiles[0].text}\n${topLevel}`;
writeFileSync(join(dist, 'Code.js'), code);
// esbuild starts the bundle with "use strict" when a module needs it: it becomes the function's directive.
const serverBundle = server.outputFiles[0].text.trim();
const strict = serverBundle.startsWith('"use strict";');
const serverCode = [
  '// Search Demand add-on: the server functions of the sidebar, menu and triggers (Code.js calls them).',
  '// Generated by esbuild.config.mjs from src/server: edit src/, not this file.',
  `var ${NAMESPACE} = ${NAMESPACE} || {};`,
  '/** The sidebar, menu and trigger functions: the bundle runs on the first call in an execution; at load this file only defines this function. */',
  `${SERVER_FUNCTION} = function () {`,
  ...(strict ? ["  'use strict';"] : []),
  `  if (${SERVER_FUNCTION}.exports === undefined) {`,
  strict ? serverBundle.slice('"use strict";'.length) : serverBundle,
  `    ${SERVER_FUNCTION}.exports = ${SERVER_EXPORTS};`,
  '  }',
  `  return ${SERVER_FUNCTION}.exports;`,
  '};',
  '',
].join('\n');
writeFileSync(join(dist, 'Server.js'), serverCode);
rmSync(join(dist, 'Server.html'), { force: true }); // what builds before the plain-code bundle wrote

/** @type {unknown} */
const manifestJson = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8'));
const manifest = /** @type {Record<string, unknown>} */ (manifestJson); // our own appsscript.json: an object
writeFileSync(join(dist, 'appsscript.json'), `${JSON.stringify(renderManifest(manifest, allowlist, installationOf(flavour)), null, 2)}\n`);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `dist/Code.js ${kb(Buffer.byteLength(code))} (formulas), dist/Server.js ${kb(Buffer.byteLength(serverCode))} (sidebar, menu, triggers), base URL ${baseUrl || 'typed by the user'}, ${flavour} build`,
);
// The budgets (scripts/build/budgets.ts) are the shipped (minified) bundle's; a readable release is
// larger by design (scripts/release.ts).
const overBudget = (file, bytes, budget) => {
  if (minifyMode === '1' && bytes > budget)
    console.warn(`warning: dist/${file} is ${kb(bytes)}, over its ${kb(budget)} (scripts/build/budgets.ts)`);
};
overBudget('Code.js', Buffer.byteLength(code), CODE_JS_BUDGET_BYTES);
overBudget('Server.js', Buffer.byteLength(serverCode), SERVER_JS_BUDGET_BYTES);

// The help says which release this is (scripts/build/sidebar.ts checks the version's form).
const about = { version: pkg.version, installation: installationOf(flavour) };
const sidebar = await buildSidebar({ root, outDir: dist, minify, functions: publicFunctions, about });
console.log(`dist/Sidebar.html ${kb(sidebar.bytes)}`);
overBudget('Sidebar.html', sidebar.bytes, SIDEBAR_BUDGET_BYTES);
