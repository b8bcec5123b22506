/**
 * A formula calls only what Google lists for custom functions. Google's custom-functions guide: custom
 * functions "can only call services that don't have access to personal data, specifically the
 * following": Cache, HTML, JDBC, Language, Lock, Maps, Properties, Spreadsheet, URL Fetch, Utilities, XML.
 * Everything the custom functions of src/server/index.ts reach is bundled here on its own (tree shaking
 * keeps only what they use), and no Apps Script global outside that list may appear in it: no ScriptApp
 * (getAuthorizationInfo), no Session, no console or Logger, no MailApp or DriveApp. dev/gas refuses them
 * at run time (test/integration/custom-function-services.test.ts); this finds one before any test runs it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readPublicFunctions } from '../../scripts/build/toplevel';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PUBLIC_FUNCTIONS = readPublicFunctions(`${root}src/server/index.ts`);

/** Every global @types/google-apps-script declares (`declare var X`): the services a script can reach. */
function appsScriptGlobals(): string[] {
  const dir = join(root, 'node_modules/@types/google-apps-script');
  const files = readdirSync(dir).filter((f) => f.endsWith('.d.ts'));
  const names = files.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/^declare var (\w+)/gm)].map((m) => m[1] ?? ''));
  return [...new Set(names)].filter((n) => n !== 'Date'); // ECMAScript's own
}

/**
 * The globals of the services Google lists: Cache, HTML, JDBC, Language, Lock, Maps, Properties (and its
 * old ScriptProperties/UserProperties), Spreadsheet, URL Fetch, Utilities (and its enums), XML.
 */
const LISTED = new Set([
  'CacheService',
  'HtmlService',
  'Jdbc',
  'LanguageApp',
  'LockService',
  'Maps',
  'PropertiesService',
  'ScriptProperties',
  'UserProperties',
  'SpreadsheetApp',
  'UrlFetchApp',
  'Utilities',
  'Charset',
  'DigestAlgorithm',
  'MacAlgorithm',
  'RsaAlgorithm',
  'XmlService',
]);

/** Bundles the exports `names` of index.ts alone, as the build does (tree shaken, not minified). */
function bundleOf(names: string[]): string {
  const result = buildSync({
    stdin: { contents: `export { ${names.join(', ')} } from './src/server/index.ts';\n`, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'neutral',
    define: { __SDM_BASE_URL__: '""', __SDM_URL_ALLOWLIST__: '[]', __SDM_INSTALLATION__: '"marketplace"', __SDM_VERSION__: '"0"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The Apps Script globals a bundle reaches through (`X.member`), each once. */
function globalsUsed(code: string, globals: readonly string[]): string[] {
  const wanted = new Set(globals);
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && wanted.has(node.expression.text)) {
      used.add(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('bundle.js', code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS));
  return [...used].sort();
}

describe('what a formula reaches', () => {
  const globals = appsScriptGlobals();
  const formulas = bundleOf(PUBLIC_FUNCTIONS.filter((f) => f.isCustomFunction).map((f) => f.name));

  it('calls only the services Google lists for custom functions', () => {
    const used = globalsUsed(formulas, globals);
    expect(used.filter((name) => !LISTED.has(name))).toEqual([]);
    // The scan sees what a formula does call: the cache, the properties, the fetch, the document.
    expect(used).toEqual(expect.arrayContaining(['CacheService', 'PropertiesService', 'SpreadsheetApp', 'UrlFetchApp', 'Utilities']));
  });

  it('while the menu, sidebar and triggers reach ScriptApp and Session (the scan finds them where they are)', () => {
    const others = bundleOf(PUBLIC_FUNCTIONS.filter((f) => !f.isCustomFunction).map((f) => f.name));
    expect(globalsUsed(others, globals)).toEqual(expect.arrayContaining(['ScriptApp', 'Session', 'console']));
  });
});
