/**
 * The probe's Apps Script side: its menu, its steps and its custom function, running the cases of
 * cases.ts each at its step and writing the sheet "Probe results" (docs/develop/probe.md). Bundled by
 * scripts/probe/build.ts into Probe.gs, whose top-level functions call these exports.
 *
 * Steps: onOpen (a simple trigger) builds the menu; 1. Start runs the menu's cases, writes the formulas
 * into "Probe formulas" and makes a one-time trigger; the trigger runs its cases and removes itself;
 * 2. Collect reads the formulas (and places the next ones where a case needs two rounds) until no case
 * waits. State between steps lives in script properties under "probe:".
 */
import { messageOf } from './attempt.ts';
import { PROBE_CASES, probeCase, WHO_KEY } from './cases.ts';
import type { CellShown, CollectContext, Memory, ProbeCase, Step } from './probe-case.ts';
import { describeExpectation, isWaiting, VERDICT_WORDS, verdictOf, type Observation, type Seen, type Verdict } from './verdict.ts';

declare const __PROBE_FETCH_URL__: string;

/** The sheets the probe writes. */
export const RESULTS_SHEET = 'Probe results';
export const FORMULAS_SHEET = 'Probe formulas';
export const SCRATCH_SHEET = 'Probe scratch';
/** The header row of "Probe results" (its table starts below the steps). */
export const RESULT_HEADERS = [
  'Case',
  'Rule',
  'Where dev/gas/RULES.md says it',
  'Tried by',
  'dev/gas does',
  'Google did',
  'Verdict',
] as const;
/** The trigger's handler, and the one a case may make by accident. */
const TRIGGER_HANDLER = 'probeTrigger';
const STRAY_HANDLER = 'probeNothing';
/** Script properties: the run, each case's observation and memory. */
const RUN_KEY = 'probe:run';
const SEEN = 'probe:seen:';
const MEMORY = 'probe:memory:';
/** The slot of the one formula that runs every inFormula case. */
const FORMULAS_SLOT = 'formulas';

/** One probe run: when it started, where, the mark its formulas carry, how many collects so far. */
interface Run {
  mark: number;
  containerId: string;
  startedAt: number;
  collects: number;
}

/** How each step is named in the sheet's "Tried by". */
const TRIED_BY: Readonly<Record<Step, string>> = {
  open: 'opening the spreadsheet (onOpen)',
  start: 'Start (menu)',
  formula: 'a formula (custom function)',
  collect: 'formulas, read by Collect',
  trigger: 'the one-time trigger',
  editor: 'a formula an editor runs (optional)',
};

/** What a case waits for before its step ran. */
const WAITING_FOR: Readonly<Record<Step, string>> = {
  open: 'reload the spreadsheet: onOpen runs when Sheets opens it',
  start: 'Probe › 1. Start the probe',
  formula: 'Probe › 2. Collect the results, once "Probe formulas" shows values',
  collect: 'Probe › 2. Collect the results, once "Probe formulas" shows values',
  trigger: 'the one-time trigger runs about a minute after Start; then Probe › 2. Collect the results',
  editor: "optional: a second account, editor of this spreadsheet, runs Probe › Editor: read the owner's properties as me",
};

/** The script properties, read once per step, and what the step changes (written once at its end). */
class State {
  readonly #props = PropertiesService.getScriptProperties();
  readonly #stored: Record<string, string>;
  readonly #changes: Record<string, string> = {};

  constructor() {
    this.#stored = this.#props.getProperties();
  }

  get(key: string): unknown {
    const text = this.#changes[key] ?? this.#stored[key];
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  }

  set(key: string, value: unknown): void {
    this.#changes[key] = JSON.stringify(value);
  }

  run(): Run | undefined {
    return this.get(RUN_KEY) as Run | undefined;
  }

  seen(id: string): Observation | undefined {
    return this.get(SEEN + id) as Observation | undefined;
  }

  memory(id: string): Memory {
    return { recalled: () => this.get(MEMORY + id), remember: (value) => this.set(MEMORY + id, value) };
  }

  /** Writes what changed, in one call. */
  save(): void {
    if (Object.keys(this.#changes).length > 0) this.#props.setProperties(this.#changes);
  }
}

/** Runs one step of a case; a probe that fails itself says so and waits, never a verdict. */
function guarded(step: () => Observation | void): Observation | void {
  try {
    return step();
  } catch (error) {
    return { waiting: `the probe failed here (${messageOf(error)}): tell the maintainers, then Start again` };
  }
}

/** A sheet of the active spreadsheet, made when missing. */
function sheetNamed(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, name: string): GoogleAppsScript.Spreadsheet.Sheet {
  return spreadsheet.getSheetByName(name) ?? spreadsheet.insertSheet(name);
}

/** The formula that runs case `id` afresh: the mark differs from every earlier run's. */
function formulaFor(id: string, mark: number, extra: string): string {
  return `=PROBE("${id}", ${mark}${extra})`;
}

/** The slots of "Probe formulas": column A names each row's slot, column B holds its formula. */
class Formulas {
  readonly #sheet: GoogleAppsScript.Spreadsheet.Sheet;
  readonly #rows = new Map<string, number>();
  readonly #shown = new Map<string, CellShown>();
  /** The last row in use: the header's, or the last slot's. */
  #last: number;

  constructor(sheet: GoogleAppsScript.Spreadsheet.Sheet, read: boolean) {
    this.#sheet = sheet;
    const last = read ? sheet.getLastRow() : 0;
    this.#last = Math.max(1, last);
    if (last < 2) return;
    const range = sheet.getRange(2, 1, last - 1, 2);
    const values = range.getValues();
    const display = range.getDisplayValues();
    const formulas = range.getFormulas();
    values.forEach((row, i) => {
      const slot = String(row[0]);
      if (!slot) return;
      this.#rows.set(slot, i + 2);
      this.#shown.set(slot, { value: row[1], display: display[i]![1]!, formula: formulas[i]![1]! });
    });
  }

  cell(slot: string): CellShown | 'waiting' | undefined {
    const shown = this.#shown.get(slot);
    if (!shown || shown.formula === '') return undefined;
    return /^Loading/.test(shown.display) ? 'waiting' : shown;
  }

  place(slot: string, formula: string): void {
    let row = this.#rows.get(slot);
    if (row === undefined) {
      row = ++this.#last;
      this.#rows.set(slot, row);
      this.#sheet.getRange(row, 1).setValue(slot);
    }
    this.#sheet.getRange(row, 2).setFormula(formula);
  }
}

/** What Collect and the editor's step give a case. */
function collectContext(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, formulas: Formulas, memory: Memory): CollectContext {
  const mark = Date.now();
  return {
    ...memory,
    spreadsheet,
    cell: (slot) => formulas.cell(slot),
    place: (slot, formula) => formulas.place(slot, formula),
    formula: (id, ...extra) => formulaFor(id, mark, extra.map((e) => `, ${JSON.stringify(e)}`).join('')),
  };
}

/** The table of "Probe results": one row per case, with the verdict. */
function resultRows(state: State): { rows: string[][]; counts: Record<Verdict, number> } {
  const counts: Record<Verdict, number> = { agrees: 0, kinder: 0, stricter: 0, differs: 0, waiting: 0 };
  const rows = PROBE_CASES.map((c) => {
    const observation = state.seen(c.id) ?? { waiting: WAITING_FOR[c.step] };
    const verdict = verdictOf(c.devGas, observation);
    counts[verdict]++;
    const [rule] = c.rules;
    return [
      c.id,
      c.claim,
      rule ? `dev/gas/RULES.md#${rule.anchor}: ${rule.row ?? rule.text ?? ''}` : '',
      TRIED_BY[c.step],
      describeExpectation(c.devGas),
      isWaiting(observation) ? '' : observation.shows,
      isWaiting(observation) ? `waiting: ${observation.waiting}` : VERDICT_WORDS[verdict],
    ];
  });
  return { rows, counts };
}

/** Writes "Probe results": the steps, where the run stands, and the table. */
function render(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, state: State): Record<Verdict, number> {
  const { rows, counts } = resultRows(state);
  const run = state.run();
  const width = RESULT_HEADERS.length;
  const line = (text: string): string[] => [text, ...Array<string>(width - 1).fill('')];
  const status = run
    ? `Started ${new Date(run.startedAt).toISOString()}, collected ${run.collects} time(s). ${counts.agrees} agree, ${counts.kinder} Google kinder, ${counts.stricter} Google stricter, ${counts.differs} differ, ${counts.waiting} waiting.`
    : 'Not started: Probe › 1. Start the probe.';
  const all = [
    line('Search Demand probe: what Google did beside what dev/gas does (docs/develop/probe.md says how to read it)'),
    line(
      'Steps: 1. Probe › 1. Start the probe (it sends one mail to your own address, to time MailApp.sendEmail; a second only if Google takes an address with a display name). 2. After about two minutes (the formulas compute, the one-time trigger runs), Probe › 2. Collect the results, again until no row waits. ' +
        "Optional: a second account, editor of this spreadsheet, runs Probe › Editor: read the owner's properties as me; then Collect again.",
    ),
    line(status),
    line(''),
    [...RESULT_HEADERS],
    ...rows,
  ];
  const sheet = sheetNamed(spreadsheet, RESULTS_SHEET);
  sheet.clear();
  // Plain text: "12.3%" or "3/18/2026 13:45:30" stays what the case saw, not a number Sheets reads into it.
  const table = sheet.getRange(1, 1, all.length, width);
  table.setNumberFormat('@');
  table.setValues(all);
  sheet.setFrozenRows(5);
  return counts;
}

/** Removes the probe's triggers (its one-time trigger, and one a case made by accident). */
function removeTriggers(): void {
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if ([TRIGGER_HANDLER, STRAY_HANDLER].includes(trigger.getHandlerFunction())) ScriptApp.deleteTrigger(trigger);
  }
}

/** The cases that run at a step, each given its hook. */
function casesWith<K extends keyof ProbeCase>(hook: K): Array<ProbeCase & Required<Pick<ProbeCase, K>>> {
  return PROBE_CASES.filter((c): c is ProbeCase & Required<Pick<ProbeCase, K>> => c[hook] !== undefined);
}

/**
 * Builds the menu; run by Sheets as a simple trigger (AuthMode.LIMITED) whenever the spreadsheet
 * opens, it also tries the cases of that step, once each.
 * @param e Google's event (authMode)
 */
export function onOpen(e?: { authMode?: string }): void {
  const menu = SpreadsheetApp.getUi()
    .createMenu('Probe')
    .addItem('1. Start the probe', 'probeStart')
    .addItem('2. Collect the results', 'probeCollect')
    .addSeparator()
    .addItem("Editor: read the owner's properties as me", 'probeEditor')
    .addItem("Remove the probe's trigger and data", 'probeRemove');
  const before = Date.now();
  menu.addToUi();
  const addToUiMs = Date.now() - before;
  const state = new State();
  const authMode = String(e?.authMode ?? 'none');
  for (const c of casesWith('atOpen')) {
    const known = state.seen(c.id);
    if (known && !isWaiting(known)) continue;
    const observed = guarded(() => c.atOpen({ authMode, addToUiMs }));
    if (observed) state.set(SEEN + c.id, observed);
  }
  state.save();
}

/** Probe › 1. Start the probe: runs the menu's cases, writes the formulas, makes the one-time trigger. */
export function probeStart(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const props = PropertiesService.getScriptProperties();
  // A new run: forget the last one's, but keep what onOpen saw (it runs only when the file opens).
  const stored = props.getProperties();
  const opened = Object.fromEntries(casesWith('atOpen').flatMap((c) => (stored[SEEN + c.id] ? [[SEEN + c.id, stored[SEEN + c.id]!]] : [])));
  props.setProperties(opened, true);
  removeTriggers();
  const state = new State();
  const run: Run = { mark: Date.now(), containerId: spreadsheet.getId(), startedAt: Date.now(), collects: 0 };
  state.set(RUN_KEY, run);

  const scratch = sheetNamed(spreadsheet, SCRATCH_SHEET);
  scratch.clear();
  const formulasSheet = sheetNamed(spreadsheet, FORMULAS_SHEET);
  formulasSheet.clear();
  formulasSheet.getRange(1, 1, 1, 2).setValues([['Slot', 'Formula: what it shows']]);
  let scratchRow = 0;
  for (const c of casesWith('atStart')) {
    const observed = guarded(() =>
      c.atStart({
        ...state.memory(c.id),
        spreadsheet,
        scratchCell: () => scratch.getRange(++scratchRow, 1),
        fetchUrl: __PROBE_FETCH_URL__,
      }),
    );
    if (observed) state.set(SEEN + c.id, observed);
  }

  // What the formulas read as the owner's: written after the cases (one of them empties the user store).
  PropertiesService.getUserProperties().setProperty(WHO_KEY, 'owner');
  CacheService.getUserCache().put(WHO_KEY, 'owner', 21_600);
  const formulas = new Formulas(formulasSheet, false);
  formulas.place(FORMULAS_SLOT, formulaFor(FORMULAS_SLOT, run.mark, ''));
  for (const c of PROBE_CASES) if (c.formulaAtStart !== undefined) formulas.place(c.id, formulaFor(c.id, run.mark, c.formulaAtStart));

  ScriptApp.newTrigger(TRIGGER_HANDLER).timeBased().after(60_000).create();
  state.save();
  render(spreadsheet, state);
  spreadsheet.toast(
    'The probe started (one mail went to your own address): in about two minutes, Probe › 2. Collect the results.',
    'Probe',
    10,
  );
}

/** Probe › 2. Collect the results: reads the formulas, runs the cases of later rounds, writes the results. */
export function probeCollect(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const state = new State();
  const run = state.run();
  if (!run) {
    render(spreadsheet, state);
    spreadsheet.toast('Start the probe first: Probe › 1. Start the probe.', 'Probe', 10);
    return;
  }
  run.collects++;
  state.set(RUN_KEY, run);
  const formulas = new Formulas(sheetNamed(spreadsheet, FORMULAS_SHEET), true);
  readFormulaCases(formulas.cell(FORMULAS_SLOT), state);
  for (const c of casesWith('atCollect')) {
    const observed = guarded(() => c.atCollect(collectContext(spreadsheet, formulas, state.memory(c.id))));
    if (observed) state.set(SEEN + c.id, observed);
  }
  state.save();
  const counts = render(spreadsheet, state);
  spreadsheet.toast(
    counts.waiting > 0
      ? `${counts.waiting} case(s) still wait: see "Probe results", then Collect again.`
      : 'Every case is in: read "Probe results".',
    'Probe',
    10,
  );
}

/** What the one formula of every inFormula case answered, recorded case by case. */
function readFormulaCases(cell: CellShown | 'waiting' | undefined, state: State): void {
  if (cell === undefined || cell === 'waiting') return;
  const answers = parsedAnswers(cell);
  for (const c of casesWith('inFormula')) {
    const answer = answers?.[c.id] ?? { waiting: `the formula in "Probe formulas" shows ${cell.display}: tell the maintainers` };
    state.set(SEEN + c.id, answer);
  }
}

/** The formula's answers, or undefined when it shows something else (an error of Sheets). */
function parsedAnswers(cell: CellShown): Record<string, Observation> | undefined {
  try {
    return JSON.parse(String(cell.value)) as Record<string, Observation>;
  } catch {
    return undefined;
  }
}

/** Probe › Editor: read the owner's properties as me (a second account, editor of the spreadsheet). */
export function probeEditor(): void {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const me = Session.getActiveUser().getEmail();
  const owner = spreadsheet.getOwner()?.getEmail() ?? '';
  if (me !== '' && me === owner) {
    spreadsheet.toast('Run this as another account that can edit this spreadsheet, not as its owner.', 'Probe', 10);
    return;
  }
  const state = new State();
  if (!state.run()) {
    spreadsheet.toast('The owner starts the probe first: Probe › 1. Start the probe.', 'Probe', 10);
    return;
  }
  // The editor's own user property: a formula that read it instead of the owner's would show "editor".
  PropertiesService.getUserProperties().setProperty(WHO_KEY, 'editor');
  const formulas = new Formulas(sheetNamed(spreadsheet, FORMULAS_SHEET), true);
  for (const c of casesWith('atEditor')) c.atEditor(collectContext(spreadsheet, formulas, state.memory(c.id)));
  state.save();
  spreadsheet.toast('Done: the owner now runs Probe › 2. Collect the results.', 'Probe', 10);
}

/**
 * The one-time trigger Start makes: runs the trigger's cases, records them, removes itself.
 * @param e Google's event (triggerUid)
 */
export function probeTrigger(e?: { triggerUid?: string }): void {
  const state = new State();
  const run = state.run();
  const event = e ?? {};
  for (const c of casesWith('inTrigger')) {
    const observed = guarded(() => c.inTrigger({ event, containerId: run?.containerId ?? '' }));
    if (observed) state.set(SEEN + c.id, observed);
  }
  state.save();
  for (const trigger of ScriptApp.getProjectTriggers()) {
    if (trigger.getUniqueId() === event.triggerUid || trigger.getHandlerFunction() === TRIGGER_HANDLER) ScriptApp.deleteTrigger(trigger);
  }
}

/** Probe › Remove the probe's trigger and data: its trigger, properties and cache entries (the sheets stay). */
export function probeRemove(): void {
  removeTriggers();
  // The probe's own project: every script property is the probe's.
  PropertiesService.getScriptProperties().deleteAllProperties();
  PropertiesService.getUserProperties().deleteProperty(WHO_KEY);
  CacheService.getUserCache().remove(WHO_KEY);
  SpreadsheetApp.getActiveSpreadsheet().toast(
    "The probe's trigger and data are removed; delete its sheets when you are done with them.",
    'Probe',
    10,
  );
}

/**
 * The probe's custom function: `=PROBE("formulas", mark)` runs every case tried inside a formula and
 * answers them all as JSON; `=PROBE("id", mark, …)` runs one case's own formula.
 * @param id the case, or "formulas"
 * @param _mark the run's mark (only there to make Sheets run the formula afresh)
 * @param extra the case's own arguments
 */
export function PROBE(id: string, _mark?: unknown, ...extra: unknown[]): unknown {
  if (id === FORMULAS_SLOT) {
    const answers: Record<string, Observation> = {};
    for (const c of casesWith('inFormula')) answers[c.id] = guarded(() => c.inFormula()) as Seen;
    return JSON.stringify(answers);
  }
  const c = probeCase(id);
  if (!c?.compute) return `no probe case "${id}"`;
  return c.compute(extra);
}
