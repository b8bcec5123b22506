/** Renders the benchmark results as Markdown: targets first, then each scenario beside the baseline. */
import type { LimitScenario } from './limit.js';
import type { CellCostRow } from './cell-cost.js';
import type { Timing } from './cold-start.js';
import type { ColumnPasses, ColumnRun } from './concurrency.js';
import { POLL_MS, type ExecutionSummary } from './executions.js';
import type { Measure } from './measure.js';
import type { RaceRow } from './race.js';
import type { RefreshScenario } from './refresh.js';
import type { ColumnPair, Pair, Results } from './results.js';
import { REFRESH_NOISE, extraRequests, recalculationLimitPerCellMs, targets } from './targets.js';

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const ms = (x: number) => String(Math.round(x));
const ratio = (baseline: number, ours: number) =>
  ours === 0 ? (baseline === 0 ? '—' : '∞ (ours is 0)') : `${(baseline / ours).toFixed(1)}×`;
const onOff = (latency: boolean) => (latency ? 'on' : 'off');

type Row<M> = [string, (m: M) => number, (v: number) => string];

const RANGE_ROWS: Row<Measure>[] = [
  ['requests', (m) => m.requests, String],
  ['fresh credits', (m) => m.freshCredits, String],
  ['total time (s)', (m) => m.totalMs, seconds],
  ['cells with a number', (m) => m.completed, String],
  ['executions timed out', (m) => m.timedOut, String],
];

function pairTable(pairs: Pair[]): string {
  const lines = ['| N | distinct | metric | add-on | baseline | baseline ÷ add-on |', '| ---: | ---: | --- | ---: | ---: | ---: |'];
  for (const { n, distinct, ours, baseline } of pairs) {
    for (const [name, get, format] of RANGE_ROWS) {
      lines.push(`| ${n} | ${distinct} | ${name} | ${format(get(ours))} | ${format(get(baseline))} | ${ratio(get(baseline), get(ours))} |`);
    }
  }
  return lines.join('\n');
}

function costTable(rows: CellCostRow[]): string {
  const head = [
    '| case | cells (distinct) | round trips: add-on | baseline | writes: add-on | baseline | UrlFetch calls (requests): add-on | baseline | modelled ms: add-on | baseline | execution ms: add-on | baseline | baseline ÷ add-on (time) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const lines = rows.map(({ case: c, cells, distinct, ours: o, baseline: b }) => {
    const fetches = (x: typeof o) => `${x.fetchCalls} (${x.requests})`;
    const time = (x: typeof o) => `${ms(x.durationMs)}${x.timedOut ? ' (timed out)' : x.ok ? '' : ' (failed)'}`;
    return `| ${c} | ${cells} (${distinct}) | ${o.roundTrips} | ${b.roundTrips} | ${o.writes} | ${b.writes} | ${fetches(o)} | ${fetches(b)} | ${ms(o.modelledMs)} | ${ms(b.modelledMs)} | ${time(o)} | ${time(b)} | ${ratio(b.durationMs, o.durationMs)} |`;
  });
  return [...head, ...lines].join('\n');
}

/** The add-on's service calls in each case, latency on: every call is charged, and none is refused. */
function chargedCallsTable(rows: CellCostRow[], model: Results['model']): string {
  const head = [
    '| case | service calls of the add-on (each charged) | refused calls | modelled ms (start-up included) |',
    '| --- | --- | ---: | ---: |',
  ];
  const lines = rows.map(({ case: c, ours: o }) => {
    const calls = Object.entries(o.serviceCalls)
      .map(([label, n]) => `${label} ×${n}`)
      .join(', ');
    return `| ${c} | ${calls || 'none'} | ${o.refusedCalls} | ${ms(o.modelledMs)} (${ms(model.startup)} + ${ms(o.modelledMs - model.startup)}) |`;
  });
  return [...head, ...lines].join('\n');
}

/**
 * The section "What one cell costs", alone: RESULTS.md's, and what `npm run bench -- --only cell-cost`
 * puts in its place (spliceCellCostSection).
 * @param cellCosts the cases with latency on and off
 * @param model the latency table the run used
 */
export function renderCellCostSection(cellCosts: Results['cellCosts'], model: Results['model']): string {
  const costOn = cellCosts.find((c) => c.latency)?.rows ?? [];
  const costOff = cellCosts.find((c) => !c.latency)?.rows ?? [];
  return `${CELL_COST_HEADING}

One execution at a time, in a fresh runtime per implementation, in this order: the document's first
miss (the add-on also makes its config entry), a miss, a hit (the same keyword again: the baseline
has no cache and asks the service again), a range of ${costOn.find((c) => c.case === 'range miss')?.cells ?? '?'} rows with repeats (one
execution), and the same range again. Writes are cache puts and removes, property sets and deletes.

Latency on:

${costTable(costOn)}

Latency off:

${costTable(costOff)}

What a cell's service calls cost now that every call is charged: dev/gas charges every call that asks
Google (Session, ScriptApp's questions and a call refused in a custom function too, at least a cache write's
${ms(model.cachePut)} ms where Google publishes nothing). A formula makes none of those: no call refused, and its calls
are the cache's, the properties' and the fetch (latency on; \`urlfetch\` is the real HTTP time, not modelled):

${chargedCallsTable(costOn, model)}
`;
}

const CELL_COST_HEADING = '## What one cell costs';

/**
 * RESULTS.md with the section "What one cell costs" replaced, for a run of this section alone: the
 * others keep their own run's figures and date.
 * @param markdown RESULTS.md as it is
 * @param section the new section
 */
export function spliceCellCostSection(markdown: string, section: string): string {
  const start = markdown.indexOf(`${CELL_COST_HEADING}\n`);
  if (start < 0) throw new Error(`RESULTS.md has no "${CELL_COST_HEADING}" section: run the whole bench first`);
  const next = markdown.indexOf('\n## ', start + CELL_COST_HEADING.length);
  return `${markdown.slice(0, start)}${section}${next >= 0 ? markdown.slice(next) : ''}`;
}

/** A metric of a column pass: name, getter, format, and whether a baseline ÷ add-on ratio means anything. */
type RunRow = [string, (m: ColumnRun) => number, (v: number) => string, boolean];
const ex =
  (get: (e: ExecutionSummary) => number): ((m: ColumnRun) => number) =>
  (m) =>
    get(m.executions);

const COLUMN_ROWS: RunRow[] = [
  ['requests', (m) => m.requests, String, true],
  ['fresh credits', (m) => m.freshCredits, String, true],
  ['Σ execution time (s)', ex((e) => e.summedMs), seconds, true],
  ['… of which modelled (s)', ex((e) => e.summedModelledMs), seconds, true],
  ['longest execution (s)', ex((e) => e.longestMs), seconds, true],
  ['median execution (ms)', ex((e) => e.medianMs), ms, true],
  ['executions that sent requests', ex((e) => e.fetched), String, true],
  ['executions that waited on another', ex((e) => e.waited), String, false],
  ['longest wait (ms)', ex((e) => e.longestWaitMs), ms, false],
  ['… waiters that gave up and fetched', ex((e) => e.gaveUp), String, false],
  ['longest execution that waited (s)', ex((e) => e.longestWaiterMs), seconds, false],
  ['round trips (all executions)', ex((e) => e.roundTrips), String, true],
  ['most round trips in one execution', ex((e) => e.maxRoundTrips), String, true],
  ['lock calls', ex((e) => e.lockCalls), String, false],
  ['cells with a number', (m) => m.completed, String, true],
  ['executions timed out', ex((e) => e.timedOut), String, false],
  ['executions refused (30 at once)', ex((e) => e.refused), String, false],
  ['executions failed otherwise', ex((e) => e.errors), String, false],
  ['wall time, 30 at once here (s)', (m) => m.wallMs, seconds, true],
];

function columnTable(pairs: ColumnPair[]): string {
  const lines = [
    '| N | distinct | latency | metric | add-on | baseline | baseline ÷ add-on |',
    '| ---: | ---: | :---: | --- | ---: | ---: | ---: |',
  ];
  for (const p of pairs) {
    const o = p.ours.first;
    const b = p.baseline.first;
    lines.push(
      `| ${p.n} | ${p.distinct} | ${onOff(p.latency)} | extra requests over distinct | ${(extraRequests(p) * 100).toFixed(1)} % | ${(extraRequests(p, 'first', 'baseline') * 100).toFixed(1)} % | |`,
    );
    for (const [name, get, format, withRatio] of COLUMN_ROWS) {
      lines.push(
        `| ${p.n} | ${p.distinct} | ${onOff(p.latency)} | ${name} | ${format(get(o))} | ${format(get(b))} | ${withRatio ? ratio(get(b), get(o)) : ''} |`,
      );
    }
  }
  return lines.join('\n');
}

function raceTable(rows: RaceRow[]): string {
  if (!rows.length) return '_Not run._';
  return [
    '| second started after (ms) | requests | the second execution |',
    '| ---: | ---: | --- |',
    ...rows.map((x) => `| ${x.offsetMs} | ${x.requests} | ${x.second}${x.secondPolls ? ` (${x.secondPolls} polls)` : ''} |`),
  ].join('\n');
}

function recalculationTable(r: Results): string {
  const perCellLimit = recalculationLimitPerCellMs(r);
  const lines = ['| N | latency | metric | add-on | baseline | baseline ÷ add-on |', '| ---: | :---: | --- | ---: | ---: | ---: |'];
  for (const p of r.columns) {
    const row = (
      name: string,
      pass: 'recalculation' | 'recalculationAlone',
      get: (m: ColumnRun) => number,
      format: (v: number) => string,
    ) => {
      const o = p.ours[pass];
      const b = p.baseline[pass];
      if (o && b)
        lines.push(`| ${p.n} | ${onOff(p.latency)} | ${name} | ${format(get(o))} | ${format(get(b))} | ${ratio(get(b), get(o))} |`);
    };
    row('requests', 'recalculation', (m) => m.requests, String);
    row(
      'round trips per cell',
      'recalculation',
      (m) => m.executions.roundTrips / p.n,
      (v) => v.toFixed(2),
    );
    for (const [pass, how] of [
      ['recalculation', '30 at once'],
      ['recalculationAlone', 'one at a time'],
    ] as const) {
      row(`Σ execution time, ${how} (s)`, pass, (m) => m.executions.summedMs, seconds);
      row('… per cell (ms)', pass, (m) => m.executions.summedMs / p.n, ms);
      row('… of which modelled (s)', pass, (m) => m.executions.summedModelledMs, seconds);
      row('… longest execution (ms)', pass, (m) => m.executions.longestMs, ms);
    }
    if (p.latency) lines.push(`| ${p.n} | on | limit: N × ${perCellLimit} ms (s) | ${seconds(p.n * perCellLimit)} | | |`);
  }
  return lines.join('\n');
}

/** The largest column's key figures with the model on and off, side by side. */
function modelEffect(r: Results): string {
  const largest = Math.max(...r.columns.map((c) => c.n));
  const on = r.columns.find((c) => c.n === largest && c.latency);
  const off = r.columns.find((c) => c.n === largest && !c.latency);
  const cost = (latency: boolean) => r.cellCosts.find((c) => c.latency === latency)?.rows ?? [];
  const lines = ['| figure | add-on, on | add-on, off | baseline, on | baseline, off |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const c of ['hit', 'miss', 'range miss', 'range hit'] as const) {
    const a = cost(true).find((x) => x.case === c);
    const z = cost(false).find((x) => x.case === c);
    if (a && z)
      lines.push(
        `| one execution, ${c} (ms) | ${ms(a.ours.durationMs)} | ${ms(z.ours.durationMs)} | ${ms(a.baseline.durationMs)} | ${ms(z.baseline.durationMs)} |`,
      );
  }
  if (on && off) {
    const fig = (name: string, get: (p: ColumnPasses) => number, format: (v: number) => string) =>
      lines.push(
        `| ${name} | ${format(get(on.ours))} | ${format(get(off.ours))} | ${format(get(on.baseline))} | ${format(get(off.baseline))} |`,
      );
    fig(`${largest} cells, 30 at once: requests`, (p) => p.first.requests, String);
    fig(`${largest} cells, 30 at once: Σ execution time (s)`, (p) => p.first.executions.summedMs, seconds);
    fig(`${largest} cells, 30 at once: longest execution (s)`, (p) => p.first.executions.longestMs, seconds);
    fig(`${largest} cells, 30 at once: longest wait (ms)`, (p) => p.first.executions.longestWaitMs, ms);
    fig(`recalculation, 30 at once: Σ execution time (s)`, (p) => p.recalculation.executions.summedMs, seconds);
    if (on.ours.recalculationAlone && off.ours.recalculationAlone) {
      fig(`recalculation, one at a time: Σ execution time (s)`, (p) => p.recalculationAlone?.executions.summedMs ?? Number.NaN, seconds);
    }
  }
  return lines.join('\n');
}

function refreshSection(f: RefreshScenario | undefined): string {
  if (!f) return '_Not run._';
  const rows: [string, (e: ExecutionSummary) => number, (v: number) => string][] = [
    ['formulas', (e) => e.executions, String],
    ['median execution (ms)', (e) => e.medianMs, ms],
    ['p90 execution (ms)', (e) => e.p90Ms, ms],
    ['longest execution (ms)', (e) => e.longestMs, ms],
    ['longest wait on another execution (ms)', (e) => e.longestWaitMs, ms],
    ['lock calls', (e) => e.lockCalls, String],
  ];
  return [
    `The refresh (\`refreshTablesNow(force)\` from the sidebar, ${f.tables} tables) ${f.refreshOk ? `refreshed ${f.refreshed} of ${f.tables}` : `**did not run as planned** (${f.refreshNote || `refreshed ${f.refreshed} of ${f.tables}`})`} in ${seconds(f.refreshMs)} s and held the document lock for ${seconds(f.heldMs)} s (real time).`,
    '',
    '| metric | column alone | formulas while the refresh held the lock |',
    '| --- | ---: | ---: |',
    ...rows.map(([name, get, format]) => `| ${name} | ${format(get(f.control))} | ${format(get(f.during))} |`),
  ].join('\n');
}

/**
 * The whole RESULTS.md.
 * @param r the results
 * @param chart file name of the chart beside it
 */
/** The limit scenario: what the first calculation and the recalculations after it sent, and what was refused. */
function limitSection(l: LimitScenario | undefined): string {
  if (!l) return 'Not run.';
  const line = (name: string, side: LimitScenario['ours']) =>
    `| ${name} | ${side.first.requests} | ${side.first.usageReads ?? 0} | **${side.first.refused ?? '–'}** | ${side.first.completed} of ${l.n} | ${side.recalculations.requests} | **${side.recalculations.refused ?? '–'}** |`;
  return `A column of ${l.n} new keywords on a free account (250 fresh searches and 2,000 API calls a day) with
${l.freshLeft} fresh searches and ${2_000 - (l.callsUsed ?? 0)} calls left: issue 30's case. Then ${l.recalculations} recalculations. **Refused** are the
requests the service turned down for its daily limit, each still costing one of the day's API calls. The
add-on reads what is left (one usage read), sends no more searches than that, and every row it could not
fill says when it will be fetched; it asks at most a handful past the limit (to find what the service's
7-day cache still answers, free), each once. The baseline sends every cell every time, one after
another${l.baseline.first.timedOut ? `: its range ran past Google's 30 seconds for a custom function (${l.baseline.first.timedOut} of 1 execution timed out), so its cell shows no score at all, and each recalculation starts again` : ''}.

| | first calculation: requests | of which usage reads | refused | scores shown | ${l.recalculations} recalculations: requests | refused |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${line('ours', l.ours)}
${line('baseline', l.baseline)}`;
}

export function renderResults(r: Results, chart: string): string {
  const budget = r.budget
    ? [
        '| recalculation | rows with a number (cumulative) | requests | time (s) | timed out |',
        '| ---: | ---: | ---: | ---: | :---: |',
        ...r.budget.runs.map(
          (m, i) =>
            `| ${i + 1} | ${m.completed} of ${r.budget?.n} | ${m.requests} | ${seconds(m.totalMs)} | ${m.timedOut ? 'yes' : 'no'} |`,
        ),
      ].join('\n')
    : '_Skipped in quick mode._';
  const ms = (t: Timing) => `${t.medianMs.toFixed(3)} ms | ${t.p90Ms.toFixed(3)} ms`;
  const sizes = [
    '| project | script files | size | every file parsed and evaluated, median | p90 | compiled once, evaluated, median | p90 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.size.map(
      (s) =>
        `| ${s.name} | ${s.cold.files.map((f) => f.name).join(', ')} | ${(s.bytes / 1024).toFixed(1)} KB | ${ms(s.cold.parsed)} | ${ms(s.cold.compiled)} |`,
    ),
  ].join('\n');
  const files = [
    '| file (ours) | size | alone: parsed and evaluated, median | p90 |',
    '| --- | ---: | ---: | ---: |',
    ...(r.size.find((s) => s.name === 'ours')?.cold.files ?? []).map(
      (f) => `| ${f.name} | ${(f.bytes / 1024).toFixed(1)} KB | ${ms(f.parsed)} |`,
    ),
  ].join('\n');
  const m = r.model;
  const list = targets(r);
  return `# Benchmark results${r.quick ? ' (quick run)' : ''}

Generated by \`npm run bench${r.quick ? ' -- --quick' : ''}\` on ${r.date.slice(0, 10)} (${r.date}), in ${Math.round(r.durationS / 60)} min (${r.durationS} s).
Machine: ${r.machine}.

Both implementations run as Sheets would run them: the built \`Code.js\` in the local Apps Script
runtime (\`dev/gas\`, a fresh context per execution, real HTTP), each against its own freshly reset
local service (\`dev/service\`, schema a, answering in ${r.service.latencyFreshMs} ms, ${r.service.latencyCachedMs} ms from its own cache). The
**baseline** is \`bench/baseline/Code.js\`: a per-cell custom function written the way tutorials teach
(one \`UrlFetchApp.fetch\` per keyword, key and base URL from two property reads, no cache). Keyword
columns repeat about 40 % of their keywords, as is or as case and space variants. "baseline ÷ add-on"
above 1 means the baseline spends more.

**The latency model** (dev/gas, on unless a table says "off"): every service call blocks for Google's
published average before it runs: a cache read ${m.cacheGetAll} ms, a cache write ${m.cachePutAll} ms, a property read ${m.propertyRead} ms,
a property write ${m.propertyWrite} ms, getting a store ${m.handle} ms; locks ${m.lockTry} ms and execution start-up ${m.startup} ms (not published:
assumed at least a cache write). Start-up is charged once per execution and is not a round trip.
A **round trip** is one call to a cache, a property store, a lock or the document (getting a store and
UrlFetch are not). **Execution time** is each execution's \`durationMs\` in script time: the modelled
waits, real HTTP to the local service, and this machine's CPU. **Modelled** is the part the model
charged. With latency **off**, calls are counted but cost nothing, so the difference is the model's effect.

## Targets

| target | measured | met |
| --- | --- | :---: |
${list.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`).join('\n')}

![what one cell costs and what a column costs](${chart})

${renderCellCostSection(r.cellCosts, r.model)}
## The model's effect (latency on vs off)

${modelEffect(r)}

## 30 executions at once: each cell its own execution

Sheets evaluates many cells at once: \`GasWorkerPool\` runs 30 executions at a time (Google's cap of
simultaneous executions per user), each in its own worker thread and runtime, all sharing one document
cache, one set of properties and the locks. Every cell is a single-keyword \`SEARCH_SCORE\`, queued in
column order on a cold cache and a cold service. **Extra requests** are requests beyond the distinct
keywords. **Waiting on another execution**: the add-on marks the keywords it fetches; an execution
that finds a keyword marked by another polls the cache (\`Utilities.sleep(${POLL_MS})\`, then one getAll) until
the answer is there, for at most a second, and then fetches it itself ("gave up"). dev/gas does not
count sleeps, so polls are read from the calls: an execution's getAll calls minus its first read and
minus the read-back of its own marks (one if it wrote marks before fetching). **Wait** = polls ×
(${POLL_MS} ms + one getAll's modelled latency): exact script time. The baseline never waits.
"Refused" is Google's 30-simultaneous-executions quota.

${columnTable(r.columns)}

## Two cells, one new keyword, started a few ms apart

Where the extra requests above come from. An execution that misses writes its marks (a putAll, ${m.cachePutAll} ms
under the model, landing when its wait ends), reads the key (${m.propertyReadAll} ms) and reads the marks back (${m.cacheGetAll} ms).
A second execution of the same keyword sees the first one's mark only if its own first read comes after
that mark landed; and the first execution sees the second's mark only if it landed before its read-back,
${m.propertyReadAll + m.cacheGetAll} ms after its own. The write takes longer than that gap (${m.cachePutAll} ms > ${m.propertyReadAll + m.cacheGetAll} ms), so a second
execution whose first read falls in the last ~${m.cachePutAll - m.propertyReadAll - m.cacheGetAll} ms before the first's mark lands sees no
mark, and its own mark lands after the first read back: both fetch. Measured in the pool, latency on,
one new keyword per row:

${raceTable(r.race)}

## Recalculation within 6 hours (the same columns, one hour later, 30 at once)

Every cell runs again (as after "Refresh all formulas"). The add-on answers from the document cache;
the baseline sends every request again. The **limit** of the issue is what two round trips cost per
cell, plus the start-up the model charges every execution: N × (${r.model.startup} + 2 × ${r.model.cacheGetAll} ms), a round
trip priced as the cache read a hit makes. Execution time counts everything: start-up and calls as
modelled, and this machine's CPU (evaluating Code.js, the script's own work, the worker's calls to the
shared stores). With 30 at once, 30 threads share this machine's ${r.machine.match(/(\d+) cores/)?.[1] ?? 'few'} cores, which stretches
every execution's CPU part; on Google each execution has its own. So the largest column's
recalculation runs again **one execution at a time** (same warm cache), and the target is judged on
that sum; the 30-at-once sum is shown beside it.

${recalculationTable(r)}

## A ranking-table refresh during formulas

A refresh from the sidebar holds the document lock while it fetches and writes its tables. The add-on's
formulas no longer take that lock, so they should not notice. Measured in the same pool: ranking tables
inserted on worker 0's spreadsheet (each worker has its own), then the ${r.refresh?.n ?? '?'}-cell column run once
alone and once (cold cache again) while \`refreshTablesNow(true)\` runs on worker 0; the lock's holder
is polled every millisecond, and the formulas whose execution overlapped a hold are compared with the
column alone. "Never waits" is met when formulas make no lock call, none waits more than 1 s on
another execution, and the median of those that overlapped is within ${Math.round((REFRESH_NOISE - 1) * 100)} % of the column
alone (timing noise on a shared machine).

${refreshSection(r.refresh)}

## ${r.big?.n ?? ''} distinct keywords in one range

A range formula has 30 s. The baseline fetches one keyword after another and is cut off by the limit
on long ranges, showing nothing.

${r.big ? pairTable([r.big]) : ''}

## Past the daily fresh-search limit

${limitSection(r.limit)}

## Time budget: a slow service

Each fresh answer takes 9 s. The range stops cleanly before Sheets' 30 s limit, every unfetched row
says "Not fetched in time: run … Refresh all formulas to continue", and each refresh continues from the cache.

${budget}

## Bundle

${sizes}

${files}

Sidebar.html: ${r.sidebarBytes === undefined ? 'not built yet' : `${(r.sidebarBytes / 1024).toFixed(1)} KB`}.
Cold evaluation is every script file of the project (Google evaluates them all in every execution, every
cell evaluation included) evaluated at global scope, in order, in a new empty \`node:vm\` context (median
of ${r.coldRuns}): "parsed" compiles each file afresh (its source made unique, so V8's compile
cache cannot serve it), "compiled once" reuses the compiled scripts. On Google it is part of the start-up
the model charges, ${r.model.startup} ms. \`Server.js\` only declares one function at load; its bundle runs
when a sidebar, menu or trigger function first calls \`SDM.server()\`: ${r.serverFirstCall ? `${ms(r.serverFirstCall)} (median | p90)` : 'not measured'}, once
per such execution, never in a cell.
`;
}
