import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration tests start their own service processes; keep files parallel but bounded (2 cores).
    maxWorkers: 2,
  },
});
