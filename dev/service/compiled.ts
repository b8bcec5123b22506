/**
 * A TypeScript entry (the service's main.ts) compiled to one plain JavaScript file for `node`, so the
 * harness starts a child without tsx: tsx's loader costs about 0.4 s of CPU in every process it starts,
 * and a test run starts the service about 80 times. Compiled once per process, and again whenever one of
 * its sources changed since (a watch run never starts a stale service). The file is named by a hash of
 * its text in node_modules/.cache/sdm/, so processes share it and nothing is left in /tmp. Not minified:
 * a stack trace the service prints names the real functions.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const FOLDER = fileURLToPath(new URL('../../node_modules/.cache/sdm/', import.meta.url));

/** An entry's last compilation: the script and when each of its sources was last changed. */
interface Compiled {
  script: string;
  sources: Map<string, number>;
}
const compiled = new Map<string, Promise<Compiled>>();

/**
 * The path of the entry compiled, made now if there is none yet or one of its sources changed.
 * @param entry absolute path of a TypeScript file `node` should run
 * @returns an .mjs file `node` runs with the entry's arguments
 */
export async function compiledScript(entry: string): Promise<string> {
  const last = await compiled.get(entry)?.catch(() => undefined);
  if (last && [...last.sources].every(([file, changed]) => changedAt(file) === changed)) return last.script;
  const next = compile(entry);
  compiled.set(entry, next);
  return (await next).script;
}

async function compile(entry: string): Promise<Compiled> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]?.text;
  if (text === undefined) throw new Error(`esbuild compiled nothing from ${entry}`);
  const sources = new Map(Object.keys(result.metafile.inputs).map((input) => [resolve(input), 0]));
  for (const file of sources.keys()) sources.set(file, changedAt(file));
  const script = join(FOLDER, `compiled-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(script)) {
    mkdirSync(FOLDER, { recursive: true });
    // Written whole, then renamed: a process starting it at the same moment never reads half a file.
    const written = `${script}.${process.pid}.tmp`;
    writeFileSync(written, text);
    renameSync(written, script);
  }
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
