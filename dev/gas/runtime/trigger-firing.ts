/**
 * Firing installable triggers as Google does: as the trigger's owner, in AuthMode.FULL, with Google's
 * event object, within the owner's trigger runtime for the day; and the time-driven ones when due.
 */
import type { RuntimeClock } from '../execution/clock.js';
import type { Execution } from '../execution/execution.js';
import type { Manifest } from '../execution/manifest.js';
import { TRIGGER_RUNTIME_MESSAGE, type TriggerRuntimeQuota } from '../execution/quota.js';
import { toScript } from '../execution/service.js';
import { UserFake } from '../services/session.js';
import type { DocumentRegistry } from '../spreadsheet/documents.js';
import type { ToastRecord } from '../spreadsheet/sheet-model.js';
import { SpreadsheetFake, type RangeFake } from '../spreadsheet/sheets.js';
import { documentContext } from '../spreadsheet/spreadsheet.js';
import { clockEvent, nextRunAfter, type TriggerRecord, type TriggerStore } from '../triggers/triggers.js';
import {
  defaultTimeLimitMs,
  type ExecutionResult,
  type FailureNotification,
  type FireOptions,
  type FiredTrigger,
  type RunOptions,
} from './options.js';
import { refusedExecution } from './results.js';

/** What firing needs of the runtime: its stores, clock and project, and how it runs one execution. */
export interface FiringDeps {
  triggerStore: TriggerStore;
  triggerRuntimeQuota: TriggerRuntimeQuota;
  clock: RuntimeClock;
  documents: DocumentRegistry;
  toasts: ToastRecord[];
  manifest: Manifest | null;
  scriptId: string;
  /** An editor add-on (its triggers' failures mail nobody) or a container-bound script. */
  isAddon: boolean;
  /** One execution of `functionName`; `makeArgs` builds its arguments inside its context. */
  execute: (
    functionName: string,
    opts: RunOptions,
    makeArgs: (exec: Execution) => unknown[],
    triggerSource?: 'CLOCK' | 'SPREADSHEETS',
  ) => ExecutionResult;
}

/** The runtime's trigger firing (GasRuntime.fireTrigger, fireDueTriggers). */
export class TriggerFiring {
  readonly #deps: FiringDeps;
  /**
   * The failures Google mails the owners of a container-bound script's triggers: "When an installable
   * trigger fires but the function throws an exception or otherwise fails to run successfully … Apps
   * Script sends an email like the following: … Summary of failures for Apps Script"; none for an add-on's:
   * "Installable triggers created by add-ons don't send users these email notices" (installable triggers guide).
   */
  readonly failureNotifications: FailureNotification[] = [];

  constructor(deps: FiringDeps) {
    this.#deps = deps;
  }

  /**
   * Runs a trigger's handler as Google would: a 'trigger' execution in AuthMode.FULL, as the
   * trigger's owner, with Google's event object (time-driven: authMode, triggerUid, year, month,
   * day-of-month, day-of-week, hour, minute, second, week-of-year, timezone "UTC"; spreadsheet
   * triggers: authMode, triggerUid, source, user). Throws if the trigger no longer exists.
   */
  fire(trigger: TriggerRecord | string, opts: FireOptions = {}): ExecutionResult {
    const { triggerStore, triggerRuntimeQuota } = this.#deps;
    const uid = typeof trigger === 'string' ? trigger : trigger.uid;
    const record = triggerStore.find(uid);
    if (!record) throw new Error(`dev/gas: no trigger ${uid} (deleted?)`);
    const stopped = triggerStore.stopped(record);
    if (stopped) {
      throw new Error(
        `dev/gas: trigger ${uid} does not fire: the add-on is ${stopped === 'disabled' ? `disabled in spreadsheet "${record.documentId}", where it was made` : `uninstalled by ${record.owner}`}`,
      );
    }
    record.runs++;
    // The owner's trigger runtime for the day: spent, the execution fails at once; else it is what is left.
    const left = triggerRuntimeQuota.use(record.owner).remainingMs;
    if (left <= 0) {
      const refused = refusedExecution(TRIGGER_RUNTIME_MESSAGE);
      this.#notify(record, refused);
      return refused;
    }
    const limitMs = opts.timeLimitMs ?? defaultTimeLimitMs('trigger');
    // An add-on's time-driven trigger has no document, a bound script's its container; `document` names the
    // one it was created in (ScriptApp).
    const runOpts: RunOptions = { mode: 'trigger', authMode: 'FULL', user: record.owner, document: record.documentId };
    runOpts.timeLimitMs = Math.min(limitMs, left);
    if (opts.timeScale !== undefined) runOpts.timeScale = opts.timeScale;
    if (opts.latency !== undefined) runOpts.latency = opts.latency;
    const result = this.#run(record, runOpts, opts);
    triggerRuntimeQuota.charge(record.owner, result.durationMs);
    // Cut short by the day's quota rather than by its own limit: Google's quota message.
    if (result.timedOut && left < limitMs) result.error = TRIGGER_RUNTIME_MESSAGE;
    this.#notify(record, result);
    return result;
  }

  /** Records the mail Google sends a bound script's trigger owner when an execution fails. */
  #notify(record: TriggerRecord, result: ExecutionResult): void {
    if (result.ok || this.#deps.isAddon) return;
    this.failureNotifications.push({
      owner: record.owner,
      handler: record.handler,
      triggerUid: record.uid,
      error: result.error ?? '',
      at: this.#deps.clock.now(),
    });
  }

  #run(record: TriggerRecord, runOpts: RunOptions, opts: FireOptions): ExecutionResult {
    const { clock, documents, toasts, manifest, scriptId } = this.#deps;
    return this.#deps.execute(
      record.handler,
      runOpts,
      (exec) => {
        const extra = { ...opts.event };
        let event: Record<string, unknown>;
        if (record.eventType === 'CLOCK') {
          event = { ...clockEvent(record, clock.now()), ...extra };
        } else {
          const book = documents.record(record.documentId).model;
          const ctx = documentContext(exec, book, { toasts, manifest, projectId: scriptId });
          event = {
            authMode: 'FULL',
            triggerUid: record.uid,
            source: new SpreadsheetFake(ctx),
            user: new UserFake(ctx.showEmail(record.owner)),
            ...extra,
          };
          if (typeof extra.range === 'string') {
            const source = new SpreadsheetFake(ctx);
            event.range = source.getRange(extra.range) satisfies RangeFake;
          }
        }
        return [toScript(exec, event)];
      },
      record.source,
    );
  }

  /**
   * Runs every time-driven trigger whose next run is due on the runtime clock (once each, even if
   * several runs were missed, as Google does), then schedules its next run. Advance the clock first.
   */
  fireDue(): FiredTrigger[] {
    const { clock, triggerStore } = this.#deps;
    const now = clock.now();
    const due = triggerStore.list.filter((t) => t.nextRunAt !== null && t.nextRunAt <= now);
    const fired: FiredTrigger[] = [];
    for (const trigger of due) {
      trigger.nextRunAt = trigger.schedule ? nextRunAfter(trigger.schedule, trigger.createdAt, now) : null;
      // A stopped trigger's slot passes without a run (re-enabled, it fires at its next one).
      if (!triggerStore.stopped(trigger)) fired.push({ trigger, result: this.fire(trigger) });
    }
    return fired;
  }
}
