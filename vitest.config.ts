import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { PLACEHOLDER_BASE_URL, urlAllowlist } from './scripts/build/manifest.ts';

/** The projects that read dist/: each rebuilds it first when it is stale (test/setup/fresh-dist.ts). */
const freshDist = ['test/setup/fresh-dist.ts'];
/**
 * Files of these projects share no module state (no vi.mock, stubbed globals or environment), so each
 * worker imports the module graph once and runs its files one after another in it, instead of a fresh
 * process and import per file: unit, build, service and gas 95 s → 68 s of wall time; integration's
 * imports 9.6 s → 3.6 s; the browser files also share the worker's Chromium (test/browser/chromium.ts).
 * Each test still makes its own runtime, service, stores and browser context.
 */
const shared = { isolate: false };

export default defineConfig({
  // Unit tests import src/server modules directly; the build defines these constants for the bundle
  // (the tests' build compiles in the placeholder URL, and so do these).
  define: {
    __SDM_BASE_URL__: JSON.stringify(PLACEHOLDER_BASE_URL),
    __SDM_URL_ALLOWLIST__: JSON.stringify(urlAllowlist(PLACEHOLDER_BASE_URL, 'local')),
    __SDM_INSTALLATION__: JSON.stringify('marketplace'),
    __SDM_VERSION__: JSON.stringify(
      (JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string }).version,
    ),
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration tests start their own service processes; keep files parallel but bounded (2 cores).
    maxWorkers: 2,
    // Browser tests poll what the page shows; on a loaded machine a second is not enough.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // One project per kind of test, each with its own script (docs/develop/contributing.md): `vitest run --project unit`.
    projects: [
      {
        extends: true,
        // functions.property.test runs the built Code.js, so unit rebuilds a stale dist/ too.
        test: {
          name: 'unit',
          ...shared,
          include: ['test/unit/**/*.test.ts', 'test/property/**/*.test.ts', 'test/dev/playground/**/*.test.ts'],
          globalSetup: freshDist,
        },
      },
      // The deploy builds (two esbuild runs in processes of their own) are a project apart, so test:quick stays fast.
      {
        extends: true,
        test: {
          name: 'build',
          ...shared,
          include: ['test/build/**/*.test.ts'],
          exclude: ['test/build/deploy.test.ts'],
          globalSetup: freshDist,
        },
      },
      { extends: true, test: { name: 'deploy', include: ['test/build/deploy.test.ts'] } },
      { extends: true, test: { name: 'service', ...shared, include: ['test/dev/service/**/*.test.ts'] } },
      { extends: true, test: { name: 'gas', ...shared, include: ['test/dev/gas/**/*.test.ts'], globalSetup: freshDist } },
      { extends: true, test: { name: 'integration', ...shared, include: ['test/integration/**/*.test.ts'], globalSetup: freshDist } },
      { extends: true, test: { name: 'browser', ...shared, include: ['test/browser/**/*.test.ts'], globalSetup: freshDist } },
      { extends: true, test: { name: 'bench', include: ['test/bench/**/*.test.ts'], globalSetup: freshDist } },
    ],
  },
});
