/**
 * `npm run docs:functions`: rewrites the table of custom functions in docs/use/functions.md and README.md
 * from the JSDoc of src/server/index.ts (between their functions:start and functions:end markers).
 * test/build/public-functions.test.ts fails while a committed page differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withFunctionTable } from './build/public-functions.ts';
import { readPublicFunctions, type PublicFunction } from './build/toplevel.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The pages that hold the table, from the repository's root. */
export const FUNCTION_TABLE_PAGES = ['docs/use/functions.md', 'README.md'] as const;

/**
 * Each page as this script would write it.
 * @param functions what readPublicFunctions found in src/server/index.ts (read when not given)
 */
export function renderFunctionPages(
  functions: readonly PublicFunction[] = readPublicFunctions(`${ROOT}src/server/index.ts`),
): { page: string; text: string }[] {
  return FUNCTION_TABLE_PAGES.map((page) => ({ page, text: withFunctionTable(readFileSync(`${ROOT}${page}`, 'utf8'), functions) }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { page, text } of renderFunctionPages()) {
    const changed = text !== readFileSync(`${ROOT}${page}`, 'utf8');
    if (changed) writeFileSync(`${ROOT}${page}`, text);
    console.log(`${page}: ${changed ? 'table rewritten' : 'up to date'}`);
  }
}
