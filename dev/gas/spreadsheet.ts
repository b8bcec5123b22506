/**
 * SpreadsheetApp and the Ui: menus, sidebars, dialogs and alerts recorded in `runtime.ui`. The
 * document objects (Spreadsheet, Sheet, Range) are in sheets.ts, the data they use in sheet-model.ts.
 */
import type { Execution } from './execution.js';
import { GasException } from './execution.js';
import { HtmlOutputFake } from './html.js';
import { GasObject, signatureError, unwrap } from './service.js';
import type { SpreadsheetModel, ToastRecord } from './sheet-model.js';
import { RangeFake, SheetFake, SpreadsheetFake, type DocumentContext } from './sheets.js';

export { RangeFake, SheetFake, SpreadsheetFake } from './sheets.js';
export { SpreadsheetModel, type ToastRecord } from './sheet-model.js';

/** A menu item or separator as built by the script. */
export type MenuEntry =
  | { kind: 'item'; caption: string; functionName: string }
  | { kind: 'separator' }
  | { kind: 'submenu'; menu: MenuRecord };

/** A menu added with addToUi(). Add-on menus have name null (Google names them after the add-on). */
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

  constructor(exec: Execution, log: UiLog) {
    super();
    this.#exec = exec;
    this.#log = log;
  }

  createMenu(...args: unknown[]): MenuFake {
    if (typeof args[0] !== 'string') throw signatureError('Ui.createMenu', args);
    return new MenuFake({ name: args[0], addon: false, entries: [] }, this.#log);
  }

  createAddonMenu(): MenuFake {
    return new MenuFake({ name: null, addon: true, entries: [] }, this.#log);
  }

  #html(value: unknown, method: string, args: readonly unknown[]): HtmlOutputFake {
    const out = unwrap(value);
    if (!(out instanceof HtmlOutputFake)) throw signatureError(`Ui.${method}`, args);
    return out;
  }

  /** AuthMode.NONE may build menus but not show anything (a sidebar, a dialog, an alert). */
  #mayShow(method: string): void {
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', `Ui.${method}`);
  }

  showSidebar(...args: unknown[]): void {
    this.#mayShow('showSidebar');
    const out = this.#html(args[0], 'showSidebar', args);
    this.#log.sidebars.push({ title: out.getTitle(), html: out.getContent(), executionId: this.#exec.id });
  }

  showModalDialog(...args: unknown[]): void {
    this.#mayShow('showModalDialog');
    const out = this.#html(args[0], 'showModalDialog', args);
    this.#log.dialogs.push({ title: String(args[1] ?? ''), html: out.getContent(), modal: true, executionId: this.#exec.id });
  }

  showModelessDialog(...args: unknown[]): void {
    this.#mayShow('showModelessDialog');
    const out = this.#html(args[0], 'showModelessDialog', args);
    this.#log.dialogs.push({ title: String(args[1] ?? ''), html: out.getContent(), modal: false, executionId: this.#exec.id });
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

/**
 * The `SpreadsheetApp` global. Custom functions cannot use the Ui (nor can time-driven triggers, i.e.
 * mode 'trigger' unless fired from a spreadsheet trigger: no user is looking) and may only read the
 * spreadsheet; in AuthMode.NONE (an add-on's onOpen before it
 * is enabled in the document) only the Ui is reachable.
 */
export class SpreadsheetAppFake extends GasObject {
  readonly gasType = 'SpreadsheetApp';
  readonly #exec: Execution;
  readonly #ctx: DocumentContext;
  readonly #log: UiLog;

  constructor(exec: Execution, docs: { book: SpreadsheetModel; toasts: ToastRecord[] }, log: UiLog) {
    super();
    this.#exec = exec;
    this.#ctx = { exec, book: docs.book, toasts: docs.toasts };
    this.#log = log;
  }

  /** AuthMode.NONE reaches nothing of the document. */
  #allowed(method: string): void {
    this.#exec.denyUnless(this.#exec.authMode !== 'NONE', `SpreadsheetApp.${method}`, 'https://www.googleapis.com/auth/spreadsheets.currentonly');
  }

  #spreadsheet(method: string): SpreadsheetFake {
    this.#allowed(method);
    return new SpreadsheetFake(this.#ctx);
  }

  getActive(): SpreadsheetFake {
    return this.#spreadsheet('getActive');
  }

  getActiveSpreadsheet(): SpreadsheetFake {
    return this.#spreadsheet('getActiveSpreadsheet');
  }

  getActiveSheet(): SheetFake {
    return this.#spreadsheet('getActiveSheet').getActiveSheet();
  }

  setActiveSheet(...args: unknown[]): SheetFake {
    return this.#spreadsheet('setActiveSheet').setActiveSheet(...args);
  }

  /** The user's selection (`runtime.spreadsheet.setActive(sheet, a1)`); in a custom function, its own cell. */
  getActiveRange(): RangeFake {
    return this.#spreadsheet('getActiveRange').getActiveRange();
  }

  getCurrentCell(): RangeFake {
    return this.#spreadsheet('getCurrentCell').getCurrentCell();
  }

  /** Writes are applied at once here; counted in `runtime.spreadsheet.stats.flushes`. */
  flush(): void {
    this.#allowed('flush');
    this.#ctx.book.stats.flushes++;
  }

  getUi(): UiFake {
    if (this.#exec.authMode === 'CUSTOM_FUNCTION' || this.#exec.triggerSource === 'CLOCK') {
      throw new GasException('Cannot call SpreadsheetApp.getUi() from this context.');
    }
    return new UiFake(this.#exec, this.#log);
  }
}
