/** What one benchmark run measured: the shape report.ts renders and targets.ts checks. */
import type { LatencyTable } from '../dev/gas/index.js';
import type { CellCostRow } from './cell-cost.js';
import type { ColdEvaluation, Timing } from './cold-start.js';
import type { ColumnPasses } from './concurrency.js';
import type { LimitScenario } from './limit.js';
import type { Measure } from './measure.js';
import type { RaceRow } from './race.js';
import type { RefreshScenario } from './refresh.js';

/** Ours and the baseline on one range scenario. */
export interface Pair {
  n: number;
  distinct: number;
  ours: Measure;
  baseline: Measure;
}

/** Ours and the baseline on one column, 30 executions at once, with the latency model on or off. */
export interface ColumnPair {
  n: number;
  distinct: number;
  latency: boolean;
  ours: ColumnPasses;
  baseline: ColumnPasses;
}

/** Everything one run measured. */
export interface Results {
  date: string;
  machine: string;
  quick: boolean;
  /** The local service's own latency (real HTTP time). */
  service: { latencyFreshMs: number; latencyCachedMs: number };
  /** dev/gas's latency model in these runs (its defaults: Google's published figures). */
  model: LatencyTable;
  cellCosts: { latency: boolean; rows: CellCostRow[] }[];
  columns: ColumnPair[];
  /** Two executions of one new keyword, the second started d ms after the first (add-on only). */
  race: RaceRow[];
  refresh: RefreshScenario | undefined;
  big: Pair | undefined;
  budget: { n: number; latencyFreshMs: number; runs: Measure[] } | undefined;
  /** A column past the fresh-search limit, then recalculated (issues 12 and 30). */
  limit?: LimitScenario | undefined;
  /** Each project's script files together: bytes and cold evaluation (bench/cold-start.ts), over `coldRuns` runs. */
  coldRuns: number;
  size: { name: string; bytes: number; cold: ColdEvaluation }[];
  /** Ours: Server.js's bundle running on the first SDM.server() call (sidebar, menu, trigger executions). */
  serverFirstCall?: Timing | undefined;
  sidebarBytes?: number | undefined;
  /** Wall-clock seconds of the whole run. */
  durationS: number;
}
