/**
 * `npm run release`: writes release/, the files a person pastes into their own spreadsheet's
 * Extensions › Apps Script (scripts/build/release.ts says which and why). Commit them with the change
 * that made them: test/build/release.test.ts fails while they differ from a fresh build. It refuses a
 * version CHANGELOG.md has no entry for (docs/develop/contributing.md, "Cutting a release").
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRelease, RELEASE_FILES, releaseVersion } from './build/release.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const outDir = join(root, 'release');
try {
  buildRelease(root, outDir);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const sizes = RELEASE_FILES.map((name) => `${name} ${(statSync(join(outDir, name)).size / 1024).toFixed(1)} KB`);
console.log(`release/ for Search Demand ${releaseVersion(root)}: ${sizes.join(', ')}`);
