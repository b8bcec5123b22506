/**
 * The layout of src/ as docs/develop/how-it-works.md, "Where code lives", describes it: every module name is
 * distinct, src/server's folders stand on floors by where their code runs and import only downward
 * (never a folder on their own floor or above), no module of src/ (server, page or shared) imports
 * itself back in a circle, and the guide names every folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');
const SERVER = join(SRC, 'server');

/**
 * src/server's floors, top first. '.' is the top: index.ts (the public surface) and the cold loader. A folder may import its own files and any folder on a lower
 * floor; folders on one floor do not import each other.
 */
const FLOORS: string[][] = [
  ['.'],
  ['cell', 'ui'],
  ['trigger', 'templates'],
  ['tables', 'tracking', 'freeze'],
  ['lookup'],
  ['cache'],
  ['service', 'spreadsheet'],
  ['core'],
  ['shape'],
];

/** Every TypeScript module under a folder. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The src/server files a module imports (relative imports, type-only ones included), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']*)'/g)].map((m) => {
    const base = resolve(dirname(file), m[1]!);
    const found = [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
    if (!found) throw new Error(`${relative(ROOT, file)} imports ${m[1]}, which is no module`);
    return found;
  });
}

/** The modules a module imports with `import type` only (erased by the build: nothing of them runs). */
function typeImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+type\s[^;]*?\bfrom\s+'(\.{1,2}\/[^']*)'/gm)].flatMap((m) => {
    const base = resolve(dirname(file), m[1]!);
    return [base, `${base}.ts`].filter((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
  });
}

/** A src/server module's folder: its first path segment, or '.' for the files at the top. */
function folderOf(file: string): string {
  const parts = relative(SERVER, file).split('/');
  return parts.length === 1 ? '.' : parts[0]!;
}

function floorOf(folder: string): number {
  const floor = FLOORS.findIndex((names) => names.includes(folder));
  if (floor < 0) throw new Error(`src/server/${folder}/ stands on no floor: add it to FLOORS and to docs/develop/how-it-works.md`);
  return floor;
}

const serverModules = modulesUnder(SERVER);

describe('src/ layout', () => {
  it('gives every module a name of its own', () => {
    const byName = new Map<string, string[]>();
    for (const file of modulesUnder(SRC)) {
      const name = basename(file).replace(/\.(ts|js)$/, '');
      byName.set(name, [...(byName.get(name) ?? []), relative(ROOT, file)]);
    }
    const reused = [...byName.values()].filter((files) => files.length > 1);
    expect(reused).toEqual([]);
  });

  it('has src/server folders import only folders on lower floors', () => {
    const upward: string[] = [];
    for (const file of serverModules) {
      const from = folderOf(file);
      for (const target of importsOf(file)) {
        const rel = relative(SERVER, target);
        if (rel.startsWith('..')) {
          // Outside src/server, only the contract and rules shared with the sidebar page.
          if (!relative(SRC, target).startsWith('shared/')) upward.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
          continue;
        }
        const to = folderOf(target);
        if (from !== to && floorOf(from) >= floorOf(to)) upward.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no circle of imports between src/ modules', () => {
    const graph = new Map(modulesUnder(SRC).map((file) => [file, importsOf(file).filter((t) => t.startsWith(SRC))]));
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });

  it("keeps src/shared free of the server and the page, and the page free of the server's code", () => {
    // The page's one way in: the types of index.ts's exports (src/sidebar/server.ts types its calls by
    // them), imported as types only, so no server code reaches the page.
    const serverTypes = join(SERVER, 'index.ts');
    const crossings: string[] = [];
    for (const [dir, forbidden] of [
      ['shared', ['server/', 'sidebar/']],
      ['sidebar', ['server/']],
    ] as const) {
      for (const file of modulesUnder(join(SRC, dir))) {
        const typesOnly = dir === 'sidebar' ? typeImportsOf(file) : [];
        for (const target of importsOf(file)) {
          if (target === serverTypes && typesOnly.includes(target)) continue;
          if (forbidden.some((f) => relative(SRC, target).startsWith(f)))
            crossings.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
        }
      }
    }
    expect(crossings).toEqual([]);
    expect(typeImportsOf(join(SRC, 'sidebar/server.ts'))).toContain(serverTypes); // the check above has work to do
  });

  it('names every src/server folder in docs/develop/how-it-works.md, "Where code lives"', () => {
    const guide = readFileSync(join(ROOT, 'docs/develop/how-it-works.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Where code lives'));
    const folders = readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(
      FLOORS.flat()
        .filter((f) => f !== '.')
        .sort(),
    );
    for (const folder of folders) expect(section, `src/server/${folder}/`).toMatch(new RegExp(`^\\s+${folder}/`, 'm'));
  });
});
