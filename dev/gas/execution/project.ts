/**
 * The script files of an Apps Script project, as an execution loads them: every execution evaluates
 * EVERY script file (`.js` / `.gs`; HTML files are only HTML, read by HtmlService) at global scope, in
 * the project's order, before the called function runs. See dev/gas/RULES.md, "Project files".
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** One script file of the project. */
export interface ScriptFile {
  /** The file's name with its extension, e.g. "Code.js" (stack traces show it). */
  name: string;
  source: string;
}

/** What makes a project file a script file (clasp pushes .js and .gs as server scripts). */
const SCRIPT_FILE = /\.(js|gs)$/;

/**
 * The script files beside `codePath` (the project's root directory, e.g. dist/), by file name: Google
 * runs them in the project's own order (the editor's), which dev/gas does not know, so a project whose
 * files only declare at load (this add-on's: test/build/code-js.test.ts) must not depend on it.
 * Throws (ENOENT) when `codePath` itself is missing: a harness problem.
 * @param codePath the project's Code.js
 */
export function readProject(codePath: string): ScriptFile[] {
  // Read first so a missing Code.js fails with its own path.
  const code = readFileSync(codePath, 'utf8');
  const dir = dirname(codePath);
  const names = readdirSync(dir)
    .filter((name) => SCRIPT_FILE.test(name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((name) => ({ name, source: name === basename(codePath) ? code : readFileSync(join(dir, name), 'utf8') }));
}

/**
 * A project's script files with `change` applied to each source (a test's modified build).
 * @param files the project
 * @param change the new source of a file
 */
export function mapSources(files: readonly ScriptFile[], change: (source: string, name: string) => string): ScriptFile[] {
  return files.map((f) => ({ name: f.name, source: change(f.source, f.name) }));
}
