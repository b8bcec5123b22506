/**
 * scripts/install-hooks.mjs, package.json's "prepare": in a git checkout it points git at .githooks/; it
 * never fails an install, outside a checkout or inside someone else's.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/install-hooks.mjs', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A package folder holding the script and a .githooks folder, as a clone has them. */
function packageAt(root: string): string {
  mkdirSync(join(root, 'scripts'), { recursive: true });
  mkdirSync(join(root, '.githooks'));
  cpSync(SCRIPT, join(root, 'scripts/install-hooks.mjs'));
  return root;
}
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'sdm-hooks-'));
  folders.push(folder);
  return folder;
};
const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' });
const install = (root: string) => spawnSync(process.execPath, [join(root, 'scripts/install-hooks.mjs')], { cwd: root, encoding: 'utf8' });

describe('npm install’s prepare script', () => {
  it('points git at .githooks/ in a checkout, and says nothing the second time', () => {
    const root = packageAt(tempFolder());
    expect(git(root, 'init', '-q').status).toBe(0);
    const first = install(root);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe("git hooks set: git runs .githooks/ (a check of the staged files and of each commit's subject)\n");
    expect(git(root, 'config', '--get', 'core.hooksPath').stdout.trim()).toBe('.githooks');
    expect(install(root).stdout).toBe('');
  });

  it('sets nothing and succeeds outside a git checkout (a tarball, a copy)', () => {
    const root = packageAt(tempFolder());
    const run = install(root);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^git hooks not set: .* is not a git checkout/);
  });

  it('sets nothing in a checkout it is not the root of (installed inside another project)', () => {
    const outer = tempFolder();
    expect(git(outer, 'init', '-q').status).toBe(0);
    const root = packageAt(join(outer, 'node_modules/search-demand'));
    const run = install(root);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^git hooks not set: this package is not the root of the checkout/);
    expect(git(outer, 'config', '--get', 'core.hooksPath').stdout).toBe('');
  });
});
