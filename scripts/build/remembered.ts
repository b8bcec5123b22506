/**
 * A result worked out from source files, kept in node_modules/.cache/sdm/ with the list of files it was
 * worked out from and a hash of their contents, and used again while every one of them is unchanged.
 * The suite builds eight times and reads the public functions in three test files more: each reading
 * was a TypeScript program of the whole server (about 2 s of CPU with loading the compiler).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hashFiles } from './file-hash.ts';

/** What is kept: the files (relative to the root) and their hash, and the result. */
interface Kept<T> {
  files: string[];
  hash: string;
  value: T;
}

/**
 * The result kept under `name` if none of the files it came from changed, else `work()`'s, kept.
 * @param root the repository root (the cache is its node_modules/.cache/sdm/)
 * @param name the cache file's name (one result per name)
 * @param work works the result out; returns it with every file it depends on (absolute paths). A
 *   result that throws is not kept.
 */
export function remembered<T>(root: string, name: string, work: () => { value: T; files: string[] }): T {
  const folder = join(root, 'node_modules/.cache/sdm');
  const path = join(folder, `${name}.json`);
  const kept = keptIn<T>(path);
  if (kept && unchanged(root, kept)) return kept.value;
  const { value, files } = work();
  const relativeFiles = [...new Set(files.map((file) => relative(root, file)))].sort();
  const entry: Kept<T> = { files: relativeFiles, hash: hashFiles(root, relativeFiles), value };
  mkdirSync(folder, { recursive: true });
  // Written whole, then renamed: builds running side by side never read half a file.
  const written = `${path}.${process.pid}.tmp`;
  writeFileSync(written, JSON.stringify(entry));
  renameSync(written, path);
  return value;
}

function keptIn<T>(path: string): Kept<T> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Kept<T>;
  } catch {
    return undefined;
  }
}

/** Whether every file the kept result came from is still there with the same contents. */
function unchanged(root: string, kept: Kept<unknown>): boolean {
  try {
    return hashFiles(root, kept.files) === kept.hash;
  } catch {
    return false; // a file is gone
  }
}
