/**
 * Whether an execution may start where a test asks for it: the harness misuses Google would never let
 * happen (dev/gas's TypeErrors), and Google's limit on how many executions a user starts in a short time.
 */
import type { RuntimeClock } from '../execution/clock.js';
import type { ExecutionMode } from '../execution/execution.js';
import { SlidingWindow, type ShortTimeLimit } from '../execution/quota.js';
import type { DocumentRecord } from '../spreadsheet/documents.js';

/** What decides whether an execution may run in a spreadsheet. */
export interface Place {
  functionName: string;
  mode: ExecutionMode;
  userEmail: string;
  /** The spreadsheet asked for (a time-driven trigger's: the one it was made in). */
  where: DocumentRecord;
  /** The runtime's own spreadsheet (a container-bound script's container). */
  ownId: string;
  isAddon: boolean;
  /** A time-driven trigger: attached to the script (an add-on's runs with no document, a bound script's in its container). */
  clockTrigger: boolean;
  /** Whether the add-on is disabled in `where`. */
  disabled: boolean;
}

/** Throws dev/gas's TypeError when an execution cannot run where it was asked to (see each message). */
export function checkPlace(p: Place): void {
  const { where } = p;
  const unused = p.isAddon && !where.addonUsed;
  if (!p.clockTrigger && !p.isAddon && where.model.id !== p.ownId) {
    throw new TypeError(
      `dev/gas: a container-bound script runs only in its own spreadsheet ("${p.ownId}"), not in "${where.model.id}" (it may open others with openById)`,
    );
  }
  if (p.mode === 'custom-function' && unused) {
    throw new TypeError(
      `dev/gas: Sheets does not run ${p.functionName} in spreadsheet "${where.model.id}": the add-on was never used there, so its custom functions are unknown (#NAME?). Use it there first (a menu item or the sidebar: run(fn, args, { mode: 'menu', document }))`,
    );
  }
  if (!p.clockTrigger && !where.model.hasAccess(p.userEmail)) {
    throw new TypeError(
      `dev/gas: ${p.userEmail} neither owns nor edits spreadsheet "${where.model.id}" (owner ${where.model.owner ?? 'none: a shared drive'}); share it first (runtime.shareSpreadsheet)`,
    );
  }
  if (!p.clockTrigger && p.disabled) {
    throw new TypeError(
      `dev/gas: the add-on is disabled in spreadsheet "${where.model.id}": nothing of it runs there (runtime.enableAddon)`,
    );
  }
}

/** Each user's execution starts (GasRuntimeOptions.executionStartLimit or its default), unless a test turned the limit off. */
export class ExecutionStarts {
  readonly #limit: Readonly<ShortTimeLimit> | null;
  readonly #clock: RuntimeClock;
  readonly #starts = new Map<string, SlidingWindow>();

  constructor(limit: Readonly<ShortTimeLimit> | null, clock: RuntimeClock) {
    this.#limit = limit;
    this.#clock = clock;
  }

  /** Whether Google lets one more of the user's executions start now (and counts it). */
  mayStart(user: string): boolean {
    if (!this.#limit) return true;
    let starts = this.#starts.get(user);
    if (!starts) this.#starts.set(user, (starts = new SlidingWindow(this.#limit, this.#clock)));
    return starts.take(1);
  }
}
