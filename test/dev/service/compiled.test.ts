import { statSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { compiledService } from '../../../dev/service/compiled.js';

const SOURCE = fileURLToPath(new URL('../../../dev/service/schemas.ts', import.meta.url));

it('compiles the service once, and again when one of its sources changed (never a stale service)', async () => {
  const script = await compiledService();
  const first = statSync(script).mtimeMs;
  expect(await compiledService()).toBe(script);
  expect(statSync(script).mtimeMs).toBe(first);
  const { atime, mtime } = statSync(SOURCE);
  try {
    utimesSync(SOURCE, atime, new Date(mtime.getTime() + 1_000));
    expect(await compiledService()).toBe(script);
    expect(statSync(script).mtimeMs).toBeGreaterThan(first);
  } finally {
    utimesSync(SOURCE, atime, mtime);
  }
});
