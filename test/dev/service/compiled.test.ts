import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { compiledScript } from '../../../dev/service/compiled.js';

const folder = mkdtempSync(join(tmpdir(), 'sdm-compiled-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const entry = join(folder, 'main.ts');
const part = join(folder, 'part.ts');
const runs = (script: string) => execFileSync(process.execPath, [script], { encoding: 'utf8' }).trim();

it('runs what the sources say now: compiled once, again when one of them changed (never stale)', async () => {
  writeFileSync(entry, "import { word } from './part.js';\nconst greeting: string = `hello ${word}`;\nconsole.log(greeting);\n");
  writeFileSync(part, "export const word = 'there';\n");
  const first = await compiledScript(entry);
  expect(runs(first)).toBe('hello there');
  expect(await compiledScript(entry)).toBe(first);
  writeFileSync(part, "export const word = 'again';\n");
  utimesSync(part, new Date(), new Date(Date.now() + 2_000)); // a change within the file system's clock tick still counts
  const second = await compiledScript(entry);
  expect(second).not.toBe(first);
  expect(runs(second)).toBe('hello again');
});
