/**
 * The layout of src/ as docs/develop/how-it-works.md, "Where code lives", describes it: every module name is
 * distinct, src/server's folders stand on floors by where their code runs and import only downward
 * (never a folder on their own floor or above), no module of src/ (server, page or shared) imports
 * itself back in a circle, and the guide names every folder. ui/'s panels are thin adapters over the
 * feature folders: no panel imports another, and the hourly trigger enters through trigger/, not ui/.
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

/** A sidebar panel of ui/: one sidebar section's calls, each read, handed to a feature, shown. */
const isPanel = (file: string) => folderOf(file) === 'ui' && file.endsWith('-panel.ts');

/**
 * Panel-to-panel imports waiting for a branch that rewrites the importer (issue 42): the costs branch
 * replaces estimate-panel.ts's dry run; merged, it imports formulaKeyHere from core/formula-key.ts and
 * currentUsage from lookup/usage-read.ts, and these entries and the panels' re-exports go.
 */
const PANEL_IMPORTS_PENDING = [
  'src/server/ui/estimate-panel.ts -> src/server/ui/settings-panel.ts',
  'src/server/ui/estimate-panel.ts -> src/server/ui/usage-panel.ts',
];

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

  it('has no ui/ panel import another panel (shared views and helpers of ui/ are fine)', () => {
    const crossings = serverModules.filter(isPanel).flatMap((file) =>
      importsOf(file)
        .filter((target) => target !== file && isPanel(target))
        .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`),
    );
    expect(crossings.filter((c) => !PANEL_IMPORTS_PENDING.includes(c))).toEqual([]);
  });

  it("has the hourly trigger enter through trigger/: index.ts's handler calls a trigger/ module, and only trigger/ runs the schedule", () => {
    const handler = /SCHEDULE_HANDLER = '(\w+)'/.exec(readFileSync(join(SERVER, 'trigger/user-trigger.ts'), 'utf8'))?.[1];
    expect(handler, 'trigger/user-trigger.ts names the handler').toBeTruthy();
    const index = readFileSync(join(SERVER, 'index.ts'), 'utf8');
    const body = new RegExp(`export function ${handler}\\([^)]*\\)[^{]*\\{([^}]*)\\}`).exec(index)?.[1] ?? '';
    // The names the handler calls (guardAction's action name aside), and where index.ts imports them from.
    const called = [...body.matchAll(/\b([A-Za-z_$][\w$]*)(?:\.[\w$]+)?\(/g)].map((m) => m[1]!).filter((name) => name !== 'guardAction');
    const from = (name: string) =>
      [...index.matchAll(/import\s+(?:\{([^}]*)\}|\*\s+as\s+(\w+))\s+from\s+'([^']+)'/g)].find(
        (m) =>
          (m[1] ?? '').split(',').some(
            (n) =>
              n
                .trim()
                .split(/\s+as\s+/)
                .pop() === name,
          ) || m[2] === name,
      )?.[3];
    expect(called.length, `${handler} calls something`).toBeGreaterThan(0);
    expect(called.map((name) => `${name} from ${from(name)}`).filter((call) => !call.includes(' from ./trigger/'))).toEqual([]);
    const runners = serverModules.filter((file) => importsOf(file).some((t) => relative(SERVER, t) === 'trigger/hourly-run.ts'));
    expect(runners.map((file) => relative(SERVER, file)).filter((f) => !f.startsWith('trigger/'))).toEqual([]);
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

  it('keeps src/shared free of the server and the page, and the page free of the server', () => {
    const crossings: string[] = [];
    for (const [dir, forbidden] of [
      ['shared', ['server/', 'sidebar/']],
      ['sidebar', ['server/']],
    ] as const) {
      for (const file of modulesUnder(join(SRC, dir))) {
        for (const target of importsOf(file)) {
          if (forbidden.some((f) => relative(SRC, target).startsWith(f)))
            crossings.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
        }
      }
    }
    expect(crossings).toEqual([]);
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
