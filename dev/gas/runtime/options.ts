/**
 * What a GasRuntime is asked: its options, the options of each way to run code in it, what an execution
 * returns, and Google's defaults for each way of starting one.
 */
import type { CacheBackend, EarlyRemoval } from '../services/cache.js';
import type { RuntimeClock } from '../execution/clock.js';
import type { AuthMode, ExecutionMode, RefusedCall, WaitMode } from '../execution/execution.js';
import type { CallReport, LatencySetting } from '../execution/latency.js';
import type { LockBackend } from '../services/lock.js';
import type { Manifest } from '../execution/manifest.js';
import type { PropertiesBackend } from '../services/properties.js';
import type { DailyQuota, ShortTimeLimit } from '../execution/quota.js';
import type { ScriptFile } from '../execution/project.js';
import type { TriggerRecord } from '../triggers/triggers.js';
import type { UrlFetchQuota } from '../services/url-fetch.js';

export interface GasRuntimeOptions {
  /**
   * The project's script files, in order: every execution evaluates each of them (project.ts). Wins
   * over code and codePath.
   */
  project?: ScriptFile[];
  /** A project of one script file, Code.js, with this source; wins over codePath. */
  code?: string;
  /**
   * The project's Code.js; the project is every script file (.js, .gs) in its directory, read on the
   * first run. Default: <repo>/dist/Code.js.
   */
  codePath?: string;
  /** Requests in flight at once (fetchAll); default unlimited. */
  fetchConcurrency?: number;
  /** Per-request timeout; default 60,000 ms. */
  urlFetchTimeoutMs?: number;
  /**
   * Certificates (PEM) UrlFetchApp trusts beside the usual roots: a local service's self-signed one, so
   * a test can reach it over https as Google reaches a service with a real certificate (dev/tls.ts).
   */
  trustedCertificates?: readonly string[];
  /** UrlFetch calls allowed per day (a 24 h window on the runtime clock, quota.ts); default 20,000. */
  urlFetchDailyQuota?: number;
  /** Property reads and writes allowed per day (same window); default 50,000. */
  propertiesDailyQuota?: number;
  /**
   * Email recipients each user may send to per day with MailApp (same window); default 100 (consumer
   * accounts; Workspace: MAIL_DAILY_RECIPIENTS.workspace).
   */
  mailDailyQuota?: number;
  /**
   * Which cache items go before their expiry, for every cache of this runtime (cache.ts, EarlyRemoval);
   * default DEFAULT_EARLY_REMOVAL. `{ rate: 0 }`: every item lives to its expiry (what a test counts
   * when it counts what the add-on sends while Google keeps every item).
   */
  cacheEarlyRemoval?: Partial<EarlyRemoval>;
  /**
   * Google's short-term limit on UrlFetch ("Service invoked too many times in a short time: urlfetch."):
   * at most `calls` requests in any `windowMs` (quota.ts, SlidingWindow). Google publishes no figure;
   * default DEFAULT_SHORT_TIME_LIMITS.urlFetch (our assumption). `null`: none (a test says why).
   */
  urlFetchShortTimeLimit?: ShortTimeLimit | null;
  /**
   * Google's limit on how often a user's executions may start ("Script invoked too many times per second
   * for this Google user account."): at most `calls` starts per user in any `windowMs`; one more is
   * refused before anything runs. Google publishes no figure; default
   * DEFAULT_SHORT_TIME_LIMITS.executions (our assumption). `null`: none (a test says why).
   */
  executionStartLimit?: ShortTimeLimit | null;
  /**
   * Each user's daily trigger runtime in script ms (Quotas page, "Triggers total runtime"); default
   * 90 minutes (consumer accounts; Workspace: TRIGGER_RUNTIME_DAILY_MS.workspace).
   */
  triggerRuntimeDailyMs?: number;
  /** The user running the script (FULL auth mode shows it); default "user@example.com". */
  userEmail?: string;
  /** Owner of the default spreadsheet; null: a shared-drive file (no owner). Default: userEmail. */
  owner?: string | null;
  /**
   * The project manifest (appsscript.json: oauthScopes, urlFetchWhitelist); null: none. Default: the
   * appsscript.json beside Code.js (`<dir of codePath>/appsscript.json`) if there is one, and none when
   * `code` is given without a codePath.
   */
  manifest?: Manifest | null;
  /**
   * The scopes the default user granted on Google's consent screen (granular consent: any may be
   * unticked); default: every scope of the manifest ("Select all"). See setGrantedScopes for other users.
   */
  grantedScopes?: readonly string[];
  /** Session.getScriptTimeZone(); default "Etc/UTC". */
  timeZone?: string;
  /** Session.getActiveUserLocale(); default "en". */
  locale?: string;
  spreadsheetId?: string;
  spreadsheetName?: string;
  /** Spreadsheet.getSpreadsheetTimeZone() (typed dates are read in it); default: timeZone. */
  spreadsheetTimeZone?: string;
  scriptId?: string;
  /**
   * An editor add-on (default true) or a container-bound script (false: the files pasted into one
   * spreadsheet's Extensions › Apps Script, dev/gas/RULES.md, "Add-ons and container-bound scripts").
   * - An add-on: Google's add-on rules for triggers (one per event type per user per document, hourly
   *   at most); createAddonMenu's menu has no name here (Google names it after the listing); it is
   *   enabled only in spreadsheets where someone used it (`addonUsed`): elsewhere its custom functions
   *   are unknown (#NAME?) and onOpen runs in AuthMode.NONE.
   * - A bound script: 20 triggers per user per script, everyMinutes allowed; the runtime's spreadsheet is
   *   its container, the only one it runs in (others are reached with openById), its time-driven triggers
   *   included (they see it); createAddonMenu's menu is named after the project (`projectName`); its
   *   functions are known in its container at once.
   */
  addon?: boolean;
  /** A bound script's project name (its add-on menu's name); default "Untitled project", Google's name for a new one. */
  projectName?: string;
  /**
   * Whether the add-on was used in the runtime's own spreadsheet (so it is enabled there); default true.
   * Spreadsheets added later start unused unless their spec says otherwise (SpreadsheetSpec.addonUsed).
   */
  addonUsed?: boolean;
  /** Files for HtmlService.createHtmlOutputFromFile(name) (key: name without ".html"); else <codeDir>/<name>.html. */
  htmlFiles?: Record<string, string>;
  /**
   * Time dilation (default 1): one real millisecond counts as `timeScale` milliseconds of script time.
   * Inside an execution, Date.now(), new Date() and Date() run that much faster from the start, the
   * time limit is in script time, and Utilities.sleep, UrlFetch and lock waits convert (sleep(ms)
   * blocks ms / timeScale real ms). Real latency stays real: at 20, a 1.5 s HTTP answer costs the
   * script 30 s. The runtime clock (cache and property expiry, triggers) is not dilated. At any scale
   * the script's Date starts at the runtime clock's time (see startAt).
   */
  timeScale?: number;
  /**
   * Modelled service-call latency (dev/gas/RULES.md, "Latency model"): default on, with the published figures.
   * A partial table changes some figures; `false` turns the waits off (calls are still counted).
   */
  latency?: LatencySetting;
  /**
   * How modelled latency and Utilities.sleep pass (dev/gas/API.md, "Time dilation"): 'skip' (default) moves the
   * script's clock and the runtime's forward at once, without waiting, since this runtime runs one
   * execution at a time; 'real' blocks for them, as GasWorkerPool's workers do so that executions
   * overlap as they would at Google.
   */
  waits?: WaitMode;
  /**
   * The instant the runtime clock reads when the runtime is made (epoch ms or a Date); it runs on in
   * real time from there (plus advanceClock). Tests pass a fixed one, so they see the same hour and
   * date whenever they run. Default: the wall clock. Ignored when `shared.clock` is given.
   */
  startAt?: number | Date;
  /** State shared with other runtimes (GasWorkerPool sets it in each worker); default: the runtime's own. */
  shared?: SharedRuntimeState;
}

/** Where a runtime keeps what outlives an execution, when it is not the runtime itself (pool.ts). */
export interface SharedRuntimeState {
  clock?: RuntimeClock;
  cacheBackend?: (name: 'document' | 'user' | 'script') => CacheBackend;
  propertiesBackend?: (name: 'user' | 'document' | 'script') => PropertiesBackend;
  lockBackend?: LockBackend;
  urlFetchQuota?: UrlFetchQuota;
  propertiesQuota?: DailyQuota;
  /** The id of the next execution (unique across the runtimes sharing locks). */
  nextExecutionId?: () => number;
}

export interface RunOptions {
  /** Default 'custom-function'. */
  mode?: ExecutionMode;
  /** Default 30,000 ms for custom functions and simple triggers, 360,000 ms otherwise. */
  timeLimitMs?: number;
  /** Default: CUSTOM_FUNCTION for custom functions, LIMITED for simple triggers, FULL otherwise. */
  authMode?: AuthMode;
  /** Runs as this user (own user properties, user cache, user lock, triggers); default: the runtime's userEmail. */
  user?: string;
  /**
   * The execution's active spreadsheet (an id from addSpreadsheet); default: the runtime's own. The user
   * must own or edit it. In an add-on's time-driven trigger (mode 'trigger') there is no active
   * spreadsheet: this names the document the trigger was created in (whose triggers ScriptApp lists); a
   * bound script's sees it (its container).
   */
  document?: string;
  /** Time dilation for this execution; default: the runtime's timeScale (see GasRuntimeOptions). */
  timeScale?: number;
  /** Latency for this execution: `false` off, a partial table over the runtime's (or the defaults if it is off). */
  latency?: LatencySetting;
}

/** Options of fireTrigger(). */
export interface FireOptions {
  /** Extra fields for the event object (plain values); for spreadsheet triggers `range: "Sheet1!A1"` becomes a Range. */
  event?: Record<string, unknown>;
  timeLimitMs?: number;
  /** Time dilation for this execution; default: the runtime's timeScale. */
  timeScale?: number;
  /** Latency for this execution (as RunOptions.latency). */
  latency?: LatencySetting;
}

/** Options of evaluateCustomFunction() and recalculate(). */
export interface EvaluateOptions {
  /** The spreadsheet the formula is in; default: the runtime's own. */
  document?: string;
  /** Who has the spreadsheet open (must own or edit it); default: the runtime's userEmail. */
  user?: string;
  timeLimitMs?: number;
  timeScale?: number;
  /** The execution's latency table over the runtime's (as RunOptions.latency): a slow service modelled, not waited. */
  latency?: LatencySetting;
}

/** A custom-function evaluation: a remembered result (no execution ran) or a new execution's. */
export interface Evaluation {
  remembered: boolean;
  result: ExecutionResult;
}

/** A trigger fireDueTriggers() ran, with its execution. */
export interface FiredTrigger {
  trigger: TriggerRecord;
  result: ExecutionResult;
}

/**
 * A failed trigger execution Google tells its owner of by mail ("Summary of failures for Apps Script"):
 * a container-bound script's, never an add-on's (`runtime.failureNotifications`).
 */
export interface FailureNotification {
  /** Whom Google mails: the trigger's owner. */
  owner: string;
  handler: string;
  triggerUid: string;
  /** The execution's error, as the mail's summary lists it. */
  error: string;
  /** When it failed (runtime clock, ms). */
  at: number;
}

/** Also reports its service calls (CallReport: serviceCalls, roundTrips, fetchCalls, modelledMs). */
export interface ExecutionResult extends CallReport {
  ok: boolean;
  /** The function's return value in node's realm (custom functions: validated and normalised). */
  value?: unknown;
  /** The message of what was thrown (what Sheets shows on a custom function's cell). */
  error?: string;
  /** The stack of a thrown Error, for debugging. */
  stack?: string;
  timedOut: boolean;
  /** How long the execution took in SCRIPT time (real time × timeScale): what the script's Date.now() saw; includes modelledMs. */
  durationMs: number;
  /** How long it took in real time (equals durationMs at timeScale 1). */
  realDurationMs: number;
  /** Script ms its Utilities.sleep calls waited, up to the deadline (skipped or blocked: the script saw them pass). */
  sleptMs: number;
  /**
   * Real ms dev/gas blocked the thread for, as it asked: sleeps and modelled latency (their script ms ÷
   * timeScale with waits 'real', 0 with 'skip') and lock polls (always real). HTTP is not in it.
   */
  blockedMs: number;
  logs: string[];
  fetchCount: number;
  urls: string[];
  executionId: number;
  /**
   * Calls Google refused for a permission, in order: a service a custom function may not call, a write in
   * one, a scope the user did not grant… (each `{ call, message }`), whether the script caught them or not.
   */
  refusedCalls: RefusedCall[];
}

/** Event object for triggers, e.g. `run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger', authMode: 'LIMITED' })`. */
export function triggerEvent(authMode: AuthMode, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { authMode, ...extra };
}

/** The auth mode Google uses for each way of starting an execution. */
export function defaultAuthMode(mode: ExecutionMode): AuthMode {
  if (mode === 'custom-function') return 'CUSTOM_FUNCTION';
  if (mode === 'simple-trigger') return 'LIMITED';
  return 'FULL';
}

/** The time limit Google applies to each way of starting an execution. */
export function defaultTimeLimitMs(mode: ExecutionMode): number {
  return mode === 'custom-function' || mode === 'simple-trigger' ? 30_000 : 360_000;
}

/**
 * Who and what a runtime is when its options don't say. GasWorkerPool uses the same, so the lock keys it
 * frees (`document:<id>`, `user:<email>`) are the ones its workers' runtimes took.
 */
export const RUNTIME_DEFAULTS = Object.freeze({
  userEmail: 'user@example.com',
  spreadsheetId: 'dev-gas-spreadsheet',
  spreadsheetName: 'Untitled spreadsheet',
  scriptId: 'dev-gas-script',
  projectName: 'Untitled project',
});
