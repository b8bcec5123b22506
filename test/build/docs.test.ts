/**
 * The guides as a newcomer reads them: README.md stays a short front door that links every page of
 * docs/; docs/ keeps each reader's guides in a folder of their own (use/, develop/, publish/) under an
 * index, docs/README.md, that says which folder is for whom and links every page; every link between
 * the guides reaches a file (and a heading) that exists, and the code cites only Markdown files that
 * are in the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = join(ROOT, 'docs');
/** The readers' folders of docs/, as the index names them. */
const READERS = ['use', 'develop', 'publish'];
/** Every Markdown page under docs/, as a path from docs/ ('use/install.md', 'README.md'). */
const PAGES = readdirSync(DOCS, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.split(sep).join('/'))
  .sort();
const GUIDES = [join(ROOT, 'README.md'), join(ROOT, 'CHANGELOG.md'), ...PAGES.map((name) => join(DOCS, name))];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Relative links of a Markdown file ([text](target)), each resolved from its folder, with its anchor. */
function links(file: string): { target: string; anchor: string; raw: string }[] {
  return [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((raw) => !/^[a-z]+:/i.test(raw))
    .map((raw) => {
      const [path, anchor = ''] = raw.split('#') as [string, string?];
      return { target: path ? resolve(dirname(file), path) : file, anchor, raw };
    });
}

/** Every file under a folder, skipping what is not source. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs|html|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('node_modules'));
}

describe('README.md', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('is a front door of at most 200 lines, with the two commands', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('links every page of docs/, the benchmark results, the changelog and the license', () => {
    const targets = new Set(links(join(ROOT, 'README.md')).map((link) => relative(ROOT, link.target)));
    for (const name of PAGES) expect(targets, name).toContain(`docs/${name}`);
    for (const file of ['bench/RESULTS.md', 'CHANGELOG.md', 'LICENSE']) expect(targets).toContain(file);
  });
});

describe('docs/', () => {
  it("keeps every guide in its reader's folder, and only the index beside them", () => {
    const loose = PAGES.filter((name) => name !== 'README.md' && !READERS.includes(name.split('/')[0]!));
    expect(loose).toEqual([]);
    expect(READERS.filter((reader) => !PAGES.some((name) => name.startsWith(`${reader}/`)))).toEqual([]);
  });

  it('has an index, docs/README.md, with a section per folder and a link to every page', () => {
    const index = join(DOCS, 'README.md');
    const headings = [...readFileSync(index, 'utf8').matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
    expect(READERS.filter((reader) => !headings.some((heading) => heading.includes(`\`${reader}/\``)))).toEqual([]);
    const targets = new Set(links(index).map((link) => relative(DOCS, link.target).split(sep).join('/')));
    for (const name of PAGES.filter((page) => page !== 'README.md')) expect(targets, name).toContain(name);
    expect(links(index).some((link) => link.target === join(ROOT, 'README.md'))).toBe(true);
  });

  it('every relative link of README.md, CHANGELOG.md and every page under docs/ reaches a file, and an anchor a heading there', () => {
    for (const file of GUIDES) {
      for (const { target, anchor, raw } of links(file)) {
        const where = `${relative(ROOT, file)} → ${raw}`;
        expect(existsSync(target), where).toBe(true);
        if (anchor && target.endsWith('.md')) {
          const headings = [...readFileSync(target, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!));
          expect(headings, where).toContain(anchor);
        }
      }
    }
  });

  it('each page links back to the README', () => {
    const readme = join(ROOT, 'README.md');
    const missing = PAGES.filter((name) => !links(join(DOCS, name)).some((link) => link.target === readme));
    // The listing text and the privacy policy are published as they are, outside the repository.
    expect(missing).toEqual(['publish/listing.md', 'publish/privacy.md']);
  });
});

describe('code', () => {
  it('cites only Markdown files that are in the repository', () => {
    const cited: string[] = [];
    for (const dir of ['src', 'dev', 'scripts', 'bench', 'test']) {
      for (const file of filesUnder(join(ROOT, dir))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/(?<![}\w./-])[\w./-]+\.md\b/g)) {
          const name = m[0];
          // Found beside the citing file, from the root, or as a page of docs/ (`privacy.md` for
          // docs/publish/privacy.md); a name built in a template literal (`${dir}/x.md`) is a path the
          // code makes, not a citation.
          const found =
            [join(dirname(file), name), join(ROOT, name)].some((p) => existsSync(p)) ||
            PAGES.some((page) => page === name || page.endsWith(`/${name}`));
          if (!found) cited.push(`${relative(ROOT, file)}: ${name}`);
        }
      }
    }
    expect(cited).toEqual([]);
  });
});
