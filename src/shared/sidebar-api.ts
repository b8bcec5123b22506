/**
 * The types the sidebar page and the Apps Script server share: what the server functions the sidebar
 * calls through google.script.run take and return. The functions themselves are listed once, as the
 * exports of src/server/index.ts: the sidebar's typed wrapper (src/sidebar/server.ts) takes its names,
 * arguments (`Sent<T>`) and results from their types. A server function fails by throwing an Error whose
 * message is meant for the user.
 *
 * What crosses the wire is named here. The views and requests of the calls are defined here; the
 * domain's own figures they carry are defined beside their domain, in the modules both sides share, and
 * named here again for the page: a usage read and what an action costs (allowance-rules.ts), who pays
 * for the formulas (who-pays.ts), a ranking group (rules.ts).
 */
import type { CellValue, DocumentSpend, SpendCost, SpentSince, UsageBar, UsageRead } from './allowance-rules';
import type { RankingGroup } from './rules';
import type { FormulaKeyView, OwnerView, Role } from './who-pays';

export type { CellValue, DocumentSpend, FormulaKeyView, OwnerView, RankingGroup, Role, SpendCost, SpentSince, UsageBar, UsageRead };

/** What the sidebar shows of the settings. The keys themselves never leave the server. */
export interface SettingsView {
  /** Whether the person who opened the sidebar saved a key of their own. */
  hasKey: boolean;
  /** The last four characters of their own key after bullets, e.g. "••••3f9c"; null without a key. */
  maskedKey: string | null;
  /** Whether their own key is the one shared with this document. */
  sharedWithDocument: boolean;
  /** Their email as Google reports it ("" when it does not), and their role here. */
  you: { email: string; role: Role };
  owner: OwnerView;
  /** Which key this spreadsheet's formulas use, who pays, and what to do. */
  formulas: FormulaKeyView;
  baseUrl: string;
  baseUrlIsDefault: boolean;
  defaultBaseUrl: string;
  /** URL prefixes the add-on may call (the manifest's urlFetchWhitelist); a base URL must fall inside one. */
  allowlist: string[];
  /**
   * A self-install (the files of release/ pasted into this spreadsheet's Extensions › Apps Script): no
   * default service and no allowlist, so the service's https address is typed beside the key
   * (`baseUrl`, '' until saved); the script lives in this spreadsheet only, and its editors can read it.
   */
  selfInstall: boolean;
  /**
   * In a self-install, how many people besides the viewer can edit this spreadsheet, and so change its
   * script and read the viewer's key; null in the Marketplace add-on or when Google does not say.
   */
  otherEditors: number | null;
  /**
   * The release the server script was built from (package.json's version), which the sidebar compares
   * with its own: a self-installer may have pasted Code.gs and not Sidebar.html, or the other way round.
   */
  version: string;
}

/**
 * The usage section. Opening the sidebar sends no request: it shows the last read of /usage made with the
 * viewer's key (kept in their user properties with a fingerprint of the key, so another key's figures are
 * never shown), plus what this document sent with that key since; Refresh reads it again.
 */
export interface UsageView {
  /**
   * The last read with the viewer's key, brought up to date with what this document sent with it since;
   * null when there is none yet, or when it is from before the allowance reset (`readBeforeReset`).
   */
  last: UsageRead | null;
  /**
   * When the last read was taken, if it is from before the allowance reset (its figures say nothing of
   * today's): the service's reset time passed since, or a day went by (`readBeforeReset`, allowance-rules.ts).
   */
  readBeforeReset: string | null;
  document: DocumentSpend;
  /** This spreadsheet's own cap, what it spent today and its request log (absent where the panel adds nothing). */
  spending?: SpreadsheetSpending;
}

/**
 * This spreadsheet's own spending (docs/use/sidebar.md, "A cap for this spreadsheet" and "The request
 * log"): its cap on fresh searches a day, what it spent today, and the request log's switch.
 */
export interface SpreadsheetSpending {
  /** Its cap on fresh searches a day; null: none (the account's allowance alone limits it). */
  cap: number | null;
  /**
   * What it spent today (a UTC day): its formulas, sidebar and menu, and its scheduled runs as far as
   * counted here. The request log's rows of the day add up to the same while the log was on all day.
   */
  today: { requests: number; freshSearches: number };
  /** When the cap's day ends (ISO): 00:00 UTC. */
  resetsAt: string;
  /** The request log: on or off, and the name of the sheet it writes (null until it has one). */
  log: { on: boolean; sheet: string | null };
}

/** What the sidebar sends to set this spreadsheet's cap: a whole number of fresh searches a day (or its text as typed), or null to lift it. */
export interface SpendCapRequest {
  freshSearchesPerDay: number | string | null;
}

/**
 * What "Refresh all formulas" could spend, worked out without a request: the subjects this spreadsheet's
 * formulas pass, normalised as the functions do, less what this document's cache answers and what the
 * limit guard holds back. Upper bounds: each distinct query left is at most one request.
 */
export interface RefreshEstimate {
  /** Cells whose formula calls one of the add-on's functions. */
  formulaCells: number;
  /** Distinct queries a refresh may send, by endpoint path (only those with at least one). */
  endpoints: { path: string; queries: number; searches: boolean }[];
  /** At most this many requests (API calls), the usage reads included. */
  requests: number;
  /**
   * Of those, reads of what is left today (0 or 1): a range formula with more than a handful to fetch
   * reads it first when nothing recent is known (src/server/spending/pacing.ts), and the formulas after it
   * in the same minute pace by that read.
   */
  usageReads: number;
  /** Of those, queries to a searching endpoint: at most this many fresh searches (no more than are left). */
  freshSearches: number;
  /**
   * Of those, requests past the fresh-search limit that ask for keywords the service may have cached
   * (free of searches; each refused costs an API call): the formulas send a handful at most (pacing.ts).
   */
  probes: number;
  /** Search queries not sent because the fresh searches left do not reach them: they wait for the reset. */
  waiting: number;
  /** Formula cells the refresh runs again: every answer they need is cached, or fetched first within what is left. */
  cellsRerun: number;
  /** Of those, cells showing no answer yet that fetch what they can themselves: some rows will say when the rest comes. */
  cellsInPart: number;
  /** Formula cells it leaves as they are (they keep what they show), and what they wait for. */
  cellsWaiting: number;
  waitingFor: RefreshWait | null;
  /** When what they wait for resets (ISO), if known. */
  resetAt: string | null;
  /** Distinct queries this document's cache answers (free). */
  cached: number;
  /** Distinct queries the daily-limit guard holds back until the limit resets (free). */
  heldBack: number;
  /** No key reaches the formulas: they say "No API key" and send nothing. */
  noKey: boolean;
  /** Calls whose subject cannot be read without running them (a nested expression, an unknown name): not counted. */
  unknownCalls: number;
  /** Where the first of them are, such as "Sheet1!B7". */
  unknownCells: string[];
  /** Cells whose value says "No API key" now (a range formula's rows). */
  noKeyCells: number;
  /** Cells of the add-on's formulas showing #ERROR! now: a formula's own message ("No API key" or another) shows on hover. */
  errorCells: number;
}

/** The state of this document's answer cache and formulas. */
export interface CacheView {
  generation: string;
  /** Cells in this spreadsheet whose formula calls one of the add-on's functions. */
  formulaCells: number;
}

/**
 * The result of "Refresh all formulas". Sheets re-runs a custom function only when its arguments change,
 * so every formula of the add-on ends with the argument SDM_REFRESH (a named cell the add-on changes).
 * It runs again only the cells it could answer now (it fetched their answers first); the others keep
 * what they show, untouched.
 */
export interface RefreshView {
  /** Formula cells that re-run. */
  formulaCells: number;
  /** Of those, formulas that got the SDM_REFRESH argument now (once; later refreshes change one cell). */
  formulasRewritten: number;
  sheets: number;
  /** Formula cells left as they are: they keep what they show until they can be answered. */
  waiting: number;
  /** What they wait for: the fresh searches or the API calls to reset, or a key this viewer may fetch with. */
  waitingFor: RefreshWait | null;
  /** When that resets (ISO), if known. */
  resetAt: string | null;
  /** Requests the refresh sent (the usage read included), before the formulas ran. */
  requests: number;
  /** Of them, fresh searches. */
  freshSearches: number;
}

/** What formula cells left as they are wait for. */
export type RefreshWait = 'fresh searches' | 'API calls' | 'key' | 'cap';

/** Where "Freeze" and "Unfreeze" look: the selected cells, or every sheet of the spreadsheet. */
export type FreezeScope = 'selection' | 'all';

/**
 * The result of "Freeze selected results as values" or "Unfreeze selected results". Freezing replaces
 * each formula of the add-on (and what it spilled) by its current values and keeps the formula in the
 * cell's note; unfreezing puts the formula back from that note.
 */
export interface FreezeView {
  /** Formulas frozen (or, unfreezing, put back). */
  formulas: number;
  /** The sheets they are on. */
  sheets: number;
  /**
   * Left as they were, by cell ("Sheet1!B2") and the cells they cover ("Sheet1!B2:D9"). Freezing keeps
   * a formula whose result is not complete (why: KeptReason); unfreezing skips frozen values changed
   * since ('changed': putting the formula back would overwrite the change).
   */
  skipped: { cell: string; area: string; reason: KeptReason | 'changed' }[];
}

/**
 * What "Format results" did: the add-on's results it found in the selection (or, with one cell selected
 * outside any result, on the selected cell's sheet; or on every sheet) were given number formats. Values
 * never change.
 */
export interface FormatView {
  /** Results found and formatted. */
  results: number;
  /** Cells whose format changed (0: they were formatted already). */
  cells: number;
  /** The sheets they are on. */
  sheets: number;
  /** Where it looked: the selection, the sheet of a cell selected outside any result, or every sheet. */
  scope: 'selection' | 'sheet' | 'all';
  /** What it did, in words (the menu's toast says the same). */
  message: string;
}

/**
 * Why Freeze kept a formula: its result holds a row or cell the add-on could not fill. 'limit': a daily
 * limit (fetched by Refresh all formulas after the reset); 'budget': not fetched in time (Refresh all
 * formulas continues); 'error': an error of the add-on or of Sheets; 'loading': still calculating.
 */
export type KeptReason = 'limit' | 'budget' | 'error' | 'loading';

/** When ranking tables refresh by themselves (one time-driven trigger per user per document). */
export type Schedule =
  | { kind: 'off' }
  | { kind: 'hourly' }
  | { kind: 'every6h' }
  | { kind: 'daily'; hour: number }
  | { kind: 'weekly'; weekday: number; hour: number };

/** What to insert: a group, where, which columns (null = all) and how many rows (null = all). */
export interface InsertTableRequest {
  group: string;
  placement: 'new-sheet' | 'selection';
  columns: string[] | null;
  limit: number | null;
}

/** One tracked ranking table as the sidebar lists it. */
export interface TableView {
  id: string;
  group: string;
  /** The group's name as its list gives it ("Fintech"), what the sidebar says; the group where none did. */
  name: string;
  sheetName: string;
  /** A1 notation of the whole table, stamp included. */
  range: string;
  rows: number;
  updatedAt: string | null;
  status: 'ok' | 'error' | 'waiting';
  message: string;
}

/** The outcome of one refresh run. */
export interface RunLog {
  startedAt: string;
  finishedAt: string;
  trigger: 'schedule' | 'menu' | 'sidebar';
  /** Each table's outcome; `name` is its group's name (absent in logs written before: the group). */
  results: { id: string; group: string; name?: string; ok: boolean; message: string }[];
  /** Set when the whole run could not happen (another run was going on, no key…). */
  note: string;
}

/** The ranking tables panel. */
export interface TablesView {
  tables: TableView[];
  schedule: Schedule;
  /**
   * Who set this spreadsheet's schedule (their trigger runs it, with their key); null when off. `email`
   * is "" when Google did not say.
   */
  scheduledBy: { you: boolean; email: string } | null;
  lastRun: RunLog | null;
  /**
   * What the viewer's scheduled runs reported about their OTHER spreadsheets (deleted or no longer shared
   * with them, so dropped from the schedule), newest first.
   */
  notes: { at: string; message: string }[];
  /**
   * Set when the viewer's scheduled runs (in any spreadsheet) have stopped: their trigger has not run
   * for hours, e.g. because the add-on was turned off where it lives. `repairScheduledRuns` fixes it.
   */
  overdue: OverdueNotice | null;
  /** Set while the viewer's scheduled runs stop (a permission, the key, the allowance, the service): why, and how to fix it. */
  runStop: RunStopNotice | null;
  /** What opening the insert form sends: reading the group list (/ranking), nothing while it is cached. */
  groupListCost: SpendCost;
}

/** A group's table before inserting it: its columns and rows, and what inserting it then sends. */
export interface TablePreview {
  /** The group's name as its list gives it ("Fintech"), or the group where none does. */
  name: string;
  headers: string[];
  labels: string[];
  rows: number;
  insertCost: SpendCost;
}

/** Scheduled runs that stopped: since when (ISO; null if never), and the sentence the sidebar shows. */
export interface OverdueNotice {
  since: string | null;
  message: string;
}

/** Scheduled runs that stop at each run: since when (ISO), and the sentence the sidebar shows (why, and how to fix it). */
export interface RunStopNotice {
  since: string;
  message: string;
}

/** What "Refresh now" returns: the panel, and this call's own run. */
export interface RefreshTablesView extends TablesView {
  /**
   * This call's log. Unlike `lastRun` (the last run recorded), it is there even when nothing was
   * recorded: a skipped run (another one held the lock) or no tables, each with its `note`.
   */
  run: RunLog;
}

/** What a tracking list follows: keywords (answered by /trend) or brands (by /brand). */
export type TrackKind = 'keywords' | 'brands';

/** How often a list gets a row per item: one per UTC day, or per week (Monday to Sunday, UTC). */
export type TrackPeriod = 'day' | 'week';

/** A new tracking list, as the sidebar asks for it. */
export interface TrackRequest {
  /** Its name ('' makes one from the items): the history sheet is "Tracking: <name>". */
  name: string;
  kind: TrackKind;
  /** Typed or read from the selection; normalised and de-duplicated by the server. */
  items: string[];
  period: TrackPeriod;
  /** Answer paths to keep beside the score; null keeps the answer's main numbers (its top-level ones). */
  fields: string[] | null;
}

/** What a list of this kind can keep, read from one answer (what previewTrackFields returns). */
export interface TrackFieldsView {
  /** The score found by meaning (every row has it), or null when the answer has none. */
  score: string | null;
  /** The dated series found by shape (backfilled, and drawn by the chart), or null. */
  series: string | null;
  /** Numeric paths that can be kept, and those kept unless the user chooses. */
  fields: string[];
  defaults: string[];
  /** Each path above (score, series, fields) in words, as the history sheet's header will say it. */
  words: Record<string, string>;
}

/** One tracking list as the sidebar shows it. */
export interface TrackListView {
  id: string;
  name: string;
  kind: TrackKind;
  period: TrackPeriod;
  items: number;
  sheetName: string;
  status: 'ok' | 'error' | 'waiting';
  /** The last run's outcome, or why the list cannot run. */
  message: string;
  lastRun: string | null;
  /** Items with no row for the current period, or whose row failed: what the next run asks for. */
  due: number;
  /** Whether a fresh answer costs a fresh-search credit (keywords do; brands do not). */
  searches: boolean;
  /** Who runs it on schedule: their trigger, their key. `email` is "" when Google did not say. */
  runBy: { you: boolean; email: string };
}

/** The tracking panel. */
export interface TrackingView {
  lists: TrackListView[];
  /** Set while the viewer's scheduled runs stop (as TablesView.runStop). */
  runStop: RunStopNotice | null;
}

/** Items read from the selected cells. */
export interface SelectedItems {
  items: string[];
  /** The selection in A1 notation, with its sheet. */
  range: string;
  /** Non-empty cells that were not usable (an error, a date, a bad slug…). */
  skipped: number;
}

/** A template as the sidebar offers it, with what inserting it may spend now (counted without a request). */
export interface TemplateView {
  id: 'keyword-research' | 'brand-watch' | 'market-overview' | 'share-of-search';
  title: string;
  description: string;
  /** At most this many requests: its distinct queries not in the cache. */
  requests: number;
  /** At most this many fresh searches (keywords not cached). */
  freshSearches: number;
  /** Why inserting it sends nothing now, and until when (a spent allowance); null when it can go now. */
  waits: TemplateWait | null;
}

/**
 * A template that cannot be inserted now: the daily-limit guard holds its answers back, it may need more
 * than is left of an allowance (the last usage read with what this document sent since), or more fresh
 * searches than this spreadsheet's cap leaves today. Inserting then sends nothing and changes nothing,
 * until the limit resets (or the cap is raised).
 */
export interface TemplateWait {
  /** Which allowance ('unknown': a daily limit the service did not name; 'cap': this spreadsheet's own cap on fresh searches). */
  limit: 'fresh searches' | 'API calls' | 'unknown' | 'cap';
  /** What the template may use of it, and what is left (null when the guard says it is spent, not a read). */
  needed: number | null;
  left: number | null;
  /** When it resets (ISO), if known. */
  resetAt: string | null;
  /** The usage read that says so (ISO), and whether this document's spending since is added to it; null for the guard. */
  readAt: string | null;
  sentSince: boolean;
}

/** A sheet inserted from a template, found by its mark (so after a rename too). */
export interface TemplateSheetView {
  sheetName: string;
  /** The template it was inserted from. */
  id: TemplateView['id'];
  /** A brand watch sheet whose brands a tracking list records (false for the other templates). */
  tracked: boolean;
}

/**
 * The alerts of a spreadsheet, as setAlerts takes them: mail when an entry of a scheduled ranking table
 * moves at least `rankPlaces` places (or enters or drops out), when a tracked value changes by at least
 * `changePercent` percent, and when scheduled runs stop (`failures`); null turns a kind off.
 */
export interface AlertSettingsRequest {
  rankPlaces: number | null;
  changePercent: number | null;
  failures: boolean | null;
  /** Addresses that get the mails too, besides the schedule's owner. */
  recipients?: string[];
}

/** A mail the alerts sent. */
export interface SentMailView {
  at: string;
  kind: 'digest' | 'stopped' | 'working';
  subject: string;
  to: string[];
}

/** The alerts panel: what is set, who gets the mail, the last mail sent, why mail cannot go, and a preview. */
export interface AlertsView {
  /** What is set; every kind null (off) when alerts were never set or were turned off. */
  settings: Required<AlertSettingsRequest>;
  /** Whose scheduled runs send the mails (the schedule's and the tracking lists' owners), by email. */
  senders: { email: string; you: boolean }[];
  /** Nothing here runs on a schedule: no mail can come until something does. */
  nothingScheduled: boolean;
  /** Why mail cannot be sent now, in words (a permission, the day's mail quota, no address), or null. */
  blocked: string | null;
  lastMail: SentMailView | null;
  /** When today's digest was sent (the next waits for tomorrow), or null. */
  digestSentAt: string | null;
  /** Changes found since the last digest that wait to be sent. */
  waiting: number;
  /** Scheduled runs that stopped: since when, and why (mailed once when it started). */
  stopped: { since: string; message: string } | null;
  /**
   * What the next digest would say now (today's, or after today's went the next day's), from what waits
   * and the values the sheets show of the runs since the last digest, sending nothing; null: nothing crosses.
   */
  preview: { subject: string; body: string } | null;
}

/**
 * A parameter of a server function the sidebar calls: the sidebar sends a T (src/sidebar/server.ts types
 * its calls by it), but the server gets whatever google.script.run delivered, so it checks it first;
 * `Unchecked` in the type keeps the server from using it as a T without a check.
 */
export type Sent<T> = T | Unchecked;

/** A value as it arrives from the page, not yet checked (no sidebar value has this field). */
export interface Unchecked {
  readonly notCheckedYet: true;
}
