/**
 * `npm run probe`: builds the probe for the first real deployment (docs/develop/probe.md) into probe-out/
 * (git-ignored): Probe.gs, ProbeSecond.gs and appsscript.json, to paste into a new spreadsheet's
 * Extensions › Apps Script or to push there with clasp. `npm run probe -- --print` prints them instead.
 * It also says whether every rule dev/gas/RULES.md marks as our stricter reading, or Google's silence,
 * has a probe case (test/build/probe-cases.test.ts fails when one has none).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProbe } from './probe/build.ts';
import { NOT_PROBED, PROBE_CASES } from './probe/cases.ts';
import { coverageProblems, readRules } from './probe/rules-md.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const print = process.argv.includes('--print');
const outDir = join(root, 'probe-out');

const { files } = await buildProbe();
if (print) {
  for (const file of files) console.log(`===== ${file.name} =====\n${file.source}`);
} else {
  mkdirSync(outDir, { recursive: true });
  for (const file of files) writeFileSync(join(outDir, file.name), file.source);
  const sizes = files.map((f) => `${f.name} ${(Buffer.byteLength(f.source) / 1024).toFixed(1)} KB`).join(', ');
  console.log(`probe-out/: ${sizes}. ${PROBE_CASES.length} cases; ${NOT_PROBED.length} groups of rules not probeable, each with why.`);
  console.log('Next: docs/develop/probe.md (paste the files into a new spreadsheet, or push them with clasp).');
}
const problems = coverageProblems(readRules(readFileSync(join(root, 'dev/gas/RULES.md'), 'utf8')), PROBE_CASES, NOT_PROBED);
if (problems.length > 0) {
  console.error(`dev/gas/RULES.md and scripts/probe/cases.ts disagree:\n- ${problems.join('\n- ')}`);
  process.exitCode = 1;
}
