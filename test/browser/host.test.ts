/**
 * dev/host: pages served with the google.script.run shim, and calls run as executions of a GasRuntime.
 * The shim is exercised in Chromium with Google's chained API (handlers, user object, async calls).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GasRuntime } from '../../dev/gas/index.js';
import { injectShim, parseRunRequest, startHost, type HostHandle, type RunEvent } from '../../dev/host/index.js';
import { useChromium } from './chromium.js';

// page.evaluate callbacks run in the page, with the DOM types test/browser/tsconfig.json adds.

/** google.script.run as the shim gives it to a page: chained handlers, then a server function by name. */
interface Runner {
  withSuccessHandler(handler: (value: unknown, userObject: unknown) => void): Runner;
  withFailureHandler(handler: (error: Error, userObject: unknown) => void): Runner;
  withUserObject(userObject: unknown): Runner;
  // The functions these tests call (the shim takes any name; CODE has the first three).
  echo(...args: unknown[]): void;
  boom(...args: unknown[]): void;
  countCalls(...args: unknown[]): void;
  nope(...args: unknown[]): void;
}

/** The test page's window: the shim's google.script, and what the page's own script saw before it. */
type PageWindow = Window & { google?: { script: { run: Runner } }; early?: string };

const CODE = `
function echo(a, b) { return { a: a, b: b, when: 'now' }; }
function boom() { throw new Error('Nope: <b>bold</b>'); }
function countCalls() {
  var p = PropertiesService.getUserProperties();
  var n = Number(p.getProperty('n') || '0') + 1;
  p.setProperty('n', String(n));
  return n;
}
function today() { return new Date(); }
function openPanel() {
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<!DOCTYPE html><p id="made">made by the script</p>').setTitle('Panel'));
}
function nothingToShow() {}
`;

const PAGE = `<!DOCTYPE html><html><head><title>t</title><script>window.early = typeof google;</script></head>
<body><form id="f"><input name="q" value="form value"></form></body></html>`;

let dir: string;
let runtime: GasRuntime;
let host: HostHandle;
const chromium = useChromium();
const events: RunEvent[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dev-host-'));
  writeFileSync(join(dir, 'Page.html'), PAGE);
  runtime = new GasRuntime({ code: CODE });
  host = await startHost({ runtime, htmlDir: dir, onRun: (e) => events.push(e) });
});

afterAll(async () => {
  await host?.close();
  runtime?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  fetch(`${host.url}/__gas/run`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('HTTP', () => {
  it('lists and serves pages by name, with the shim first in <head>', async () => {
    const index = await (await fetch(`${host.url}/`)).text();
    expect(index).toContain('href="/Page.html"');
    const page = await (await fetch(host.pageUrl('Page'))).text();
    expect(page.indexOf('google.script')).toBeGreaterThan(-1);
    expect(page.indexOf('google.script')).toBeLessThan(page.indexOf('window.early'));
    expect((await fetch(`${host.url}/Page`)).status).toBe(200);
    expect((await fetch(`${host.url}/Missing.html`)).status).toBe(404);
    expect((await fetch(`${host.url}/..%2Fpackage.json`)).status).toBe(404);
  });

  it('runs a function as one sidebar execution and answers {ok, value} or {ok:false, error}', async () => {
    expect(await (await post({ fn: 'echo', args: ['x', 2] })).json()).toEqual({ ok: true, value: { a: 'x', b: 2, when: 'now' } });
    expect(await (await post({ fn: 'boom', args: [] })).json()).toEqual({ ok: false, error: 'Nope: <b>bold</b>' });
    expect(await (await post({ fn: 'nothing' })).json()).toEqual({ ok: false, error: 'Script function not found: nothing' });
    // google.script.run cannot return a Date: it arrives as null.
    expect(await (await post({ fn: 'today' })).json()).toEqual({ ok: true, value: null });
    expect(events.find((e) => e.fn === 'boom')).toMatchObject({ ok: false, error: 'Nope: <b>bold</b>' });
  });

  it('refuses malformed, non-JSON and cross-origin calls', async () => {
    expect((await post({ fn: 'a b' })).status).toBe(400);
    expect((await post({ fn: 'echo', args: 'x' })).status).toBe(400);
    expect((await post('{"fn":"echo"}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post({ fn: 'echo' }, { 'Content-Type': 'application/json', Origin: 'http://evil.example' })).status).toBe(403);
    expect((await fetch(`${host.url}/__gas/run`)).status).toBe(405);
  });

  it('serves the sidebar a menu function opened, with the shim', async () => {
    const page = await fetch(`${host.url}/__gas/open/openPanel`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html><script>[\s\S]*google\.script[\s\S]*<\/script><p id="made">made by the script<\/p>$/);
    expect(runtime.ui.sidebars.at(-1)?.title).toBe('Panel');
    expect((await fetch(`${host.url}/__gas/open/nothingToShow`)).status).toBe(404);
    expect((await fetch(`${host.url}/__gas/open/missing`)).status).toBe(500);
  });

  it("runs every call as the host's user: their own user properties, not the runtime's default user's", async () => {
    const other = 'other@example.com';
    // dev/gas with spreadsheet owners refuses a user without access; older dev/gas has no such check.
    (runtime as { shareSpreadsheet?: (id: string, email: string) => void }).shareSpreadsheet?.(runtime.spreadsheet.id, other);
    const theirs = await startHost({ runtime, htmlDir: dir, user: other });
    try {
      const before = runtime.properties.user.get('n');
      const reply = await fetch(`${theirs.url}/__gas/run`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"fn":"countCalls"}',
      });
      expect(await reply.json()).toEqual({ ok: true, value: 1 });
      expect(runtime.userProperties(other).get('n')).toBe('1');
      expect(runtime.properties.user.get('n')).toBe(before);
    } finally {
      await theirs.close();
    }
  });

  it('parses and injects', () => {
    expect(parseRunRequest('{"fn":"f"}')).toEqual({ fn: 'f', args: [] });
    expect(parseRunRequest('nope')).toEqual({ error: 'the body is not JSON' });
    expect(injectShim('<html><head lang="x"><title>', 'S')).toBe('<html><head lang="x"><script>S</script><title>');
    expect(injectShim('<!DOCTYPE html><p>', 'S</script>')).toBe('<!DOCTYPE html><script>S<\\/script></script><p>');
  });
});

describe('the shim in Chromium', () => {
  it("has Google's chained, asynchronous shape", async () => {
    const page = await chromium.browser.newPage();
    await page.goto(host.pageUrl('Page'));
    expect(await page.evaluate(() => (window as PageWindow).early)).toBe('object');
    const result = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const log: unknown[] = [];
          const run = (window as PageWindow).google!.script.run;
          run
            .withSuccessHandler((value: unknown, user: unknown) => {
              log.push(['ok', value, user]);
              resolve(log);
            })
            .withUserObject('u1')
            .echo('hi', [1, { x: true }]);
          log.push('returned first');
        }),
    );
    expect(result).toEqual(['returned first', ['ok', { a: 'hi', b: [1, { x: true }], when: 'now' }, 'u1']]);
    await page.close();
  });

  it('reports server errors, unknown functions and illegal arguments the way Google does', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(host.pageUrl('Page'));
    const outcome = await page.evaluate(async () => {
      const run = (window as PageWindow).google!.script.run;
      const fail = (fn: 'boom' | 'nope', ...args: unknown[]) =>
        new Promise((resolve) =>
          run
            .withSuccessHandler(() => resolve('unexpected success'))
            .withFailureHandler((e: Error, user: unknown) => resolve([e instanceof Error, e.message, user]))
            .withUserObject('u2')
            [fn](...args),
        );
      let thrown = '';
      try {
        run.echo(() => 1);
      } catch (e) {
        thrown = (e as Error).message;
      }
      const form = await new Promise((resolve) => run.withSuccessHandler(resolve).echo(document.getElementById('f')));
      return { boom: await fail('boom'), missing: await fail('nope'), thrown, form };
    });
    expect(outcome).toEqual({
      boom: [true, 'Nope: <b>bold</b>', 'u2'],
      missing: [true, 'Script function not found: nope', 'u2'],
      thrown: 'Failed due to illegal value in property: 0',
      form: { a: { q: 'form value' }, when: 'now' },
    });
    await page.close();
  });

  it('runs calls made at once, each as its own execution', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(host.pageUrl('Page'));
    const values = await page.evaluate(() => {
      const run = (window as PageWindow).google!.script.run;
      return Promise.all([1, 2, 3].map(() => new Promise((resolve) => run.withSuccessHandler(resolve).countCalls())));
    });
    expect([...(values as number[])].sort()).toEqual([1, 2, 3]);
    expect(runtime.properties.user.get('n')).toBe('3');
    await page.close();
  });
});
