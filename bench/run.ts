/**
 * npm run bench [-- --quick]: measures the built add-on against the tutorial baseline in the same run,
 * under dev/gas's service-call latency model and with it off, and writes bench/RESULTS.md,
 * bench/results.json and bench/growth.png. `-- --only analyst` runs the analyst's functions' section
 * alone (a minute, not twenty), `-- --only cell-cost` the section "What one cell costs", `-- --only
 * format` Format results' section, `-- --only refresh-spent` Refresh all formulas with nothing left
 * (spent-refresh.ts), and each replaces that section of the existing RESULTS.md and results.json, the
 * other sections keeping their own run's figures and date. `-- --only bundle` measures the bundle (the
 * size and cold evaluation of every script file, which the size budgets rest on: scripts/build/budgets.ts)
 * and prints it, in seconds and without a service.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { loadAverage } from './machine-load.js';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LATENCY, readProject, type ScriptFile } from '../dev/gas/index.js';
import { analystCosts, renderAnalystSection, spliceAnalystSection, spliceSection, type AnalystScenario } from './analyst.js';
import { FORMAT_HEADING, formatCosts, renderFormatSection, type FormatScenario } from './format.js';
import { startStack, type Stack, type StackOptions } from '../dev/stack.js';
import { cacheCapacity, renderCacheCapacitySection, type CacheCapacity } from './cache-capacity.js';
import { cellCosts } from './cell-cost.js';
import { earlyRemoval, EVERY_ITEM_KEPT, renderEarlyRemovalSection, type EarlyRemovalScenario } from './early-removal.js';
import { chartPoints, drawGrowthChart } from './chart.js';
import { coldEvaluation, firstCall } from './cold-start.js';
import { AT_ONCE, columnTwice, withPool } from './concurrency.js';
import { keywordColumn } from './keywords.js';
import { afterTheLimit } from './limit.js';
import { measure, oneRange, type Measure } from './measure.js';
import { raceOffsets } from './race.js';
import { refreshDuringFormulas } from './refresh.js';
import { renderCellCostSection, renderResults, spliceCellCostSection } from './report.js';
import type { ColumnPair, Results } from './results.js';
import { renderTriggerSection, triggerRuntimePerDay, type TriggerScenario } from './triggers.js';
import { renderSpentRefreshSection, spentRefresh, spliceSpentRefreshSection, type SpentRefreshScenario } from './spent-refresh.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const quick = process.argv.includes('--quick');
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? resolve(process.argv[outArg + 1] ?? '.') : here('.');
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
/** Quick mode keeps every section, on small inputs: it is npm test's smoke run. */
const plan = quick
  ? {
      rangeCells: 10,
      analystCells: 6,
      formatCells: 200,
      columns: [30],
      race: [0, 80, 150],
      refreshTables: 2,
      bigN: 20,
      coldRuns: 10,
      triggerBooks: [1, 2],
      capacityCells: [20],
      capacityRange: 60,
      earlyRange: 40,
      earlyCells: 10,
      earlySeeds: [1],
      spentRefreshCells: 40,
    }
  : {
      rangeCells: 100,
      analystCells: 20,
      formatCells: 1000,
      columns: [300, 1000],
      race: Array.from({ length: 16 }, (_, i) => i * 10),
      refreshTables: 6,
      bigN: 1000,
      coldRuns: 500,
      triggerBooks: [1, 10, 50, 150],
      capacityCells: [900, 1000],
      capacityRange: 1500,
      earlyRange: 3000,
      earlyCells: 300,
      earlySeeds: [1, 2, 3, 4, 5],
      spentRefreshCells: 1000,
    };
// The full run waits for real, so its wall-clock totals hold the modelled waits; the quick run (npm test's
// smoke run, whose figures nobody reads) skips them and serves a ten times faster stand-in.
const service = quick ? { latencyFreshMs: 30, latencyCachedMs: 3 } : { latencyFreshMs: 300, latencyCachedMs: 30 };
const waits = quick ? 'skip' : 'real';
// The pool's workers wait for real (executions must overlap); the quick run's pass at ten times the speed.
const poolTimeScale = quick ? 10 : 1;
const generous = { freshPerDay: 1_000_000, callsPerDay: 1_000_000 };
/** Ours: every script file of dist/ (Code.js, Server.js); the baseline: its one Code.js. */
const ourProject: ScriptFile[] = readProject(here('../dist/Code.js'));
const baselineProject: ScriptFile[] = [{ name: 'Code.js', source: readFileSync(here('./baseline/Code.js'), 'utf8') }];

async function main(): Promise<void> {
  const began = performance.now();
  const options: StackOptions = { ...service, ...generous, waits, cacheEarlyRemoval: EVERY_ITEM_KEPT };
  const ours = await startStack('a', { ...options, project: ourProject });
  const baseline = await startStack('a', { ...options, project: baselineProject });
  const results: Results = {
    date: new Date().toISOString(),
    machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${loadAverage()} at the start`,
    quick,
    service,
    model: { ...DEFAULT_LATENCY },
    cellCosts: [],
    columns: [],
    race: [],
    refresh: undefined,
    big: undefined,
    budget: undefined,
    limit: undefined,
    coldRuns: plan.coldRuns,
    size: [],
    durationS: 0,
  };
  let triggers: TriggerScenario | undefined;
  let capacity: CacheCapacity | undefined;
  let early: EarlyRemovalScenario | undefined;
  let analyst: AnalystScenario | undefined;
  let format: FormatScenario | undefined;
  try {
    results.cellCosts = await cellCostsOnAndOff(ours, baseline);

    log(`the analyst's functions over ${plan.analystCells} rows: after SEARCH_TREND, and new keywords`);
    analyst = await analystCosts(ours, baseline, plan.analystCells);

    // Both pools stay open, so each scenario runs ours and then the baseline under the same load.
    await withPool(ours, ourProject, poolTimeScale, (ourPool) =>
      withPool(baseline, baselineProject, poolTimeScale, async (basePool) => {
        for (const n of plan.columns) {
          for (const latency of [true, false]) {
            const { cells, distinct } = keywordColumn(n, `conc${n}`);
            // The largest column's recalculation is also run one execution at a time (see ColumnPasses).
            const recalculateAlone = n === plan.columns.at(-1);
            log(
              `${n} cells (${distinct} distinct), ${AT_ONCE} at once, then recalculated${recalculateAlone ? ' (also one at a time)' : ''}, latency ${latency ? 'on' : 'off'}`,
            );
            const pair: ColumnPair = {
              n,
              distinct,
              latency,
              ours: await columnTwice(ourPool, ours, cells, { latency, hotPath: true, recalculateAlone }),
              baseline: await columnTwice(basePool, baseline, cells, { latency, hotPath: false, recalculateAlone }),
            };
            results.columns.push(pair);
          }
        }
        log(`two executions of one keyword, started ${plan.race.join(', ')} ms apart`);
        results.race = await raceOffsets(ourPool, ours, plan.race);
        const refreshN = plan.columns[0] ?? 60;
        const { cells, distinct } = keywordColumn(refreshN, 'refresh');
        log(`a ranking-table refresh (${plan.refreshTables} tables) during ${refreshN} formulas`);
        results.refresh = await refreshDuringFormulas(ourPool, ours, cells, distinct, plan.refreshTables);
      }),
    );

    const distinctCells = Array.from({ length: plan.bigN }, (_, i) => `distinct keyword ${i}`);
    log(`${plan.bigN} distinct keywords in one range`);
    await fresh(ours, baseline);
    results.big = {
      n: plan.bigN,
      distinct: plan.bigN,
      ours: await measure(ours, () => oneRange(ours, distinctCells)),
      baseline: await measure(baseline, () => oneRange(baseline, distinctCells)),
    };

    // Issue 30's case: 350 new keywords with 238 of a free account's 250 fresh searches left.
    const limitN = quick ? 30 : 350;
    log(`a ${limitN}-keyword column past the fresh-search limit, then 10 recalculations`);
    results.limit = await afterTheLimit(ours, baseline, limitN, Math.round(limitN * 0.68));

    if (!quick) {
      log('a slow service (9 s per fresh answer): recalculations until 300 keywords are complete');
      await fresh(ours, baseline);
      await ours.service.control.config({ latencyFreshMs: 9_000 });
      results.budget = await untilComplete(
        ours,
        Array.from({ length: 300 }, (_, i) => `slow keyword ${i}`),
      );
      await ours.service.control.config({ latencyFreshMs: service.latencyFreshMs });
    }

    log(`Format results over about ${plan.formatCells} cells of results`);
    format = await formatCosts(ours, plan.formatCells);

    log(`scheduled runs: trigger runtime per day for ${plan.triggerBooks.join(', ')} spreadsheets`);
    triggers = await triggerRuntimePerDay(ourProject, plan.triggerBooks);

    log(
      `items gone early: a ${plan.earlyRange}-keyword range and ${plan.earlyCells} per-cell formulas recalculated with 0, 10 and 50 % gone`,
    );
    early = await earlyRemoval(ourProject, baselineProject, plan.earlyRange, plan.earlyCells, plan.earlySeeds);

    log(`where the document cache stops saving: ${plan.capacityCells.join(', ')} per-cell keywords, a ${plan.capacityRange}-keyword range`);
    capacity = await cacheCapacity(ourProject, baselineProject, plan.capacityCells, plan.capacityRange, quick ? plan.capacityCells : []);

    log('project size and cold evaluation of every script file');
    Object.assign(results, measureBundle());
  } finally {
    await ours.stop();
    await baseline.stop();
  }
  const spent = await measureSpentRefresh();
  results.durationS = Math.round((performance.now() - began) / 1000);
  results.machine += ` and ${loadAverage()} at the end`;

  const suffix = quick ? '.quick' : '';
  mkdirSync(outDir, { recursive: true });
  await drawGrowthChart(chartPoints(results), join(outDir, `growth${suffix}.png`));
  writeFileSync(
    join(outDir, `results${suffix}.json`),
    `${JSON.stringify({ ...results, analyst, format, triggers, capacity, early, spentRefresh: spent }, null, 2)}\n`,
  );
  const triggerSection = triggers ? `\n${renderTriggerSection(triggers)}` : '';
  const capacitySection = capacity ? `\n${renderCacheCapacitySection(capacity)}` : '';
  const earlySection = early ? `\n${renderEarlyRemovalSection(early)}` : '';
  const analystSection = analyst ? `\n${renderAnalystSection(analyst)}` : '';
  const formatSection = format ? `\n${renderFormatSection(format)}` : '';
  const spentSection = `\n${renderSpentRefreshSection(spent)}`;
  writeFileSync(
    join(outDir, `RESULTS${suffix}.md`),
    renderResults(results, `growth${suffix}.png`) +
      analystSection +
      formatSection +
      triggerSection +
      capacitySection +
      earlySection +
      spentSection,
  );
  log(`wrote RESULTS${suffix}.md, results${suffix}.json and growth${suffix}.png in ${outDir} (${results.durationS} s)`);
}

/** The bundle's section: each project's size and cold evaluation, Server.js's first call, the sidebar's size. */
function measureBundle(): Pick<Results, 'size' | 'serverFirstCall' | 'sidebarBytes'> {
  const sidebar = here('../dist/Sidebar.html');
  const size = (name: string, project: ScriptFile[]) => ({
    name,
    bytes: project.reduce((sum, f) => sum + Buffer.byteLength(f.source), 0),
    cold: coldEvaluation(project, plan.coldRuns),
  });
  return {
    size: [size('ours', ourProject), size('baseline', baselineProject)],
    serverFirstCall: firstCall(ourProject, 'SDM.server()', plan.coldRuns),
    sidebarBytes: existsSync(sidebar) ? statSync(sidebar).size : undefined,
  };
}

/** `--only bundle`: the bundle's figures, printed (RESULTS.md keeps its last whole run's). */
function bundleOnly(): void {
  log(
    `project size and cold evaluation of every script file, median of ${plan.coldRuns} (this section only; load average ${loadAverage()})`,
  );
  const { size, serverFirstCall, sidebarBytes } = measureBundle();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (t: { medianMs: number; p90Ms: number }) => `${t.medianMs.toFixed(3)} ms (p90 ${t.p90Ms.toFixed(3)} ms)`;
  for (const project of size) {
    log(`${project.name}: ${kb(project.bytes)}; compiled once ${ms(project.cold.compiled)}; parsed afresh ${ms(project.cold.parsed)}`);
    for (const file of project.cold.files) log(`  ${file.name} ${kb(file.bytes)}: alone, parsed afresh ${ms(file.parsed)}`);
  }
  if (serverFirstCall) log(`SDM.server() first call: ${ms(serverFirstCall)}`);
  log(`Sidebar.html: ${sidebarBytes === undefined ? 'not built' : kb(sidebarBytes)}`);
}

/** Both services reset and both runtimes fresh (cold caches). */
async function fresh(...stacks: Stack[]): Promise<void> {
  for (const stack of stacks) {
    await stack.service.control.reset();
    stack.resetRuntime();
  }
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

/** What one cell costs, with the latency model on and off. */
async function cellCostsOnAndOff(ours: Stack, baseline: Stack): Promise<Results['cellCosts']> {
  const costs: Results['cellCosts'] = [];
  for (const latency of [true, false]) {
    log(`what one cell costs, latency ${latency ? 'on' : 'off'}`);
    costs.push({
      latency,
      // Tags of one length give both runs the same column shape (keywordColumn seeds on the prefix's length).
      rows: await cellCosts(ours, baseline, {
        rangeCells: plan.rangeCells,
        latency: latency ? undefined : false,
        tag: latency ? 'model-on' : 'model-no',
      }),
    });
  }
  return costs;
}

/**
 * `--only <name>`: one section alone, measured on both stacks and spliced into the existing RESULTS.md
 * and results.json; the other sections keep their own run's figures and date.
 * @param name the section's name on the command line
 * @param measure what the section measures
 * @param put its part of RESULTS.md (the markdown as it is → as it becomes) and of results.json
 */
async function sectionAlone<T>(
  name: string,
  measure: (ours: Stack, baseline: Stack) => Promise<T>,
  put: { markdown: (markdown: string, value: T) => string; json: (value: T) => object },
): Promise<void> {
  const options: StackOptions = { ...service, ...generous, waits, cacheEarlyRemoval: EVERY_ITEM_KEPT };
  const ours = await startStack('a', { ...options, project: ourProject });
  const baseline = await startStack('a', { ...options, project: baselineProject });
  let value: T;
  try {
    value = await measure(ours, baseline);
  } finally {
    await ours.stop();
    await baseline.stop();
  }
  const suffix = quick ? '.quick' : '';
  const markdown = join(outDir, `RESULTS${suffix}.md`);
  const json = join(outDir, `results${suffix}.json`);
  if (!existsSync(markdown) || !existsSync(json)) throw new Error(`--only ${name} updates ${markdown}: run the whole bench first`);
  writeFileSync(markdown, put.markdown(readFileSync(markdown, 'utf8'), value));
  writeFileSync(json, `${JSON.stringify({ ...(JSON.parse(readFileSync(json, 'utf8')) as object), ...put.json(value) }, null, 2)}\n`);
  log(`replaced the section ${name} of RESULTS${suffix}.md and results${suffix}.json in ${outDir}`);
}

/** Refresh all formulas with nothing left: counts only, on a stack of its own with the latency model off. */
async function measureSpentRefresh(): Promise<SpentRefreshScenario> {
  const stack = await startStack('a', {
    ...service,
    ...generous,
    latency: false,
    waits: 'skip',
    cacheEarlyRemoval: EVERY_ITEM_KEPT,
    project: ourProject,
  });
  try {
    log(`Refresh all formulas over ${plan.spentRefreshCells} formula cells a week later, nothing left`);
    return await spentRefresh(stack, plan.spentRefreshCells);
  } finally {
    await stack.stop();
  }
}

/** `--only refresh-spent`: that section alone (its own stack), spliced into the existing RESULTS.md and results.json. */
async function spentRefreshOnly(): Promise<void> {
  const spent = await measureSpentRefresh();
  const suffix = quick ? '.quick' : '';
  const markdown = join(outDir, `RESULTS${suffix}.md`);
  const json = join(outDir, `results${suffix}.json`);
  if (!existsSync(markdown) || !existsSync(json)) throw new Error(`--only refresh-spent updates ${markdown}: run the whole bench first`);
  writeFileSync(markdown, spliceSpentRefreshSection(readFileSync(markdown, 'utf8'), renderSpentRefreshSection(spent)));
  writeFileSync(json, `${JSON.stringify({ ...(JSON.parse(readFileSync(json, 'utf8')) as object), spentRefresh: spent }, null, 2)}\n`);
  log(`replaced the section refresh-spent of RESULTS${suffix}.md and results${suffix}.json in ${outDir}`);
}

const model = { ...DEFAULT_LATENCY };
if (only === 'analyst') {
  await sectionAlone(
    'analyst',
    (ours, baseline) => {
      log(`the analyst's functions over ${plan.analystCells} rows: after SEARCH_TREND, and new keywords (this section only)`);
      return analystCosts(ours, baseline, plan.analystCells);
    },
    { markdown: (text, analyst) => spliceAnalystSection(text, renderAnalystSection(analyst)), json: (analyst) => ({ analyst }) },
  );
} else if (only === 'cell-cost') {
  await sectionAlone('cell-cost', cellCostsOnAndOff, {
    markdown: (text, cellCosts) => spliceCellCostSection(text, renderCellCostSection(cellCosts, model)),
    json: (cellCosts) => ({ model, cellCosts }),
  });
} else if (only === 'format') {
  await sectionAlone(
    'format',
    (ours) => {
      log(`Format results over about ${plan.formatCells} cells of results (this section only)`);
      return formatCosts(ours, plan.formatCells);
    },
    {
      markdown: (text, format) => spliceSection(text, FORMAT_HEADING, renderFormatSection(format), '\n## Scheduled runs'),
      json: (format) => ({ format }),
    },
  );
} else if (only === 'bundle') bundleOnly();
else if (only === 'refresh-spent') await spentRefreshOnly();
else if (only !== undefined)
  throw new Error(`--only ${only}: the sections run alone are "analyst", "cell-cost", "format", "bundle" and "refresh-spent"`);
else await main();
