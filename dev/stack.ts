/**
 * The local proving ground: the stand-in service in its own process and a built Code.js in the local
 * Apps Script runtime, wired as a user who saved their key would be. Used by tests and benchmarks.
 */
import { fileURLToPath } from 'node:url';
import { GasRuntime, type ExecutionResult, type GasRuntimeOptions, type ScriptFile } from './gas/index.js';
import { startService, type ServiceHandle, type ServiceKnobs, type Schema } from './service/harness.js';
import { testCertificate } from './tls.js';

/** A distinctive key, so a leak anywhere is easy to find. */
export const KEY = 'sdm-live-7Hq2ZpK9wX4mV1cR';
export const OTHER_KEY = 'sdm-live-other-3Jf8Lw';

/**
 * The instant every test's clocks start at (the service's and dev/gas's): Wednesday 18 March 2026,
 * 12:00 UTC, far from a midnight (daily limits reset then) and mid-week (tracking weeks start on
 * Monday), so a test sees the same hour and date whenever it runs. The clocks run on in real time.
 */
export const TEST_START = Date.UTC(2026, 2, 18, 12, 0, 0);

export interface Stack {
  service: ServiceHandle;
  gas: GasRuntime;
  /** Runs a custom function in a fresh execution, as one cell evaluation. */
  run(fn: string, ...args: unknown[]): ExecutionResult;
  /**
   * Runs it and returns its value, failing the test with the cell's error otherwise. A property, not
   * a method: tests pass it around unbound (it uses no `this`).
   */
  value: (fn: string, ...args: unknown[]) => unknown;
  /** Every execution's result so far (for leak scans). */
  results: ExecutionResult[];
  /** A new runtime (fresh caches and properties, its clock at the start again) with the key saved, replacing the current one. */
  resetRuntime(): void;
  /** Requests the service received since the last resetStats, optionally for one endpoint. */
  requests(endpoint?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the service and a runtime whose user has saved KEY and points at the service.
 * @param schema which of the service's naming schemas to serve
 * @param options extra service options
 */
export async function startStack(schema: Schema = 'a', options: StackOptions = {}): Promise<Stack> {
  const { code, project, latency, waits, cacheEarlyRemoval, shortTimeLimits, startAt = TEST_START, ...serviceOptions } = options;
  const service = await startService({ schema, keys: [KEY, OTHER_KEY], startAt, ...serviceOptions });
  // A new runtime (resetRuntime) starts at startAt again, as the service's clock does on control.reset().
  const files = project ?? (code === undefined ? undefined : [{ name: 'Code.js', source: code }]);
  const newRuntime = (baseUrl: string) => userRuntime(baseUrl, files, latency, startAt, waits, cacheEarlyRemoval, shortTimeLimits);
  const results: ExecutionResult[] = [];
  const stack: Stack = {
    service,
    gas: newRuntime(service.url),
    results,
    run(fn, ...args) {
      const result = stack.gas.run(fn, args);
      results.push(result);
      return result;
    },
    value(fn, ...args) {
      const result = stack.run(fn, ...args);
      if (!result.ok) throw new Error(`${fn} failed on the cell: ${result.error}`);
      return result.value;
    },
    resetRuntime() {
      stack.gas.close();
      stack.gas = newRuntime(service.url);
    },
    async requests(endpoint) {
      const stats = await service.control.stats();
      return endpoint ? (stats.byEndpoint[endpoint] ?? 0) : stats.requests;
    },
    async stop() {
      stack.gas.close();
      await service.stop();
    },
  };
  return stack;
}

/** Options of startStack: the service's knobs, the project to run (default dist/), the latency model, the start. */
export interface StackOptions extends ServiceKnobs {
  /** The service's data: a world of its own, seeded by this text (dev/service/data.ts); default the known one. */
  world?: string;
  /** The project's script files (default: every script file of dist/); wins over code. */
  project?: ScriptFile[];
  /** A project of one file, Code.js, with this source. */
  code?: string;
  /** The instant both clocks read at the start (they run on in real time); default TEST_START. */
  startAt?: number | Date;
  /** dev/gas's service-call latency (default: on, Google's published figures); false only where time is not what a test checks. */
  latency?: GasRuntimeOptions['latency'];
  /** How dev/gas's modelled latency and sleeps pass (default 'skip': on the clocks, without waiting). */
  waits?: GasRuntimeOptions['waits'];
  /** Which cache items go before their expiry (default: dev/gas's, DEFAULT_EARLY_REMOVAL). */
  cacheEarlyRemoval?: GasRuntimeOptions['cacheEarlyRemoval'];
  /** Google's short-term limits (default: dev/gas's, DEFAULT_SHORT_TIME_LIMITS); `null` turns one off, and the test says why. */
  shortTimeLimits?: ShortTimeLimits;
}

/** The runtime's two short-term limits, as a stack passes them on. */
export type ShortTimeLimits = Pick<GasRuntimeOptions, 'urlFetchShortTimeLimit' | 'executionStartLimit'>;

/**
 * A runtime whose user saved KEY in the settings and points the add-on at the local service.
 * @param baseUrl the service URL
 * @param project the script files, default every script file of dist/
 * @param latency the latency model, default on
 * @param startAt the instant its clock reads now, default TEST_START
 * @param waits how modelled latency and sleeps pass, default 'skip'
 * @param cacheEarlyRemoval which cache items go before their expiry, default dev/gas's
 * @param shortTimeLimits Google's short-term limits, default dev/gas's
 */
export function userRuntime(
  baseUrl: string,
  project?: ScriptFile[],
  latency?: GasRuntimeOptions['latency'],
  startAt: number | Date = TEST_START,
  waits?: GasRuntimeOptions['waits'],
  cacheEarlyRemoval?: GasRuntimeOptions['cacheEarlyRemoval'],
  shortTimeLimits: ShortTimeLimits = {},
): GasRuntime {
  const gas = new GasRuntime({
    startAt,
    ...shortTimeLimits,
    ...(project === undefined ? {} : { project }),
    ...(latency === undefined ? {} : { latency }),
    ...(waits === undefined ? {} : { waits }),
    ...(cacheEarlyRemoval === undefined ? {} : { cacheEarlyRemoval }),
  });
  gas.properties.user.set('SDM_API_KEY', KEY);
  gas.properties.user.set('SDM_BASE_URL', baseUrl);
  return gas;
}

/** The two people of a shared spreadsheet (sharedRuntime): its owner (with KEY) and an editor (with OTHER_KEY). */
export const OWNER = 'owner@example.com';
export const COLLABORATOR = 'collab@example.com';

/**
 * A runtime whose spreadsheet OWNER owns (by default) and shares with COLLABORATOR, each with their own
 * key saved (KEY, OTHER_KEY) and the add-on pointed at the local service; OWNER is the active user.
 * @param baseUrl the service URL
 * @param options more of the runtime's options (`owner: null`: the spreadsheet is in a shared drive)
 */
export function sharedRuntime(baseUrl: string, options: Partial<GasRuntimeOptions> = {}): GasRuntime {
  const gas = new GasRuntime({ userEmail: OWNER, owner: OWNER, startAt: TEST_START, ...options });
  gas.shareSpreadsheet(gas.spreadsheet.id, COLLABORATOR);
  for (const [user, key] of [
    [OWNER, KEY],
    [COLLABORATOR, OTHER_KEY],
  ] as const) {
    gas.userProperties(user).set('SDM_API_KEY', key);
    gas.userProperties(user).set('SDM_BASE_URL', baseUrl);
  }
  return gas;
}

/** The repository's release/ folder: what a self-installer pastes (npm run release). */
export const RELEASE_CODE_PATH = fileURLToPath(new URL('../release/Code.gs', import.meta.url));

/**
 * A runtime running release/ as a self-installer has it: a container-bound script (the files pasted
 * into the spreadsheet's Extensions › Apps Script, its project named Search Demand as docs/use/install.md
 * says, its manifest the release's), trusting the local service's test certificate (its address must be
 * https). Nothing is saved: the user types the key and the address in the Settings.
 * @param options more runtime options (a clock start, latency)
 * @param codePath the release's Code.gs, its Sidebar.html and appsscript.json beside it: the committed
 *   release/ by default, or a release just built from the sources (scripts/build/release.ts, buildRelease)
 */
export function selfInstallRuntime(
  options: Omit<GasRuntimeOptions, 'addon' | 'codePath' | 'trustedCertificates'> = {},
  codePath = RELEASE_CODE_PATH,
): GasRuntime {
  return new GasRuntime({
    startAt: TEST_START,
    projectName: 'Search Demand',
    ...options,
    addon: false,
    codePath,
    trustedCertificates: [testCertificate().cert],
  });
}
