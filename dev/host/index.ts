/**
 * dev/host: serves the add-on's HTML pages (dist/*.html) on 127.0.0.1 with a google.script.run shim
 * injected, and runs each google.script.run call as one execution of the given GasRuntime, so the real
 * sidebar talks to the real built Code.js. Used by the browser tests and by `npm start`.
 *
 *   GET  /                 a list of the pages
 *   GET  /<Name>.html      dist/<Name>.html (read on every request, so a rebuild shows on reload)
 *   GET  /__gas/open/<fn>  runs a menu function (e.g. showSidebar) and serves the sidebar or dialog
 *                          it opened, exactly as the script built it
 *   GET  /__gas/shown/<executionId>  serves the sidebar or dialog an execution that already ran opened
 *                          (e.g. a menu click the playground ran), without running anything again
 *   POST /__gas/run        {fn, args} → {ok: true, value} | {ok: false, error}
 *
 * runtime.run is synchronous and blocks this event loop while the script fetches, as Apps Script
 * runs one execution at a time for a page here; the service must live in another process.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecutionResult, GasRuntime } from '../gas/index.js';
import { BodyError, closeServer, isLocalHostHeader, jsonPostRefusal, listen, parseJsonObject, readBody, sendJson } from '../http.js';

/** The POST body the shim sends. */
export interface RunRequest {
  fn: string;
  args: unknown[];
}

/** What the host answers a run with. */
export type RunResponse = { ok: true; value: unknown } | { ok: false; error: string };

/** Told about every server call (never its arguments, which may hold an API key). */
export interface RunEvent {
  fn: string;
  ok: boolean;
  error?: string;
  /** Wall-clock time of the execution (its realDurationMs, not the script's dilated time). */
  durationMs: number;
  fetchCount: number;
}

export interface HostOptions {
  /** The Apps Script runtime that runs the calls (its Code.js, properties and caches). */
  runtime: GasRuntime;
  /**
   * Who has the page open: every call runs as this user (their user properties, cache and triggers), as
   * Google runs a sidebar's calls as the person who opened it. Default: the runtime's userEmail. Two
   * hosts over one runtime show the same spreadsheet to two people.
   */
  user?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the pages are; default <repo>/dist. */
  htmlDir?: string;
  /** Called after each run, e.g. to log it. */
  onRun?: (event: RunEvent) => void;
}

export interface HostHandle {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:4321. */
  url: string;
  /** The URL of one page: pageUrl('Sidebar') → http://127.0.0.1:4321/Sidebar.html. */
  pageUrl(name: string): string;
  close(): Promise<void>;
}

const DEFAULT_HTML_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));
const SHIM_PATH = fileURLToPath(new URL('./shim.js', import.meta.url));
const MAX_BODY_BYTES = 1024 * 1024;
const PAGE_NAME = /^[A-Za-z0-9_-]+$/;
const FUNCTION_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Starts the host.
 * @param options the runtime to run calls in, and where to listen
 * @returns its URL and a close function
 */
export async function startHost(options: HostOptions): Promise<HostHandle> {
  const htmlDir = options.htmlDir ?? DEFAULT_HTML_DIR;
  const shim = readFileSync(SHIM_PATH, 'utf8');
  const bindHost = options.host ?? '127.0.0.1';
  const asUser = options.user !== undefined ? { user: options.user } : {};

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.end();
      else if (error instanceof BodyError) sendJson(res, 400, { ok: false, error: error.message });
      else sendJson(res, 500, { ok: false, error: `dev/host: ${(error as Error).message}` });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLocalHostHeader(req.headers.host, bindHost)) return sendText(res, 403, 'dev/host answers only local names');
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (path === '/__gas/run') return runCall(req, res);
    if (path.startsWith('/__gas/open/')) return openFromMenu(decodeURIComponent(path.slice('/__gas/open/'.length)), req, res);
    if (path.startsWith('/__gas/shown/')) return serveShown(path.slice('/__gas/shown/'.length), req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'method not allowed');
    if (path === '/' || path === '/index.html') return sendHtml(res, indexPage(htmlDir));
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const name = decodeURIComponent(path.slice(1)).replace(/\.html$/, '');
    if (!PAGE_NAME.test(name)) return sendText(res, 404, 'not found');
    const file = join(htmlDir, `${name}.html`);
    if (!existsSync(file)) return sendText(res, 404, `no ${name}.html in ${htmlDir}: run npm run build`);
    sendHtml(res, injectShim(readFileSync(file, 'utf8'), shim));
  }

  async function runCall(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: 'POST only' });
    const refused = jsonPostRefusal(req);
    if (refused) return sendJson(res, refused.status, { ok: false, error: refused.error });
    const request = parseRunRequest(await readBody(req, MAX_BODY_BYTES));
    if ('error' in request) return sendJson(res, 400, { ok: false, error: request.error });
    const started = Date.now();
    let result: ExecutionResult;
    try {
      result = options.runtime.run(request.fn, request.args, { mode: 'sidebar', ...asUser });
    } catch (error) {
      // run() throws for test bugs (bad arguments, missing Code.js): say so to the page.
      const message = `dev/host: ${(error as Error).message}`;
      options.onRun?.({ fn: request.fn, ok: false, error: message, durationMs: Date.now() - started, fetchCount: 0 });
      return sendJson(res, 500, { ok: false, error: message });
    }
    options.onRun?.({
      fn: request.fn,
      ok: result.ok,
      ...(result.ok ? {} : { error: result.error ?? '' }),
      durationMs: result.realDurationMs,
      fetchCount: result.fetchCount,
    });
    const body: RunResponse = result.ok ? { ok: true, value: result.value } : { ok: false, error: result.error ?? 'Unknown error' };
    sendJson(res, 200, body);
  }

  function openFromMenu(fn: string, req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') return sendText(res, 405, 'GET only');
    if (!FUNCTION_NAME.test(fn)) return sendText(res, 404, 'not a function name');
    const result = options.runtime.run(fn, [], { mode: 'menu', ...asUser });
    options.onRun?.({
      fn,
      ok: result.ok,
      ...(result.ok ? {} : { error: result.error ?? '' }),
      durationMs: result.realDurationMs,
      fetchCount: result.fetchCount,
    });
    if (!result.ok) return sendText(res, 500, `${fn} failed: ${result.error ?? ''}`);
    const html = shownBy(result.executionId);
    if (html === undefined) return sendText(res, 404, `${fn} opened no sidebar or dialog`);
    sendHtml(res, injectShim(html, shim));
  }

  function serveShown(id: string, req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') return sendText(res, 405, 'GET only');
    const html = /^[1-9]\d*$/.test(id) ? shownBy(Number(id)) : undefined;
    if (html === undefined) return sendText(res, 404, `execution ${id} opened no sidebar or dialog`);
    sendHtml(res, injectShim(html, shim));
  }

  /** The HTML of the last sidebar or dialog an execution opened, as the script built it. */
  function shownBy(executionId: number): string | undefined {
    const { sidebars, dialogs } = options.runtime.ui;
    return [...sidebars, ...dialogs].filter((ui) => ui.executionId === executionId).at(-1)?.html;
  }

  const { url } = await listen(server, options.port ?? 0, bindHost);
  return {
    url,
    pageUrl: (name) => `${url}/${encodeURIComponent(name)}.html`,
    close: () => closeServer(server),
  };
}

/**
 * Puts the shim in a script element at the start of <head> (before any of the page's scripts).
 * @param html the page
 * @param shim the shim's source
 */
export function injectShim(html: string, shim: string): string {
  const tag = `<script>${shim.replace(/<\/script/gi, '<\\/script')}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + tag + html.slice(doctype[0].length) : tag + html;
}

/**
 * Checks a run request's shape: a function name and an array of arguments.
 * @param text the POST body
 */
export function parseRunRequest(text: string): RunRequest | { error: string } {
  let body: Record<string, unknown>;
  try {
    body = parseJsonObject(text);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { fn, args = [] } = body;
  if (typeof fn !== 'string' || !FUNCTION_NAME.test(fn)) return { error: 'fn must be a function name' };
  if (!Array.isArray(args)) return { error: 'args must be an array' };
  return { fn, args };
}

function indexPage(htmlDir: string): string {
  const names = existsSync(htmlDir)
    ? readdirSync(htmlDir)
        .filter((f) => f.endsWith('.html') && PAGE_NAME.test(f.slice(0, -5)))
        .sort()
    : [];
  const items = names.map((f) => `<li><a href="/${f}">${f}</a></li>`).join('');
  return `<!DOCTYPE html><meta charset="utf-8"><title>dev/host</title><h1>Pages</h1><ul>${items || '<li>none: run npm run build</li>'}</ul>`;
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}
