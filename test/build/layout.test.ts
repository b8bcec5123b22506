/**
 * The layout of src/ and dev/ as docs/develop/how-it-works.md, "Where code lives", and dev/'s READMEs
 * describe it: every module name of src/ is distinct; src/server's folders, dev/'s parts and the floors
 * inside dev/gas, dev/playground and dev/service stand on floors and import only downward (never a
 * folder or file on their own floor or above); no module of src/ or dev/ imports itself back in a
 * circle; and the guide names every src/server folder. ui/'s panels are thin adapters over the feature
 * folders: no panel imports another, none reaches past the features' answers or grows long enough to
 * decide things itself, and the hourly trigger enters through trigger/, not ui/. Spending
 * has one home, spending/, under the lookup: the limit guard and the spend log are read there and by
 * the lookup alone, and the features ask it what an action costs rather than count with the dry run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');
const SERVER = join(SRC, 'server');
const DEV = join(ROOT, 'dev');

/**
 * One part of the house and its floors, top first. A floor names the part's folders and top-level
 * files (with their extension); '.' stands for all of its top-level files together. A module may import
 * its own folder (or file) and anything on a lower floor; what stands on one floor does not import
 * itself across; an import leaving the part goes only where `outside` allows (paths from the root;
 * a part nested in another is checked there too).
 */
interface Plan {
  root: string;
  floors: string[][];
  outside: string[];
}

/**
 * src/server's floors. '.' is the top: index.ts (the public surface) and the cold loader. Outside
 * src/server, only the contract and rules shared with the sidebar page (src/shared).
 */
const FLOORS: string[][] = [
  ['.'],
  ['cell', 'ui'],
  ['templates'],
  ['trigger', 'format'],
  ['alerts'],
  ['tables', 'tracking', 'freeze', 'log-sheet', 'api-key', 'refresh'],
  ['lookup'],
  ['spending'],
  ['cache'],
  ['service'],
  ['spreadsheet'],
  ['execution'],
  ['settings'],
  ['errors'],
  ['shape'],
];

/** src/server as a plan: its floors, and outside it only src/shared. */
const SERVER_PLAN: Plan = { root: 'src/server', floors: FLOORS, outside: ['src/shared/'] };

/**
 * dev/'s floors: the playground over the host page server and the test stack, over the Apps Script
 * runtime and the stand-in service (which know nothing of each other), over the shared http and TLS
 * helpers. The playground runs the add-on's own formula reading (src/) beside dev/gas.
 */
const DEV_PLAN: Plan = {
  root: 'dev',
  floors: [['playground'], ['host', 'stack.ts'], ['gas', 'service'], ['http.ts', 'tls.ts']],
  outside: ['src/'],
};

/** dev/gas's floors (dev/gas/README.md, "Folders"; how-it-works.md): index.ts, the pool of workers, the runtime, triggers, the spreadsheet, the services, execution. */
const GAS_PLAN: Plan = {
  root: 'dev/gas',
  floors: [['.'], ['pool'], ['runtime'], ['triggers'], ['spreadsheet'], ['services'], ['execution']],
  outside: [],
};

/** dev/playground's floors (dev/playground/README.md, "Modules"), file by file; page/ is the browser's side, which nothing imports. */
const PLAYGROUND_PLAN: Plan = {
  root: 'dev/playground',
  floors: [
    ['main.ts', 'page'],
    ['server.ts'],
    ['demo.ts'],
    ['workbook.ts'],
    ['engine.ts'],
    ['model-charts.ts', 'function-docs.ts', 'sparkline.ts'],
    ['state.ts', 'formula-text.ts', 'arguments.ts', 'evaluate.ts'],
  ],
  outside: ['dev/gas/', 'dev/host/', 'dev/http.ts', 'dev/service/', 'src/'],
};

/** dev/service's floors (dev/service/README.md, "Where code lives"), file by file. */
const SERVICE_PLAN: Plan = {
  root: 'dev/service',
  floors: [
    ['main.ts', 'harness.ts'],
    ['server.ts'],
    ['api.ts', 'control.ts'],
    ['faults.ts', 'endpoints.ts'],
    ['exchange.ts', 'clock.ts'],
    ['state.ts'],
    ['schemas.ts', 'bad-request.ts'],
    ['data.ts', 'compiled.ts'],
  ],
  outside: ['dev/http.ts'],
};

/** Every module (TypeScript or JavaScript) under a folder. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The modules of this tree a module imports (relative imports, type-only ones and JSDoc's `import('…')`
 * included), resolved: src/ names them without extension, dev/ with '.js' for a '.ts' file.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\()'(\.{1,2}\/[^']*)'/g)].map((m) => {
    const base = resolve(dirname(file), m[1]!);
    const found = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')].find(
      (candidate) => existsSync(candidate) && /\.(ts|js|mjs)$/.test(candidate),
    );
    if (!found) throw new Error(`${relative(ROOT, file)} imports ${m[1]}, which is no module`);
    return found;
  });
}

/** Where a module stands in a plan: its folder (first path segment), or for a top-level file its own name or '.'. */
function unitOf(plan: Plan, file: string): string {
  const parts = relative(join(ROOT, plan.root), file).split('/');
  if (parts.length > 1) return parts[0]!;
  return plan.floors.some((floor) => floor.includes('.')) ? '.' : parts[0]!;
}

function floorIn(plan: Plan, unit: string): number {
  const floor = plan.floors.findIndex((names) => names.includes(unit));
  if (floor < 0)
    throw new Error(`${plan.root}/${unit} stands on no floor: add it to its plan here and to the guide that describes ${plan.root}`);
  return floor;
}

/** Every import of a plan's modules that runs sideways or up, or leaves the part where `outside` does not allow: "from -> to". */
function wrongImports(plan: Plan): string[] {
  const root = join(ROOT, plan.root);
  const wrong: string[] = [];
  for (const file of modulesUnder(root)) {
    const from = unitOf(plan, file);
    for (const target of importsOf(file)) {
      const arrow = `${relative(ROOT, file)} -> ${relative(ROOT, target)}`;
      if (relative(root, target).startsWith('..')) {
        if (!plan.outside.some((allowed) => relative(ROOT, target).startsWith(allowed))) wrong.push(arrow);
        continue;
      }
      const to = unitOf(plan, target);
      if (from !== to && floorIn(plan, from) >= floorIn(plan, to)) wrong.push(arrow);
    }
  }
  return wrong;
}

/** Every circle of imports among the modules under a folder, as "a -> b -> a". */
function circlesUnder(dir: string): string[] {
  const graph = new Map(modulesUnder(dir).map((file) => [file, importsOf(file).filter((t) => t.startsWith(dir))]));
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(dir, f)).join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  return circles;
}

const serverModules = modulesUnder(SERVER);

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

/** A sidebar panel of ui/: one sidebar section's calls, each read, handed to a feature, shown. */
const isPanel = (file: string) => folderOf(file) === 'ui' && file.endsWith('-panel.ts');

/**
 * What ui/'s adapters may import: the feature folders, whole; the open spreadsheet, the add-on's
 * settings, its errors, and the guard and permissions of an execution; and of spending/ and cache/, only the answers an action asks of
 * them: what it costs, Refresh all's plan and estimate, the usage views, the spreadsheet's own spending
 * settings (its cap, its request log's switch), and the config entry's two
 * changes (Clear cache, the time zone). The lookup, the service, the shaping and spending's records,
 * pacing and dry run are the features' business, never an entry file's.
 */
const UI_REACHES = [
  /^(alerts|api-key|format|freeze|log-sheet|refresh|tables|templates|tracking|trigger|spreadsheet|execution|settings|errors|ui)\//,
  /^spending\/(\w+-cost|refresh-plan|refresh-estimate|usage-read|spend-settings)\.ts$/,
  /^cache\/config-entry\.ts$/,
];
/** Lines an entry file of ui/ stays under: reading what was sent, one call, the view. Past it, it decides something. */
const UI_MODULE_LINES = 120;

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
    expect(wrongImports(SERVER_PLAN)).toEqual([]);
  });

  it('has no ui/ panel import another panel (shared views and helpers of ui/ are fine)', () => {
    const crossings = serverModules.filter(isPanel).flatMap((file) =>
      importsOf(file)
        .filter((target) => target !== file && isPanel(target))
        .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it("keeps ui/ to what adapters need: the features, and only spending's and the cache's answers", () => {
    const reached = serverModules
      .filter((file) => folderOf(file) === 'ui')
      .flatMap((file) => importsOf(file).map((target) => ({ file, target: relative(SERVER, target) })))
      .filter(({ target }) => !target.startsWith('..') && !UI_REACHES.some((allowed) => allowed.test(target)))
      .map(({ file, target }) => `${relative(ROOT, file)} -> src/server/${target}`);
    expect(reached).toEqual([]);
  });

  it(`keeps every ui/ module under ${UI_MODULE_LINES} lines`, () => {
    const long = serverModules
      .filter((file) => folderOf(file) === 'ui')
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines >= UI_MODULE_LINES);
    expect(long).toEqual([]);
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
    expect(circlesUnder(SRC)).toEqual([]);
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

/** Spending's home: what is left, the guard, the spend log, pacing, usage reads, the dry run and every estimate. */
const SPENDING = 'spending';
/** What was spent and what a limit holds back: read and written by spending/ and the lookup alone. */
const SPENDING_RECORDS = ['spending/limit-guard.ts', 'spending/spend-log.ts'];
/** The modules outside spending/ that read the cache through the dry run and count nothing: a template's examples, from a cached answer. */
const DRY_RUN_READERS = ['templates/template-examples.ts'];

/** Every import in src/server of one of `targets` (paths from src/server) by a module `allowed` refuses: "from -> to". */
function importsOfOutside(targets: string[], allowed: (from: string) => boolean): string[] {
  return serverModules.flatMap((file) =>
    importsOf(file)
      .filter((target) => targets.includes(relative(SERVER, target)) && !allowed(relative(SERVER, file)))
      .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`),
  );
}

describe("spending's home", () => {
  it('stands spending/ under the lookup, which sends within it, and over the cache', () => {
    expect(floorIn(SERVER_PLAN, 'lookup')).toBeLessThan(floorIn(SERVER_PLAN, SPENDING));
    expect(floorIn(SERVER_PLAN, SPENDING)).toBeLessThan(floorIn(SERVER_PLAN, 'cache'));
  });

  it('leaves the limit guard and the spend log to spending/ and the lookup: no feature or panel reads them', () => {
    const inside = (from: string) => [SPENDING, 'lookup'].includes(from.split('/')[0]!);
    expect(importsOfOutside(SPENDING_RECORDS, inside)).toEqual([]);
    // The check has work to do: the lookup reads and writes both in its one round trip.
    expect(importsOfOutside(SPENDING_RECORDS, (from) => !from.startsWith('lookup/'))).not.toEqual([]);
  });

  it('has the features ask spending/ what an action costs: only spending/ counts with the dry run', () => {
    const counts = (from: string) => from.startsWith(`${SPENDING}/`) || DRY_RUN_READERS.includes(from);
    expect(importsOfOutside([`${SPENDING}/dry-run.ts`], counts)).toEqual([]);
    for (const reader of DRY_RUN_READERS) expect(existsSync(join(SERVER, reader)), reader).toBe(true);
  });

  it('names a module for spending only in its home (cost, allowance, spend, pacing, estimate)', () => {
    const astray = serverModules
      .filter((file) => /cost|allowance|spend|pacing|estimate/.test(basename(file)) && folderOf(file) !== SPENDING)
      .map((file) => relative(ROOT, file));
    expect(astray).toEqual([]);
  });
});

/** The sidebar's wire: the types of what its calls take and return (src/shared/sidebar-api.ts). */
const WIRE = join(SRC, 'shared/sidebar-api.ts');
/** The views spending/ answers the sidebar with as they are: Refresh all's estimate, the usage section. */
const SPENDING_VIEWS = ['RefreshEstimate', 'TemplateWait', 'UsageView'];

/** The names a module imports from a module (type-only or not). */
function namesImported(file: string, from: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.{1,2}\/[^']*)'/gm)]
    .filter((m) => resolve(dirname(file), m[2]!) === from.replace(/\.ts$/, ''))
    .flatMap((m) => m[1]!.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()))
    .filter(Boolean);
}

describe('the wire and the domain', () => {
  it("keeps the wire's types out of the lookup and the floors below it, but for spending's views", () => {
    // The domain's own figures (a usage read, what an action costs, who pays, a ranking group) live
    // beside their domain, in the modules of src/shared both sides use; the wire names them again.
    const below = FLOORS.slice(floorIn(SERVER_PLAN, 'lookup')).flat();
    const taken = serverModules
      .filter((file) => below.includes(folderOf(file)))
      .flatMap((file) =>
        namesImported(file, WIRE)
          .filter((name) => !(folderOf(file) === SPENDING && SPENDING_VIEWS.includes(name)))
          .map((name) => `${relative(ROOT, file)}: ${name}`),
      );
    expect(taken).toEqual([]);
    // The check has work to do: spending/ answers the sidebar with its views.
    expect(serverModules.some((file) => folderOf(file) === SPENDING && namesImported(file, WIRE).length > 0)).toBe(true);
  });

  it('has the shared modules take nothing from the wire but the views they word (*-words.ts)', () => {
    const taking = modulesUnder(join(SRC, 'shared'))
      .filter((file) => file !== WIRE && !file.endsWith('-words.ts') && importsOf(file).includes(WIRE))
      .map((file) => relative(ROOT, file));
    expect(taking).toEqual([]);
  });
});

describe('dev/ layout', () => {
  for (const plan of [DEV_PLAN, GAS_PLAN, PLAYGROUND_PLAN, SERVICE_PLAN]) {
    it(`has ${plan.root}'s parts import only what stands on lower floors`, () => {
      expect(wrongImports(plan)).toEqual([]);
    });

    it(`stands every folder and file of ${plan.root} on a floor`, () => {
      const units = readdirSync(join(ROOT, plan.root), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() || /\.(ts|js|mjs)$/.test(entry.name))
        .map((entry) => unitOf(plan, join(ROOT, plan.root, entry.name, entry.isDirectory() ? 'x' : '')));
      for (const unit of units) expect(floorIn(plan, unit), `${plan.root}/${unit}`).toBeGreaterThanOrEqual(0);
    });
  }

  it('has no circle of imports between dev/ modules', () => {
    expect(circlesUnder(DEV)).toEqual([]);
  });
});
