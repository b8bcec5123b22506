// `npm install` and `npm ci` run this (package.json's "prepare"): git runs the hooks of .githooks/, so a
// commit is checked before it is made (.githooks/pre-commit: the staged files; .githooks/commit-msg: the
// subject's length). Plain JavaScript, since it runs before
// anything else of the project may be usable. It never fails an install: outside a git checkout (a
// tarball, a copy without .git), without git, or when this package is not the checkout's root (installed
// inside another project), it says why it set nothing and leaves.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOOKS = '.githooks';
const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Runs git in the package's root.
 * @param {string[]} args git's arguments
 * @returns {string | null} its output, trimmed, or null when git is missing or failed
 */
function git(args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

const top = git(['rev-parse', '--show-toplevel']);
if (top === null) {
  console.log(`git hooks not set: ${root} is not a git checkout (or git is missing)`);
} else if (realpathSync(top) !== realpathSync(root) || !existsSync(join(root, HOOKS))) {
  console.log(`git hooks not set: this package is not the root of the checkout at ${top}`);
} else if (git(['config', '--get', 'core.hooksPath']) === HOOKS) {
  // Already set (a second npm install): nothing to say.
} else if (git(['config', 'core.hooksPath', HOOKS]) === null) {
  console.log('git hooks not set: git config core.hooksPath failed');
} else {
  console.log(`git hooks set: git runs ${HOOKS}/ (a check of the staged files and of each commit's subject)`);
}
