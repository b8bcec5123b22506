/**
 * The proving ground of the integration tests: the local service in its own process and the built
 * dist/Code.js in the local Apps Script runtime, wired as a user who saved their key would be.
 */
import { GasRuntime, type ExecutionResult } from '../../dev/gas/index.js';
import { startService, type ServiceHandle, type Schema } from '../../dev/service/harness.js';

/** A distinctive key, so a leak anywhere is easy to find. */
export const KEY = 'sdm-live-7Hq2ZpK9wX4mV1cR';
export const OTHER_KEY = 'sdm-live-other-3Jf8Lw';

export interface Stack {
  service: ServiceHandle;
  gas: GasRuntime;
  /** Runs a custom function in a fresh execution, as one cell evaluation. */
  run(fn: string, ...args: unknown[]): ExecutionResult;
  /** Runs it and returns its value, failing the test with the cell's error otherwise. */
  value(fn: string, ...args: unknown[]): unknown;
  /** Every execution's result so far (for leak scans). */
  results: ExecutionResult[];
  /** A new runtime (fresh caches and properties) with the key saved, replacing the current one. */
  resetRuntime(): void;
  /** Requests the service received since the last resetStats, optionally for one endpoint. */
  requests(endpoint?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the service and a runtime whose user has saved KEY and points at the service.
 * @param schema which of the service's two naming schemas to serve
 * @param options extra service options
 */
export async function startStack(
  schema: Schema = 'a',
  options: { latencyFreshMs?: number; latencyCachedMs?: number; freshPerDay?: number; callsPerDay?: number } = {},
): Promise<Stack> {
  const service = await startService({ schema, keys: [KEY, OTHER_KEY], ...options });
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

function newRuntime(baseUrl: string): GasRuntime {
  const gas = new GasRuntime();
  gas.properties.user.set('SDM_API_KEY', KEY);
  gas.properties.user.set('SDM_BASE_URL', baseUrl);
  return gas;
}

/**
 * The service's own answer, fetched directly (for comparing with what cells show).
 * @param service the running service
 * @param path endpoint path under /api/v1
 * @param query its parameters
 */
export async function rawAnswer(service: ServiceHandle, path: string, query: Record<string, string> = {}): Promise<unknown> {
  const url = `${service.url}/api/v1${path}?${new URLSearchParams(query).toString()}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${OTHER_KEY}` } });
  return response.json();
}

/** A grid's header row and data rows. */
export function table(value: unknown): { header: string[]; rows: unknown[][] } {
  if (!Array.isArray(value)) throw new Error(`expected a table, got ${JSON.stringify(value)}`);
  const [header, ...rows] = value as unknown[][];
  return { header: (header ?? []) as string[], rows };
}

/** The values of one column of a table. */
export function column(value: unknown, name: string): unknown[] {
  const { header, rows } = table(value);
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name} in ${header.join(', ')}`);
  return rows.map((row) => row[i]);
}

/**
 * The top-level numeric field whose name ends with "score": what a user reads as "the score" in the raw
 * JSON. Written independently of the add-on's search so the two can disagree.
 * @param json a raw answer
 */
export function topLevelScore(json: unknown): number {
  const entries = Object.entries(json as Record<string, unknown>).filter(
    ([k, v]) => typeof v === 'number' && /score$/i.test(k.replace(/[^a-z]/gi, '')),
  );
  if (entries.length !== 1) throw new Error(`expected one score field, got ${entries.map(([k]) => k).join(', ')}`);
  return entries[0]?.[1] as number;
}
