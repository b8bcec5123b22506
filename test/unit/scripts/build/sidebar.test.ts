/**
 * The sidebar build (scripts/build/sidebar.ts): one self-contained, small dist/Sidebar.html, the help's
 * words on which release this is, and no way for server text to become markup (the page's code never
 * parses HTML).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIDEBAR_BUDGET_BYTES } from '../../../../scripts/build/budgets';
import { buildSidebar, inlineAbout, inlineAssets, SCRIPT_MARK, STYLE_MARK } from '../../../../scripts/build/sidebar';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
let outDir: string;
let html: string;
let bytes: number;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'sidebar-build-'));
  ({ html, bytes } = await buildSidebar({ root, outDir, about: { version: '1.2.3', installation: 'marketplace' } }));
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('buildSidebar', () => {
  it('writes one page with the script and styles inlined, under the size budget', () => {
    expect(readdirSync(outDir)).toEqual(['Sidebar.html']);
    expect(statSync(join(outDir, 'Sidebar.html')).size).toBe(bytes);
    expect(bytes).toBeLessThan(SIDEBAR_BUDGET_BYTES);
    expect(html).not.toContain(STYLE_MARK);
    expect(html).not.toContain(SCRIPT_MARK);
    expect(html).toMatch(/<style>[^<]*--blue: ?#1a73e8/);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('loads nothing from outside (a sidebar cannot)', () => {
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/@import|url\(\s*['"]?(https?:)?\/\//i);
    expect(html).not.toMatch(/\b(src|href|action)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/\bfetch\(|XMLHttpRequest|import\(/);
  });

  it('has the labelled controls the page binds', () => {
    for (const id of [
      'key-input',
      'key-save',
      'key-share',
      'key-remove-confirm',
      'usage-bars',
      'usage-refresh',
      'cache-clear-confirm',
      'cache-refresh',
      'url-input',
      'help',
      'tables-section',
      'tables-list',
      'insert-group',
      'insert-typed',
      'insert-limit',
      'schedule-kind',
      'schedule-hour',
      'refresh-now',
      'last-run',
      'formulas-section',
      'formulas-owner-box',
      'formulas-stop-confirm',
      'url-allowed',
      'schedule-by',
      'tables-notes',
    ]) {
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(html).toContain('<label for="key-input"');
    expect(html).toContain('aria-live="polite"');
  });
});

describe('inlineAssets', () => {
  it('escapes closing tags and keeps $ patterns literal', () => {
    const out = inlineAssets(`<style>${STYLE_MARK}</style><script>${SCRIPT_MARK}</script>`, {
      css: 'a::after{content:"</style>"}',
      js: 'x="</script><!--";y="$&$1"',
    });
    expect(out).toBe('<style>a::after{content:"<\\/style>"}</style><script>x="<\\/script><\\!--";y="$&$1"</script>');
  });
  it('refuses a template without its marks', () => {
    expect(() => inlineAssets('<style></style>', { css: '', js: '' })).toThrow(/exactly once/);
  });
});

describe("the sidebar's words", () => {
  it('say in the help which release this is, and a self-installer how to update it', () => {
    const page = '<p id="help-about"><!--@about--></p>';
    expect(inlineAbout(page, { version: '1.2.3', installation: 'marketplace' })).toBe('<p id="help-about">Search Demand 1.2.3.</p>');
    expect(inlineAbout(page, { version: '1.2.3', installation: 'self' })).toMatch(
      /^<p id="help-about">Search Demand 1\.2\.3, installed in this spreadsheet by hand\. To update, paste the files of a newer release/,
    );
    expect(() => inlineAbout(page, { version: 'latest', installation: 'self' })).toThrow(/not a release version/);
    expect(() => inlineAbout('<p></p>', { version: '1.2.3', installation: 'self' })).toThrow(/exactly once/);
  });
});

describe('no server value can become markup', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );

  it('the sidebar code never parses HTML (no innerHTML, outerHTML, insertAdjacentHTML, document.write, DOMParser)', () => {
    const files = sources(join(root, 'src/sidebar'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(
        /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|srcdoc)\b/,
      );
    }
  });

  it('nor does the built bundle', () => {
    const script = html.slice(html.indexOf('<script>'), html.indexOf('</script>'));
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment/);
  });
});
