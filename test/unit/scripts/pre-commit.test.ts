/**
 * scripts/pre-commit.mjs, the hook git runs before a commit: Prettier's check and ESLint on the staged
 * files only. Run in a repository of its own that borrows this one's node_modules and Prettier settings.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const repo = mkdtempSync(join(tmpdir(), 'sdm-pre-commit-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
mkdirSync(join(repo, 'scripts'));
cpSync(join(ROOT, 'scripts/pre-commit.mjs'), join(repo, 'scripts/pre-commit.mjs'));
cpSync(join(ROOT, '.prettierrc.json'), join(repo, '.prettierrc.json'));
symlinkSync(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
writeFileSync(join(repo, '.gitignore'), 'node_modules\n');

const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
const preCommit = () => spawnSync(process.execPath, ['scripts/pre-commit.mjs'], { cwd: repo, encoding: 'utf8' });

describe('the pre-commit hook', () => {
  it('passes when nothing is staged', () => {
    expect(git('init', '-q').status).toBe(0);
    const run = preCommit();
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });

  it('stops a commit whose staged file Prettier would change, and names it', () => {
    writeFileSync(join(repo, 'settings.json'), '{"a":1,\n\n\n"b":[1,2]}\n');
    git('add', 'settings.json');
    const run = preCommit();
    expect(run.status).toBe(1);
    expect(run.stderr + run.stdout).toContain('settings.json');
    expect(run.stdout).toContain('pre-commit: the commit was stopped');
  });

  it('checks only what is staged: a badly laid out file that is not staged does not stop it', () => {
    writeFileSync(join(repo, 'settings.json'), '{ "a": 1, "b": [1, 2] }\n');
    git('add', 'settings.json');
    writeFileSync(join(repo, 'other.json'), '{"c":\n\n3}\n');
    const run = preCommit();
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^pre-commit: 1 staged file passes Prettier's check and ESLint \(\d+\.\d s\)\n$/);
  });

  it('says when a staged file also has changes that are not staged', () => {
    writeFileSync(join(repo, 'settings.json'), '{ "a": 2, "b": [1, 2] }\n');
    const run = preCommit();
    expect(run.stdout).toContain('pre-commit: settings.json has changes that are not staged; they were checked with it');
  });
});
