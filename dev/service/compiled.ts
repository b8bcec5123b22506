/**
 * The service's main.ts compiled to one plain JavaScript file for `node`, so the harness starts a child
 * without tsx: tsx's loader costs about 0.4 s of CPU in every process it starts, and a test run starts
 * the service about 80 times. Compiled once per process into a temporary folder, and again whenever one
 * of its sources changed since (a watch run never starts a stale service). Not minified: a stack trace
 * the service prints names the real functions.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** The last compilation: the script and when each of its sources was last changed. */
let compiled: Promise<{ script: string; sources: Map<string, number> }> | undefined;
let folder: string | undefined;

/**
 * The path of the compiled service, made now if there is none yet or a source changed.
 * @returns an .mjs file `node` runs with main.ts's arguments
 */
export async function compiledService(): Promise<string> {
  const last = await compiled?.catch(() => undefined);
  if (last && [...last.sources].every(([file, changed]) => changedAt(file) === changed)) return last.script;
  compiled = compile();
  return (await compiled).script;
}

async function compile(): Promise<{ script: string; sources: Map<string, number> }> {
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'sdm-service-'));
    const made = folder;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  const script = join(folder, 'main.mjs');
  const result = await build({
    entryPoints: [MAIN],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  const sources = new Map(Object.keys(result.metafile.inputs).map((input) => [resolve(input), 0]));
  for (const file of sources.keys()) sources.set(file, changedAt(file));
  return { script, sources };
}

/** When a file was last changed (ms), or -1 if it is gone. */
function changedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}
