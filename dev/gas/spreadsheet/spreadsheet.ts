/**
 * SpreadsheetApp and the Ui: menus, sidebars, dialogs and alerts recorded in `runtime.ui`. The
 * document objects (Spreadsheet, Sheet, Range) are in sheets.ts, the data they use in sheet-model.ts.
 */
import { ConditionalFormatRuleBuilderFake } from './conditional-formats.js';
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { HtmlOutputFake } from '../services/html.js';
import { SCOPES, grantsScope, type Manifest } from '../execution/manifest.js';
import { stringOf } from '../execution/realm.js';
import { GasObject, signatureError, unwrap } from '../execution/service.js';
import { mayShowEmail } from '../services/session.js';
import type { SpreadsheetModel, ToastRecord } from './sheet-model.js';
import type { DocumentContext } from './document-context.js';
import { DOCUMENT_HANDLES, RangeFake, SheetFake, SpreadsheetFake } from './sheets.js';

export { RangeFake, SheetFake, SpreadsheetFake } from './sheets.js';
export { SpreadsheetModel, type ToastRecord } from './sheet-model.js';

/** A menu item or separator as built by the script. */
export type MenuEntry =
  { kind: 'item'; caption: string; functionName: string } | { kind: 'separator' } | { kind: 'submenu'; menu: MenuRecord };

/**
 * A menu added with addToUi(). An add-on's menu (createAddonMenu) has name null in an add-on (Google
 * names it after the add-on's listing) and the script project's name in a container-bound script.
 */
export interface MenuRecord {
  name: string | null;
  addon: boolean;
  entries: MenuEntry[];
}

/** What the script showed through the Ui, for tests to inspect. */
export interface UiLog {
  menus: MenuRecord[];
  sidebars: Array<{ title: string; html: string; executionId: number }>;
  dialogs: Array<{ title: string; html: string; modal: boolean; executionId: number }>;
  alerts: Array<{ title: string; prompt: string; executionId: number }>;
}

export function createUiLog(): UiLog {
  return { menus: [], sidebars: [], dialogs: [], alerts: [] };
}

/** A `Menu`. */
export class MenuFake extends GasObject {
  readonly gasType = 'Ui.Menu';
  readonly #record: MenuRecord;
  readonly #log: UiLog;

  constructor(record: MenuRecord, log: UiLog) {
    super();
    this.#record = record;
    this.#log = log;
  }

  /** The record (node side). */
  static recordOf(menu: MenuFake): MenuRecord {
    return menu.#record;
  }

  addItem(...args: unknown[]): this {
    const [caption, functionName] = args;
    if (typeof caption !== 'string' || typeof functionName !== 'string') throw signatureError('Menu.addItem', args);
    this.#record.entries.push({ kind: 'item', caption, functionName });
    return this;
  }

  addSeparator(): this {
    this.#record.entries.push({ kind: 'separator' });
    return this;
  }

  addSubMenu(...args: unknown[]): this {
    const sub = unwrap(args[0]);
    if (!(sub instanceof MenuFake)) throw signatureError('Menu.addSubMenu', args);
    this.#record.entries.push({ kind: 'submenu', menu: MenuFake.recordOf(sub) });
    return this;
  }

  addToUi(): void {
    this.#log.menus.push(this.#record);
  }
}

/** The `Ui`. */
export class UiFake extends GasObject {
  readonly gasType = 'Ui';
  readonly Button = Object.freeze({ OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO', CLOSE: 'CLOSE' });
  readonly ButtonSet = Object.freeze({ OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' });
  readonly #exec: Execution;
  readonly #log: UiLog;
  readonly #addonMenuName: string | null;

  constructor(exec: Execution, log: UiLog, addonMenuName: string | null) {
    super();
    this.#exec = exec;
    this.#log = log;
    this.#addonMenuName = addonMenuName;
  }

  createMenu(...args: unknown[]): MenuFake {
    if (typeof args[0] !== 'string') throw signatureError('Ui.createMenu', args);
    return new MenuFake({ name: args[0], addon: false, entries: [] }, this.#log);
  }

  /** Named after the add-on (null here) or, in a container-bound script, after the script project. */
  createAddonMenu(): MenuFake {
    return new MenuFake({ name: this.#addonMenuName, addon: true, entries: [] }, this.#log);
  }

  #html(value: unknown, method: string, args: readonly unknown[]): HtmlOutputFake {
    const out = unwrap(value);
    if (!(out instanceof HtmlOutputFake)) throw signatureError(`Ui.${method}`, args);
    return out;
  }

  /**
   * AuthMode.NONE and LIMITED (a simple trigger: onOpen, onEdit) may build menus but not show anything
   * (a sidebar, a dialog, an alert): "Add-ons can't open sidebars or dialogs while executing in
   * AuthMode.LIMITED", and a bound script's onOpen is refused the same (dev/gas/RULES.md, "Simple triggers show nothing").
   */
  #mayShow(method: string): void {
    const mode = this.#exec.authMode;
    this.#exec.denyUnless(mode !== 'NONE' && mode !== 'LIMITED', `Ui.${method}`, SCOPES.containerUi);
    this.#exec.requireScope(`Ui.${method}`, SCOPES.containerUi);
  }

  showSidebar(...args: unknown[]): void {
    this.#mayShow('showSidebar');
    const out = this.#html(args[0], 'showSidebar', args);
    this.#log.sidebars.push({ title: out.getTitle(), html: out.getContent(), executionId: this.#exec.id });
  }

  showModalDialog(...args: unknown[]): void {
    this.#mayShow('showModalDialog');
    const out = this.#html(args[0], 'showModalDialog', args);
    this.#log.dialogs.push({ title: stringOf(args[1] ?? ''), html: out.getContent(), modal: true, executionId: this.#exec.id });
  }

  showModelessDialog(...args: unknown[]): void {
    this.#mayShow('showModelessDialog');
    const out = this.#html(args[0], 'showModelessDialog', args);
    this.#log.dialogs.push({ title: stringOf(args[1] ?? ''), html: out.getContent(), modal: false, executionId: this.#exec.id });
  }

  /** Recorded; answers OK (nobody clicks in tests). */
  alert(...args: unknown[]): string {
    this.#mayShow('alert');
    const [a, b] = args;
    const titled = typeof b === 'string';
    this.#log.alerts.push({ title: titled ? String(a) : '', prompt: titled ? b : String(a), executionId: this.#exec.id });
    return 'OK';
  }
}

/** What SpreadsheetApp needs from the runtime for one execution. */
export interface SpreadsheetAppDeps {
  /** The execution's document; null in a time-driven trigger (no document is open). */
  active: SpreadsheetModel | null;
  toasts: ToastRecord[];
  /** The spreadsheet the execution's user opens by id; throws Google's error (documents.ts). */
  open: (id: string, method: string) => SpreadsheetModel;
  manifest: Manifest | null;
  /** The script's id (PROJECT-visible developer metadata is relative to it). */
  projectId: string;
  /** What createAddonMenu's menu is named: null in an add-on, the project's name in a bound script. */
  addonMenuName: string | null;
}

/** The document context of one spreadsheet in one execution (emails shown as the execution may). */
export function documentContext(
  exec: Execution,
  book: SpreadsheetModel,
  deps: Pick<SpreadsheetAppDeps, 'toasts' | 'manifest' | 'projectId'>,
): DocumentContext {
  const show = mayShowEmail(exec, deps.manifest);
  return {
    exec,
    book,
    toasts: deps.toasts,
    projectId: deps.projectId,
    showEmail: (email) => (show ? email : ''),
    handles: DOCUMENT_HANDLES,
  };
}

/** "https://docs.google.com/spreadsheets/d/<id>/edit#gid=0" → the id; undefined for anything else. */
function idFromUrl(url: string): string | undefined {
  return /^https:\/\/docs\.google\.com\/spreadsheets\/d\/([A-Za-z0-9_-]+)(?:[/?#]|$)/.exec(url)?.[1];
}

/**
 * The `SpreadsheetApp` global. Custom functions cannot use the Ui (nor can time-driven triggers, i.e.
 * mode 'trigger' unless fired from a spreadsheet trigger: no user is looking) and may only read the
 * spreadsheet; in AuthMode.NONE (an add-on's onOpen before it is enabled in the document) only the Ui
 * is reachable. An add-on's time-driven trigger has no active spreadsheet: getActive*() give null; a
 * container-bound script's sees its container, but nobody's selection (getActiveSheet, getActiveRange and
 * getCurrentCell give null). openById and openByUrl need AuthMode.FULL and the spreadsheets scope.
 */
export class SpreadsheetAppFake extends GasObject {
  readonly gasType = 'SpreadsheetApp';
  readonly DeveloperMetadataVisibility = Object.freeze({ DOCUMENT: 'DOCUMENT', PROJECT: 'PROJECT' });
  readonly DeveloperMetadataLocationType = Object.freeze({ SPREADSHEET: 'SPREADSHEET', SHEET: 'SHEET', ROW: 'ROW', COLUMN: 'COLUMN' });
  readonly #exec: Execution;
  readonly #deps: SpreadsheetAppDeps;
  readonly #ctx: DocumentContext | null;
  readonly #log: UiLog;

  constructor(exec: Execution, deps: SpreadsheetAppDeps, log: UiLog) {
    super();
    this.#exec = exec;
    this.#deps = deps;
    this.#ctx = deps.active ? documentContext(exec, deps.active, deps) : null;
    this.#log = log;
  }

  /** AuthMode.NONE reaches nothing of the document. */
  #allowed(method: string): void {
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', `SpreadsheetApp.${method}`, SCOPES.spreadsheetsCurrentOnly);
    // Granular consent: in FULL the user must have granted one of the two (custom functions and simple
    // triggers read the document "without authorization", dev/gas/RULES.md, "Granular consent").
    const granted = this.#exec.hasScope(SCOPES.spreadsheetsCurrentOnly) || this.#exec.hasScope(SCOPES.spreadsheets);
    this.#exec.denyUnless(
      this.#exec.authMode !== 'FULL' || granted,
      `SpreadsheetApp.${method}`,
      `(${SCOPES.spreadsheetsCurrentOnly} || ${SCOPES.spreadsheets})`,
    );
  }

  /** The active spreadsheet, or null when the execution has none (a time-driven trigger). */
  #spreadsheet(method: string): SpreadsheetFake | null {
    this.#allowed(method);
    return this.#ctx ? new SpreadsheetFake(this.#ctx) : null;
  }

  /** null in a time-driven trigger ("Returns the currently active spreadsheet, or null if there is none"). */
  getActive(): SpreadsheetFake | null {
    return this.#spreadsheet('getActive');
  }

  getActiveSpreadsheet(): SpreadsheetFake | null {
    return this.#spreadsheet('getActiveSpreadsheet');
  }

  getActiveSheet(): SheetFake | null {
    return this.#selection('getActiveSheet')?.getActiveSheet() ?? null;
  }

  /**
   * The active spreadsheet where a user's selection exists: none in a time-driven trigger, which nobody
   * is looking at (a bound script's sees its container, not a selection: *strict*, Google does not say).
   */
  #selection(method: string): SpreadsheetFake | null {
    const ss = this.#spreadsheet(method);
    return this.#exec.triggerSource === 'CLOCK' ? null : ss;
  }

  setActiveSheet(...args: unknown[]): SheetFake {
    const ss = this.#spreadsheet('setActiveSheet');
    if (!ss)
      throw new GasException('dev/gas: SpreadsheetApp.setActiveSheet in an execution with no active spreadsheet (a time-driven trigger).');
    return ss.setActiveSheet(...args);
  }

  /** The user's selection (`runtime.spreadsheet.setActive(sheet, a1)`); in a custom function, its own cell. */
  getActiveRange(): RangeFake | null {
    return this.#selection('getActiveRange')?.getActiveRange() ?? null;
  }

  getCurrentCell(): RangeFake | null {
    return this.#selection('getCurrentCell')?.getCurrentCell() ?? null;
  }

  /** A builder for a conditional format rule (conditional-formats.ts); nothing changes until a sheet's rules are set. */
  newConditionalFormatRule(): ConditionalFormatRuleBuilderFake {
    this.#allowed('newConditionalFormatRule');
    return new ConditionalFormatRuleBuilderFake(DOCUMENT_HANDLES);
  }

  /** Writes are applied at once here; counted in the active spreadsheet's `stats.flushes`. */
  flush(): void {
    this.#allowed('flush');
    if (this.#deps.active) this.#deps.active.stats.flushes++;
  }

  /**
   * Another spreadsheet (or the active one) by id: FULL auth mode and the spreadsheets scope only; the
   * user must own or edit it. It has sheets, ranges, developer metadata and named ranges, but its
   * document properties, cache and lock stay out of reach (they come from the active document only).
   */
  openById(...args: unknown[]): SpreadsheetFake {
    if (args.length !== 1 || typeof args[0] !== 'string') throw signatureError('SpreadsheetApp.openById', args);
    return this.#open(args[0], 'openById');
  }

  openByUrl(...args: unknown[]): SpreadsheetFake {
    const [url] = args;
    if (args.length !== 1 || typeof url !== 'string') throw signatureError('SpreadsheetApp.openByUrl', args);
    this.#mayOpen('openByUrl');
    const id = idFromUrl(url);
    if (id === undefined) throw new GasException('Invalid argument: url');
    return this.#open(id, 'openByUrl');
  }

  /** Custom functions, simple triggers and NONE cannot open files; nor can a project without the scope. */
  #mayOpen(method: string): void {
    const allowed =
      this.#exec.authMode === 'FULL' && grantsScope(this.#deps.manifest, SCOPES.spreadsheets) && this.#exec.hasScope(SCOPES.spreadsheets);
    this.#exec.denyUnless(allowed, `SpreadsheetApp.${method}`, SCOPES.spreadsheets);
  }

  #open(id: string, method: string): SpreadsheetFake {
    this.#mayOpen(method);
    const book = this.#deps.open(id, method);
    return new SpreadsheetFake(documentContext(this.#exec, book, this.#deps));
  }

  getUi(): UiFake {
    if (this.#exec.authMode === 'CUSTOM_FUNCTION' || this.#exec.triggerSource === 'CLOCK') {
      throw this.#exec.refuseWith('SpreadsheetApp.getUi', 'Cannot call SpreadsheetApp.getUi() from this context.');
    }
    return new UiFake(this.#exec, this.#log, this.#deps.addonMenuName);
  }
}
