/**
 * What the user's scheduled trigger costs a day against Google's "Triggers total runtime" quota (90 min
 * a day on consumer accounts), for 1 to 150 spreadsheets, each with a ranking table refreshed daily at
 * 06:00 UTC and a daily tracking list. The trigger fires every hour for one simulated day under
 * dev/gas's latency model (an openById costs 2 s) and time dilation; the day's runtime is the sum of
 * the trigger executions' script time.
 *
 * "Before" is how the add-on ran until its runs knew what was due: every hour it opened every
 * scheduled spreadsheet to find out. It is measured, not guessed: the same add-on, with its index of
 * due times set to "due now" before one idle hour's run (a run then opens every spreadsheet and finds
 * nothing to do, as before); its day is the two working runs as measured plus 22 such idle runs.
 */
import { GasRuntime, TRIGGER_RUNTIME_DAILY_MS, type ExecutionResult, type ScriptFile } from '../dev/gas/index.js';
import { KEY, startStack, type Stack } from '../dev/stack.js';
import { EVERY_ITEM_KEPT } from './early-removal.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Script ms per real ms: fast enough for 150 spreadsheets, slow enough that CPU stays small against 2 s opens. */
const TIME_SCALE = 10;
const INDEX = 'SDM_SCHEDULED';

/** One spreadsheet count's day. */
export interface TriggerDay {
  spreadsheets: number;
  /** Σ script time of the day's 24 trigger runs (ms), as the quota counts it. */
  afterMs: number;
  /** The two runs that had work (06:10 tables, 00:10 lists, and any spill-over), in ms. */
  workingMs: number;
  /** openById calls in the day (each spreadsheet: its tables once, its list once). */
  opens: number;
  /** The median idle run (nothing due), ms. */
  idleRunMs: number;
  /** One idle hour when every spreadsheet is opened to find out (the old way), ms; and how many it opened. */
  beforeIdleRunMs: number;
  beforeIdleOpens: number;
  /** The old way's day: the working runs plus 22 idle runs that open everything. */
  beforeMs: number;
  /** Runs that failed (none expected; a quota refusal would show here). */
  failures: string[];
}

/** The scenario's result. */
export interface TriggerScenario {
  quotaMs: number;
  timeScale: number;
  days: TriggerDay[];
  /** Spreadsheets at which the day's runtime would reach the quota (linear in the count), now and before. */
  runsOutAt: { after: number; before: number };
}

/**
 * Runs the scenario for each spreadsheet count.
 * @param project the built project's script files (dist/Code.js and the files beside it)
 * @param counts spreadsheet counts, smallest first (the first and last fit the line)
 */
export async function triggerRuntimePerDay(project: ScriptFile[], counts: number[]): Promise<TriggerScenario> {
  const stack = await startStack('a', {
    project,
    latencyFreshMs: 30,
    latencyCachedMs: 5,
    freshPerDay: 1_000_000,
    callsPerDay: 1_000_000,
    cacheEarlyRemoval: EVERY_ITEM_KEPT,
  });
  try {
    const days: TriggerDay[] = [];
    for (const n of counts) days.push(await oneDay(stack, project, n));
    const quotaMs = TRIGGER_RUNTIME_DAILY_MS.consumer;
    return { quotaMs, timeScale: TIME_SCALE, days, runsOutAt: runsOut(days, quotaMs) };
  } finally {
    await stack.stop();
  }
}

async function oneDay(stack: Stack, project: ScriptFile[], n: number): Promise<TriggerDay> {
  await stack.service.control.reset();
  stack.gas.close();
  const gas = new GasRuntime({ project, timeScale: TIME_SCALE, cacheEarlyRemoval: EVERY_ITEM_KEPT });
  stack.gas = gas;
  gas.properties.user.set('SDM_API_KEY', KEY);
  gas.properties.user.set('SDM_BASE_URL', stack.service.url);
  const advance = async (ms: number) => {
    gas.advanceClock(ms);
    await stack.service.control.clock(ms);
  };
  // 05:10 UTC, so the first hourly run comes at 06:10, just after the tables' slot.
  const now = gas.clock.now();
  let target = Math.floor(now / DAY) * DAY + 5 * HOUR + 10 * 60_000;
  if (target <= now) target += DAY;
  await advance(target - now);

  // Setting up costs no modelled time: only the trigger's runs are measured.
  const setup = (fn: string, args: unknown[], document: string) => {
    const r = gas.run(fn, args, { mode: 'sidebar', document, latency: false, timeScale: 1 });
    if (!r.ok) throw new Error(`${fn} in ${document}: ${r.error}`);
  };
  for (let i = 0; i < n; i++) {
    const id = i === 0 ? gas.spreadsheet.id : `bench-book-${i}`;
    if (i) gas.addSpreadsheet({ id, name: `Book ${i}`, owner: gas.userEmail });
    setup('insertRankingTable', [{ group: 'sector:fintech', placement: 'new-sheet', columns: null, limit: 10 }], id);
    setup('setRefreshSchedule', [{ kind: 'daily', hour: 6 }], id);
    setup('addTrackingList', [{ name: '', kind: 'keywords', items: [`coffee ${i}`, `tea ${i}`], period: 'day', fields: null }], id);
  }

  const runs: ExecutionResult[] = [];
  const failures: string[] = [];
  for (let hour = 0; hour < 24; hour++) {
    await advance(HOUR);
    for (const { result } of gas.fireDueTriggers()) {
      runs.push(result);
      if (!result.ok) failures.push(result.error ?? 'failed');
    }
  }
  const opensOf = (r: ExecutionResult) => r.serviceCalls['spreadsheet.openById'] ?? 0;
  const idle = runs.filter((r) => opensOf(r) === 0).map((r) => r.durationMs);
  const working = runs.filter((r) => opensOf(r) > 0);

  // The old way: one more hour in which every spreadsheet is "due" and so opened, with nothing to do.
  // Reassembled from its pieces and written back whole (the harness writes without Google's limits).
  const user = gas.properties.user;
  const pieces = Object.entries(user.snapshot())
    .filter(([key]) => key === INDEX || key.startsWith(`${INDEX}~`))
    .sort(([a], [b]) => (a === INDEX ? -1 : b === INDEX ? 1 : Number(a.split('~')[1]) - Number(b.split('~')[1])));
  const text = pieces
    .map(([, value]) => value)
    .join('')
    .replace(/^~\d+~/, '');
  for (const [key] of pieces) user.delete(key);
  const entries = JSON.parse(text) as Record<string, { name: string; due: number }>;
  for (const entry of Object.values(entries)) entry.due = 0;
  user.set(INDEX, JSON.stringify(entries));
  // 05:40, between the day's last run and the next 06:00 slot: nothing is due, so all is the search.
  await advance(HOUR / 2);
  const trigger = gas.triggers.find((t) => t.eventType === 'CLOCK');
  if (!trigger) throw new Error('no trigger');
  const before = { result: gas.fireTrigger(trigger) };
  const workingMs = working.reduce((a, r) => a + r.durationMs, 0);
  return {
    spreadsheets: n,
    afterMs: runs.reduce((a, r) => a + r.durationMs, 0),
    workingMs,
    opens: runs.reduce((a, r) => a + opensOf(r), 0),
    idleRunMs: median(idle),
    beforeIdleRunMs: before.result.durationMs,
    beforeIdleOpens: opensOf(before.result),
    beforeMs: workingMs + (24 - working.length) * before.result.durationMs,
    failures,
  };
}

/** Where a line through the smallest and largest counts' days crosses the quota. */
function runsOut(days: TriggerDay[], quotaMs: number): { after: number; before: number } {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || last.spreadsheets === first.spreadsheets) return { after: NaN, before: NaN };
  const cross = (y0: number, y1: number) => {
    const slope = (y1 - y0) / (last.spreadsheets - first.spreadsheets);
    return slope > 0 ? Math.floor(first.spreadsheets + (quotaMs - y0) / slope) : Infinity;
  };
  // The old way's idle run stops at 6 minutes, so its line uses the largest count it opened whole.
  const whole = [...days].reverse().find((d) => d.beforeIdleOpens === d.spreadsheets && d.spreadsheets > first.spreadsheets) ?? last;
  const slopeBefore = (whole.beforeMs - first.beforeMs) / (whole.spreadsheets - first.spreadsheets);
  return {
    after: cross(first.afterMs, last.afterMs),
    before: slopeBefore > 0 ? Math.floor(first.spreadsheets + (quotaMs - first.beforeMs) / slopeBefore) : Infinity,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : 0;
}

const minutes = (ms: number) => (ms / 60_000).toFixed(1);

/**
 * The section of RESULTS.md.
 * @param s the scenario's figures
 */
export function renderTriggerSection(s: TriggerScenario): string {
  const rows = s.days.map(
    (d) =>
      `| ${d.spreadsheets} | ${minutes(d.afterMs)} | ${((100 * d.afterMs) / s.quotaMs).toFixed(1)} % | ${d.opens} | ${(d.idleRunMs / 1000).toFixed(2)} | ${minutes(d.beforeMs)} | ${((100 * d.beforeMs) / s.quotaMs).toFixed(1)} % | ${(d.beforeIdleRunMs / 1000).toFixed(1)} (${d.beforeIdleOpens} opened) | ${d.failures.length ? d.failures.join('; ') : 'none'} |`,
  );
  return [
    '## Scheduled runs: trigger runtime per day',
    '',
    `Google's "Triggers total runtime" quota is ${minutes(s.quotaMs)} min a day on consumer accounts (6 h on Workspace). Each spreadsheet has a ranking table refreshed daily at 06:00 UTC and a daily tracking list of 2 keywords; the user's one trigger fires every hour for a day (dev/gas: latency model on, \`openById\` 2 s, time scale ${s.timeScale}). **Now**: each run reads its index of due times and opens only what is due. **Before**: every run opened every spreadsheet to find out (measured as one such hour; the day is the two working runs plus 22 of those).`,
    '',
    '| spreadsheets | now: min/day | of quota | openById/day | idle run (s) | before: min/day | of quota | before: idle run (s) | failed runs |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `The quota would run out at about **${s.runsOutAt.after}** spreadsheets now (a line through the measured days), and at about **${s.runsOutAt.before}** before. An idle hour costs a few property calls and opens no spreadsheet; past 6 minutes a run leaves the rest for the next hour.`,
    '',
  ].join('\n');
}
