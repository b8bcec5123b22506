/**
 * npm run bench [-- --quick]: measures the built add-on against the tutorial baseline in the same run,
 * and writes bench/RESULTS.md, bench/results.json and bench/growth.png.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack, type StackOptions } from '../dev/stack.js';
import { drawGrowthChart, type GrowthPoint } from './chart.js';
import { concurrentPerCell } from './concurrency.js';
import { coldEvaluation } from './cold-start.js';
import { keywordColumn } from './keywords.js';
import { measure, oneRange, perCell, type Measure } from './measure.js';
import { renderResults, type Results } from './report.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const quick = process.argv.includes('--quick');
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? resolve(process.argv[outArg + 1] ?? '.') : here('.');
const sizes = quick ? [20, 50] : [100, 300, 1000];
const latency = { latencyFreshMs: 300, latencyCachedMs: 30 };
const generous = { freshPerDay: 1_000_000, callsPerDay: 1_000_000 };
const ourCode = readFileSync(here('../dist/Code.js'), 'utf8');
const baselineCode = readFileSync(here('./baseline/Code.js'), 'utf8');

async function main(): Promise<void> {
  const options: StackOptions = { ...latency, ...generous };
  const ours = await startStack('a', { ...options, code: ourCode });
  const baseline = await startStack('a', { ...options, code: baselineCode });
  const results: Results = {
    date: new Date().toISOString(),
    machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    quick,
    latency,
    perCell: [],
    range: [],
    recalculation: [],
    concurrency: [],
    big: undefined,
    budget: undefined,
    size: [],
  };
  try {
    const fresh = async () => {
      for (const stack of [ours, baseline]) {
        await stack.service.control.reset();
        stack.resetRuntime();
      }
    };
    for (const n of sizes) {
      const { cells, distinct } = keywordColumn(n, `cell${n}`);
      log(`per-cell formulas, N=${n} (${distinct} distinct)`);
      await fresh();
      const pair = { n, distinct, ours: await measure(ours, () => perCell(ours, cells)), baseline: await measure(baseline, () => perCell(baseline, cells)) };
      results.perCell.push(pair);

      log(`recalculation within 6 h, N=${n}`);
      ours.gas.advanceClock(60 * 60_000);
      baseline.gas.advanceClock(60 * 60_000);
      results.recalculation.push({
        n,
        distinct,
        ours: await measure(ours, () => perCell(ours, cells)),
        baseline: await measure(baseline, () => perCell(baseline, cells)),
      });

      log(`one range formula, N=${n}`);
      await fresh();
      results.range.push({ n, distinct, ours: await measure(ours, () => oneRange(ours, cells)), baseline: await measure(baseline, () => oneRange(baseline, cells)) });
    }

    for (const n of quick ? [50] : [300, 1000]) {
      const { cells, distinct } = keywordColumn(n, `conc${n}`);
      log(`20 concurrent executions, N=${n}`);
      await fresh();
      results.concurrency.push({
        n,
        distinct,
        ours: await concurrentPerCell(ours, ourCode, cells, 20),
        baseline: await concurrentPerCell(baseline, baselineCode, cells, 20),
      });
    }

    const bigN = quick ? 100 : 1000;
    const distinctCells = Array.from({ length: bigN }, (_, i) => `distinct keyword ${i}`);
    log(`${bigN} distinct keywords in one range`);
    await fresh();
    results.big = {
      n: bigN,
      distinct: bigN,
      ours: await measure(ours, () => oneRange(ours, distinctCells)),
      baseline: await measure(baseline, () => oneRange(baseline, distinctCells)),
    };

    if (!quick) {
      log('a slow service (9 s per fresh answer): recalculations until 300 keywords are complete');
      await fresh();
      await ours.service.control.config({ latencyFreshMs: 9_000 });
      results.budget = await untilComplete(ours, Array.from({ length: 300 }, (_, i) => `slow keyword ${i}`));
      await ours.service.control.config({ latencyFreshMs: latency.latencyFreshMs });
    }

    log('Code.js size and cold evaluation');
    const sidebar = here('../dist/Sidebar.html');
    results.size = [
      { name: 'ours', bytes: Buffer.byteLength(ourCode), coldMs: coldEvaluation(ourCode, quick ? 50 : 500) },
      { name: 'baseline', bytes: Buffer.byteLength(baselineCode), coldMs: coldEvaluation(baselineCode, quick ? 50 : 500) },
    ];
    results.sidebarBytes = existsSync(sidebar) ? statSync(sidebar).size : undefined;
  } finally {
    await ours.stop();
    await baseline.stop();
  }

  const growth: GrowthPoint[] = results.perCell.flatMap(({ n, ours: o, baseline: b }) => [
    { n, implementation: 'add-on', metric: 'requests', value: o.requests },
    { n, implementation: 'baseline', metric: 'requests', value: b.requests },
    { n, implementation: 'add-on', metric: 'seconds', value: o.totalMs / 1000 },
    { n, implementation: 'baseline', metric: 'seconds', value: b.totalMs / 1000 },
  ]);
  const suffix = quick ? '.quick' : '';
  mkdirSync(outDir, { recursive: true });
  await drawGrowthChart(growth, join(outDir, `growth${suffix}.png`));
  writeFileSync(join(outDir, `results${suffix}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, `RESULTS${suffix}.md`), renderResults(results, `growth${suffix}.png`));
  log(`wrote RESULTS${suffix}.md, results${suffix}.json and growth${suffix}.png in ${outDir}`);
}

/** Recalculates a range until every row has a number (or 10 tries), recording each execution. */
async function untilComplete(stack: Stack, cells: string[]): Promise<NonNullable<Results['budget']>> {
  const runs: Measure[] = [];
  for (let i = 0; i < 10; i++) {
    const m = await measure(stack, () => oneRange(stack, cells));
    runs.push(m);
    if (m.completed === cells.length || m.timedOut) break;
  }
  return { n: cells.length, latencyFreshMs: 9_000, runs };
}

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

await main();
