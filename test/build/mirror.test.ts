/**
 * Tests mirror the tree they test (docs/develop/contributing.md, "Where tests live"): test/unit/scripts/P
 * stands for scripts/P, the rest of test/unit/P for src/P, and test/dev/P for dev/P. The rule, checked
 * here: every folder there that holds a file exists at its mirrored place, and a test named after a
 * module (x.test.ts for an x.ts, x.js or x.mjs) of the part it tests (the mirrored folder of the test's
 * first path segment; all of src/ for a test at test/unit's top) stands in that module's folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A tests' folder and the tree it mirrors (the first that matches a test's path counts). */
const MIRRORS: Array<{ tests: string; tree: string }> = [
  { tests: 'test/unit/scripts', tree: 'scripts' },
  { tests: 'test/unit', tree: 'src' },
  { tests: 'test/dev', tree: 'dev' },
];

/** Every file under a folder, as paths from the root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The mirror a test file falls under, and its path inside it. */
function mirrorOf(file: string): { tree: string; rest: string } {
  const mirror = MIRRORS.find((m) => file.startsWith(`${m.tests}/`))!;
  return { tree: mirror.tree, rest: relative(mirror.tests, file) };
}

/** Test files (paths from the root) whose folder has no mirror in the tree they test. */
function foldersAstray(files: string[]): string[] {
  return files
    .map((file) => {
      const { tree, rest } = mirrorOf(file);
      return { file, mirrored: join(tree, dirname(rest)) };
    })
    .filter(({ mirrored }) => !existsSync(join(ROOT, mirrored)))
    .map(({ file, mirrored }) => `${file}: no ${mirrored}/`);
}

/** Tests named after a module of the part they test that stand outside that module's folder. */
function testsAstray(files: string[]): string[] {
  const astray: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.test.ts'))) {
    const { tree, rest } = mirrorOf(file);
    const part = rest.includes('/') ? join(tree, rest.split('/')[0]!) : tree;
    const name = basename(file, '.test.ts');
    const modules = filesUnder(part).filter((m) => /\.(ts|js|mjs)$/.test(m) && basename(m).replace(/\.(ts|js|mjs)$/, '') === name);
    if (modules.length === 0) continue;
    if (!modules.some((m) => dirname(relative(tree, m)) === dirname(rest))) astray.push(`${file}: tests ${modules.join(' or ')}`);
  }
  return astray;
}

const testFiles = ['test/unit', 'test/dev'].flatMap(filesUnder);

describe('tests mirror the tree they test', () => {
  it('puts every test folder at a folder of the tree it tests', () => {
    expect(foldersAstray(testFiles)).toEqual([]);
  });

  it('puts a test named after a module in that module’s folder', () => {
    expect(testsAstray(testFiles)).toEqual([]);
  });

  it('reports a test out of place', () => {
    // Where pacing's test stood before, and a folder dev/gas does not have.
    expect(testsAstray(['test/unit/pacing.test.ts'])).toEqual(['test/unit/pacing.test.ts: tests src/server/spending/pacing.ts']);
    expect(testsAstray(['test/dev/gas/runtime.test.ts'])).toEqual(['test/dev/gas/runtime.test.ts: tests dev/gas/runtime/runtime.ts']);
    expect(foldersAstray(['test/dev/gas/cache/storage.test.ts'])).toEqual(['test/dev/gas/cache/storage.test.ts: no dev/gas/cache/']);
  });
});
