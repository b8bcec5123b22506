/**
 * scripts/build/fresh-dist.ts: a test run knows when dist/ is not the tests' build of the current
 * sources (a changed source, a build made another way), so no test runs a stale bundle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleness, writeStamp } from '../../scripts/build/fresh-dist';

describe('staleness of dist/', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'fresh-dist-'));
    write('src/server/index.ts', 'export const a = 1;\n');
    write('esbuild.config.mjs', '// build\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('says dist/ is missing, then not built by a test run', () => {
    expect(staleness(root)).toBe('dist/ has not been built');
    write('dist/Code.js', 'function A() {}\n');
    expect(staleness(root)).toBe('dist/ was not built by a test run');
  });

  it('is fresh once stamped, until a source changes', () => {
    write('dist/Code.js', 'function A() {}\n');
    writeStamp(root);
    expect(staleness(root)).toBeNull();
    write('src/server/index.ts', 'export const a = 2;\n');
    expect(staleness(root)).toBe('src/ or the build changed since dist/ was built');
    writeStamp(root);
    write('src/server/new-module.ts', 'export {};\n');
    expect(staleness(root)).toBe('src/ or the build changed since dist/ was built');
  });

  it('sees dist/ rebuilt another way (a production build over the tests’ one)', () => {
    write('dist/Code.js', 'function A() {}\n');
    writeStamp(root);
    write('dist/Code.js', 'function B(){}');
    expect(staleness(root)).toBe('dist/ was rebuilt another way (npm run build, a production build)');
  });
});
