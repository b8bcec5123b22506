/**
 * The playground behind `npm start`: the local service (a child process), a dev/gas runtime whose user
 * saved the demo key, dev/host serving the real sidebar, the formula engine, and a page on 127.0.0.1
 * with a grid to type formulas into. Everything runs the built dist/Code.js.
 *
 *   GET  /                       the page (dev/playground/page/)
 *   GET  /api/state[?since=N]    PlaygroundState; with since=N, held until the state changes (at most 20 s, then { version } alone)
 *   GET  /api/functions          FunctionDoc[]: the add-on's custom functions, from the built Code.js's JSDoc
 *   POST /api/edit               EditRequest (cells typed, pasted or deleted, one undo step) → PlaygroundState
 *   POST /api/undo, /api/redo    the user's last edit → PlaygroundState
 *   POST /api/clear              { sheet? } empties the sheet (default the first; one undo step) → PlaygroundState
 *   POST /api/delete-chart       { anchor } → PlaygroundState
 *   POST /api/select             { sheet, row, column, numRows?, numColumns? }: the range scripts see (getActiveRange)
 *   POST /api/menu               { fn } runs an add-on menu item → MenuResponse
 *   POST /api/trigger            runs the schedule's time-driven trigger now → PlaygroundState
 *   POST /api/advance-clock      moves the runtime's clock and the local service's a week → PlaygroundState
 */
import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { GasRuntime, columnLetters, triggerEvent, type ExecutionResult, type TriggerRecord } from '../gas/index.js';
import { startHost, type HostHandle } from '../host/index.js';
import { BodyError, closeServer, isLocalHostHeader, jsonPostRefusal, listen, readJsonObject, sendJson } from '../http.js';
import { startService, type Schema, type ServiceHandle } from '../service/harness.js';
import {
  CLOCK_STEP_MS,
  DEMO_ALERTS,
  DEMO_BOLD,
  DEMO_CELLS,
  DEMO_CHARTS,
  DEMO_RANKING_TABLE,
  DEMO_SCHEDULE,
  DEMO_TRACKING,
  DEMO_WIDTHS,
} from './demo.js';
import { evaluateCustomFunction } from './evaluate.js';
import { builtFunctionDocs } from './function-docs.js';
import { moveFormula } from './formula-text.js';
import type { EditRequest, FunctionDoc, MenuItemView, MenuResponse, PlaygroundState, StatusView } from './state.js';
import { EditRefused, Workbook, type CellEdit } from './workbook.js';

/** The key the local service accepts, saved for the playground's user (paste it in Settings to try). */
export const DEMO_KEY = 'sdm-demo-local-4f7a';

export interface PlaygroundOptions {
  /** The page's port; default 0 (any free port). */
  port?: number;
  /** The local service's port; default 0. */
  servicePort?: number;
  /** dev/host's port (the sidebar iframe); default 0. */
  hostPort?: number;
  /** Which of the service's naming schemas to serve; default 'a'. */
  schema?: Schema;
  /** Load the demo workbook, ranking table and schedule (default true). */
  demo?: boolean;
  /**
   * The time both clocks (the runtime's and the service's) show at start, in ms, so a test reads a
   * fixed date; not before now (the clocks only move forward). Default: now.
   */
  clockStart?: number;
}

export interface Playground {
  /** The page, e.g. http://127.0.0.1:3000 */
  url: string;
  serviceUrl: string;
  sidebarHostUrl: string;
  demoKey: string;
  runtime: GasRuntime;
  service: ServiceHandle;
  workbook: Workbook;
  /**
   * The state's version now: it grows with every change (an edit, a script's run, the clocks). The page
   * marks the version it shows (`data-version` on its body), so a test waits for that instead of a poll's time.
   */
  version(): number;
  /** Stops the page, the sidebar host, the runtime's worker and the service process. */
  close(): Promise<void>;
}

/** A port someone else holds; the message is the one line the CLI prints. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly flag: '--port' | '--service-port' | '--host-port',
  ) {
    super(
      flag === '--port'
        ? `Port ${port} is already in use: stop what is using it, or pick another with --port ${port + 1} (or PORT=${port + 1}).`
        : `Port ${port} (${flag}) is already in use: pick another with ${flag} ${port + 1}, or ${flag} 0 for any free port.`,
    );
    this.name = 'PortInUseError';
  }
}

const PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url));
const STATIC: Record<string, [file: string, type: string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/index.html': ['index.html', 'text/html; charset=utf-8'],
  '/style.css': ['style.css', 'text/css; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/grid.js': ['grid.js', 'text/javascript; charset=utf-8'],
  '/chart.js': ['chart.js', 'text/javascript; charset=utf-8'],
  '/outbox.js': ['outbox.js', 'text/javascript; charset=utf-8'],
  '/clipboard.js': ['clipboard.js', 'text/javascript; charset=utf-8'],
  '/grid-cells.js': ['grid-cells.js', 'text/javascript; charset=utf-8'],
  '/grid-cards.js': ['grid-cards.js', 'text/javascript; charset=utf-8'],
  '/grid-navigation.js': ['grid-navigation.js', 'text/javascript; charset=utf-8'],
  '/grid-state.js': ['grid-state.js', 'text/javascript; charset=utf-8'],
  '/grid-selection.js': ['grid-selection.js', 'text/javascript; charset=utf-8'],
  '/grid-edits.js': ['grid-edits.js', 'text/javascript; charset=utf-8'],
  '/grid-editor.js': ['grid-editor.js', 'text/javascript; charset=utf-8'],
  '/grid-render.js': ['grid-render.js', 'text/javascript; charset=utf-8'],
  '/grid-keys.js': ['grid-keys.js', 'text/javascript; charset=utf-8'],
  '/grid-pointer.js': ['grid-pointer.js', 'text/javascript; charset=utf-8'],
  '/autocomplete.js': ['autocomplete.js', 'text/javascript; charset=utf-8'],
  '/sparkline.js': ['sparkline.js', 'text/javascript; charset=utf-8'],
};
/**
 * dev/gas's A1 helpers, served to the page as JavaScript (the page's grid imports
 * `../../gas/spreadsheet/a1.js`, which the browser asks for as /gas/spreadsheet/a1.js), so column
 * letters are converted by one helper in all the dev tools. Transpiled once, on first request.
 */
const A1_SOURCE = fileURLToPath(new URL('../gas/spreadsheet/a1.ts', import.meta.url));
let a1Script: string | undefined;
const a1ForThePage = (): string => (a1Script ??= transformSync(readFileSync(A1_SOURCE, 'utf8'), { loader: 'ts', format: 'esm' }).code);

const BIND = '127.0.0.1';
// A paste of a large block: 1,000 rows of text, with JSON's overhead.
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_EDIT_CELLS = 26_000;

/** What went wrong inside the playground goes to the terminal, never to the page as is. */
function reportInternal(error: unknown): void {
  process.stderr.write(`playground: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
}
/** How long a page's request for the state waits for a change before it is answered "unchanged". */
const LONG_POLL_MS = 20_000;
const INTERNAL_MESSAGE = 'Something went wrong in the playground (details in the terminal running npm start).';

/**
 * Starts everything and loads the demo workbook.
 * @throws PortInUseError when a port asked for is taken (nothing is left running)
 */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  let app: App | undefined;
  const server = createServer((req, res) => {
    if (!app) return sendJson(res, 503, { error: 'The playground is starting; reload in a moment.' });
    app.handle(req, res).catch((error: unknown) => {
      reportInternal(error);
      if (!res.headersSent) sendJson(res, 500, { error: INTERNAL_MESSAGE });
      else res.end();
    });
  });
  const { url } = await listen(server, options.port ?? 0, BIND).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new PortInUseError(options.port ?? 0, '--port') : error;
  });
  const cleanup: (() => Promise<void> | void)[] = [() => closeServer(server)];
  /** Runs every step, last started first, even when one fails (the rest must still stop); the failures. */
  const stopAll = async (): Promise<unknown[]> => {
    const failures: unknown[] = [];
    for (const step of [...cleanup].reverse()) {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    }
    return failures;
  };

  try {
    const service = await startService({ keys: [DEMO_KEY], port: options.servicePort ?? 0, schema: options.schema ?? 'a' }).catch(
      (error: Error) => {
        throw /already in use/.test(error.message) ? new PortInUseError(options.servicePort ?? 0, '--service-port') : error;
      },
    );
    cleanup.push(() => service.stop());

    const runtime = new GasRuntime();
    cleanup.push(() => runtime.close());
    if (options.clockStart !== undefined) {
      const ahead = options.clockStart - runtime.clock.now();
      if (!(ahead >= 0)) throw new RangeError('clockStart must not be before now: the clocks only move forward');
      await service.control.clock(ahead);
      runtime.advanceClock(ahead);
    }
    runtime.properties.user.set('SDM_API_KEY', DEMO_KEY);
    runtime.properties.user.set('SDM_BASE_URL', service.url);
    // Opening the spreadsheet builds the add-on's menu.
    const opened = runtime.run('onOpen', [triggerEvent('LIMITED')], { mode: 'simple-trigger' });
    if (!opened.ok) throw new Error(`onOpen failed: ${opened.error}`);

    const counters: Counters = { executions: 0, fromAddonCache: 0, remembered: 0 };
    const workbook = new Workbook(runtime, {
      evaluate: (fn, args) => evaluateCustomFunction(runtime, fn, args),
      onEvaluation: ({ remembered, result }) => {
        // A remembered result is not an execution: nothing ran, nothing was read from any cache.
        if (remembered) return void counters.remembered++;
        counters.executions++;
        if (result.ok && result.fetchCount === 0) counters.fromAddonCache++;
      },
      onInternalError: reportInternal,
    });
    cleanup.push(() => workbook.destroy());

    let changed = () => {};
    const host: HostHandle = await startHost({
      runtime,
      port: options.hostPort ?? 0,
      // A sidebar call may have written cells (insert a table, refresh formulas).
      onRun: () => changed(),
    }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE' ? new PortInUseError(options.hostPort ?? 0, '--host-port') : error;
    });
    cleanup.push(() => host.close());

    app = new App({ runtime, service, host, workbook, counters, functions: builtFunctionDocs() });
    changed = () => app?.scriptRan();
    if (options.demo !== false) loadDemo(runtime, workbook);
    app.scriptRan();

    return {
      url,
      serviceUrl: service.url,
      sidebarHostUrl: host.url,
      demoKey: DEMO_KEY,
      runtime,
      service,
      workbook,
      version: () => app?.version ?? 0,
      close: async () => {
        app?.release();
        app = undefined;
        const failures = await stopAll();
        if (failures.length > 0) throw new AggregateError(failures, 'The playground stopped, but not cleanly');
      },
    };
  } catch (error) {
    app = undefined;
    await stopAll(); // what failed to start is the error to report
    throw error;
  }
}

/**
 * Types the demo workbook, then inserts a ranking table, sets a schedule and starts a tracking list
 * through the add-on (the list's keywords are in the formulas' cache already: it costs no request).
 */
function loadDemo(runtime: GasRuntime, workbook: Workbook): void {
  workbook.type(DEMO_CELLS);
  for (const [column, width] of DEMO_WIDTHS) workbook.formulaSheet.columnWidths.set(column, 1, width);
  for (const a1 of DEMO_BOLD) {
    const ref = workbook.formulaSheet.rect(a1);
    workbook.formulaSheet.update(ref.row, ref.column, (cell) => {
      cell.format = { ...cell.format, fontWeight: 'bold' };
    });
  }
  const sidebarCall = (fn: string, arg: unknown) => {
    const result = runtime.run(fn, [arg], { mode: 'sidebar' });
    if (!result.ok) process.stderr.write(`playground: demo ${fn} failed: ${result.error}\n`);
  };
  sidebarCall('insertRankingTable', DEMO_RANKING_TABLE);
  sidebarCall('setRefreshSchedule', DEMO_SCHEDULE);
  sidebarCall('addTrackingList', DEMO_TRACKING);
  sidebarCall('setAlerts', DEMO_ALERTS);
  runtime.spreadsheet.setActive(workbook.formulaSheet.name, 'A1');
}

interface AppParts {
  runtime: GasRuntime;
  service: ServiceHandle;
  host: HostHandle;
  workbook: Workbook;
  counters: Counters;
  /** What the cell editor's autocomplete offers, read once from the built Code.js. */
  functions: FunctionDoc[];
}

/** The status line's formula counters (StatusView). */
type Counters = Pick<StatusView, 'executions' | 'fromAddonCache' | 'remembered'>;

/** The page's HTTP API over the running parts. */
class App {
  #version = 1;
  readonly #parts: AppParts;
  /** Page requests waiting for the next change (a long poll: the page sees a change the moment it is made). */
  readonly #waiting = new Set<() => void>();

  constructor(parts: AppParts) {
    this.#parts = parts;
  }

  /** The state's version: it grows with every change. */
  get version(): number {
    return this.#version;
  }

  /** After any script execution: sync what it wrote, and tell the page something changed. Never throws. */
  scriptRan(): void {
    try {
      this.#parts.workbook.afterScript();
    } catch (error) {
      reportInternal(error); // the script's own answer (a sidebar call) must still reach it
    }
    this.#changed();
  }

  /** A new version of the state: every waiting page request answers now. */
  #changed(): void {
    this.#version++;
    for (const wake of [...this.#waiting]) wake();
  }

  /** Answers every waiting page request (the playground is stopping). */
  release(): void {
    for (const wake of [...this.#waiting]) wake();
  }

  /** Resolves when the state changes, or after `ms` (then the page asks again). */
  #nextChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#waiting.add(wake);
    });
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLocalHostHeader(req.headers.host, BIND)) return sendJson(res, 403, { error: 'The playground answers only local names.' });
    const url = new URL(req.url ?? '/', 'http://local');
    const file = STATIC[url.pathname];
    if (file && (req.method === 'GET' || req.method === 'HEAD')) return sendFile(res, file);
    if (url.pathname === '/gas/spreadsheet/a1.js' && req.method === 'GET') {
      return void res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(a1ForThePage());
    }
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    if (url.pathname === '/api/state' && req.method === 'GET') {
      const since = Number(url.searchParams.get('since'));
      // Unchanged: hold the request until something changes (or LONG_POLL_MS pass), so the page shows a
      // change the moment it is made instead of at its next poll.
      if (since === this.#version) await this.#nextChange(LONG_POLL_MS);
      if (since === this.#version) return sendJson(res, 200, { version: this.#version });
      return sendJson(res, 200, await this.#state());
    }
    if (url.pathname === '/api/functions' && req.method === 'GET') return sendJson(res, 200, this.#parts.functions);
    if (!url.pathname.startsWith('/api/')) return sendJson(res, 404, { error: 'not found' });
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
    const refused = jsonPostRefusal(req);
    if (refused) return sendJson(res, refused.status, { error: refused.error });
    let body: Record<string, unknown>;
    try {
      body = await readJsonObject(req, MAX_BODY_BYTES);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      return sendJson(res, 400, { error: `bad request: ${error.message}` });
    }
    switch (url.pathname) {
      case '/api/edit':
        return this.#edit(res, body);
      case '/api/undo':
        return this.#change(res, () => this.#parts.workbook.undo());
      case '/api/redo':
        return this.#change(res, () => this.#parts.workbook.redo());
      case '/api/clear':
        return this.#change(res, () =>
          this.#parts.workbook.clear(typeof body.sheet === 'string' ? this.#parts.workbook.sheetId(body.sheet) : undefined),
        );
      case '/api/delete-chart':
        return this.#change(res, () => typeof body.anchor === 'string' && this.#parts.workbook.deleteChart(body.anchor, DEMO_CHARTS));
      case '/api/select':
        return this.#select(res, body);
      case '/api/menu':
        return this.#menu(res, body);
      case '/api/trigger':
        return this.#trigger(res);
      case '/api/advance-clock':
        return this.#advanceClock(res);
      default:
        return sendJson(res, 404, { error: 'not found' });
    }
  }

  async #edit(res: ServerResponse, body: Record<string, unknown>): Promise<void> {
    const { sheet, cells, move } = body as Partial<EditRequest>;
    const valid =
      typeof sheet === 'string' &&
      Array.isArray(cells) &&
      cells.length <= MAX_EDIT_CELLS &&
      cells.every((c) => typeof c === 'object' && c !== null && typeof c.input === 'string' && isIndex(c.row) && isIndex(c.column));
    if (!valid) return sendJson(res, 400, { error: 'expected { sheet, cells: [{ row, column, input }] }' });
    const { workbook } = this.#parts;
    const id = workbook.sheetId(sheet);
    if (id === undefined) return sendJson(res, 400, { error: `There is no sheet "${sheet}".` });
    const size = workbook.engine.sizeOf(id);
    const moved = (input: string) =>
      move && input.startsWith('=') && Number.isInteger(move.rows) && Number.isInteger(move.columns)
        ? moveFormula(input, move.rows, move.columns, size)
        : input;
    const edits: CellEdit[] = cells.map((c) => ({ sheet: id, row: c.row - 1, col: c.column - 1, input: moved(c.input) }));
    return this.#change(res, () => workbook.edit(edits));
  }

  /** Makes a change the user asked for, then answers with the new state (a refused edit: its message). */
  async #change(res: ServerResponse, change: () => unknown): Promise<void> {
    try {
      change();
    } catch (error) {
      if (!(error instanceof EditRefused)) throw error;
      return sendJson(res, 200, { ...(await this.#state()), error: error.message });
    }
    this.#changed();
    sendJson(res, 200, await this.#state());
  }

  /** The selected range, as the add-on's getActiveRange() returns it (the whole range, not its first cell). */
  #select(res: ServerResponse, body: Record<string, unknown>): void {
    const { sheet, row, column } = body;
    const numRows = body.numRows ?? 1;
    const numColumns = body.numColumns ?? 1;
    const { spreadsheet } = this.#parts.runtime;
    const found = typeof sheet === 'string' ? spreadsheet.findSheet(sheet) : undefined;
    const valid =
      found &&
      isIndex(row) &&
      isIndex(column) &&
      isIndex(numRows) &&
      isIndex(numColumns) &&
      row + numRows - 1 <= found.maxRows &&
      column + numColumns - 1 <= found.maxColumns;
    if (!valid) return sendJson(res, 400, { error: 'expected { sheet, row, column, numRows?, numColumns? } within an existing sheet' });
    const last = `${columnLetters(column + numColumns - 1)}${row + numRows - 1}`;
    const first = `${columnLetters(column)}${row}`;
    spreadsheet.setActive(found.name, first === last ? first : `${first}:${last}`);
    sendJson(res, 200, { ok: true });
  }

  async #menu(res: ServerResponse, body: Record<string, unknown>): Promise<void> {
    const fn = body.fn;
    if (typeof fn !== 'string' || !this.#menuItems().some((item) => item.kind === 'item' && item.fn === fn)) {
      return sendJson(res, 400, { error: 'not an item of the add-on menu' });
    }
    const { runtime, host } = this.#parts;
    const result = runtime.run(fn, [], { mode: 'menu' });
    this.scriptRan();
    const opened = runtime.ui.sidebars.some((s) => s.executionId === result.executionId);
    const answer: MenuResponse = { state: await this.#state() };
    // The iframe loads the sidebar this execution built from dev/host (the function does not run again).
    if (opened) answer.sidebarUrl = `${host.url}/__gas/shown/${result.executionId}`;
    if (!result.ok) answer.error = result.error ?? 'Unknown error';
    sendJson(res, 200, answer);
  }

  async #trigger(res: ServerResponse): Promise<void> {
    const trigger = this.#scheduleTrigger();
    if (!trigger) return sendJson(res, 409, { error: 'No schedule is set: choose one in the sidebar (Insert ranking table).' });
    const result: ExecutionResult = this.#parts.runtime.fireTrigger(trigger);
    this.scriptRan();
    const state = await this.#state();
    sendJson(res, 200, result.ok ? state : { ...state, error: result.error });
  }

  /**
   * A week passes for the add-on and the service alike: the script's dates, caches and trigger times
   * (dev/gas's one world clock) and the service's 7-day cache and daily allowance.
   */
  async #advanceClock(res: ServerResponse): Promise<void> {
    const { runtime, service } = this.#parts;
    await service.control.clock(CLOCK_STEP_MS);
    runtime.advanceClock(CLOCK_STEP_MS);
    this.#changed();
    sendJson(res, 200, await this.#state());
  }

  #scheduleTrigger(): TriggerRecord | undefined {
    const { runtime } = this.#parts;
    return runtime.triggers.find((t) => t.source === 'CLOCK' && t.documentId === runtime.spreadsheet.id);
  }

  #menuItems(): MenuItemView[] {
    const menu = [...this.#parts.runtime.ui.menus].reverse().find((m) => m.addon);
    const items: MenuItemView[] = [];
    for (const entry of menu?.entries ?? []) {
      if (entry.kind === 'item') items.push({ kind: 'item', caption: entry.caption, fn: entry.functionName });
      else if (entry.kind === 'separator') items.push({ kind: 'separator' });
    }
    return items;
  }

  async #state(): Promise<PlaygroundState> {
    const { runtime, workbook, host, counters } = this.#parts;
    const trigger = this.#scheduleTrigger();
    return {
      version: this.#version,
      sheets: workbook.sheetViews(),
      activeSheet: runtime.spreadsheet.active.sheet.name,
      charts: workbook.chartViews(DEMO_CHARTS),
      toasts: runtime.toasts.slice(-5).map((t, i, recent) => ({
        id: runtime.toasts.length - recent.length + i,
        title: t.title,
        message: t.message,
        seconds: t.timeoutSeconds,
      })),
      menu: this.#menuItems(),
      history: workbook.history,
      trigger: trigger ? { description: trigger.description } : null,
      now: new Date(runtime.clock.now()).toISOString(),
      // The mail the add-on sent (dev/gas's outbox), newest first.
      outbox: runtime.outbox
        .slice(-OUTBOX_SHOWN)
        .reverse()
        .map((m) => ({ at: new Date(m.at).toISOString(), to: m.to, bcc: m.bcc, subject: m.subject, body: m.body })),
      status: { ...(await this.#serviceStats()), ...counters },
      sidebarHost: host.url,
      demoKey: DEMO_KEY,
    };
  }

  async #serviceStats(): Promise<Pick<StatusView, 'requests' | 'freshCredits' | 'serviceCacheHits'>> {
    try {
      const stats = await this.#parts.service.control.stats();
      return { requests: stats.requests, freshCredits: stats.freshCredits, serviceCacheHits: stats.cacheHits };
    } catch {
      return { requests: 0, freshCredits: 0, serviceCacheHits: 0 };
    }
  }
}

/** The newest mails the page's Outbox shows. */
const OUTBOX_SHOWN = 20;

function isIndex(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 100_000;
}

function sendFile(res: ServerResponse, [file, type]: [string, string]): void {
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(readFileSync(`${PAGE_DIR}${file}`));
}
