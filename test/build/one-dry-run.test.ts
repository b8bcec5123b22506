/**
 * One dry run (issue 42): what the cache answers, what would be sent and what the daily-limit guard holds
 * back is read by the lookup (src/server/lookup/) and its dry run alone (src/server/spending/dry-run.ts,
 * under the lookup's own keys), and every estimate (Refresh all formulas, the templates, inserting a
 * ranking table, tracking a list) counts through that dry run. So no estimate can grow its own reading of the cache beside the lookup's, and
 * disagree with what the lookup then sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');
const LOOKUP = 'src/server/lookup/';
const DRY_RUN = 'src/server/spending/dry-run.ts';

/** The lookup's read side: each name, and the module that defines it. */
const READ_SIDE: Record<string, string> = {
  readState: 'cache/cache-state',
  readGuard: 'spending/limit-guard',
  heldBack: 'spending/limit-guard',
  readPack: 'cache/pack',
  packGroups: 'cache/pack',
};

const modules = readdirSync(SRC, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => {
    const file = join(entry.parentPath, entry.name);
    return { path: relative(ROOT, file), text: readFileSync(file, 'utf8') };
  });

/** The names a module imports (or re-exports) from any module, by the module's path as written. */
function importedNames(text: string): { names: string[]; from: string }[] {
  const found: { names: string[]; from: string }[] = [];
  for (const match of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const names = (match[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      )
      .filter(Boolean);
    found.push({ names, from: match[2] ?? '' });
  }
  return found;
}

describe('one dry run of the lookup', () => {
  it('leaves the cache state, the guard and the packs to the lookup and its dry run: no module outside them imports them', () => {
    const outside = modules
      .filter(
        ({ path }) =>
          !path.startsWith(LOOKUP) &&
          path !== DRY_RUN &&
          !path.startsWith('src/server/cache/') &&
          !path.startsWith('src/server/spending/limit-guard'),
      )
      .flatMap(({ path, text }) =>
        importedNames(text).flatMap(({ names, from }) =>
          names.filter((name) => name in READ_SIDE).map((name) => `${path}: ${name} from ${from}`),
        ),
      );
    expect(outside).toEqual([]);
  });

  it('finds the names it guards where they are defined (the test would see them if they moved)', () => {
    for (const [name, home] of Object.entries(READ_SIDE)) {
      const text = modules.find(({ path }) => path === `src/server/${home}.ts`)?.text ?? '';
      expect(text, `${name} in ${home}`).toMatch(new RegExp(`export function ${name}\\b`));
    }
  });

  it('is the one read of the estimates: the refresh estimate and the templates count through the dry run', () => {
    const users = modules.filter(({ text }) => /from '[./]*spending\/dry-run'|from '\.\/dry-run'/.test(text)).map(({ path }) => path);
    expect(users).toEqual(expect.arrayContaining(['src/server/spending/refresh-plan.ts', 'src/server/spending/template-cost.ts']));
  });
});
