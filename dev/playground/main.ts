/**
 * `npm start`: builds dist/ (`--build`), then runs the playground on 127.0.0.1.
 *
 *   tsx dev/playground/main.ts [--build] [--port 3000] [--service-port 0] [--host-port 0] [--schema a|b]
 *
 * The build's own output names the placeholder service URL it compiles in, which reads as if the
 * playground called the internet; here the add-on calls only the local service, so the build runs
 * quietly and only its failure is printed.
 * The page's port also comes from PORT. Ctrl-C or SIGTERM stops everything it started and exits 0 (1
 * if a part would not stop); a port in use is one line on stderr and exit code 1.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SCHEMAS, isSchema } from '../service/schemas.js';
import { PortInUseError, startPlayground, type Playground } from './server.js';

const DEFAULT_PORT = 3000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USAGE = 'Usage: npm start -- [--port 3000] [--service-port 0] [--host-port 0] [--schema a|b]';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function portOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`${name} must be a port number (0–65535), not "${value}".`, 2);
  return port;
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      'service-port': { type: 'string' },
      'host-port': { type: 'string' },
      schema: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      build: { type: 'boolean' },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const schema = args.schema ?? 'a';
if (!isSchema(schema)) fail(`--schema must be ${SCHEMAS.join(' or ')}, not "${schema}".`, 2);

const started = Date.now();
if (args.build) {
  // The same build as npm run build (esbuild.config.mjs), its output kept unless it fails.
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'esbuild.config.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) fail(`The build failed:\n${built.stdout}${built.stderr}`, 1);
}
let playground: Playground;
try {
  playground = await startPlayground({
    port: portOption(args.port ?? process.env.PORT, args.port !== undefined ? '--port' : 'PORT', DEFAULT_PORT),
    servicePort: portOption(args['service-port'], '--service-port', 0),
    hostPort: portOption(args['host-port'], '--host-port', 0),
    schema,
  });
} catch (error) {
  if (error instanceof PortInUseError) fail(error.message, 1);
  fail(`The playground could not start: ${(error as Error).message}`, 1);
}

process.stdout.write(
  [
    '',
    `  Search Demand playground: ${playground.url}`,
    '',
    `  A spreadsheet running the built add-on (dist/Code.js) with its real sidebar, against a local`,
    `  stand-in of the service. Demo API key: ${playground.demoKey} (already saved; paste it in`,
    `  Settings to try saving a key).`,
    '',
    `  The add-on calls only the local service: nothing leaves this machine.`,
    `  local service ${playground.serviceUrl}   sidebar host ${playground.sidebarHostUrl}`,
    `  ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C stops everything.`,
    '',
  ].join('\n') + '\n',
);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    process.stderr.write(`${signal} again: exiting now.\n`);
    process.exit(1);
  }
  stopping = true;
  try {
    await playground.close();
  } catch (error) {
    const detail =
      error instanceof AggregateError ? error.errors.map((e) => `\n  ${e instanceof Error ? e.message : String(e)}`).join('') : '';
    fail(`${(error as Error).message}${detail}`, 1);
  }
  process.exit(0);
}
process.on('SIGINT', (s) => void stop(s));
process.on('SIGTERM', (s) => void stop(s));
