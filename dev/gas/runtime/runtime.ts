/**
 * GasRuntime: runs a built project (dist/: Code.js, Server.js) the way Apps Script does. Every run() is
 * one execution: a fresh vm context, every script file of the project evaluated at global scope in
 * order, then one top-level function called, all against a
 * wall-clock deadline. Only caches, properties, locks, the spreadsheets, triggers and the Ui log
 * outlive an execution. An execution runs as the default user or as `opts.user`, in one active
 * spreadsheet (`opts.document`, default the runtime's own; none in a time-driven trigger): user
 * stores are that user's (in a custom function, the spreadsheet owner's), document stores that
 * spreadsheet's, script stores shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import {
  CacheStore,
  MemoryCacheBackend,
  createCacheStores,
  type CacheBackend,
  type CacheStores,
  type EarlyRemoval,
} from '../services/cache.js';
import { RuntimeClock } from '../execution/clock.js';
import { createExecutionContext, type RuntimeState } from './context.js';
import { DocumentRegistry, type DocumentRecord, type RememberedResult, type SpreadsheetSpec } from '../spreadsheet/documents.js';
import {
  Execution,
  TIMEOUT_MESSAGE,
  AUTHORIZATION_REQUIRED_MESSAGE,
  checkTimeScale,
  type AuthMode,
  type ExecutionMode,
  type LogEntry,
  type WaitMode,
} from '../execution/execution.js';
import { checkLatency, resolveLatency, type CallReport, type LatencySetting } from '../execution/latency.js';
import { LockRegistry, MemoryLockBackend, type LockBackend } from '../services/lock.js';
import { allowlistOf, checkManifest, readManifest, type Manifest } from '../execution/manifest.js';
import { ConsentStore, type ConsentPrompt } from '../execution/consent.js';
import {
  MemoryPropertiesBackend,
  PropertyStore,
  createPropertyStores,
  type PropertiesBackend,
  type PropertyStores,
} from '../services/properties.js';
import {
  DAILY_QUOTAS,
  DEFAULT_SHORT_TIME_LIMITS,
  MemoryQuota,
  SHORT_TIME_MESSAGES,
  SlidingWindow,
  checkShortTimeLimit,
  TRIGGER_RUNTIME_DAILY_MS,
  TRIGGER_RUNTIME_MESSAGE,
  TriggerRuntimeQuota,
  type DailyQuota,
  type ShortTimeLimit,
  type TriggerRuntimeUse,
} from '../execution/quota.js';
import { readProject, type ScriptFile } from '../execution/project.js';
import { isError, toInner, toOuter, type Realm } from '../execution/realm.js';
import { FORMULA_MESSAGES, recalculate, type RecalcEntry } from '../spreadsheet/recalculate.js';
import type { RememberedResults } from '../spreadsheet/remembered-results.js';
import { checkCustomFunctionArg, checkCustomFunctionResult, checkSidebarResult } from '../execution/result.js';
import { toScript } from '../execution/service.js';
import { UserFake } from '../services/session.js';
import { SpreadsheetModel, type ToastRecord } from '../spreadsheet/sheet-model.js';
import { RangeFake, SpreadsheetFake } from '../spreadsheet/sheets.js';
import { createUiLog, documentContext, type UiLog } from '../spreadsheet/spreadsheet.js';
import { TriggerStore, clockEvent, nextRunAfter, type TriggerRecord } from '../triggers/triggers.js';
import { SyncHttp } from '../services/sync-http.js';
import { URL_FETCH_LIMITS, type FetchLogEntry, type UrlFetchQuota } from '../services/url-fetch.js';

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
   *   its container, the only one it runs in (others are reached with openById); createAddonMenu's menu
   *   is named after the project (`projectName`); its functions are known in its container at once.
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
   * must own or edit it. In a time-driven trigger (mode 'trigger') there is no active spreadsheet: this
   * names the document the trigger was created in (whose triggers ScriptApp lists).
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
  logs: string[];
  fetchCount: number;
  urls: string[];
  executionId: number;
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

/** Lets a blocking fake report the deadline before vm's watchdog does (real ms). */
const WATCHDOG_GRACE_MS = 25;

const DEFAULT_CODE_PATH = fileURLToPath(new URL('../../../dist/Code.js', import.meta.url));

const CALL_KEY = `__devGasCall_${Math.random().toString(36).slice(2)}`;
/** Calls the function inside the context, so vm's timeout and microtask draining apply to it. */
const invoker = new vm.Script(
  `(function () {
    var call = globalThis[${JSON.stringify(CALL_KEY)}];
    delete globalThis[${JSON.stringify(CALL_KEY)}];
    var out = call.out;
    var result = call.fn.apply(undefined, call.args);
    out.value = result;
    if (call.settle && result !== null && (typeof result === 'object' || typeof result === 'function') &&
        typeof result.then === 'function') {
      out.pending = true;
      result.then(function (v) { out.pending = false; out.value = v; },
                  function (e) { out.pending = false; out.rejected = true; out.error = e; });
    }
  })();`,
  { filename: 'dev-gas-invoke.js' },
);

interface CallOut {
  value?: unknown;
  pending?: boolean;
  rejected?: boolean;
  error?: unknown;
}

function isVmTimeout(error: unknown): boolean {
  // node creates this error in the context's realm, so no instanceof here.
  return isError(error) && (error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/**
 * Compiled script files by name and source, shared by every runtime of this thread: compiling is V8's
 * work, not the script's (each execution still evaluates every file afresh in its own context), and a
 * test file makes a new runtime per test.
 */
const compiledScripts = new Map<string, vm.Script>();

/** The file compiled once per thread (see compiledScripts). */
function compiledScript(file: ScriptFile): vm.Script {
  const key = `${file.name}\0${file.source}`;
  let script = compiledScripts.get(key);
  if (!script) {
    script = new vm.Script(file.source, { filename: file.name });
    compiledScripts.set(key, script);
  }
  return script;
}

/** A local Apps Script runtime. */
export class GasRuntime {
  /** The clock cache expiry uses; advance it with advanceClock(). */
  readonly clock: RuntimeClock;
  readonly caches: CacheStores;
  readonly properties: PropertyStores;
  readonly locks: LockRegistry;
  /** Menus, sidebars, dialogs and alerts the script showed. */
  readonly ui: UiLog = createUiLog();
  /** The bound spreadsheet: sheets and cells, the active selection, helpers for tests (sheet-model.ts). */
  readonly spreadsheet: SpreadsheetModel;
  /** Toasts the script showed (Spreadsheet.toast). */
  readonly toasts: ToastRecord[] = [];
  /** Installable triggers of every user (see also triggers, fireTrigger, fireDueTriggers). */
  readonly triggerStore: TriggerStore;
  /** The runtime's default user. */
  readonly userEmail: string;
  /** Every log line of every execution. */
  readonly logs: string[] = [];
  /** Every log line with its level and execution. */
  readonly logEntries: LogEntry[] = [];
  /** Every UrlFetch request of every execution (header names only). */
  readonly fetchLog: FetchLogEntry[] = [];
  /** Requests left today before "Service invoked too many times for one day: urlfetch." */
  readonly urlFetchQuota: UrlFetchQuota;
  /** Property reads and writes left today before "Service invoked too many times for one day: properties." */
  readonly propertiesQuota: DailyQuota;
  /** The project manifest (appsscript.json), or null when there is none. */
  readonly manifest: Manifest | null;
  /** Each user's trigger runtime today, before "Service using too much computer time for one day". */
  readonly triggerRuntimeQuota: TriggerRuntimeQuota;
  /** Each user's granted scopes and the consent prompts shown (dev/gas/RULES.md, "Granular consent"). */
  readonly consent: ConsentStore;

  readonly #options: GasRuntimeOptions;
  readonly #http: SyncHttp;
  readonly #state: Omit<RuntimeState, 'caches' | 'properties' | 'document' | 'openSpreadsheet' | 'triggerDocumentId'>;
  /** Which cache items go early, for every cache this runtime makes (cacheEarlyRemoval). */
  readonly #earlyRemoval: Partial<EarlyRemoval>;
  readonly #documents: DocumentRegistry;
  #files: ScriptFile[] | undefined;
  #scripts: vm.Script[] | undefined;
  #functionNames: Map<string, string> | undefined;
  #htmlFiles: Record<string, string> | undefined;
  readonly #userStores = new Map<string, { properties: PropertyStore; cache: CacheStore }>();
  /** Each user's execution starts (executionStartLimit), unless a test turned the limit off. */
  readonly #starts = new Map<string, SlidingWindow>();
  /** executionStartLimit or its default; null: none. */
  readonly #startLimit: Readonly<ShortTimeLimit> | null;

  constructor(options: GasRuntimeOptions = {}) {
    this.#options = options;
    if (options.timeScale !== undefined) checkTimeScale(options.timeScale);
    const startLimit = options.executionStartLimit === undefined ? DEFAULT_SHORT_TIME_LIMITS.executions : options.executionStartLimit;
    if (startLimit) checkShortTimeLimit(startLimit);
    this.#startLimit = startLimit;
    const fetchLimit = options.urlFetchShortTimeLimit === undefined ? DEFAULT_SHORT_TIME_LIMITS.urlFetch : options.urlFetchShortTimeLimit;
    checkLatency(options.latency);
    const userEmail = options.userEmail ?? RUNTIME_DEFAULTS.userEmail;
    this.userEmail = userEmail;
    const shared = options.shared ?? {};
    this.clock = shared.clock ?? new RuntimeClock(options.startAt);
    const clock = this.clock;
    this.manifest = this.#loadManifest();
    this.consent = new ConsentStore(this.manifest);
    if (options.grantedScopes) this.consent.set(userEmail, options.grantedScopes);
    this.spreadsheet = new SpreadsheetModel({
      id: options.spreadsheetId ?? RUNTIME_DEFAULTS.spreadsheetId,
      name: options.spreadsheetName ?? RUNTIME_DEFAULTS.spreadsheetName,
      owner: options.owner === undefined ? userEmail : options.owner,
      timeZone: options.spreadsheetTimeZone ?? options.timeZone ?? 'Etc/UTC',
      now: () => clock.now(),
    });
    this.triggerStore = new TriggerStore({ addon: options.addon ?? true, clock });
    this.triggerRuntimeQuota = new TriggerRuntimeQuota(options.triggerRuntimeDailyMs ?? TRIGGER_RUNTIME_DAILY_MS.consumer, clock);
    this.#earlyRemoval = options.cacheEarlyRemoval ?? {};
    this.caches = createCacheStores(this.clock, shared.cacheBackend, this.#earlyRemoval);
    this.properties = createPropertyStores(shared.propertiesBackend);
    this.#documents = new DocumentRegistry(clock, this.#earlyRemoval);
    this.#documents.add(this.spreadsheet, { properties: this.properties.document, cache: this.caches.document }, options.addonUsed ?? true);
    this.locks = new LockRegistry(shared.lockBackend ?? new MemoryLockBackend(), { documentId: this.spreadsheet.id, userEmail });
    this.urlFetchQuota = shared.urlFetchQuota ?? new MemoryQuota(options.urlFetchDailyQuota ?? DAILY_QUOTAS.urlFetch, clock);
    this.propertiesQuota = shared.propertiesQuota ?? new MemoryQuota(options.propertiesDailyQuota ?? DAILY_QUOTAS.properties, clock);
    this.#http = new SyncHttp({
      requestTimeoutMs: options.urlFetchTimeoutMs ?? 60_000,
      maxResponseBytes: URL_FETCH_LIMITS.maxResponseBytes,
      ...(options.trustedCertificates ? { trustedCertificates: options.trustedCertificates } : {}),
      ...(options.fetchConcurrency !== undefined ? { concurrency: options.fetchConcurrency } : {}),
    });
    this.#state = {
      propertiesQuota: this.propertiesQuota,
      locks: this.locks,
      ui: this.ui,
      toasts: this.toasts,
      triggers: this.triggerStore,
      session: {
        userEmail,
        timeZone: options.timeZone ?? 'Etc/UTC',
        locale: options.locale ?? 'en',
        scriptId: options.scriptId ?? RUNTIME_DEFAULTS.scriptId,
        manifest: this.manifest,
      },
      urlFetch: {
        http: this.#http,
        fetchLog: this.fetchLog,
        quota: this.urlFetchQuota,
        shortTime: fetchLimit ? new SlidingWindow(fetchLimit, clock) : null,
        allowlist: allowlistOf(this.manifest),
      },
      consent: this.consent,
      readHtmlFile: (name) => this.#readHtmlFile(name),
      addonMenuName: this.isAddon ? null : (options.projectName ?? RUNTIME_DEFAULTS.projectName),
    };
  }

  /** An editor add-on (true) or a container-bound script (false): see GasRuntimeOptions.addon. */
  get isAddon(): boolean {
    return this.#options.addon ?? true;
  }

  /**
   * Whether Sheets knows the project's custom functions in a spreadsheet: always in a bound script's
   * container; for an add-on, once someone used it there (a menu item or its sidebar).
   * @param id the spreadsheet (default: the runtime's own)
   */
  addonEnabledIn(id: string = this.spreadsheet.id): boolean {
    return !this.isAddon || this.#documents.record(id).addonUsed;
  }

  /** The manifest option, else appsscript.json beside Code.js (none when the code was given as text). */
  #loadManifest(): Manifest | null {
    const { manifest, code, project, codePath } = this.#options;
    if (manifest !== undefined) return manifest === null ? null : checkManifest(manifest, 'the manifest option');
    if ((code !== undefined || project !== undefined) && codePath === undefined) return null;
    return readManifest(join(dirname(this.#codePath()), 'appsscript.json'));
  }

  // ---- spreadsheets, owners and users ---------------------------------------------------------

  /** Every live spreadsheet (the default one first), in the order they were added. */
  get spreadsheets(): readonly SpreadsheetModel[] {
    return this.#documents.models;
  }

  /** Adds a spreadsheet with its owner (null: a shared drive) and editors, and its own document stores. */
  addSpreadsheet(spec: SpreadsheetSpec): SpreadsheetModel {
    const clock = this.clock;
    const model = new SpreadsheetModel({
      id: spec.id,
      name: spec.name ?? RUNTIME_DEFAULTS.spreadsheetName,
      owner: spec.owner,
      editors: spec.editors ?? [],
      timeZone: spec.timeZone ?? this.spreadsheet.timeZone,
      now: () => clock.now(),
    });
    this.#documents.add(model, undefined, spec.addonUsed ?? false);
    return model;
  }

  /** Trashes a spreadsheet: openById fails afterwards as Google fails for a trashed file. */
  deleteSpreadsheet(id: string): void {
    this.#documents.delete(id);
  }

  /** Gives `email` edit access (as the owner sharing the file). */
  shareSpreadsheet(id: string, email: string): void {
    const { model } = this.#documents.record(id);
    if (model.owner !== email && !model.editors.includes(email)) model.editors.push(email);
  }

  /** Takes `email`'s edit access away (the owner keeps theirs). */
  unshareSpreadsheet(id: string, email: string): void {
    const { model } = this.#documents.record(id);
    const i = model.editors.indexOf(email);
    if (i >= 0) model.editors.splice(i, 1);
  }

  /** A spreadsheet's document properties (default: the runtime's own, i.e. `properties.document`). */
  documentProperties(id: string = this.spreadsheet.id): PropertyStore {
    return this.#documents.record(id).properties;
  }

  /** A spreadsheet's document cache (default: the runtime's own, i.e. `caches.document`). */
  documentCache(id: string = this.spreadsheet.id): CacheStore {
    return this.#documents.record(id).cache;
  }

  /** The custom-function results Sheets remembers in a spreadsheet (`.clear()` to start afresh). */
  rememberedResults(id: string = this.spreadsheet.id): RememberedResults<RememberedResult> {
    return this.#documents.record(id).remembered;
  }

  /** Every user's installable triggers, in creation order (the live list). */
  get triggers(): readonly TriggerRecord[] {
    return this.triggerStore.list;
  }

  /** A user's trigger runtime today (script ms): used, left, and when the day's window closes. */
  triggerRuntime(email: string = this.userEmail): TriggerRuntimeUse {
    return this.triggerRuntimeQuota.use(email);
  }

  /**
   * The add-on is disabled in a spreadsheet ("Use in this document" unticked): the triggers made there,
   * whoever made them, stop firing until enableAddon; its menu, sidebar and formulas cannot run there.
   */
  disableAddon(documentId: string): void {
    this.#documents.record(documentId);
    this.triggerStore.setDisabled(documentId, true);
  }

  /**
   * The add-on is enabled in a spreadsheet (Manage add-ons › Options › "Use in this document"): enabled
   * there as if used (its custom functions known, onOpen in LIMITED), and its triggers fire again
   * (Google: "becomes operational again").
   */
  enableAddon(documentId: string): void {
    this.#documents.record(documentId).addonUsed = true;
    this.triggerStore.setDisabled(documentId, false);
  }

  /** The user removed (uninstalled) the add-on: every trigger they made stops for good. */
  uninstallAddon(email: string = this.userEmail): void {
    this.triggerStore.uninstall(email);
  }

  /**
   * What a user granted on the consent screen: exactly `scopes` of the manifest's (the rest unticked), or
   * 'all' ("Select all", the default). Applies from the next execution.
   */
  setGrantedScopes(scopes: readonly string[] | 'all', email: string = this.userEmail): void {
    if (scopes === 'all') this.consent.grantAll(email);
    else this.consent.set(email, scopes);
  }

  /** The consent prompts requireScopes / requireAllScopes showed, oldest first. */
  get consentPrompts(): readonly ConsentPrompt[] {
    return this.consent.prompts;
  }

  /** A user's user properties (the default user's are `properties.user`). */
  userProperties(email: string = this.userEmail): PropertyStore {
    return this.#storesOf(email).properties;
  }

  /** A user's user cache (the default user's is `caches.user`). */
  userCache(email: string = this.userEmail): CacheStore {
    return this.#storesOf(email).cache;
  }

  /**
   * The user stores a custom function gets: the spreadsheet owner's, whoever runs it (Google's
   * custom-function guide: getUserProperties() "only gets the properties of the spreadsheet owner").
   * A shared-drive file has no owner: Google is silent, so the strict case, stores that start empty
   * in every execution and keep nothing. The user cache follows the same rule (undocumented too).
   */
  #ownerStores(active: DocumentRecord | null): { properties: PropertyStore; cache: CacheStore } {
    const owner = active?.model.owner ?? null;
    if (owner !== null) return this.#storesOf(owner);
    return {
      properties: new PropertyStore('user', new MemoryPropertiesBackend()),
      cache: new CacheStore('user', new MemoryCacheBackend(), this.clock, this.#earlyRemoval),
    };
  }

  #storesOf(email: string): { properties: PropertyStore; cache: CacheStore } {
    if (email === this.userEmail) return { properties: this.properties.user, cache: this.caches.user };
    let stores = this.#userStores.get(email);
    if (!stores) {
      stores = {
        properties: new PropertyStore('user', new MemoryPropertiesBackend()),
        cache: new CacheStore('user', new MemoryCacheBackend(), this.clock, this.#earlyRemoval),
      };
      this.#userStores.set(email, stores);
    }
    return stores;
  }

  /**
   * Runs a trigger's handler as Google would: a 'trigger' execution in AuthMode.FULL, as the
   * trigger's owner, with Google's event object (time-driven: authMode, triggerUid, year, month,
   * day-of-month, day-of-week, hour, minute, second, week-of-year, timezone "UTC"; spreadsheet
   * triggers: authMode, triggerUid, source, user). Throws if the trigger no longer exists.
   */
  fireTrigger(trigger: TriggerRecord | string, opts: FireOptions = {}): ExecutionResult {
    const uid = typeof trigger === 'string' ? trigger : trigger.uid;
    const record = this.triggerStore.find(uid);
    if (!record) throw new Error(`dev/gas: no trigger ${uid} (deleted?)`);
    const stopped = this.triggerStore.stopped(record);
    if (stopped) {
      throw new Error(
        `dev/gas: trigger ${uid} does not fire: the add-on is ${stopped === 'disabled' ? `disabled in spreadsheet "${record.documentId}", where it was made` : `uninstalled by ${record.owner}`}`,
      );
    }
    record.runs++;
    // The owner's trigger runtime for the day: spent, the execution fails at once; else it is what is left.
    const left = this.triggerRuntimeQuota.use(record.owner).remainingMs;
    if (left <= 0) return refusedExecution(TRIGGER_RUNTIME_MESSAGE);
    const limitMs = opts.timeLimitMs ?? defaultTimeLimitMs('trigger');
    // A time-driven trigger has no document; `document` names the one it was created in (ScriptApp).
    const runOpts: RunOptions = { mode: 'trigger', authMode: 'FULL', user: record.owner, document: record.documentId };
    runOpts.timeLimitMs = Math.min(limitMs, left);
    if (opts.timeScale !== undefined) runOpts.timeScale = opts.timeScale;
    if (opts.latency !== undefined) runOpts.latency = opts.latency;
    const result = this.#fire(record, runOpts, opts);
    this.triggerRuntimeQuota.charge(record.owner, result.durationMs);
    // Cut short by the day's quota rather than by its own limit: Google's quota message.
    if (result.timedOut && left < limitMs) result.error = TRIGGER_RUNTIME_MESSAGE;
    return result;
  }

  #fire(record: TriggerRecord, runOpts: RunOptions, opts: FireOptions): ExecutionResult {
    return this.#execute(
      record.handler,
      runOpts,
      (exec) => {
        const extra = { ...opts.event };
        let event: Record<string, unknown>;
        if (record.eventType === 'CLOCK') {
          event = { ...clockEvent(record, this.clock.now()), ...extra };
        } else {
          const book = this.#documents.record(record.documentId).model;
          const ctx = documentContext(exec, book, {
            toasts: this.toasts,
            manifest: this.manifest,
            projectId: this.#state.session.scriptId,
          });
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
  fireDueTriggers(): FiredTrigger[] {
    const now = this.clock.now();
    const due = this.triggerStore.list.filter((t) => t.nextRunAt !== null && t.nextRunAt <= now);
    const fired: FiredTrigger[] = [];
    for (const trigger of due) {
      trigger.nextRunAt = trigger.schedule ? nextRunAfter(trigger.schedule, trigger.createdAt, now) : null;
      // A stopped trigger's slot passes without a run (re-enabled, it fires at its next one).
      if (!this.triggerStore.stopped(trigger)) fired.push({ trigger, result: this.fireTrigger(trigger) });
    }
    return fired;
  }

  /** Moves the runtime clock forward (cache expiry). */
  advanceClock(ms: number): void {
    this.clock.advance(ms);
  }

  /** Drops a fetch in flight. The runtime can still run code afterwards (the thread's HTTP worker stays, unref'd). */
  close(): void {
    this.#http.close();
  }

  #codePath(): string {
    return this.#options.codePath ?? DEFAULT_CODE_PATH;
  }

  /**
   * Replaces the project's files, as a person pasting a newer release over the same project does: the
   * next execution evaluates the new script files (and HtmlService reads the new HTML files, when
   * given). Properties, caches, triggers and the spreadsheets' developer metadata stay: they belong to
   * the project (its script id) and its users, not to its code.
   * @param files the new script files, in order
   * @param htmlFiles the new HTML files by name (without ".html"); default: the ones read so far
   */
  updateProject(files: readonly ScriptFile[], htmlFiles?: Record<string, string>): void {
    this.#files = [...files];
    this.#scripts = undefined;
    this.#functionNames = undefined;
    if (htmlFiles) this.#htmlFiles = { ...htmlFiles };
  }

  #readHtmlFile(name: string): string | undefined {
    const given = this.#htmlFiles?.[name] ?? this.#options.htmlFiles?.[name];
    if (given !== undefined) return given;
    const path = join(dirname(this.#codePath()), `${name}.html`);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  }

  /** The project's script files, read once. A missing Code.js is a harness problem: it throws from run(). */
  #project(): ScriptFile[] {
    const { project, code } = this.#options;
    this.#files ??= project ? [...project] : code !== undefined ? [{ name: 'Code.js', source: code }] : readProject(this.#codePath());
    return this.#files;
  }

  /**
   * Every script file, compiled once and evaluated afresh, in order, in each execution's context. A
   * SyntaxError becomes the result's error (Google refuses to save such a file; here the run fails).
   */
  #compiled(): vm.Script[] {
    this.#scripts ??= this.#project().map(compiledScript);
    return this.#scripts;
  }

  /**
   * Runs one execution of the top-level function `functionName` with `args` (node values; arrays
   * and Dates are rebuilt in the script's realm). Synchronous: blocks during UrlFetch, sleep and locks.
   */
  run(functionName: string, args: readonly unknown[] = [], opts: RunOptions = {}): ExecutionResult {
    const mode = opts.mode ?? 'custom-function';
    if (mode === 'custom-function') args.forEach(checkCustomFunctionArg);
    return this.#execute(functionName, opts, (exec) => {
      const realm: Realm = exec.innerRealm;
      return args.map((a) => toInner(realm, a));
    });
  }

  /**
   * A formula cell's evaluation as Sheets does it: the result Sheets remembers for this function and
   * these argument values in this spreadsheet (no execution, no fetch), else one custom-function
   * execution whose result (errors included) is remembered from then on (remembered-results.ts).
   */
  evaluateCustomFunction(functionName: string, args: readonly unknown[] = [], opts: EvaluateOptions = {}): Evaluation {
    args.forEach(checkCustomFunctionArg);
    const record = this.#documents.record(opts.document ?? this.spreadsheet.id);
    // An add-on nobody used here yet: Sheets does not know the function, and runs nothing (#NAME?).
    if (!this.addonEnabledIn(record.model.id)) return { remembered: false, result: unknownFunction(functionName) };
    const hit = record.remembered.get(functionName, args);
    if (hit) return { remembered: true, result: fromRemembered(hit) };
    const runOpts: RunOptions = { mode: 'custom-function', document: record.model.id };
    if (opts.user !== undefined) runOpts.user = opts.user;
    if (opts.timeLimitMs !== undefined) runOpts.timeLimitMs = opts.timeLimitMs;
    if (opts.timeScale !== undefined) runOpts.timeScale = opts.timeScale;
    const result = this.run(functionName, args, runOpts);
    const remembered: RememberedResult = { ok: result.ok, timedOut: result.timedOut, executionId: result.executionId };
    if ('value' in result) remembered.value = structuredClone(result.value);
    if (result.error !== undefined) remembered.error = result.error;
    record.remembered.set(functionName, args, remembered);
    return { remembered: false, result };
  }

  /**
   * Evaluates every formula of a spreadsheet that calls a project function (recalculate.ts): one pass,
   * row by row, through evaluateCustomFunction, results written and spilled as Sheets shows them.
   * Other formulas are reported unsupported. Returns one entry per formula cell.
   */
  recalculate(
    documentId: string = this.spreadsheet.id,
    opts: Omit<EvaluateOptions, 'document'> & { sheets?: readonly string[] } = {},
  ): RecalcEntry[] {
    const book = this.#documents.record(documentId).model;
    const names = this.#topLevelFunctions();
    return recalculate({
      book,
      sheets: opts.sheets,
      functionsKnown: this.addonEnabledIn(documentId),
      resolveFunction: (name) => names.get(name.toUpperCase()),
      evaluate: (fn, args, sheet, row, column) => {
        // The custom function's own cell is the active range while it runs (getActiveRange()).
        const before = book.active;
        book.activateRange(sheet, { row, column, numRows: 1, numColumns: 1 });
        try {
          return this.evaluateCustomFunction(fn, args, { ...opts, document: documentId });
        } finally {
          if (!before.sheet.deleted) book.activateRange(before.sheet, before.rect);
        }
      },
    });
  }

  /**
   * The project's top-level functions by upper-case name (Sheets matches formula names case-insensitively;
   * an exact-case duplicate wins). Private ones (name_) are not callable from a cell. Found by
   * evaluating the script once in a bare context: function declarations exist even if its top-level
   * code then fails for want of services.
   */
  #topLevelFunctions(): Map<string, string> {
    if (this.#functionNames) return this.#functionNames;
    const context = vm.createContext({});
    const builtins = new Set(vm.runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]);
    for (const script of this.#compiled()) {
      try {
        script.runInContext(context, { timeout: 5_000 });
      } catch {
        // Only the declarations matter here.
      }
    }
    const global = vm.runInContext('globalThis', context) as Record<string, unknown>;
    const names = new Map<string, string>();
    for (const name of Object.getOwnPropertyNames(global)) {
      if (builtins.has(name) || name.endsWith('_') || typeof global[name] !== 'function') continue;
      const upper = name.toUpperCase();
      if (!names.has(upper) || name === upper) names.set(upper, name);
    }
    this.#functionNames = names;
    return names;
  }

  /** Whether Google lets one more of the user's executions start now (executionStartLimit). */
  #mayStart(user: string): boolean {
    const limit = this.#startLimit;
    if (!limit) return true;
    let starts = this.#starts.get(user);
    if (!starts) this.#starts.set(user, (starts = new SlidingWindow(limit, this.clock)));
    return starts.take(1);
  }

  /** One execution; `makeArgs` builds the arguments inside its context. */
  #execute(
    functionName: string,
    opts: RunOptions,
    makeArgs: (exec: Execution) => unknown[],
    triggerSource?: 'CLOCK' | 'SPREADSHEETS',
  ): ExecutionResult {
    const mode = opts.mode ?? 'custom-function';
    if (opts.user !== undefined && (typeof opts.user !== 'string' || !opts.user.includes('@'))) {
      throw new TypeError(`dev/gas: opts.user must be an email address, got ${String(opts.user)}`);
    }
    const userEmail = opts.user ?? this.userEmail;
    const latency = resolveLatency(this.#options.latency, checkLatency(opts.latency));
    // A time-driven trigger is attached to the script, not to a spreadsheet: it runs with no document.
    const clockTrigger = mode === 'trigger' && (triggerSource ?? 'CLOCK') === 'CLOCK';
    const where = this.#documents.record(opts.document ?? this.spreadsheet.id);
    // An add-on's onOpen runs in NONE where it is installed but not yet used (AuthMode reference).
    const unused = this.isAddon && !where.addonUsed;
    const authMode = opts.authMode ?? (mode === 'simple-trigger' && unused ? 'NONE' : defaultAuthMode(mode));
    if (!clockTrigger && !this.isAddon && where.model.id !== this.spreadsheet.id) {
      throw new TypeError(
        `dev/gas: a container-bound script runs only in its own spreadsheet ("${this.spreadsheet.id}"), not in "${where.model.id}" (it may open others with openById)`,
      );
    }
    if (mode === 'custom-function' && unused) {
      throw new TypeError(
        `dev/gas: Sheets does not run ${functionName} in spreadsheet "${where.model.id}": the add-on was never used there, so its custom functions are unknown (#NAME?). Use it there first (a menu item or the sidebar: run(fn, args, { mode: 'menu', document }))`,
      );
    }
    if (!clockTrigger && !where.model.hasAccess(userEmail)) {
      throw new TypeError(
        `dev/gas: ${userEmail} neither owns nor edits spreadsheet "${where.model.id}" (owner ${where.model.owner ?? 'none: a shared drive'}); share it first (runtime.shareSpreadsheet)`,
      );
    }
    if (!clockTrigger && this.triggerStore.isDisabled(where.model.id)) {
      throw new TypeError(
        `dev/gas: the add-on is disabled in spreadsheet "${where.model.id}": nothing of it runs there (runtime.enableAddon)`,
      );
    }
    const active = clockTrigger ? null : where;
    // Using it there (a menu item, its sidebar) enables an add-on in the document: "An add-on is enabled
    // in a document ... when anyone uses it there." Even an item that fails was a use.
    if (this.isAddon && (mode === 'menu' || mode === 'sidebar')) where.addonUsed = true;
    this.#project();
    if (!this.#mayStart(userEmail)) return refusedExecution(SHORT_TIME_MESSAGES.executions);
    const id = this.#options.shared?.nextExecutionId?.();
    const exec = new Execution({
      ...(id !== undefined ? { id } : {}),
      functionName,
      mode,
      authMode,
      timeLimitMs: opts.timeLimitMs ?? defaultTimeLimitMs(mode),
      timeScale: opts.timeScale ?? this.#options.timeScale ?? 1,
      userEmail,
      latency,
      clockOffsetMs: this.clock.offsetMs,
      waits: this.#options.waits ?? 'skip',
      scopeGranted: (scope) => this.consent.has(userEmail, scope),
      advanceWorld: (ms) => this.clock.advance(ms),
      ...(triggerSource ? { triggerSource } : {}),
      onLog: (entry) => {
        this.logs.push(entry.message);
        this.logEntries.push(entry);
      },
    });
    const finish = (partial: Pick<ExecutionResult, 'ok' | 'value' | 'error' | 'stack'>): ExecutionResult => {
      const timedOut = exec.terminated;
      const realDurationMs = exec.realElapsedMs();
      const result: ExecutionResult = {
        ok: timedOut ? false : partial.ok,
        timedOut,
        durationMs: exec.scriptMsAfter(realDurationMs),
        realDurationMs,
        logs: exec.logs,
        fetchCount: exec.fetchCount,
        urls: exec.urls,
        executionId: exec.id,
        ...exec.meter.report(),
      };
      if (timedOut) result.error = TIMEOUT_MESSAGE;
      else if (exec.consentEnded) {
        // requireScopes ended it: whatever the script caught, the execution failed (consent.ts).
        result.ok = false;
        result.error = AUTHORIZATION_REQUIRED_MESSAGE;
      } else {
        if ('value' in partial) result.value = partial.value;
        if (partial.error !== undefined) result.error = partial.error;
        if (partial.stack !== undefined) result.stack = partial.stack;
      }
      return result;
    };

    try {
      const scripts = this.#compiled();
      const user = authMode === 'CUSTOM_FUNCTION' ? this.#ownerStores(active) : this.#storesOf(userEmail);
      const state: RuntimeState = {
        ...this.#state,
        caches: { document: active?.cache ?? null, user: user.cache, script: this.caches.script },
        properties: { document: active?.properties ?? null, user: user.properties, script: this.properties.script },
        document: active?.model ?? null,
        openSpreadsheet: (docId, method) => this.#documents.open(docId, userEmail, method),
        triggerDocumentId: where.model.id,
      };
      const { context, global } = createExecutionContext(exec, state);
      // Google loading the project: counted against the deadline like everything after it.
      exec.startUp();
      // vm's watchdog counts real time: the script time left, divided by the scale.
      const timeout = (): number => Math.max(1, Math.ceil(exec.remainingRealMs()) + WATCHDOG_GRACE_MS);
      // Every script file of the project, in order, whichever function is called (dev/gas/RULES.md, "Project files").
      for (const script of scripts) {
        script.runInContext(context, { timeout: timeout() });
        if (exec.remainingMs() <= 0) exec.terminated = true;
        if (exec.terminated) return finish({ ok: false });
      }

      const fn = global[functionName];
      if (typeof fn !== 'function' || functionName.endsWith('_')) {
        return finish({ ok: false, error: `Script function not found: ${functionName}` });
      }
      const realm = exec.innerRealm;
      const innerArgs = new realm.Array();
      for (const a of makeArgs(exec)) innerArgs.push(a);
      const out: CallOut = {};
      Object.defineProperty(global, CALL_KEY, {
        value: { fn, args: innerArgs, out, settle: mode !== 'custom-function' },
        configurable: true,
        enumerable: false,
      });
      invoker.runInContext(context, { timeout: timeout() });
      if (exec.remainingMs() <= 0) exec.terminated = true;
      if (exec.terminated) return finish({ ok: false });
      if (out.pending) return finish({ ok: false, error: `The Promise returned by ${functionName} never settled.` });
      if (out.rejected) return finish(thrown(out.error));
      return finish(this.#convertResult(exec, functionName, mode, out.value));
    } catch (error) {
      if (isVmTimeout(error)) exec.terminated = true;
      return finish(thrown(error));
    } finally {
      exec.end();
      this.#http.abortPending();
    }
  }

  #convertResult(
    exec: Execution,
    functionName: string,
    mode: ExecutionMode,
    value: unknown,
  ): Pick<ExecutionResult, 'ok' | 'value' | 'error'> {
    if (mode === 'custom-function') {
      const checked = checkCustomFunctionResult(functionName, value);
      return checked.ok ? { ok: true, value: checked.value } : { ok: false, error: checked.error };
    }
    if (mode === 'sidebar') {
      const checked = checkSidebarResult(value);
      if (checked.problem) {
        exec.log('warn', `[dev/gas] google.script.run delivers null: the result of ${functionName} cannot be sent (${checked.problem}).`);
      }
      return { ok: true, value: checked.value };
    }
    return { ok: true, value: toOuter(value) };
  }
}

/**
 * An execution Google refused to start, nothing run: a trigger whose owner's trigger runtime for the
 * day is spent, or one start too many in a short time (executionStartLimit).
 */
export function refusedExecution(error: string): ExecutionResult {
  return {
    ok: false,
    error,
    timedOut: false,
    durationMs: 0,
    realDurationMs: 0,
    logs: [],
    fetchCount: 0,
    urls: [],
    executionId: 0,
    serviceCalls: {},
    roundTrips: 0,
    fetchCalls: 0,
    modelledMs: 0,
  };
}

/** A formula of an add-on not enabled in its spreadsheet: Sheets' #NAME? text, and nothing ran. */
function unknownFunction(functionName: string): ExecutionResult {
  return refusedExecution(FORMULA_MESSAGES.unknownFunction(functionName));
}

/** A remembered result as evaluateCustomFunction returns it: nothing ran, nothing was fetched or logged. */
function fromRemembered(hit: RememberedResult): ExecutionResult {
  const result: ExecutionResult = {
    ok: hit.ok,
    timedOut: hit.timedOut,
    durationMs: 0,
    realDurationMs: 0,
    logs: [],
    fetchCount: 0,
    urls: [],
    executionId: hit.executionId,
    serviceCalls: {},
    roundTrips: 0,
    fetchCalls: 0,
    modelledMs: 0,
  };
  if ('value' in hit) result.value = structuredClone(hit.value);
  if (hit.error !== undefined) result.error = hit.error;
  return result;
}

/** The result parts of something thrown: an Error's message (and stack), else String(value). */
function thrown(error: unknown): Pick<ExecutionResult, 'ok' | 'error' | 'stack'> {
  if (isError(error)) {
    const e: Error = error;
    const part: Pick<ExecutionResult, 'ok' | 'error' | 'stack'> = { ok: false, error: String(e.message) };
    if (typeof e.stack === 'string') part.stack = e.stack;
    return part;
  }
  let text: string;
  try {
    text = String(error);
  } catch {
    text = Object.prototype.toString.call(error);
  }
  return { ok: false, error: text };
}
