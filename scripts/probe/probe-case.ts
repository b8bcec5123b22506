/**
 * What a probe case is (scripts/probe/cases.ts holds them all): the rule it checks, what dev/gas does,
 * and the code each step of the probe runs for it, with what each step gives that code.
 */
import type { Expectation, Observation, Seen } from './verdict.ts';

/** Where dev/gas/RULES.md states a rule: a section's anchor, and a row of its table or words of its text. */
export interface RuleRef {
  /** The section heading's anchor, as GitHub makes it ('latency-model'). */
  anchor: string;
  /** A row of the section's table, by its first cell as written there. */
  row?: string;
  /** Or words of one paragraph or list item of the section, as written there (line breaks as spaces). */
  text?: string;
}

/** The step of the probe that tries a case (docs/develop/probe.md says what each asks of the maintainer). */
export type Step = 'open' | 'start' | 'formula' | 'collect' | 'trigger' | 'editor';

/** What a cell of the sheet "Probe formulas" shows. */
export interface CellShown {
  value: unknown;
  display: string;
  /** The formula in the cell, as typed. */
  formula: string;
}

/** What every step gives a case: its own memory between steps (kept in script properties). */
export interface Memory {
  /** What this case remembered at an earlier step, or undefined. */
  recalled(): unknown;
  /** Keeps a value for this case's later steps. */
  remember(value: unknown): void;
}

/** What Start (a menu item, the maintainer at the keyboard, AuthMode.FULL) gives a case. */
export interface StartContext extends Memory {
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  /** A fresh cell of the sheet "Probe scratch", for this case alone. */
  scratchCell(): GoogleAppsScript.Spreadsheet.Range;
  /** What the probe fetches: Google's own connectivity check (https://www.gstatic.com/generate_204) on Google. */
  fetchUrl: string;
}

/** What Collect (a menu item, run until no row waits) and the editor's step give a case. */
export interface CollectContext extends Memory {
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet;
  /** What a slot's formula shows: undefined when nothing was placed there, 'waiting' while Sheets computes it. */
  cell(slot: string): CellShown | 'waiting' | undefined;
  /** Writes a formula into a slot of "Probe formulas" (a new slot takes the next row); '' clears it. */
  place(slot: string, formula: string): void;
  /** The formula `=PROBE("id", <a new run mark>, extra…)`: the mark makes Sheets run it afresh. */
  formula(id: string, ...extra: Array<string | number>): string;
}

/** What the one-time trigger gives a case. */
export interface TriggerContext {
  /** The event Google passed the trigger. */
  event: { triggerUid?: string };
  /** The id of the spreadsheet the probe was started in. */
  containerId: string;
}

/** What onOpen, run by Google as a simple trigger when the spreadsheet opens, gives a case. */
export interface OpenContext {
  /** The event's authMode ('LIMITED' when Sheets opened the file; 'FULL' from the editor's Run). */
  authMode: string;
  /** Milliseconds the menu's addToUi took. */
  addToUiMs: number;
}

/** One probe case. */
export interface ProbeCase {
  /** A short id, also the custom function's first argument. */
  id: string;
  /** Where dev/gas/RULES.md states it (the first is shown in the sheet). */
  rules: RuleRef[];
  /** The rule in words, as the sheet shows it. */
  claim: string;
  /** What dev/gas does: the value the probe sees there. */
  devGas: Expectation;
  /** The step whose result the sheet shows. */
  step: Step;
  /** onOpen as a simple trigger. */
  atOpen?(ctx: OpenContext): Observation;
  /** Start; nothing returned: a later step says. */
  atStart?(ctx: StartContext): Observation | void;
  /** In the one formula that runs every such case (`=PROBE("formulas", mark)`), as a custom function. */
  inFormula?(): Seen;
  /** The custom function's work for this case's own formula, `=PROBE("id", mark, extra…)`. */
  compute?(extra: unknown[]): unknown;
  /** What Start writes into this case's own slot (the extra arguments, as typed after the mark). */
  formulaAtStart?: string;
  /** Collect; nothing returned: keep what an earlier step recorded. */
  atCollect?(ctx: CollectContext): Observation | void;
  /** The editor's step (optional: a second account). */
  atEditor?(ctx: CollectContext): void;
  /** The one-time trigger. */
  inTrigger?(ctx: TriggerContext): Observation;
}

/** A rule the probe cannot try, and why: listed so that every stricter or silent rule is accounted for. */
export interface NotProbed {
  rules: RuleRef[];
  why: string;
}
