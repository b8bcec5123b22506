/**
 * The bundle as it ships (fully minified, as `npm run build` makes it), for the tests of what Google
 * receives: its size, its plain code. The other tests run the tests' build in dist/, which keeps
 * function names so a failure's stack trace can be read (scripts/build/fresh-dist.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the local flavour as it ships into a new temporary folder and returns the folder (with a
 * trailing slash). Throws with the build's output when it fails.
 */
export function buildShipped(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sdm-shipped-'));
  const env = { ...process.env, SDM_BUILD: 'local', SDM_BASE_URL: '', SDM_MINIFY: '1', SDM_OUT_DIR: dir };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'esbuild.config.mjs'], { cwd: root, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`The build failed:\n${run.stdout}${run.stderr}`);
  return `${dir}/`;
}
