// The pre-commit check (.githooks/pre-commit, set up by scripts/install-hooks.mjs): Prettier's check and
// ESLint on the staged files only, so a commit that `npm test` would fail for its layout or a lint rule is
// stopped in seconds, before it is made (not fixed up by a "Prettier on …" commit after). It reads the
// files as they are in the working tree; when a file also has changes that are not staged, it says so.
// `git commit --no-verify` skips it once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const PRETTIER = join(root, 'node_modules/prettier/bin/prettier.cjs');
const ESLINT = join(root, 'node_modules/eslint/bin/eslint.js');
/** What ESLint reads (eslint.config.js): the TypeScript and JavaScript sources. */
const LINTED = /\.(ts|mts|cts|js|mjs|cjs)$/;

/**
 * The paths git prints for these arguments, NUL-separated (so any file name survives).
 * @param {string[]} args git's command and its arguments (`-z` goes right after the command, before any `--`)
 * @returns {string[]} the paths
 */
function gitPaths(args) {
  const [command, ...rest] = args;
  const run = spawnSync('git', [command ?? '', '-z', ...rest], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout.split('\0').filter(Boolean);
}

/**
 * Runs a tool of node_modules on these files, its output shown as it comes.
 * @param {string} script the tool's bin script
 * @param {string[]} args its arguments, the files last
 * @returns {boolean} whether it passed
 */
function check(script, args) {
  return spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' }).status === 0;
}

const started = Date.now();
// Added, copied, modified or renamed: a deleted file has nothing to check.
const staged = gitPaths(['diff', '--cached', '--name-only', '--diff-filter=ACMR']);
if (staged.length === 0) process.exit(0);
if (!existsSync(PRETTIER) || !existsSync(ESLINT)) {
  console.log('pre-commit: not checked (node_modules is missing Prettier or ESLint): run npm ci');
  process.exit(0);
}

const linted = staged.filter((file) => LINTED.test(file));
// Prettier skips what .prettierignore lists and files it has no parser for.
const formatted = check(PRETTIER, ['--check', '--ignore-unknown', '--log-level', 'warn', '--cache', '--', ...staged]);
const lintClean =
  linted.length === 0 ||
  check(ESLINT, [
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/',
    '--no-warn-ignored',
    '--max-warnings',
    '0',
    '--',
    ...linted,
  ]);
const partly = new Set(gitPaths(['diff', '--name-only', '--', ...staged]));
for (const file of staged.filter((path) => partly.has(path))) {
  console.log(`pre-commit: ${file} has changes that are not staged; they were checked with it`);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (formatted && lintClean) {
  const files = staged.length === 1 ? '1 staged file passes' : `${staged.length} staged files pass`;
  console.log(`pre-commit: ${files} Prettier's check and ESLint (${seconds} s)`);
  process.exit(0);
}
console.log(
  [
    `pre-commit: the commit was stopped (${seconds} s).`,
    formatted ? '' : '  Layout: npx prettier --write <the files Prettier named>, then git add them.',
    lintClean ? '' : '  Lint: fix what ESLint named (npx eslint --fix <file> fixes some), then git add them.',
    '  To commit anyway, once: git commit --no-verify.',
  ]
    .filter(Boolean)
    .join('\n'),
);
process.exit(1);
