import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Unit tests import src/server modules directly; the build defines this constant for the bundle.
  define: { __SDM_BASE_URL__: JSON.stringify('https://search-demand-service.example') },
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
