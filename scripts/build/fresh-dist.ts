/**
 * The tests' build of dist/, never stale: a hash of everything the build reads (src/, the build
 * scripts, the manifest, the locked dependency versions) and of the build's settings is kept beside
 * what it wrote, with a hash of that output. A test run whose hashes do not match (src/ changed, or
 * dist/ was rebuilt another way, e.g. for production) builds again before any test reads dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder, hashFiles } from './file-hash.ts';

/** The build the tests run: local (the stand-in's loopback allowed), no base URL compiled in, names kept. */
export const TEST_BUILD_ENV = Object.freeze({ SDM_BUILD: 'local', SDM_BASE_URL: '', SDM_MINIFY: 'names' });

/** What the build reads, relative to the repository root (folders are read whole; package.json for its version). */
const INPUTS = ['src', 'scripts/build', 'esbuild.config.mjs', 'appsscript.json', 'package.json', 'package-lock.json'];

/** Where the hashes of the last test build are kept (outside dist/, so nothing of ours is pushed with it). */
const STAMP = 'node_modules/.cache/sdm/dist-stamp.json';

interface Stamp {
  inputs: string;
  output: string;
}

/** The hash of the build's inputs and settings. */
export function inputsHash(root: string): string {
  return hashFiles(
    root,
    INPUTS.flatMap((path) => filesUnder(root, path)),
    JSON.stringify(TEST_BUILD_ENV),
  );
}

/** The hash of what dist/ holds now (its files, dotfiles aside). */
function outputHash(root: string): string {
  const files = filesUnder(root, 'dist').filter((file) => !relative('dist', file).startsWith('.'));
  return hashFiles(root, files);
}

/** Why dist/ is not the tests' build of the current sources, or null when it is. */
export function staleness(root: string): string | null {
  const stampPath = join(root, STAMP);
  if (!existsSync(join(root, 'dist/Code.js'))) return 'dist/ has not been built';
  if (!existsSync(stampPath)) return 'dist/ was not built by a test run';
  const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as Stamp;
  if (stamp.inputs !== inputsHash(root)) return 'src/ or the build changed since dist/ was built';
  if (stamp.output !== outputHash(root)) return 'dist/ was rebuilt another way (npm run build, a production build)';
  return null;
}

/**
 * Builds dist/ as the tests need it unless it is that build of the current sources already.
 * @param root the repository root
 * @param log where to say that it builds, and why
 * @returns whether it built
 * @throws when the build fails (its output in the message)
 */
export function ensureFreshDist(root: string, log: (line: string) => void = () => undefined): boolean {
  const why = staleness(root);
  if (why === null) return false;
  log(`building dist/ for the tests: ${why}`);
  const inputs = inputsHash(root);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'esbuild.config.mjs'], {
    cwd: root,
    env: { ...process.env, ...TEST_BUILD_ENV },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The build failed:\n${built.stdout}${built.stderr}`);
  writeStamp(root, inputs);
  return true;
}

/**
 * Records that dist/ is the tests' build of the sources whose hash is `inputs` (default: the current ones).
 * @param root the repository root
 * @param inputs the inputs' hash taken before the build started
 */
export function writeStamp(root: string, inputs = inputsHash(root)): void {
  mkdirSync(join(root, 'node_modules/.cache/sdm'), { recursive: true });
  writeFileSync(join(root, STAMP), JSON.stringify({ inputs, output: outputHash(root) } satisfies Stamp));
}
