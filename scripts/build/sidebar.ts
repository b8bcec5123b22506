/**
 * Builds the sidebar page: src/sidebar/main.ts bundled by esbuild and styles.css minified, both inlined
 * into src/sidebar/Sidebar.html, written as one self-contained dist/Sidebar.html (Apps Script serves it
 * with HtmlService.createHtmlOutputFromFile('Sidebar'), and a sidebar can load nothing from outside).
 * The help's list of functions is written from the JSDoc of src/server/index.ts (public-functions.ts).
 */
import { build, transform } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { aboutLine } from '../../src/shared/about.ts';
import { inlineHelpList } from './public-functions.ts';
import type { Installation } from './manifest.ts';
import { readPublicFunctions, type PublicFunction } from './toplevel.ts';

/** Where the template marks the inlined assets. Each must appear exactly once. */
export const STYLE_MARK = '/*@inline styles.css*/';
export const SCRIPT_MARK = '/*@inline main.ts*/';
/** Where the help says which release this is (and, in a self-install, how to update it). */
export const ABOUT_MARK = '<!--@about-->';

export interface SidebarBuildOptions {
  /** Repository root (holds src/sidebar). */
  root: string;
  /** Output directory, e.g. <root>/dist. */
  outDir: string;
  /** Minify the script and styles (default true). */
  minify?: boolean;
  /** The public functions, as readPublicFunctions reads src/server/index.ts (read when not given). */
  functions?: readonly PublicFunction[];
  /** The release's version (package.json's) and how it is installed, for the help's last line. */
  about: { version: string; installation: Installation };
}

export interface SidebarBuildResult {
  path: string;
  bytes: number;
  html: string;
}

/**
 * Builds dist/Sidebar.html and returns its path, size and text.
 * @param options where the sources are and where the page goes
 * @throws if the template lacks a mark or the bundle fails
 */
export async function buildSidebar(options: SidebarBuildOptions): Promise<SidebarBuildResult> {
  const dir = join(options.root, 'src/sidebar');
  const minify = options.minify ?? true;
  const bundle = await build({
    entryPoints: [join(dir, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    // The page's own version, compared with the server script's (src/sidebar/version.ts).
    define: { __SDM_VERSION__: JSON.stringify(options.about.version) },
  });
  const css = await transform(readFileSync(join(dir, 'styles.css'), 'utf8'), { loader: 'css', minify, charset: 'utf8' });
  const source = readFileSync(join(dir, 'Sidebar.html'), 'utf8');
  // Indentation is a tenth of the page: a line break alone renders the same (the page has no <pre>).
  const indented = minify ? source.replace(/\n[ \t]+/g, '\n') : source;
  const functions = options.functions ?? readPublicFunctions(join(options.root, 'src/server/index.ts'));
  const template = inlineAbout(inlineHelpList(indented, functions), options.about);
  const html = inlineAssets(template, {
    css: css.code.trim(),
    js: bundle.outputFiles[0]!.text.trim(),
  });
  mkdirSync(options.outDir, { recursive: true });
  const path = join(options.outDir, 'Sidebar.html');
  writeFileSync(path, html);
  return { path, bytes: Buffer.byteLength(html), html };
}

/**
 * The help's line saying which release this is (src/shared/about.ts), as the page shows it before the
 * server script has said its own version.
 * @param template the page, holding ABOUT_MARK once
 * @param about the version and the installation
 */
export function inlineAbout(template: string, about: SidebarBuildOptions['about']): string {
  const count = template.split(ABOUT_MARK).length - 1;
  if (count !== 1) throw new Error(`src/sidebar/Sidebar.html must contain ${ABOUT_MARK} exactly once (found ${count})`);
  if (!/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/.test(about.version)) throw new Error(`not a release version: ${about.version}`);
  const line = aboutLine(about.version, about.installation === 'self');
  return template.replace(ABOUT_MARK, () => line);
}

/**
 * Puts the styles and the script into the template at their marks. Closing tags inside them are
 * escaped so the inlined text cannot end its element early.
 * @param template the page with STYLE_MARK inside <style> and SCRIPT_MARK inside <script>
 * @param assets minified CSS and JS
 */
export function inlineAssets(template: string, assets: { css: string; js: string }): string {
  for (const mark of [STYLE_MARK, SCRIPT_MARK]) {
    const count = template.split(mark).length - 1;
    if (count !== 1) throw new Error(`src/sidebar/Sidebar.html must contain ${mark} exactly once (found ${count})`);
  }
  const css = assets.css.replace(/<\/style/gi, '<\\/style');
  const js = assets.js.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
  // Function replacers: `$` in the assets must not be read as a replacement pattern.
  return template.replace(STYLE_MARK, () => css).replace(SCRIPT_MARK, () => js);
}
