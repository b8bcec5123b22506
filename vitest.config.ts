import { defineConfig } from 'vitest/config';
import { PLACEHOLDER_BASE_URL, urlAllowlist } from './scripts/build/manifest.ts';

export default defineConfig({
  // Unit tests import src/server modules directly; the build defines these constants for the bundle
  // (npm test builds a local bundle against the placeholder URL, and so do these).
  define: {
    __SDM_BASE_URL__: JSON.stringify(PLACEHOLDER_BASE_URL),
    __SDM_URL_ALLOWLIST__: JSON.stringify(urlAllowlist(PLACEHOLDER_BASE_URL, 'local')),
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration tests start their own service processes; keep files parallel but bounded (2 cores).
    maxWorkers: 2,
    // Browser tests poll what the page shows; on a loaded machine a second is not enough.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
