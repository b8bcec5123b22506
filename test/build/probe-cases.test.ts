/**
 * The probe for the first real deployment (docs/develop/probe.md) against dev/gas/RULES.md: every rule
 * dev/gas/RULES.md marks as our stricter reading, an assumption or Google's silence has a probe case, or a line
 * of NOT_PROBED saying why not, and every case points at a rule that is there. Also what `npm run probe`
 * builds: plain script files with the top-level functions its menu and trigger name, dev/gas's figures
 * as plain numbers, and a manifest asking for this spreadsheet only, as the self-install does.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProbe, GOOGLE_FETCH_URL, PROBE_FILES, type ProbeBuild } from '../../scripts/probe/build.ts';
import { NOT_PROBED, PROBE_CASES } from '../../scripts/probe/cases.ts';
import type { ProbeCase, Step } from '../../scripts/probe/probe-case.ts';
import { FIGURES } from '../../scripts/probe/figures.ts';
import { coverageProblems, readRules } from '../../scripts/probe/rules-md.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RULES = readFileSync(join(ROOT, 'dev/gas/RULES.md'), 'utf8');

let probe: ProbeBuild;
beforeAll(async () => {
  probe = await buildProbe();
});
const file = (name: (typeof PROBE_FILES)[number]) => probe.files.find((f) => f.name === name)!.source;

describe('dev/gas/RULES.md and the probe cases', () => {
  it('gives every rule marked as our stricter reading, or Google silent, a probe case or a reason it has none', () => {
    const statements = readRules(RULES);
    // The marks are there to find: dev/gas/RULES.md has dozens of such rules.
    expect(statements.filter((s) => s.marked).length).toBeGreaterThan(40);
    expect(coverageProblems(statements, PROBE_CASES, NOT_PROBED)).toEqual([]);
  });

  it('fails for a new stricter rule without a case, and for a case whose rule is gone', () => {
    const added = RULES.replace(
      '| Cells | 50,000 characters per cell',
      '| Sheets rounds large numbers | Numbers past 15 digits lose their last digits | *strict*: Google does not say |\n| Cells | 50,000 characters per cell',
    );
    expect(coverageProblems(readRules(added), PROBE_CASES, NOT_PROBED)).toEqual([
      '#googles-rules-and-where-they-come-from row "Sheets rounds large numbers" is marked as our reading (or Google\'s silence) but has no probe case and no line in NOT_PROBED',
    ]);
    const renamed = RULES.replace('| Cache eviction |', '| The cache evicts |');
    expect(coverageProblems(readRules(renamed), PROBE_CASES, NOT_PROBED)).toEqual([
      'case cache-eviction points at #googles-rules-and-where-they-come-from row "Cache eviction", which dev/gas/RULES.md does not have',
      '#googles-rules-and-where-they-come-from row "The cache evicts" is marked as our reading (or Google\'s silence) but has no probe case and no line in NOT_PROBED',
    ]);
  });

  it('gives each case an id of its own, a claim in words, and the code its step runs', () => {
    const ids = PROBE_CASES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const runs: Record<Step, (c: ProbeCase) => boolean> = {
      open: (c) => c.atOpen !== undefined,
      start: (c) => c.atStart !== undefined,
      formula: (c) => c.inFormula !== undefined || (c.compute !== undefined && c.atCollect !== undefined),
      collect: (c) => c.atCollect !== undefined,
      trigger: (c) => c.inTrigger !== undefined,
      editor: (c) => c.atEditor !== undefined && c.compute !== undefined && c.atCollect !== undefined,
    };
    expect(PROBE_CASES.filter((c) => !runs[c.step](c)).map((c) => c.id)).toEqual([]);
    expect(PROBE_CASES.filter((c) => c.claim.length < 20 || c.rules.length === 0).map((c) => c.id)).toEqual([]);
    expect(NOT_PROBED.filter((n) => n.why.length < 20).map((n) => n.why)).toEqual([]);
  });

  it('tries at least what the issue asks of a first deployment', () => {
    const ids = PROBE_CASES.map((c) => c.id);
    for (const id of [
      'formula-logger',
      'formula-console',
      'formula-session-time-zone',
      'formula-authorization-info',
      'formula-active-user',
      'formula-writes-user-property',
      'trigger-sees-container',
      'trigger-opens-by-id',
      'formula-remembered-result',
      'cache-early-removal',
      'cache-eviction',
      'formula-returns-date',
      'formula-owner-properties',
      'formula-editor-properties',
      'latency-cache-get',
      'latency-cache-put',
      'latency-property-read',
      'latency-lock',
      'starts-per-second',
      'fetch-burst',
      'format-thousands',
    ]) {
      expect(ids, id).toContain(id);
    }
  });
});

describe('what npm run probe builds', () => {
  it("is Probe.gs, ProbeSecond.gs and appsscript.json, asking for this spreadsheet only (the self-install's scope)", () => {
    expect(probe.files.map((f) => f.name)).toEqual([...PROBE_FILES]);
    const manifest = JSON.parse(file('appsscript.json')) as { oauthScopes: string[]; runtimeVersion: string };
    expect(manifest).toEqual(probe.manifest);
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.oauthScopes).toContain('https://www.googleapis.com/auth/spreadsheets.currentonly');
    expect(manifest.oauthScopes).not.toContain('https://www.googleapis.com/auth/spreadsheets');
    // Nothing the add-on itself does not ask for, but this spreadsheet only in place of every spreadsheet.
    const addon = (JSON.parse(readFileSync(join(ROOT, 'appsscript.json'), 'utf8')) as { oauthScopes: string[] }).oauthScopes;
    const allowed = [...addon, 'https://www.googleapis.com/auth/spreadsheets.currentonly'];
    expect(manifest.oauthScopes.filter((scope) => !allowed.includes(scope))).toEqual([]);
  });

  it('defines, in a fresh context, the functions its menu, its trigger and its formulas call, and runs nothing at load', () => {
    const context = vm.createContext({});
    for (const name of ['Probe.gs', 'ProbeSecond.gs'] as const) vm.runInContext(file(name), context);
    const globals = vm.runInContext('Object.keys(globalThis)', context) as string[];
    expect(globals.sort()).toEqual(
      [
        'PROBE',
        'PROBE_SECOND_FILE_LOADED',
        'ProbeKit',
        'onOpen',
        'probeCollect',
        'probeEditor',
        'probeRemove',
        'probeStart',
        'probeTrigger',
      ].sort(),
    );
    expect(file('Probe.gs')).toMatch(/@customfunction\s*\*\/\s*function PROBE\(id, mark\)/);
  });

  it("is plain code: no code from text, no base64 blob, no dev/gas code, dev/gas's figures as plain numbers", () => {
    for (const name of ['Probe.gs', 'ProbeSecond.gs'] as const) {
      const text = file(name);
      expect(text).not.toMatch(/\beval\s*\(/);
      expect(text).not.toMatch(/(^|[^.\w])Function\s*\(/);
      expect(text.match(/[A-Za-z0-9+/=]{200,}/g) ?? []).toEqual([]);
    }
    const code = file('Probe.gs');
    expect(code).not.toMatch(/dev\/gas\/(execution|services|spreadsheet|runtime)/);
    const figures = /var FIGURES = (\{[\s\S]*?\n {2}\});/.exec(code)?.[1];
    expect(figures, 'the figures in Probe.gs').toBeDefined();
    expect(JSON.parse(figures!)).toEqual(JSON.parse(JSON.stringify(FIGURES)));
    // What the probe fetches on Google: Google's own connectivity check, and nothing else.
    expect(code.match(/https:\/\/[\w.-]+\/[\w/-]*/g)?.filter((url) => !url.startsWith('https://www.googleapis.com/auth/'))).toEqual([
      GOOGLE_FETCH_URL,
    ]);
  });

  it('goes into probe-out/, which git ignores', () => {
    expect(execFileSync('git', ['check-ignore', 'probe-out/Probe.gs'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe('probe-out/Probe.gs');
  });
});
