/**
 * The probe for the first real deployment (docs/develop/probe.md), run in dev/gas as a maintainer runs
 * it on Google: built by scripts/probe/build.ts, loaded as a container-bound script, its menu built by
 * onOpen as a simple trigger, then Start, the formulas computed by Sheets, Collect, the optional editor's
 * step, the one-time trigger, Collect again. In dev/gas, the two columns of "Probe results" must agree
 * on every case: each case's expectation is what dev/gas does, and a case that disagrees here is a
 * probe that would tell Google nothing. Its fetches go to the local stand-in service.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GasRuntime, triggerEvent, type ExecutionResult, type GasRuntimeOptions } from '../../dev/gas/index.js';
import { startService, type ServiceHandle } from '../../dev/service/harness.js';
import { TEST_START } from '../../dev/stack.js';
import { buildProbe, type ProbeBuild } from '../../scripts/probe/build.ts';
import { PROBE_CASES } from '../../scripts/probe/cases.ts';
import { FORMULAS_SHEET, RESULT_HEADERS, RESULTS_SHEET } from '../../scripts/probe/script.ts';
import { describeExpectation, VERDICT_WORDS } from '../../scripts/probe/verdict.ts';

const OWNER = 'maintainer@example.com';
const EDITOR = 'second@example.com';

let service: ServiceHandle;
let probe: ProbeBuild;
let gas: GasRuntime;

beforeAll(async () => {
  service = await startService({ schema: 'a', startAt: TEST_START });
  probe = await buildProbe({ fetchUrl: `${service.url}/api/v1/usage` });
});
afterAll(async () => {
  gas?.close();
  await service?.stop();
});
/**
 * A new spreadsheet of the maintainer's, locale United States (the guide asks for one), shared with a
 * second account as an editor, with the probe pasted into its Extensions › Apps Script. The script's
 * clock runs at a thousandth of real time, so what the probe's latency cases measure is dev/gas's
 * modelled latency alone (which moves the script's clock in full), never how fast this machine is.
 * @param options GasRuntime options over those (a test's own latency table)
 */
function probeRuntime(options: Partial<GasRuntimeOptions> = {}): GasRuntime {
  const runtime = new GasRuntime({
    timeScale: 0.001,
    project: probe.files.filter((f) => f.name.endsWith('.gs')).map(({ name, source }) => ({ name, source })),
    manifest: probe.manifest,
    addon: false,
    projectName: 'Search Demand probe',
    userEmail: OWNER,
    startAt: TEST_START,
    locale: 'en_US',
    ...options,
  });
  runtime.shareSpreadsheet(runtime.spreadsheet.id, EDITOR);
  return runtime;
}

beforeEach(async () => {
  await service.control.reset();
  gas?.close();
  gas = probeRuntime();
});

/** Runs a menu item (or the editor's) and returns its result, failing the test if the script failed. */
function menu(fn: string, user = OWNER): ExecutionResult {
  const result = gas.run(fn, [], { mode: 'menu', user });
  expect(result.error, fn).toBeUndefined();
  return result;
}

/** Sheets computing the formulas the probe wrote, with `user` at the keyboard. */
function sheetsComputes(user = OWNER): void {
  gas.recalculate(undefined, { user });
}

/** "Probe results" as rows: each case's id, the columns after it, by header. */
function results(): Array<Record<(typeof RESULT_HEADERS)[number], string>> {
  const rows = gas.spreadsheet
    .sheet(RESULTS_SHEET)
    .getValues()
    .map((row) => row.map(String));
  const header = rows.findIndex((row) => row[0] === 'Case');
  expect(rows[header]).toEqual([...RESULT_HEADERS]);
  return rows
    .slice(header + 1)
    .filter((row) => row[0] !== '')
    .map(
      (row) => Object.fromEntries(RESULT_HEADERS.map((name, i) => [name, row[i] ?? ''])) as Record<(typeof RESULT_HEADERS)[number], string>,
    );
}

/** The rows whose verdict is not "agrees", as "id: dev/gas does | Google did | verdict". */
function disagreements(): string[] {
  return results()
    .filter((row) => row.Verdict !== VERDICT_WORDS.agrees)
    .map((row) => `${row.Case}: ${row['dev/gas does']} | ${row['Google did']} | ${row.Verdict}`);
}

/** Every step of the guide, in order, the editor's included. */
function runEveryStep(): void {
  expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
  menu('probeStart');
  sheetsComputes();
  menu('probeCollect');
  sheetsComputes();
  menu('probeEditor', EDITOR);
  sheetsComputes(EDITOR);
  gas.advanceClock(2 * 60_000);
  const fired = gas.fireDueTriggers();
  expect(fired.map(({ trigger, result }) => [trigger.handler, result.error])).toEqual([['probeTrigger', undefined]]);
  menu('probeCollect');
}

describe('the probe in dev/gas, every step as the guide gives them', () => {
  it('builds the Probe menu when the spreadsheet opens', () => {
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
    const [built] = gas.ui.menus;
    expect(built?.name).toBe('Probe');
    expect((built?.entries ?? []).flatMap((e) => (e.kind === 'item' ? [e.functionName] : []))).toEqual([
      'probeStart',
      'probeCollect',
      'probeEditor',
      'probeRemove',
    ]);
  });

  it('agrees with itself on every case: what dev/gas does is what the probe sees in dev/gas', () => {
    runEveryStep();
    const rows = results();
    expect(rows.map((row) => row.Case)).toEqual(PROBE_CASES.map((c) => c.id));
    expect(disagreements()).toEqual([]);
    // "dev/gas does" is the case list's own expectation, and "Google did" is filled for every case.
    for (const [i, c] of PROBE_CASES.entries()) {
      expect(rows[i]!['dev/gas does'], c.id).toBe(describeExpectation(c.devGas));
      expect(rows[i]!['Google did'], c.id).not.toBe('');
    }
    expect(gas.toasts.at(-1)?.message).toBe('Every case is in: read "Probe results".');
  });

  it('says after Start what each case waits for, and which step comes next', () => {
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
    menu('probeStart');
    expect(gas.toasts.at(-1)?.message).toBe(
      'The probe started (one mail went to your own address): in about two minutes, Probe › 2. Collect the results.',
    );
    const waiting = results().filter((row) => row.Verdict.startsWith('waiting'));
    const byStep = (step: string) => PROBE_CASES.filter((c) => c.step === step).map((c) => c.id);
    // The menu's own cases and onOpen's are in; the formulas', the trigger's and the editor's wait.
    expect(waiting.map((row) => row.Case).sort()).toEqual(
      [...byStep('formula'), ...byStep('collect'), ...byStep('trigger'), ...byStep('editor')].sort(),
    );
    const words = (id: string) => waiting.find((row) => row.Case === id)?.Verdict;
    expect(words('formula-logger')).toBe('waiting: Probe › 2. Collect the results, once "Probe formulas" shows values');
    expect(words('trigger-sees-container')).toBe(
      'waiting: the one-time trigger runs about a minute after Start; then Probe › 2. Collect the results',
    );
    // Collect before Sheets computed anything: still waiting, and the toast says so.
    menu('probeCollect');
    expect(gas.toasts.at(-1)?.message).toMatch(/^\d+ case\(s\) still wait: see "Probe results", then Collect again\.$/);
  });

  it('sends only what is safe: one burst of 100 requests to the address it was built with, one mail to the maintainer, nothing refused sent', async () => {
    await service.control.resetStats();
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
    menu('probeStart');
    // The burst; the request with too many headers and the URL with a space are refused before sending.
    expect((await service.control.stats()).requests).toBe(100);
    expect(gas.fetchLog.every((entry) => entry.url === `${service.url}/api/v1/usage`)).toBe(true);
    // One mail, from the maintainer to the maintainer; the address with a display name was refused.
    expect(gas.outbox.map((mail) => [mail.from, mail.to, mail.cc, mail.bcc, mail.subject])).toEqual([
      [OWNER, [OWNER], [], [], 'Search Demand probe: one mail to time MailApp.sendEmail'],
    ]);
    // The sheet may be shared: the maintainer's address is nowhere in it, not even in Google's refusal.
    expect(JSON.stringify(gas.spreadsheet.sheet(RESULTS_SHEET).getValues())).not.toContain(OWNER);
    expect(results().find((row) => row.Case === 'mail-display-name')?.['Google did']).toBe(
      'refused: Invalid email: Search Demand probe <your address>',
    );
  });

  it('leaves no trigger behind: the one-time trigger removes itself', () => {
    runEveryStep();
    expect(gas.triggers.map((t) => t.handler)).toEqual([]);
  });

  it("reads the owner's user properties in the formula the editor ran, and says the editor's step is optional until then", () => {
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
    menu('probeStart');
    sheetsComputes();
    menu('probeCollect');
    const editorRow = () => results().find((row) => row.Case === 'formula-editor-properties')!;
    expect(editorRow().Verdict).toMatch(/^waiting: optional: a second account, editor of this spreadsheet/);
    // The owner cannot play the editor.
    menu('probeEditor');
    expect(gas.toasts.at(-1)?.message).toBe('Run this as another account that can edit this spreadsheet, not as its owner.');
    menu('probeEditor', EDITOR);
    expect(gas.userProperties(EDITOR).get('PROBE_WHO')).toBe('editor');
    sheetsComputes(EDITOR);
    menu('probeCollect');
    expect(editorRow()['Google did']).toBe('shows "owner"');
    expect(editorRow().Verdict).toBe('agrees');
  });

  it("starts afresh: a second Start runs its formulas again instead of taking the first run's remembered results", () => {
    runEveryStep();
    const first = gas.spreadsheet
      .sheet(FORMULAS_SHEET)
      .getFormulas()
      .flat()
      .find((f) => f.startsWith('=PROBE("formulas"'));
    gas.advanceClock(60_000);
    menu('probeStart');
    const second = gas.spreadsheet
      .sheet(FORMULAS_SHEET)
      .getFormulas()
      .flat()
      .find((f) => f.startsWith('=PROBE("formulas"'));
    expect(second).not.toBe(first);
    expect(
      gas
        .recalculate()
        .filter((r) => r.fn === 'PROBE' && r.args[0] === 'formulas')
        .map((r) => r.remembered),
    ).toEqual([false]);
  });

  it('tells a Google that differs: slower cache writes than modelled are Google stricter, the rest still agrees', () => {
    // A runtime standing for a Google whose cache writes take 200 ms (the probe expects dev/gas's 93).
    gas.close();
    gas = probeRuntime({ latency: { cachePut: 200 } });
    runEveryStep();
    expect(disagreements()).toEqual([`latency-cache-put: at most 93 ms a call | 200 ms a call (10 calls) | ${VERDICT_WORDS.stricter}`]);
  });

  it('removes its trigger and its data when asked, and keeps its sheets', () => {
    expect(gas.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' }).ok).toBe(true);
    menu('probeStart');
    expect(gas.triggers.map((t) => t.handler)).toEqual(['probeTrigger']);
    menu('probeRemove');
    expect(gas.triggers).toEqual([]);
    expect(gas.properties.script.snapshot()).toEqual({});
    expect(gas.userProperties(OWNER).get('PROBE_WHO')).toBeNull();
    expect(gas.spreadsheet.sheet(RESULTS_SHEET)).toBeDefined();
  });
});
