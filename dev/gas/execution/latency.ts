/**
 * The service-call latency model and call accounting. Every Apps Script service call goes to a Google
 * server and back, so it costs time; which calls cost what lives here, in one table, so the fakes stay
 * plain node code: service.ts charges a call when the script makes it, before the fake runs.
 * Figures and their sources: dev/gas/RULES.md, "Latency model".
 */
import { stringOf } from './realm.js';

/** Modelled script milliseconds per kind of call. */
export interface LatencyTable {
  /** Once per execution, before Code.js is evaluated. */
  startup: number;
  /**
   * Getting a store: CacheService.getDocumentCache/getUserCache/getScriptCache,
   * PropertiesService.get*Properties, LockService.get*Lock. Counted, but not a round trip.
   */
  handle: number;
  /** Properties.getProperty */
  propertyRead: number;
  /** Properties.getProperties, getKeys */
  propertyReadAll: number;
  /** Properties.setProperty, setProperties, deleteProperty, deleteAllProperties */
  propertyWrite: number;
  cacheGet: number;
  cacheGetAll: number;
  cachePut: number;
  cachePutAll: number;
  cacheRemove: number;
  cacheRemoveAll: number;
  /** Lock.tryLock: the request itself; waiting for a held lock comes on top. */
  lockTry: number;
  /** Lock.waitLock: the request itself; waiting for a held lock comes on top. */
  lockWait: number;
  lockRelease: number;
  /** Spreadsheet, Sheet and Range methods that read the document. */
  spreadsheetRead: number;
  /** Spreadsheet, Sheet and Range methods that change the document (and SpreadsheetApp.flush, toast). */
  spreadsheetWrite: number;
  /** ScriptApp trigger calls: getProjectTriggers, getUserTriggers, deleteTrigger, a builder's create. */
  triggers: number;
  /** SpreadsheetApp.openById / openByUrl: loading another spreadsheet (nothing published: a generous cost). */
  openSpreadsheet: number;
  /** HtmlService.createHtmlOutputFromFile: reading a file of the project (nothing published). */
  projectFile: number;
  /** Session: who runs, the script's time zone, the user's locale and key (nothing published). */
  session: number;
  /** ScriptApp's own questions: getAuthorizationInfo, requireScopes, requireAllScopes, getOAuthToken, getScriptId (nothing published). */
  scriptApp: number;
  /** What the Ui sends to the editor: showSidebar, showModalDialog, showModelessDialog, alert, a menu's addToUi (nothing published). */
  ui: number;
  /**
   * A call Google refuses in a custom function that would otherwise cost nothing here (Logger, console…):
   * Google's server answers the refusal (nothing published).
   */
  refused: number;
  /** MailApp.sendEmail, getRemainingDailyQuota (nothing published). */
  mail: number;
  /**
   * UrlFetchApp.fetch / fetchAll: modelled time on top of the real HTTP time, per call. Default 0: the
   * service's answers take their own real time; a test sets it to model a slow service without waiting.
   */
  urlFetch: number;
}

export type LatencyKind = keyof LatencyTable;

/** `false` turns the model off (no waits; calls are still counted); a partial table changes some figures. */
export type LatencySetting = Partial<LatencyTable> | false;

/** The floor where nothing is published: a cache write (Peralta's put average). */
const ASSUMED_FLOOR_MS = 93;
/**
 * Opening a spreadsheet by id: Google publishes no figure, and it loads a whole file, so the stricter
 * (slower) case: 2 s. What a scheduled run costs per spreadsheet it opens rests on it.
 */
const OPEN_SPREADSHEET_MS = 2_000;

/**
 * Published measurements where they exist (the slowest published average of each call), else the
 * assumed floor. Sources and reasoning: dev/gas/RULES.md, "Latency model".
 */
export const DEFAULT_LATENCY: Readonly<LatencyTable> = Object.freeze({
  startup: ASSUMED_FLOOR_MS,
  handle: 3,
  propertyRead: 34,
  propertyReadAll: 34,
  propertyWrite: 64,
  cacheGet: 23,
  cacheGetAll: 23,
  cachePut: 93,
  cachePutAll: 93,
  cacheRemove: 90,
  cacheRemoveAll: 90,
  lockTry: ASSUMED_FLOOR_MS,
  lockWait: ASSUMED_FLOOR_MS,
  lockRelease: ASSUMED_FLOOR_MS,
  spreadsheetRead: ASSUMED_FLOOR_MS,
  spreadsheetWrite: ASSUMED_FLOOR_MS,
  triggers: ASSUMED_FLOOR_MS,
  openSpreadsheet: OPEN_SPREADSHEET_MS,
  projectFile: ASSUMED_FLOOR_MS,
  session: ASSUMED_FLOOR_MS,
  scriptApp: ASSUMED_FLOOR_MS,
  ui: ASSUMED_FLOOR_MS,
  refused: ASSUMED_FLOOR_MS,
  mail: ASSUMED_FLOOR_MS,
  urlFetch: 0,
});

const KINDS = Object.keys(DEFAULT_LATENCY) as LatencyKind[];

/** A bad latency option is a harness bug: every figure must be a finite number ≥ 0. */
export function checkLatency(setting: unknown): LatencySetting | undefined {
  if (setting === undefined || setting === false) return setting;
  if (setting === null || typeof setting !== 'object' || Array.isArray(setting)) {
    throw new TypeError(`dev/gas: latency must be false or a partial latency table, got ${stringOf(setting)}`);
  }
  for (const [kind, ms] of Object.entries(setting)) {
    if (!(KINDS as string[]).includes(kind)) {
      throw new TypeError(`dev/gas: unknown latency kind "${kind}" (known: ${KINDS.join(', ')})`);
    }
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new TypeError(`dev/gas: latency.${kind} must be a finite number of ms ≥ 0, got ${String(ms)}`);
    }
  }
  return setting;
}

/**
 * The table an execution uses: `run` (a run's option) over `base` (the runtime's option) over the
 * defaults. `false` at either level turns the model off, except that a run's table turns it back on.
 * Returns null when off.
 */
export function resolveLatency(base: LatencySetting | undefined, run?: LatencySetting): LatencyTable | null {
  if (run === false) return null;
  if (base === false && run === undefined) return null;
  return { ...DEFAULT_LATENCY, ...(base || {}), ...(run ?? {}) };
}

/** What one script-facing method is, for the accounting: its label in `serviceCalls`, and its cost. */
export interface CallSite {
  /** e.g. "cache.getAll", "spreadsheet.getValues", "urlfetch.fetchAll". */
  label: string;
  /** Undefined: counted, but no modelled latency. */
  kind?: LatencyKind;
  /** Whether it counts in `roundTrips`: a call to a Google store or the document (not UrlFetch, not a handle). */
  roundTrip: boolean;
}

const site = (label: string, kind: LatencyKind | undefined, roundTrip = true): CallSite =>
  kind === undefined ? { label, roundTrip } : { label, kind, roundTrip };

/** Getting a store: measured for the cache (2–3 ms), assumed the same for properties and locks. */
const HANDLES: Record<string, ReadonlySet<string>> = {
  CacheService: new Set(['getDocumentCache', 'getUserCache', 'getScriptCache']),
  PropertiesService: new Set(['getDocumentProperties', 'getUserProperties', 'getScriptProperties']),
  LockService: new Set(['getDocumentLock', 'getUserLock', 'getScriptLock']),
};
const SERVICE_LABEL: Record<string, string> = { CacheService: 'cache', PropertiesService: 'properties', LockService: 'lock' };

const CACHE: Record<string, LatencyKind> = {
  get: 'cacheGet',
  getAll: 'cacheGetAll',
  put: 'cachePut',
  putAll: 'cachePutAll',
  remove: 'cacheRemove',
  removeAll: 'cacheRemoveAll',
};

const PROPERTIES: Record<string, LatencyKind> = {
  getProperty: 'propertyRead',
  getProperties: 'propertyReadAll',
  getKeys: 'propertyReadAll',
  setProperty: 'propertyWrite',
  setProperties: 'propertyWrite',
  deleteProperty: 'propertyWrite',
  deleteAllProperties: 'propertyWrite',
};

// hasLock is free: Google documents it as whether this Lock object acquired (and has not released) the
// lock, which the object knows without asking the server.
const LOCK: Record<string, LatencyKind> = { tryLock: 'lockTry', waitLock: 'lockWait', releaseLock: 'lockRelease' };

/**
 * Document methods that cost nothing: handles (a Spreadsheet, Sheet or Range object is a reference;
 * reading or writing through it is what costs) and what a Range or Sheet object knows of itself
 * (its coordinates, its sheet's id). Every other method of a document object is a read, unless it
 * is a write below: new methods are charged by default.
 */
const DOCUMENT_FREE = new Set([
  // SpreadsheetApp
  'getActive',
  'getActiveSpreadsheet',
  'getActiveSheet',
  'getActiveRange',
  'getCurrentCell',
  'getUi',
  // Spreadsheet
  'getId',
  'getUrl',
  'getRange',
  // Sheet
  'getSheetId',
  'getParent',
  'newChart',
  // Range
  'getRow',
  'getRowIndex',
  'getColumn',
  'getNumRows',
  'getNumColumns',
  'getHeight',
  'getWidth',
  'getA1Notation',
  'getGridId',
  'getSheet',
  'offset',
  'getCell',
]);

/** Document methods that change it (besides the prefixes below). */
const DOCUMENT_WRITES = new Set(['rename', 'toast', 'flush', 'activate', 'appendRow', 'updateChart', 'removeChart']);
const WRITE_PREFIXES = ['set', 'insert', 'delete', 'clear', 'autoResize'];

/**
 * Range.getLastRow/getLastColumn are the range's own coordinates (free); Sheet's are the sheet's
 * content (a read).
 */
const RANGE_FREE = new Set(['getLastRow', 'getLastColumn']);

const DOCUMENT_TYPES = new Set(['SpreadsheetApp', 'SpreadsheetApp.Spreadsheet', 'SpreadsheetApp.Sheet', 'SpreadsheetApp.Range']);

/** SpreadsheetApp methods that load another file. */
const OPENS = new Set(['openById', 'openByUrl']);

function documentSite(gasType: string, method: string): CallSite | undefined {
  if (DOCUMENT_FREE.has(method)) return undefined;
  if (gasType === 'SpreadsheetApp' && OPENS.has(method)) return site(`spreadsheet.${method}`, 'openSpreadsheet');
  if (gasType === 'SpreadsheetApp.Range' && RANGE_FREE.has(method)) return undefined;
  // SpreadsheetApp.getActiveSheet() is a handle (free); Spreadsheet.getActiveSheet() too (in DOCUMENT_FREE).
  const writes = DOCUMENT_WRITES.has(method) || WRITE_PREFIXES.some((p) => method.startsWith(p));
  return site(`spreadsheet.${method}`, writes ? 'spreadsheetWrite' : 'spreadsheetRead');
}

/** Session's methods: each asks Google (a User object knows its own email). */
const SESSION_CALLS = new Set([
  'getActiveUser',
  'getEffectiveUser',
  'getScriptTimeZone',
  'getActiveUserLocale',
  'getTemporaryActiveUserKey',
]);
/** ScriptApp's questions about the project and the user's grant (its enums and builders are local). */
const SCRIPT_APP_CALLS = new Set(['getAuthorizationInfo', 'requireScopes', 'requireAllScopes', 'getOAuthToken', 'getScriptId']);
/** What the Ui sends to the editor (building a menu is local until addToUi). */
const UI_CALLS: Record<string, ReadonlySet<string>> = {
  Ui: new Set(['showSidebar', 'showModalDialog', 'showModelessDialog', 'alert']),
  'Ui.Menu': new Set(['addToUi']),
};

const TRIGGER_CALLS: Record<string, ReadonlySet<string>> = {
  ScriptApp: new Set(['getProjectTriggers', 'getUserTriggers', 'deleteTrigger']),
  'ScriptApp.ClockTriggerBuilder': new Set(['create']),
  'ScriptApp.SpreadsheetTriggerBuilder': new Set(['create']),
};

/**
 * The call site of `method` on a fake of type `gasType`, or undefined for a local, free and uncounted
 * method (document handles such as getActiveSpreadsheet or getRange, Utilities, Logger, console, trigger
 * builders, a menu being built, what an object knows of itself...).
 */
export function callSite(gasType: string, method: string): CallSite | undefined {
  const from = (table: Record<string, LatencyKind>, service: string): CallSite | undefined =>
    Object.hasOwn(table, method) ? site(`${service}.${method}`, table[method]) : undefined;
  if (gasType === 'CacheService.Cache') return from(CACHE, 'cache');
  if (gasType === 'PropertiesService.Properties') return from(PROPERTIES, 'properties');
  if (gasType === 'LockService.Lock') return from(LOCK, 'lock');
  if (HANDLES[gasType]?.has(method)) return site(`${SERVICE_LABEL[gasType]}.${method}`, 'handle', false);
  if (gasType === 'UrlFetchApp')
    return method === 'fetch' || method === 'fetchAll' ? site(`urlfetch.${method}`, 'urlFetch', false) : undefined;
  if (DOCUMENT_TYPES.has(gasType)) return documentSite(gasType, method);
  if (TRIGGER_CALLS[gasType]?.has(method)) return site(`triggers.${method}`, 'triggers');
  if (gasType === 'HtmlService' && method === 'createHtmlOutputFromFile') return site(`html.${method}`, 'projectFile');
  if (gasType === 'Session' && SESSION_CALLS.has(method)) return site(`session.${method}`, 'session');
  if (gasType === 'ScriptApp' && SCRIPT_APP_CALLS.has(method)) return site(`script.${method}`, 'scriptApp');
  if (UI_CALLS[gasType]?.has(method)) return site(`ui.${method}`, 'ui');
  if (gasType === 'MailApp') return site(`mail.${method}`, 'mail');
  return undefined;
}

/**
 * The call site of a call refused in a custom function: its own, or, for a method that otherwise costs
 * nothing here (Logger.log, console.error…), a `refused` one: Google's server answered the refusal.
 * @param gasType the fake's type
 * @param method the method called
 */
export function refusedCallSite(gasType: string, method: string): CallSite {
  return callSite(gasType, method) ?? site(`refused.${gasType}.${method}`, 'refused');
}

/** The part of an ExecutionResult that reports service calls. */
export interface CallReport {
  /**
   * Calls the script made, by label ("cache.getAll": 1, "cache.getDocumentCache": 1, "urlfetch.fetchAll": 1...);
   * free local methods are not listed.
   */
  serviceCalls: Record<string, number>;
  /** Round trips to Google's stores and the document: every counted call except handles and UrlFetch; start-up is not one. */
  roundTrips: number;
  /** UrlFetch calls (a fetchAll is one call, however many requests it sends). */
  fetchCalls: number;
  /** Modelled script milliseconds the execution spent waiting: start-up plus every charged call. */
  modelledMs: number;
}

/** One execution's tally. */
export class CallMeter {
  readonly #counts = new Map<string, { n: number; roundTrip: boolean }>();
  #modelledMs = 0;

  /** @param table the execution's latency table, or null when the model is off */
  constructor(readonly table: LatencyTable | null) {}

  /** Counts one call. */
  count(call: CallSite): void {
    const entry = this.#counts.get(call.label);
    if (entry) entry.n++;
    else this.#counts.set(call.label, { n: 1, roundTrip: call.roundTrip });
  }

  /** The modelled cost of a kind (0 when the model is off). */
  costOf(kind: LatencyKind): number {
    return this.table ? this.table[kind] : 0;
  }

  /** Adds modelled milliseconds actually waited. */
  addModelled(ms: number): void {
    this.#modelledMs += ms;
  }

  /** The result fields. */
  report(): CallReport {
    const serviceCalls: Record<string, number> = {};
    let roundTrips = 0;
    let fetchCalls = 0;
    for (const [label, { n, roundTrip }] of [...this.#counts].sort(([a], [b]) => a.localeCompare(b))) {
      serviceCalls[label] = n;
      if (label.startsWith('urlfetch.')) fetchCalls += n;
      if (roundTrip) roundTrips += n;
    }
    return { serviceCalls, roundTrips, fetchCalls, modelledMs: this.#modelledMs };
  }
}
