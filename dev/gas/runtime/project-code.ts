/**
 * The project's code as a runtime holds it: its script files (given, or read beside Code.js), compiled
 * once per thread; its top-level functions; its HTML files; its manifest beside Code.js.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { checkManifest, readManifest, type Manifest } from '../execution/manifest.js';
import { readProject, type ScriptFile } from '../execution/project.js';
import type { GasRuntimeOptions } from './options.js';

const DEFAULT_CODE_PATH = fileURLToPath(new URL('../../../dist/Code.js', import.meta.url));

/**
 * Compiled script files by name and source, shared by every runtime of this thread: compiling is V8's
 * work, not the script's (each execution still evaluates every file afresh in its own context), and a
 * test file makes a new runtime per test.
 */
const compiledScripts = new Map<string, vm.Script>();

/** The file compiled once per thread (see compiledScripts). */
function compiledScript(file: ScriptFile): vm.Script {
  const key = `${file.name}\0${file.source}`;
  let script = compiledScripts.get(key);
  if (!script) {
    script = new vm.Script(file.source, { filename: file.name });
    compiledScripts.set(key, script);
  }
  return script;
}

/** Where the code comes from (GasRuntimeOptions). */
type CodeOptions = Pick<GasRuntimeOptions, 'project' | 'code' | 'codePath' | 'htmlFiles' | 'manifest'>;

/** One runtime's project: its files, compiled scripts, function names and HTML files, each read once. */
export class ProjectCode {
  readonly #options: CodeOptions;
  #files: ScriptFile[] | undefined;
  #scripts: vm.Script[] | undefined;
  #functionNames: Map<string, string> | undefined;
  #htmlFiles: Record<string, string> | undefined;

  constructor(options: CodeOptions) {
    this.#options = options;
  }

  /** The manifest option, else appsscript.json beside Code.js (none when the code was given as text). */
  loadManifest(): Manifest | null {
    const { manifest, code, project, codePath } = this.#options;
    if (manifest !== undefined) return manifest === null ? null : checkManifest(manifest, 'the manifest option');
    if ((code !== undefined || project !== undefined) && codePath === undefined) return null;
    return readManifest(join(dirname(this.#codePath()), 'appsscript.json'));
  }

  #codePath(): string {
    return this.#options.codePath ?? DEFAULT_CODE_PATH;
  }

  /** Replaces the project's files (GasRuntime.updateProject); HTML files too, when given. */
  update(files: readonly ScriptFile[], htmlFiles?: Record<string, string>): void {
    this.#files = [...files];
    this.#scripts = undefined;
    this.#functionNames = undefined;
    if (htmlFiles) this.#htmlFiles = { ...htmlFiles };
  }

  /** An HTML file of the project by name (without ".html"), for HtmlService; undefined when there is none. */
  readHtmlFile(name: string): string | undefined {
    const given = this.#htmlFiles?.[name] ?? this.#options.htmlFiles?.[name];
    if (given !== undefined) return given;
    const path = join(dirname(this.#codePath()), `${name}.html`);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  }

  /** The project's script files, read once. A missing Code.js is a harness problem: it throws from run(). */
  files(): ScriptFile[] {
    const { project, code } = this.#options;
    this.#files ??= project ? [...project] : code !== undefined ? [{ name: 'Code.js', source: code }] : readProject(this.#codePath());
    return this.#files;
  }

  /**
   * Every script file, compiled once and evaluated afresh, in order, in each execution's context. A
   * SyntaxError becomes the result's error (Google refuses to save such a file; here the run fails).
   */
  compiled(): vm.Script[] {
    this.#scripts ??= this.files().map(compiledScript);
    return this.#scripts;
  }

  /**
   * The project's top-level functions by upper-case name (Sheets matches formula names case-insensitively;
   * an exact-case duplicate wins). Private ones (name_) are not callable from a cell. Found by
   * evaluating the script once in a bare context: function declarations exist even if its top-level
   * code then fails for want of services.
   */
  topLevelFunctions(): Map<string, string> {
    if (this.#functionNames) return this.#functionNames;
    const context = vm.createContext({});
    const builtins = new Set(vm.runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]);
    for (const script of this.compiled()) {
      try {
        script.runInContext(context, { timeout: 5_000 });
      } catch {
        // Only the declarations matter here.
      }
    }
    const global = vm.runInContext('globalThis', context) as Record<string, unknown>;
    const names = new Map<string, string>();
    for (const name of Object.getOwnPropertyNames(global)) {
      if (builtins.has(name) || name.endsWith('_') || typeof global[name] !== 'function') continue;
      const upper = name.toUpperCase();
      if (!names.has(upper) || name === upper) names.set(upper, name);
    }
    this.#functionNames = names;
    return names;
  }
}
