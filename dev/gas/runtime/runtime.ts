/**
 * GasRuntime: runs a built project (dist/: Code.js, Server.js) the way Apps Script does. Every run() is
 * one execution: a fresh vm context, every script file of the project evaluated at global scope in
 * order, then one top-level function called, all against a
 * wall-clock deadline. Only caches, properties, locks, the spreadsheets, triggers and the Ui log
 * outlive an execution. An execution runs as the default user or as `opts.user`, in one active
 * spreadsheet (`opts.document`, default the runtime's own; none in a time-driven trigger): user
 * stores are that user's (in a custom function, the spreadsheet owner's), document stores that
 * spreadsheet's, script stores shared.
 *
 * A façade over one module a job, all in this folder: options.ts (what it is asked), project-code.ts
 * (the project's files, compiled), user-stores.ts (each user's stores), trigger-firing.ts (triggers),
 * invoke.ts (one execution in its context), results.ts (executions that did not run); the spreadsheets
 * are spreadsheet/documents.ts's registry, the context context.ts's.
 */
import { createCacheStores, type CacheStore, type CacheStores, type EarlyRemoval } from '../services/cache.js';
import { RuntimeClock } from '../execution/clock.js';
import { createExecutionContext, type RuntimeState } from './context.js';
import { DocumentRegistry, type RememberedResult, type SpreadsheetSpec } from '../spreadsheet/documents.js';
import { Execution, checkTimeScale, type LogEntry } from '../execution/execution.js';
import { checkLatency, resolveLatency } from '../execution/latency.js';
import { LockRegistry, MemoryLockBackend } from '../services/lock.js';
import { allowlistOf, type Manifest } from '../execution/manifest.js';
import { ConsentStore, type ConsentPrompt } from '../execution/consent.js';
import { createPropertyStores, type PropertyStore, type PropertyStores } from '../services/properties.js';
import {
  DAILY_QUOTAS,
  DEFAULT_SHORT_TIME_LIMITS,
  MemoryQuota,
  SHORT_TIME_MESSAGES,
  SlidingWindow,
  checkShortTimeLimit,
  TRIGGER_RUNTIME_DAILY_MS,
  TriggerRuntimeQuota,
  type DailyQuota,
  type TriggerRuntimeUse,
} from '../execution/quota.js';
import type { ScriptFile } from '../execution/project.js';
import { toInner, type Realm } from '../execution/realm.js';
import { recalculate, type RecalcEntry } from '../spreadsheet/recalculate.js';
import type { RememberedResults } from '../spreadsheet/remembered-results.js';
import { checkCustomFunctionArg } from '../execution/result.js';
import { SpreadsheetModel, type ToastRecord } from '../spreadsheet/sheet-model.js';
import { createUiLog, type UiLog } from '../spreadsheet/spreadsheet.js';
import { TriggerStore, type TriggerRecord } from '../triggers/triggers.js';
import { SyncHttp } from '../services/sync-http.js';
import { URL_FETCH_LIMITS, type FetchLogEntry, type UrlFetchQuota } from '../services/url-fetch.js';
import { MAIL_DAILY_RECIPIENTS, MailQuota, type OutboxMail } from '../services/mail.js';
import { ExecutionStarts, checkPlace } from './admission.js';
import { failedExecution, runInContext } from './invoke.js';
import {
  RUNTIME_DEFAULTS,
  defaultAuthMode,
  defaultTimeLimitMs,
  type EvaluateOptions,
  type Evaluation,
  type ExecutionResult,
  type FailureNotification,
  type FireOptions,
  type FiredTrigger,
  type GasRuntimeOptions,
  type RunOptions,
} from './options.js';
import { ProjectCode } from './project-code.js';
import { fromRemembered, refusedExecution, unknownFunction } from './results.js';
import { TriggerFiring } from './trigger-firing.js';
import { UserStores } from './user-stores.js';

export {
  RUNTIME_DEFAULTS,
  defaultAuthMode,
  defaultTimeLimitMs,
  triggerEvent,
  type EvaluateOptions,
  type Evaluation,
  type ExecutionResult,
  type FailureNotification,
  type FireOptions,
  type FiredTrigger,
  type GasRuntimeOptions,
  type RunOptions,
  type SharedRuntimeState,
} from './options.js';
export { refusedExecution } from './results.js';

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
  /** Every mail MailApp sent, oldest first (nothing leaves the machine). */
  readonly outbox: OutboxMail[] = [];
  /** Each user's email recipients left today before "Service invoked too many times for one day: email." */
  readonly mailQuota: MailQuota;

  readonly #options: GasRuntimeOptions;
  readonly #http: SyncHttp;
  readonly #state: Omit<RuntimeState, 'caches' | 'properties' | 'document' | 'openSpreadsheet' | 'triggerDocumentId'>;
  /** Which cache items go early, for every cache this runtime makes (cacheEarlyRemoval). */
  readonly #earlyRemoval: Partial<EarlyRemoval>;
  readonly #documents: DocumentRegistry;
  readonly #code: ProjectCode;
  readonly #userStores: UserStores;
  readonly #firing: TriggerFiring;
  /** Each user's execution starts (executionStartLimit or its default), unless a test turned the limit off. */
  readonly #starts: ExecutionStarts;

  constructor(options: GasRuntimeOptions = {}) {
    this.#options = options;
    if (options.timeScale !== undefined) checkTimeScale(options.timeScale);
    const startLimit = options.executionStartLimit === undefined ? DEFAULT_SHORT_TIME_LIMITS.executions : options.executionStartLimit;
    if (startLimit) checkShortTimeLimit(startLimit);
    const fetchLimit = options.urlFetchShortTimeLimit === undefined ? DEFAULT_SHORT_TIME_LIMITS.urlFetch : options.urlFetchShortTimeLimit;
    checkLatency(options.latency);
    const userEmail = options.userEmail ?? RUNTIME_DEFAULTS.userEmail;
    this.userEmail = userEmail;
    const shared = options.shared ?? {};
    this.clock = shared.clock ?? new RuntimeClock(options.startAt);
    const clock = this.clock;
    this.#code = new ProjectCode(options);
    this.#starts = new ExecutionStarts(startLimit, this.clock);
    this.manifest = this.#code.loadManifest();
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
    this.#userStores = new UserStores(userEmail, { properties: this.properties.user, cache: this.caches.user }, clock, this.#earlyRemoval);
    this.locks = new LockRegistry(shared.lockBackend ?? new MemoryLockBackend(), { documentId: this.spreadsheet.id, userEmail });
    this.urlFetchQuota = shared.urlFetchQuota ?? new MemoryQuota(options.urlFetchDailyQuota ?? DAILY_QUOTAS.urlFetch, clock);
    this.propertiesQuota = shared.propertiesQuota ?? new MemoryQuota(options.propertiesDailyQuota ?? DAILY_QUOTAS.properties, clock);
    this.mailQuota = new MailQuota(options.mailDailyQuota ?? MAIL_DAILY_RECIPIENTS.consumer, clock);
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
      mail: { outbox: this.outbox, quota: this.mailQuota, clock },
      readHtmlFile: (name) => this.#code.readHtmlFile(name),
      addonMenuName: this.isAddon ? null : (options.projectName ?? RUNTIME_DEFAULTS.projectName),
    };
    this.#firing = new TriggerFiring({
      triggerStore: this.triggerStore,
      triggerRuntimeQuota: this.triggerRuntimeQuota,
      clock,
      documents: this.#documents,
      toasts: this.toasts,
      manifest: this.manifest,
      scriptId: this.#state.session.scriptId,
      isAddon: this.isAddon,
      execute: (functionName, opts, makeArgs, triggerSource) => this.#execute(functionName, opts, makeArgs, triggerSource),
    });
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
    return this.#userStores.of(email).properties;
  }

  /** A user's user cache (the default user's is `caches.user`). */
  userCache(email: string = this.userEmail): CacheStore {
    return this.#userStores.of(email).cache;
  }

  /**
   * Runs a trigger's handler as Google would: a 'trigger' execution in AuthMode.FULL, as the
   * trigger's owner, with Google's event object (trigger-firing.ts). Throws if the trigger no longer exists.
   */
  fireTrigger(trigger: TriggerRecord | string, opts: FireOptions = {}): ExecutionResult {
    return this.#firing.fire(trigger, opts);
  }

  /**
   * Runs every time-driven trigger whose next run is due on the runtime clock (once each, even if
   * several runs were missed, as Google does), then schedules its next run. Advance the clock first.
   */
  fireDueTriggers(): FiredTrigger[] {
    return this.#firing.fireDue();
  }

  /**
   * The "Summary of failures" mails Google would send so far: one entry per failed trigger execution of a
   * container-bound script, to its owner; an add-on's triggers mail nobody (trigger-firing.ts).
   */
  get failureNotifications(): readonly FailureNotification[] {
    return this.#firing.failureNotifications;
  }

  /** Moves the runtime clock forward (cache expiry). */
  advanceClock(ms: number): void {
    this.clock.advance(ms);
  }

  /** Drops a fetch in flight. The runtime can still run code afterwards (the thread's HTTP worker stays, unref'd). */
  close(): void {
    this.#http.close();
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
    this.#code.update(files, htmlFiles);
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
    if (opts.latency !== undefined) runOpts.latency = opts.latency;
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
   * Other formulas are reported unsupported. Returns one entry per formula cell. `forgetRemembered`:
   * Sheets runs every formula again by itself, unchanged arguments too (none is handed back remembered).
   */
  recalculate(
    documentId: string = this.spreadsheet.id,
    opts: Omit<EvaluateOptions, 'document'> & { sheets?: readonly string[]; forgetRemembered?: boolean } = {},
  ): RecalcEntry[] {
    const book = this.#documents.record(documentId).model;
    // Sheets may run a formula again with unchanged arguments (dev/gas/RULES.md, "Remembered
    // custom-function results"): what each one shows then is what a fresh execution returns.
    if (opts.forgetRemembered) this.rememberedResults(documentId).clear();
    const names = this.#code.topLevelFunctions();
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
    // A time-driven trigger is attached to the script, not to a spreadsheet.
    const clockTrigger = mode === 'trigger' && (triggerSource ?? 'CLOCK') === 'CLOCK';
    const where = this.#documents.record(opts.document ?? this.spreadsheet.id);
    // An add-on's onOpen runs in NONE where it is installed but not yet used (AuthMode reference).
    const unused = this.isAddon && !where.addonUsed;
    const authMode = opts.authMode ?? (mode === 'simple-trigger' && unused ? 'NONE' : defaultAuthMode(mode));
    checkPlace({
      functionName,
      mode,
      userEmail,
      where,
      ownId: this.spreadsheet.id,
      isAddon: this.isAddon,
      clockTrigger,
      disabled: this.triggerStore.isDisabled(where.model.id),
    });
    // An add-on's time-driven trigger is the script's and sees no document; a container-bound script's sees
    // its container ("These methods are only available to bound scripts run from the script editor, menu
    // items, dialogs, sidebars, or triggers", Google's bound-scripts guide).
    const active = clockTrigger && this.isAddon ? null : where;
    // Using it there (a menu item, its sidebar) enables an add-on in the document: "An add-on is enabled
    // in a document ... when anyone uses it there." Even an item that fails was a use.
    if (this.isAddon && (mode === 'menu' || mode === 'sidebar')) where.addonUsed = true;
    this.#code.files();
    if (!this.#starts.mayStart(userEmail)) return refusedExecution(SHORT_TIME_MESSAGES.executions);
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
    try {
      const scripts = this.#code.compiled();
      const user = authMode === 'CUSTOM_FUNCTION' ? this.#userStores.ofOwner(active) : this.#userStores.of(userEmail);
      const state: RuntimeState = {
        ...this.#state,
        caches: { document: active?.cache ?? null, user: user.cache, script: this.caches.script },
        properties: { document: active?.properties ?? null, user: user.properties, script: this.properties.script },
        document: active?.model ?? null,
        openSpreadsheet: (docId, method) => this.#documents.open(docId, userEmail, method),
        triggerDocumentId: where.model.id,
      };
      const { context, global } = createExecutionContext(exec, state);
      return runInContext(exec, context, global, scripts, functionName, mode, makeArgs);
    } catch (error) {
      return failedExecution(exec, error);
    } finally {
      exec.end();
      this.#http.abortPending();
    }
  }
}
