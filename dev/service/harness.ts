/**
 * Test harness: runs the stand-in service in a child process.
 *
 * A separate process is required because callers may block their own thread with
 * synchronous HTTP; an in-process server would then never answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { compiledScript } from './compiled.js';
import { DEFAULT_KEYS, type Fault, type ServiceConfig, type Stats } from './server.js';

export type { Fault, LogEntry, Schema, ServiceConfig, Stats } from './server.js';

/** The service's numeric knobs a caller may set at start (each is a CLI flag of main.ts). */
export type ServiceKnobs = Partial<
  Pick<ServiceConfig, 'latencyFreshMs' | 'latencyCachedMs' | 'freshPerDay' | 'callsPerDay' | 'rankingListLimit'>
>;

export interface StartOptions extends ServiceKnobs, Partial<Pick<ServiceConfig, 'schema' | 'world'>> {
  /** Valid API keys (default: DEFAULT_KEYS, dev-key-1 and dev-key-2). */
  keys?: string[];
  /** Port to bind (default 0 = any free port). */
  port?: number;
  /** Forward per-request log lines of the child to this process's stderr. */
  verbose?: boolean;
  /** The instant the service clock reads at start and after each reset (it runs on in real time); default: the wall clock. */
  startAt?: number | Date;
  /** Also answer over https with this certificate (dev/tls.ts): the handle's `httpsUrl`. */
  tls?: { certPath: string; keyPath: string };
}

/** Async wrappers of the control API (POST/GET /__control/...). */
export interface ControlClient {
  /** Clears counters, cache, usage, faults, clock offset (the clock reads startAt again); restores startup keys and config. */
  reset(): Promise<void>;
  config(c: Partial<ServiceConfig>): Promise<ServiceConfig>;
  keys(k: { add?: string[]; revoke?: string[] }): Promise<void>;
  /** Appends faults. */
  faults(f: Fault[]): Promise<void>;
  /** Sets today's usage of one key (or of every active key when `key` is omitted). */
  limits(l: { key?: string; freshUsed?: number; callsUsed?: number }): Promise<void>;
  /** Moves the service clock forward (or back, if negative). */
  clock(advanceMs: number): Promise<void>;
  stats(): Promise<Stats>;
  /** Clears counters and log only (keeps the 7-day cache). */
  resetStats(): Promise<void>;
}

export interface ServiceHandle {
  url: string;
  /** The API over https (started with `tls`), else undefined. The control API stays on `url`. */
  httpsUrl?: string;
  port: number;
  /** The keys the service was started with (first one is a convenient default). */
  keys: string[];
  control: ControlClient;
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

// Children still running when this process exits are killed.
const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
}

/**
 * Spawns `dev/service/main.ts` (compiled: compiled.ts) and resolves once it is listening.
 * @throws if the child exits or prints nothing within 20 s.
 */
export async function startService(opts: StartOptions = {}): Promise<ServiceHandle> {
  const keys = opts.keys ?? DEFAULT_KEYS;
  const args = [
    await compiledScript(MAIN),
    '--port',
    String(opts.port ?? 0),
    '--schema',
    opts.schema ?? 'a',
    '--keys',
    keys.join(','),
    ...(opts.world ? ['--world', opts.world] : []),
    '--exit-on-stdin-close',
  ];
  const num = (flag: string, v: number | undefined) => {
    if (v !== undefined) args.push(flag, String(v));
  };
  num('--latency-fresh-ms', opts.latencyFreshMs);
  num('--latency-cached-ms', opts.latencyCachedMs);
  num('--fresh-per-day', opts.freshPerDay);
  num('--calls-per-day', opts.callsPerDay);
  num('--ranking-list-limit', opts.rankingListLimit);
  if (opts.startAt !== undefined) args.push('--start-at', new Date(opts.startAt).toISOString());
  if (opts.tls) args.push('--tls-cert', opts.tls.certPath, '--tls-key', opts.tls.keyPath);
  if (opts.verbose) args.push('--verbose');

  installExitHook();
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );

  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    if (opts.verbose) process.stderr.write(d);
    stderr = (stderr + d).slice(-4000);
  });

  const info = await new Promise<{ port: number; url: string; httpsUrl?: string }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`service did not start within 20 s: ${stderr}`));
    }, 20_000);
    const onData = (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      child.stdout.off('data', onData).resume(); // keep draining
      try {
        resolve(JSON.parse(out.slice(0, nl)) as { port: number; url: string; httpsUrl?: string });
      } catch (e) {
        reject(e);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`service exited before listening (code ${child.exitCode}): ${stderr.trim()}`));
    });
  });

  // Control calls use a fresh connection each (agent: false): a pooled keep-alive socket that the
  // service closed while a long benchmark was busy elsewhere would fail with EPIPE or "other side closed".
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${info.url}/__control/${path}`,
        { method, agent: false, headers: payload === undefined ? {} : { 'Content-Type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            try {
              const json = JSON.parse(text) as T & { message?: string };
              if ((res.statusCode ?? 500) >= 400) reject(new Error(`control ${path} failed: ${res.statusCode} ${json.message ?? ''}`));
              else resolve(json);
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const control: ControlClient = {
    reset: async () => {
      await call('POST', 'reset', {});
    },
    config: async (c) => (await call<{ config: ServiceConfig }>('POST', 'config', c)).config,
    keys: async (k) => {
      await call('POST', 'keys', k);
    },
    faults: async (f) => {
      await call('POST', 'faults', { faults: f });
    },
    limits: async (l) => {
      await call('POST', 'limits', l);
    },
    clock: async (advanceMs) => {
      await call('POST', 'clock', { advanceMs });
    },
    stats: () => call<Stats>('GET', 'stats'),
    resetStats: async () => {
      await call('POST', 'stats/reset', {});
    },
  };

  return {
    url: info.url,
    ...(info.httpsUrl ? { httpsUrl: info.httpsUrl } : {}),
    port: info.port,
    keys: [...keys],
    control,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
