/** The benchmark runs end to end in quick mode (its figures are not asserted: benchmarks are not tests). */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = `${root}test-output/bench`;

it('npm run bench -- --quick writes results, JSON and a chart', () => {
  rmSync(out, { recursive: true, force: true });
  // npm test has built dist/ already; run the bench script itself.
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out], {
    cwd: root,
    stdio: 'pipe',
    timeout: 300_000,
  });
  const markdown = readFileSync(`${out}/RESULTS.quick.md`, 'utf8');
  for (const section of [
    '## Targets',
    '## What one cell costs',
    "## The model's effect",
    "## The analyst's functions",
    '## Format results',
    '## 30 executions at once',
    '## Two cells, one new keyword',
    '## Recalculation',
    '## A ranking-table refresh',
    '## Bundle',
    '## Scheduled runs: trigger runtime per day',
    '## Where the document cache stops saving',
    '## Items gone early',
  ]) {
    expect(markdown).toContain(section);
  }
  expect(markdown).toMatch(/\| requests \| \d+ \| \d+ \| /);
  const json = JSON.parse(readFileSync(`${out}/results.quick.json`, 'utf8')) as { cellCosts: unknown[]; columns: unknown[] };
  expect(json.cellCosts.length).toBe(2); // latency on and off
  expect(json.columns.length).toBeGreaterThan(0);
  expect(readFileSync(`${out}/growth.quick.png`).subarray(1, 4).toString()).toBe('PNG');
}, 300_000);
