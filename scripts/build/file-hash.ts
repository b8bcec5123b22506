/**
 * Hashes of files' contents: how the build knows that what it read is unchanged (fresh-dist.ts for
 * dist/, remembered.ts for a result worked out from source files).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file under `path` (or `path` itself), sorted, relative to `root`.
 * @param root the folder paths are relative to
 * @param path a file or folder under root
 */
export function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((name) => statSync(join(root, name)).isFile())
    .sort();
}

/**
 * A hash of the named files' paths and contents, and of `extra`.
 * @param root the folder the files are relative to
 * @param files paths relative to root (a missing file throws)
 * @param extra anything else the hash must cover (settings)
 */
export function hashFiles(root: string, files: string[], extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}
