/**
 * vitest's globalSetup for the projects that run the built add-on (integration, browser, build, gas,
 * bench, and unit for functions.property.test): before any of their tests, dist/ is rebuilt if it is not the tests' build of the current
 * sources (scripts/build/fresh-dist.ts), so a direct `npx vitest run <file>` never tests a stale bundle.
 */
import { fileURLToPath } from 'node:url';
import { ensureFreshDist } from '../../scripts/build/fresh-dist.js';

/** Runs once per test run, before the tests of the projects that list it. */
export default function setup(): void {
  ensureFreshDist(fileURLToPath(new URL('../../', import.meta.url)), (line) => process.stderr.write(`${line}\n`));
}
