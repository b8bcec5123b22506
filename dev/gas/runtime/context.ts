/**
 * Builds the fresh vm context of one execution: ECMAScript built-ins plus the Apps Script globals,
 * nothing of node's (no require, process, Buffer, setTimeout, URL, TextEncoder, fetch, structuredClone).
 */
import vm from 'node:vm';
import { ChartsFake } from '../spreadsheet/charts.js';
import { CacheServiceFake, type ExecutionCacheStores } from '../services/cache.js';
import { installDilatedDate } from '../execution/dilated-date.js';
import type { Execution } from '../execution/execution.js';
import { HtmlServiceFake } from '../services/html.js';
import { LockServiceFake, type LockRegistry } from '../services/lock.js';
import { ConsoleFake, LoggerFake } from '../services/logger.js';
import { PropertiesServiceFake, type ExecutionPropertyStores } from '../services/properties.js';
import type { DailyQuota } from '../execution/quota.js';
import { createRealm } from '../execution/realm.js';
import { type GasObject, expose } from '../execution/service.js';
import { SessionFake, type SessionSettings } from '../services/session.js';
import type { SpreadsheetModel, ToastRecord } from '../spreadsheet/sheet-model.js';
import { SpreadsheetAppFake, type UiLog } from '../spreadsheet/spreadsheet.js';
import { ScriptAppFake, type TriggerStore } from '../triggers/triggers.js';
import type { ConsentStore } from '../execution/consent.js';
import { UrlFetchAppFake, type UrlFetchDeps } from '../services/url-fetch.js';
import { UtilitiesFake } from '../services/utilities.js';
import { MailAppFake, type MailDeps } from '../services/mail.js';

/**
 * Everything the runtime holds that outlives an execution, as this execution reaches it: the user stores
 * Google gives it (in a custom function, the spreadsheet owner's), the active document's stores (null
 * without a document: a time-driven trigger).
 */
export interface RuntimeState {
  caches: ExecutionCacheStores;
  properties: ExecutionPropertyStores;
  /** Property reads and writes left today (50,000 a day by default). */
  propertiesQuota: DailyQuota;
  locks: LockRegistry;
  ui: UiLog;
  /** The execution's active document; null in a time-driven trigger. */
  document: SpreadsheetModel | null;
  /** Opens another spreadsheet for the execution's user (SpreadsheetApp.openById); throws Google's error. */
  openSpreadsheet: (id: string, method: string) => SpreadsheetModel;
  /** Whose triggers ScriptApp lists: the active document's, or a time-driven trigger's own document's. */
  triggerDocumentId: string;
  toasts: ToastRecord[];
  triggers: TriggerStore;
  session: SessionSettings;
  /** Each user's granted scopes (granular consent). */
  consent: ConsentStore;
  urlFetch: UrlFetchDeps;
  /** MailApp's outbox and each user's recipients quota. */
  mail: MailDeps;
  readHtmlFile: (name: string) => string | undefined;
  /** What createAddonMenu's menu is named: null in an add-on, the project's name in a bound script. */
  addonMenuName: string | null;
}

/** V8 puts these in every context; Apps Script has none of them. */
const REMOVE = ['WebAssembly', 'console'];

/** Creates the context and sets `exec.realm`. Returns the context's global (the sandbox object). */
export function createExecutionContext(exec: Execution, state: RuntimeState): { context: vm.Context; global: Record<string, unknown> } {
  const global: Record<string, unknown> = {};
  const context = vm.createContext(global, {
    name: `dev/gas ${exec.functionName}`,
    codeGeneration: { strings: true, wasm: false },
    // Promise jobs run at the end of each evaluation, inside its timeout, as the script's own.
    microtaskMode: 'afterEvaluate',
  });
  for (const name of REMOVE) vm.runInContext(`delete globalThis.${name}`, context);
  exec.realm = createRealm(context);
  // Always, even at scale 1: the script's Date reads the runtime clock (a test's fixed start, advanceClock).
  installDilatedDate(exec.realm, () => exec.scriptNow());

  const fakes: Record<string, GasObject> = {
    console: new ConsoleFake(exec),
    Logger: new LoggerFake(exec),
    Utilities: new UtilitiesFake(exec),
    UrlFetchApp: new UrlFetchAppFake(exec, state.urlFetch),
    CacheService: new CacheServiceFake(exec, state.caches),
    PropertiesService: new PropertiesServiceFake(exec, state.properties, state.propertiesQuota),
    LockService: new LockServiceFake(exec, state.locks, state.document?.id ?? null),
    Session: new SessionFake(exec, state.session),
    ScriptApp: new ScriptAppFake({
      exec,
      store: state.triggers,
      documentId: state.triggerDocumentId,
      activeDocumentId: state.document?.id ?? null,
      settings: state.session,
      consent: state.consent,
    }),
    SpreadsheetApp: new SpreadsheetAppFake(
      exec,
      {
        active: state.document,
        toasts: state.toasts,
        open: state.openSpreadsheet,
        manifest: state.session.manifest,
        projectId: state.session.scriptId,
        addonMenuName: state.addonMenuName,
      },
      state.ui,
    ),
    HtmlService: new HtmlServiceFake(exec, state.readHtmlFile),
    MailApp: new MailAppFake(exec, state.mail),
    Charts: new ChartsFake(),
  };
  for (const [name, fake] of Object.entries(fakes)) {
    Object.defineProperty(global, name, { value: expose(exec, fake), writable: true, configurable: true, enumerable: false });
  }
  return { context, global };
}
