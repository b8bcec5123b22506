/**
 * CLI for the stand-in service.
 *
 *   tsx dev/service/main.ts [--port 0] [--host 127.0.0.1] [--schema a|b|c] [--world SEED] [--keys k1,k2]
 *     [--latency-fresh-ms N] [--latency-cached-ms N] [--fresh-per-day N] [--calls-per-day N]
 *     [--ranking-list-limit N] [--start-at ISO-INSTANT] [--tls-cert FILE --tls-key FILE] [--verbose]
 *     [--exit-on-stdin-close]
 *
 * Prints exactly one JSON line to stdout once listening: {"port":1234,"url":"http://127.0.0.1:1234"},
 * with "httpsUrl" too when given a certificate and key (PEM files): the API over https on a port of its own.
 * Everything else goes to stderr.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SCHEMA_CHOICES, isSchema } from './schemas.js';
import { createService, isWorld } from './server.js';

function fail(message: string, code: number): never {
  process.stderr.write(`service: ${message}\n`);
  process.exit(code);
}

function int(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got "${v}"`, 2);
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      schema: { type: 'string', default: 'a' },
      // Data of its own, seeded by this text (brands, companies, keyword figures); default: the known world.
      world: { type: 'string', default: '' },
      keys: { type: 'string' },
      'latency-fresh-ms': { type: 'string' },
      'latency-cached-ms': { type: 'string' },
      'fresh-per-day': { type: 'string' },
      'calls-per-day': { type: 'string' },
      'ranking-list-limit': { type: 'string' },
      // The instant the service clock reads at start (e.g. 2026-03-18T12:00:00Z); default: the wall clock.
      'start-at': { type: 'string' },
      // A certificate and its key (PEM files, e.g. dev/tls.ts's): also answer over https.
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      // Used by harness.ts: the parent holds our stdin open; when it dies, stdin closes and we exit.
      'exit-on-stdin-close': { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (e) {
  fail((e as Error).message, 2);
}

const schema = args.schema;
if (!isSchema(schema)) fail(`--schema must be ${SCHEMA_CHOICES}, got "${schema}"`, 2);
const world = args.world ?? '';
if (!isWorld(world)) fail('--world must be at most 64 characters', 2);
const port = int('port', args.port) ?? 0;
const host = args.host ?? '127.0.0.1';
const startAtText = args['start-at'];
const startAt = startAtText === undefined ? undefined : Date.parse(startAtText);
if (startAt !== undefined && !Number.isFinite(startAt)) fail(`--start-at must be an ISO date-time, got "${startAtText}"`, 2);

const certFile = args['tls-cert'];
const keyFile = args['tls-key'];
if ((certFile === undefined) !== (keyFile === undefined)) fail('--tls-cert and --tls-key go together', 2);
const tls = certFile && keyFile ? { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') } : undefined;

const service = createService({
  tls,
  schema,
  world,
  keys: args.keys
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean),
  latencyFreshMs: int('latency-fresh-ms', args['latency-fresh-ms']),
  latencyCachedMs: int('latency-cached-ms', args['latency-cached-ms']),
  freshPerDay: int('fresh-per-day', args['fresh-per-day']),
  callsPerDay: int('calls-per-day', args['calls-per-day']),
  rankingListLimit: int('ranking-list-limit', args['ranking-list-limit']),
  startAt,
  log: args.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  // Hard deadline in case a client holds a connection open.
  setTimeout(() => process.exit(0), 2000).unref();
  void service.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
if (args['exit-on-stdin-close']) {
  process.stdin.on('end', shutdown).on('close', shutdown).on('error', shutdown).resume();
}

try {
  const info = await service.listen(port, host);
  process.stdout.write(`${JSON.stringify(info)}\n`);
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use`, 1);
  fail(`cannot listen on ${host}:${port}: ${err.message}`, 1);
}
