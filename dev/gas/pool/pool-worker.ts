/**
 * One thread of a GasWorkerPool (pool.ts bundles this file with esbuild and starts it as a Worker).
 * It holds one GasRuntime whose cache, properties and locks are remote (the pool thread's stores), and
 * whose clock and daily quotas are shared memory. It runs one execution at a time: the runtime is
 * synchronous, so the next 'run' message is only read once the current execution has ended.
 *
 * Protocol on parentPort:
 *   in:  { type: 'run', jobId, executionId, functionName, args, opts }
 *   out: { type: 'result', jobId, result, logEntries, fetchLog, ui, toasts, rpcCalls }
 *        { type: 'failed', jobId, message, stack? }     run() threw (a harness error) or the result can't be sent
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { RpcClient, RemoteCacheBackend, RemoteLockBackend, RemotePropertiesBackend } from './remote-backends.js';
import { GasRuntime, type GasRuntimeOptions, type RunOptions } from '../runtime/runtime.js';
import { SharedClock, SharedQuota } from './shared-state.js';
import type { UiLog } from '../spreadsheet/spreadsheet.js';

export interface PoolWorkerData {
  options: Omit<GasRuntimeOptions, 'shared'>;
  rpcPort: MessagePort;
  rpcSignal: SharedArrayBuffer;
  clockBuffer: SharedArrayBuffer;
  quotaBuffer: SharedArrayBuffer;
  propertiesQuotaBuffer: SharedArrayBuffer;
}

export interface RunMessage {
  type: 'run';
  jobId: number;
  executionId: number;
  functionName: string;
  args: unknown[];
  opts: RunOptions;
}

const port = parentPort;
if (!port) throw new Error('dev/gas pool-worker runs only as a worker thread');
const data = workerData as PoolWorkerData;

const rpc = new RpcClient(data.rpcPort, data.rpcSignal);
let executionId = 0;
const clock = new SharedClock(data.clockBuffer);
const runtime = new GasRuntime({
  ...data.options,
  // Executions in other workers run at the same time: they must see this one's latency pass.
  waits: 'real',
  shared: {
    clock,
    cacheBackend: (name) => new RemoteCacheBackend(rpc, name),
    propertiesBackend: (name) => new RemotePropertiesBackend(rpc, name),
    lockBackend: new RemoteLockBackend(rpc),
    urlFetchQuota: new SharedQuota({ buffer: data.quotaBuffer, clock }),
    propertiesQuota: new SharedQuota({ buffer: data.propertiesQuotaBuffer, clock }),
    nextExecutionId: () => executionId,
  },
});

/** What the runtime recorded during the job; taken out so a long-lived worker does not accumulate it. */
function drainRecords(): { logEntries: unknown[]; fetchLog: unknown[]; ui: UiLog; toasts: unknown[] } {
  runtime.logs.splice(0);
  return {
    logEntries: runtime.logEntries.splice(0),
    fetchLog: runtime.fetchLog.splice(0),
    toasts: runtime.toasts.splice(0),
    ui: {
      menus: runtime.ui.menus.splice(0),
      sidebars: runtime.ui.sidebars.splice(0),
      dialogs: runtime.ui.dialogs.splice(0),
      alerts: runtime.ui.alerts.splice(0),
    },
  };
}

port.on('message', (msg: RunMessage) => {
  if (msg.type !== 'run') return;
  executionId = msg.executionId;
  const callsBefore = rpc.calls;
  let reply: Record<string, unknown>;
  try {
    const result = runtime.run(msg.functionName, msg.args, msg.opts);
    reply = { type: 'result', jobId: msg.jobId, result, ...drainRecords(), rpcCalls: rpc.calls - callsBefore };
  } catch (error) {
    drainRecords();
    const e = error instanceof Error ? error : new Error(String(error));
    reply = { type: 'failed', jobId: msg.jobId, message: e.message, stack: e.stack, name: e.name };
  }
  try {
    port.postMessage(reply);
  } catch (error) {
    // A menu/trigger result holding a function or class instance cannot cross threads.
    const why = error instanceof Error ? error.message : String(error);
    port.postMessage({
      type: 'failed',
      jobId: msg.jobId,
      message: `dev/gas pool: the result of ${msg.functionName} cannot be sent between threads (${why})`,
    });
  }
});

port.postMessage({ type: 'ready' });
