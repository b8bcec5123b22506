/**
 * scripts/commit-msg.mjs, the hook git runs on a commit's message: a subject of at most 72 characters.
 * Run on message files, and once through git itself, in a repository of its own whose hooks are this
 * one's .githooks/commit-msg.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const repo = mkdtempSync(join(tmpdir(), 'sdm-commit-msg-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
mkdirSync(join(repo, 'scripts'));
mkdirSync(join(repo, '.githooks'));
cpSync(join(ROOT, 'scripts/commit-msg.mjs'), join(repo, 'scripts/commit-msg.mjs'));
cpSync(join(ROOT, '.githooks/commit-msg'), join(repo, '.githooks/commit-msg'));

/** Runs the check on a message, as git does (the message in a file). */
function check(message: string) {
  const file = join(repo, 'MESSAGE');
  writeFileSync(file, message);
  return spawnSync(process.execPath, ['scripts/commit-msg.mjs', file], { cwd: repo, encoding: 'utf8' });
}

const git = (...args: string[]) =>
  spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: repo, encoding: 'utf8' });

describe('the commit-msg hook', () => {
  it('passes a subject of 72 characters, with or without a body', () => {
    const subject = 'x'.repeat(72);
    expect(check(`${subject}\n`)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(check(`${subject}\n\nWhy, at any length: ${'y'.repeat(300)}\n`).status).toBe(0);
  });

  it('refuses a subject of 73, and says what goes in the subject and what in the body', () => {
    const subject = `Freeze keeps every value${'.'.repeat(49)}`;
    const run = check(`${subject}\n\nThe why.\n`);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('commit-msg: the subject is 73 characters; at most 72');
    expect(run.stderr).toContain(`  ${subject}`);
    expect(run.stderr).toContain('Say what changed in the subject, and why in the body, after a blank line.');
    expect(run.stderr).toContain('git commit --no-verify');
  });

  it('counts characters, not bytes', () => {
    expect(check(`${'é'.repeat(72)}\n`).status).toBe(0);
    expect(check(`${'é'.repeat(73)}\n`).status).toBe(1);
  });

  it('reads the subject as git keeps it: past blank and comment lines, not below the scissors', () => {
    expect(check(`\n# Please enter the commit message\n\nShort subject\n# ${'x'.repeat(100)}\n`).status).toBe(0);
    expect(check(`# ------------------------ >8 ------------------------\n${'x'.repeat(100)}\n`).status).toBe(0);
    expect(check(`# comment\n${'x'.repeat(73)}\n`).status).toBe(1);
  });

  it('does not count the fixup! in front of a subject that passed', () => {
    expect(check(`fixup! ${'x'.repeat(72)}\n`).status).toBe(0);
    expect(check(`squash! ${'x'.repeat(73)}\n`).status).toBe(1);
  });

  it('stops a real commit through .githooks/commit-msg, and lets a short one through', () => {
    expect(git('init', '-q').status).toBe(0);
    expect(git('config', 'core.hooksPath', '.githooks').status).toBe(0);
    writeFileSync(join(repo, 'file.txt'), 'a\n');
    git('add', 'file.txt');
    const long = git('commit', '-q', '-m', 'A long subject '.repeat(6).trim());
    expect(long.status).not.toBe(0);
    expect(long.stderr).toContain('commit-msg: the subject is 89 characters');
    expect(git('log', '--oneline').status).not.toBe(0); // no commit yet
    expect(git('commit', '-q', '-m', 'Add file.txt', '-m', 'Because a test needs one.').status).toBe(0);
    expect(git('log', '--format=%s').stdout).toBe('Add file.txt\n');
  });
});
