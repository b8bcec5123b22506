import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_QUOTAS,
  DEFAULT_SHORT_TIME_LIMITS,
  GasRuntime,
  GasWorkerPool,
  SHORT_TIME_MESSAGES,
  matchesPrefix,
  notAllowlistedMessage,
  prefixProblem,
} from '../../../../dev/gas/index.js';
import { startServer, type TestServer } from '../http-server.js';

const menu = { mode: 'menu' } as const;
const FETCH = `
function TRY(url) { try { return UrlFetchApp.fetch(url).getResponseCode(); } catch (e) { return e.message; } }
function TRYALL(urls) { try { return UrlFetchApp.fetchAll(urls).length; } catch (e) { return e.message; } }
function REQ(url) { try { return UrlFetchApp.getRequest(url).url; } catch (e) { return e.message; } }
`;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('the manifest', () => {
  it('is read from appsscript.json beside Code.js, or given as an option', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-gas-manifest-'));
    writeFileSync(join(dir, 'Code.js'), 'function F() { return 1; }');
    writeFileSync(join(dir, 'appsscript.json'), JSON.stringify({ timeZone: 'Etc/UTC', urlFetchWhitelist: ['https://api.example.com/'] }));
    expect(new GasRuntime({ codePath: join(dir, 'Code.js') }).manifest).toMatchObject({ urlFetchWhitelist: ['https://api.example.com/'] });
    expect(new GasRuntime({ codePath: join(dir, 'Code.js'), manifest: null }).manifest).toBeNull();
    expect(new GasRuntime({ code: 'function F() {}' }).manifest).toBeNull(); // code as text: no file beside it
    expect(new GasRuntime({ codePath: '/nonexistent/Code.js' }).manifest).toBeNull();
    expect(new GasRuntime({ code: '', manifest: { oauthScopes: ['x'] } }).manifest).toEqual({ oauthScopes: ['x'] });
  });

  it('must list https prefixes with a full domain and a path (loopback http is dev/gas’s one exception)', () => {
    expect(() => new GasRuntime({ code: '', manifest: { urlFetchWhitelist: ['http://api.example.com/'] } })).toThrow(
      /URLs must use the HTTPS scheme/,
    );
    expect(() => new GasRuntime({ code: '', manifest: { urlFetchWhitelist: ['https://api.example.com'] } })).toThrow(/non-empty path/);
    expect(() => new GasRuntime({ code: '', manifest: { urlFetchWhitelist: ['https://localhost/'] } })).toThrow(/full domain/);
    expect(prefixProblem('https://*.example.com/')).toBeNull();
    expect(prefixProblem('http://127.0.0.1:')).toBeNull();
    expect(prefixProblem('http://localhost:8080/')).toBeNull();
    expect(prefixProblem('http://10.0.0.1/')).toMatch(/HTTPS/);
  });
});

describe('the URL allowlist (urlFetchWhitelist)', () => {
  it('matches prefixes as Google describes: children of the path, subdomain wildcards, case-sensitive paths', () => {
    expect(matchesPrefix('https://example.com/foo', 'https://example.com/foo')).toBe(true);
    expect(matchesPrefix('https://example.com/foo/bar', 'https://example.com/foo')).toBe(true);
    expect(matchesPrefix('https://example.com/foo?bar', 'https://example.com/foo')).toBe(true);
    expect(matchesPrefix('https://example.com/foobar', 'https://example.com/foo')).toBe(false);
    expect(matchesPrefix('https://example.com/Foo', 'https://example.com/foo')).toBe(false);
    // Google says nothing of the scheme's and host's case: compared as written (strict).
    expect(matchesPrefix('https://Example.com/foo', 'https://example.com/foo')).toBe(false);
    expect(matchesPrefix('HTTPS://example.com/foo', 'https://example.com/foo')).toBe(false);
    expect(matchesPrefix('http://example.com/foo', 'https://example.com/foo')).toBe(false);
    expect(matchesPrefix('https://api.example.com/x', 'https://*.example.com/')).toBe(true);
    expect(matchesPrefix('https://example.com/x', 'https://*.example.com/')).toBe(false);
    expect(matchesPrefix('https://evil-example.com/x', 'https://*.example.com/')).toBe(false);
    expect(matchesPrefix('https://example.com.evil.net/', 'https://example.com/')).toBe(false);
    expect(matchesPrefix('http://127.0.0.1:5173/api', 'http://127.0.0.1:')).toBe(true);
  });

  it('refuses a URL outside the allowlist before sending anything, in fetch, fetchAll and getRequest', () => {
    const rt = new GasRuntime({ code: FETCH, manifest: { urlFetchWhitelist: ['https://api.example.com/'] } });
    const url = `${server.base}/ok?q=secret`;
    const refused = `Request to ${server.base}/ok? failed because the URL has not been whitelisted in the script manifest.`;
    expect(notAllowlistedMessage(url)).toBe(refused);
    expect(rt.run('TRY', [url], menu).value).toBe(refused);
    expect(rt.run('TRYALL', [[url]], menu).value).toBe(refused);
    expect(rt.run('REQ', [url], menu).value).toBe(refused);
    expect(rt.fetchLog).toEqual([]);
    expect(rt.urlFetchQuota.remaining).toBe(DAILY_QUOTAS.urlFetch);
    rt.close();
  });

  it('lets allowed URLs through, and every URL when the manifest has no allowlist', () => {
    const allowed = new GasRuntime({ code: FETCH, manifest: { urlFetchWhitelist: [`${server.base}/`] } });
    expect(allowed.run('TRY', [`${server.base}/ok`], menu).value).toBe(200);
    allowed.close();
    const open = new GasRuntime({ code: FETCH, manifest: { oauthScopes: ['https://www.googleapis.com/auth/script.external_request'] } });
    expect(open.run('TRY', [`${server.base}/ok`], menu).value).toBe(200);
    open.close();
  });
});

describe('daily quotas', () => {
  const PROPS = `function GET() { try { return PropertiesService.getUserProperties().getProperty('k'); } catch (e) { return e.message; } }
    function SET(v) { try { PropertiesService.getUserProperties().setProperty('k', v); return 'ok'; } catch (e) { return e.message; } }
    function MANY(n) { var p = PropertiesService.getScriptProperties(); try { for (var i = 0; i < n; i++) p.getKeys(); return 'ok'; } catch (e) { return i + ': ' + e.message; } }`;

  it('defaults to 20,000 URL fetches and 50,000 property reads or writes a day', () => {
    const rt = new GasRuntime({ code: PROPS });
    expect(DAILY_QUOTAS).toEqual({ urlFetch: 20_000, properties: 50_000 });
    expect(rt.urlFetchQuota.remaining).toBe(20_000);
    expect(rt.propertiesQuota.remaining).toBe(50_000);
    rt.run('SET', ['v'], menu);
    rt.run('GET', [], menu);
    expect(rt.propertiesQuota.remaining).toBe(49_998);
  });

  it("counts every property read and write, refuses with Google's message, and resets 24 h after the day started", () => {
    const rt = new GasRuntime({ code: PROPS, propertiesDailyQuota: 3 });
    expect(rt.propertiesQuota.resetsAt).toBeNull();
    const before = rt.clock.now();
    expect(rt.run('SET', ['a'], menu).value).toBe('ok');
    // The day started with that write: 24 h from a moment during the run.
    const dayEnds = rt.propertiesQuota.resetsAt!;
    expect(dayEnds).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(dayEnds).toBeLessThanOrEqual(rt.clock.now() + 86_400_000);
    expect(rt.run('GET').value).toBe('a');
    expect(rt.run('MANY', [5], menu).value).toBe('1: Service invoked too many times for one day: properties.');
    expect(rt.run('GET').value).toBe('Service invoked too many times for one day: properties.');
    rt.advanceClock(86_400_000 - 60_000);
    expect(rt.run('GET').value).toBe('Service invoked too many times for one day: properties.');
    rt.advanceClock(60_000);
    expect(rt.run('GET').value).toBe('a');
    expect(rt.propertiesQuota.remaining).toBe(2);
  });

  it("refuses URL fetches past the day's quota with Google's message, nothing sent", () => {
    const rt = new GasRuntime({ code: FETCH, urlFetchDailyQuota: 2 });
    expect(rt.run('TRY', [`${server.base}/ok`], menu).value).toBe(200);
    expect(rt.run('TRYALL', [[`${server.base}/ok`, `${server.base}/ok`]], menu).value).toBe(
      'Service invoked too many times for one day: urlfetch.',
    );
    expect(rt.fetchLog).toHaveLength(1);
    rt.advanceClock(86_400_000);
    expect(rt.run('TRYALL', [[`${server.base}/ok`, `${server.base}/ok`]], menu).value).toBe(2);
    rt.close();
  });

  it('shares the properties quota between the workers of a pool', async () => {
    const pool = new GasWorkerPool({ size: 2, code: PROPS, propertiesDailyQuota: 10 });
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => pool.run('MANY', [3], menu)));
      const refused = results.filter((r) => String(r.value).includes('too many times'));
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(pool.propertiesQuota.remaining).toBe(0);
      pool.advanceClock(86_400_000);
      expect(pool.propertiesQuota.remaining).toBe(10);
      expect((await pool.run('MANY', [3], menu)).value).toBe('ok');
      expect(pool.propertiesQuota.remaining).toBe(7);
    } finally {
      await pool.close();
    }
  });
});

describe('short-term limits (on by default; Google publishes no figure, so a test may set its own)', () => {
  it('has both on by default: 30 starts a second per user, 1,000 URL fetches a minute; null turns one off', () => {
    expect(DEFAULT_SHORT_TIME_LIMITS).toEqual({ urlFetch: { calls: 1000, windowMs: 60_000 }, executions: { calls: 30, windowMs: 1000 } });
    const rt = new GasRuntime({ code: `${FETCH}\n${PROPS_READ}`, latency: false });
    try {
      // A fetchAll of 1,001 (all refused before anything is sent) passes the minute's 1,000.
      const many = Array.from({ length: 1001 }, () => `${server.base}/ok`);
      expect(rt.run('TRYALL', [many], menu).value).toBe(SHORT_TIME_MESSAGES.urlFetch);
      expect(rt.fetchLog).toHaveLength(0);
      rt.advanceClock(1000); // that start leaves the second's window
      // Starts as fast as a test can make them: the first 30 run, and some later one is refused (100
      // starts take far less than the 3 s that would keep each second under 30).
      const starts = Array.from({ length: 100 }, () => rt.run('GET'));
      expect(starts.slice(0, 30).every((r) => r.ok)).toBe(true);
      const refused = starts.filter((r) => !r.ok);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((r) => r.error === SHORT_TIME_MESSAGES.executions)).toBe(true);
    } finally {
      rt.close();
    }
    const off = new GasRuntime({ code: PROPS_READ, latency: false, executionStartLimit: null, urlFetchShortTimeLimit: null });
    try {
      expect(Array.from({ length: 40 }, () => off.run('GET')).every((r) => r.ok)).toBe(true);
    } finally {
      off.close();
    }
  });

  it("refuses URL fetches past the short-term limit with Google's text, nothing sent; refused calls keep the window shut", () => {
    const rt = new GasRuntime({ code: FETCH, urlFetchShortTimeLimit: { calls: 2, windowMs: 60_000 } });
    try {
      expect(SHORT_TIME_MESSAGES.urlFetch).toBe(
        'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
      );
      expect(rt.run('TRY', [`${server.base}/ok`], menu).value).toBe(200);
      // A fetchAll of two needs two calls where one is left: the whole call is refused.
      expect(rt.run('TRYALL', [[`${server.base}/ok`, `${server.base}/ok`]], menu).value).toBe(SHORT_TIME_MESSAGES.urlFetch);
      expect(rt.fetchLog).toHaveLength(1);
      // The window slides, and the refused calls count in it: 59 s on, still shut.
      rt.advanceClock(59_000);
      expect(rt.run('TRY', [`${server.base}/ok`], menu).value).toBe(SHORT_TIME_MESSAGES.urlFetch);
      rt.advanceClock(61_000);
      expect(rt.run('TRY', [`${server.base}/ok`], menu).value).toBe(200);
      // A refused call still spent its share of the daily quota (Google does not say: strict).
      expect(rt.urlFetchQuota.remaining).toBe(20_000 - 5);
    } finally {
      rt.close();
    }
  });

  it("refuses an execution start past the user's limit with Google's text, before anything runs", () => {
    const rt = new GasRuntime({ code: PROPS_READ, executionStartLimit: { calls: 2, windowMs: 60_000 } });
    rt.shareSpreadsheet(rt.spreadsheet.id, 'ann@example.com');
    expect(rt.run('GET').ok).toBe(true);
    expect(rt.run('GET').ok).toBe(true);
    const refused = rt.run('GET');
    expect(refused).toMatchObject({ ok: false, error: SHORT_TIME_MESSAGES.executions, durationMs: 0, roundTrips: 0 });
    expect(SHORT_TIME_MESSAGES.executions).toBe('Script invoked too many times per second for this Google user account.');
    // Per user: another user's executions start.
    expect(rt.run('GET', [], { user: 'ann@example.com' }).ok).toBe(true);
    rt.advanceClock(60_001);
    expect(rt.run('GET').ok).toBe(true);
  });

  it('are not modelled across the workers of a pool (each would count its own): refused there', () => {
    expect(() => new GasWorkerPool({ size: 2, code: FETCH, urlFetchShortTimeLimit: { calls: 1, windowMs: 1000 } })).toThrow(TypeError);
    expect(() => new GasWorkerPool({ size: 2, code: FETCH, executionStartLimit: { calls: 1, windowMs: 1000 } })).toThrow(TypeError);
    expect(() => new GasRuntime({ code: FETCH, executionStartLimit: { calls: -1, windowMs: 1000 } })).toThrow(TypeError);
  });
});

const PROPS_READ = `function GET() { return PropertiesService.getUserProperties().getProperty('k') || ''; }`;
