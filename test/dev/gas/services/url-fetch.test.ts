import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GasRuntime, USER_AGENT } from '../../../../dev/gas/index.js';
import { closedPort, startServer, type TestServer } from '../http-server.js';

const CODE = `
function GET(url, params) {
  var r = UrlFetchApp.fetch(url, params);
  return { code: r.getResponseCode(), text: r.getContentText(), headers: r.getHeaders(), all: r.getAllHeaders() };
}
function ALL(requests) {
  var rs = UrlFetchApp.fetchAll(requests);
  return { codes: rs.map(function (r) { return r.getResponseCode(); }), texts: rs.map(function (r) { return r.getContentText(); }) };
}
function TRY(url, params) {
  try { UrlFetchApp.fetch(url, params); return 'no exception'; }
  catch (e) { return e.name + ': ' + e.message; }
}
function TRYALL(requests) {
  try { UrlFetchApp.fetchAll(requests); return 'no exception'; }
  catch (e) { return e.message; }
}
function BYTES(url) {
  var r = UrlFetchApp.fetch(url);
  return { content: r.getContent(), blob: r.getBlob().getBytes().length, type: r.getBlob().getContentType() };
}
function CATCH_HANG(url) {
  Logger.log('before');
  var seen = [];
  try { UrlFetchApp.fetch(url); } catch (e) { seen.push(e.message); }
  try { CacheService.getScriptCache().put('after', seen.join()); } catch (e) { seen.push(e.message); }
  try { Logger.log('after'); } catch (e) { seen.push(e.message); }
  return seen;
}
function SIZE(url) { var r = UrlFetchApp.fetch(url); return [r.getContentText().length, r.getContent().length]; }
function REQ(url, params) { return UrlFetchApp.getRequest(url, params); }
`;

let server: TestServer;
let rt: GasRuntime;
const menu = { mode: 'menu' as const };

beforeAll(async () => {
  server = await startServer();
  rt = new GasRuntime({ code: CODE });
});

afterAll(() => {
  rt?.close();
  server?.close();
});

describe('UrlFetchApp.fetch', () => {
  it('does a real GET and shows headers title-cased', () => {
    const r = rt.run('GET', [`${server.base}/ok?q=a%20b`], menu);
    expect(r.ok).toBe(true);
    const v = r.value as { code: number; text: string; headers: Record<string, string>; all: Record<string, unknown> };
    expect(v.code).toBe(200);
    expect(JSON.parse(v.text)).toEqual({ ok: true, q: 'a b' });
    expect(v.headers['X-Cache']).toBe('HIT');
    expect(v.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(v.headers['Set-Cookie']).toBe('a=1');
    expect(v.all['Set-Cookie']).toEqual(['a=1', 'b=2']);
    expect(r.fetchCount).toBe(1);
    expect(r.urls).toEqual([`${server.base}/ok?q=a%20b`]);
  });

  it('sends method, payload and headers; logs header names only', () => {
    const secret = 'sk_live_do_not_log';
    const r = rt.run(
      'GET',
      [`${server.base}/echo`, { method: 'post', payload: '{"a":1}', contentType: 'application/json', headers: { 'X-Api-Key': secret } }],
      menu,
    );
    const echoed = JSON.parse((r.value as { text: string }).text) as { method: string; headers: Record<string, string>; body: string };
    expect(echoed.method).toBe('POST');
    expect(echoed.body).toBe('{"a":1}');
    expect(echoed.headers['content-type']).toBe('application/json');
    expect(echoed.headers['x-api-key']).toBe(secret);
    expect(echoed.headers['user-agent']).toMatch(/Google-Apps-Script/);
    const entry = rt.fetchLog.at(-1);
    expect(entry).toMatchObject({ method: 'POST', status: 200, headerNames: ['X-Api-Key', 'User-Agent', 'Content-Type'] });
    expect(JSON.stringify(rt.fetchLog)).not.toContain(secret);
  });

  it('form-encodes an object payload', () => {
    const r = rt.run('GET', [`${server.base}/echo`, { method: 'post', payload: { a: '1 2', b: 'é' } }], menu);
    const echoed = JSON.parse((r.value as { text: string }).text) as { headers: Record<string, string>; body: string };
    expect(echoed.body).toBe('a=1%202&b=%C3%A9');
    expect(echoed.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('keeps binary bodies intact as signed bytes', () => {
    const v = rt.run('BYTES', [`${server.base}/bytes`], menu).value as { content: number[]; blob: number; type: string };
    expect(v.content).toHaveLength(256);
    expect(v.content.slice(126, 130)).toEqual([126, 127, -128, -127]);
    expect(v.content[255]).toBe(-1);
    expect(v.blob).toBe(256);
    expect(v.type).toBe('application/octet-stream');
  });

  it('carries big bodies, and refuses more than 50 MB', () => {
    const r = rt.run('SIZE', [`${server.base}/big?bytes=20000000`], menu);
    expect(r.value).toEqual([20_000_000, 20_000_000]);
    const url = `${server.base}/big?bytes=${50 * 1024 * 1024 + 1}`;
    expect(rt.run('TRY', [url], menu).value).toBe(`Exception: Response too large: ${url}`);
  });

  it('follows redirects unless told not to', () => {
    const r = rt.run('GET', [`${server.base}/redirect`], menu);
    expect(JSON.parse((r.value as { text: string }).text)).toEqual({ ok: true, q: 'redirected' });
    const no = rt.run('GET', [`${server.base}/redirect`, { followRedirects: false }], menu);
    expect((no.value as { code: number }).code).toBe(302);
  });

  it("throws Google's text for HTTP errors unless muteHttpExceptions", () => {
    const text = rt.run('TRY', [`${server.base}/status/404?body=${'y'.repeat(150)}`], menu).value;
    expect(text).toBe(
      `Exception: Request failed for ${server.base} returned code 404. Truncated server response: ${'y'.repeat(100)}... (use muteHttpExceptions option to examine full response)`,
    );
    const short = rt.run('TRY', [`${server.base}/status/500?body=oops`], menu).value;
    expect(short).toBe(
      `Exception: Request failed for ${server.base} returned code 500. Truncated server response: oops (use muteHttpExceptions option to examine full response)`,
    );
    const muted = rt.run('GET', [`${server.base}/status/429`, { muteHttpExceptions: true }], menu).value as {
      code: number;
      headers: Record<string, string>;
    };
    expect(muted.code).toBe(429);
    expect(muted.headers['Retry-After']).toBe('7');
  });

  it('refuses URLs Google refuses, before sending anything', () => {
    const before = rt.fetchLog.length;
    expect(rt.run('TRY', [`${server.base}/${'a'.repeat(2100)}`], menu).value).toBe('Exception: Limit Exceeded: URLFetch URL Length.');
    expect(rt.run('TRY', [`${server.base}/ok?q=a b`], menu).value).toBe(`Exception: Invalid argument: ${server.base}/ok?q=a b`);
    expect(rt.run('TRY', [`${server.base}/ok?q=café`], menu).value).toBe(`Exception: Invalid argument: ${server.base}/ok?q=café`);
    expect(rt.run('TRY', [`${server.base}/ok?q=100%`], menu).value).toMatch(/^Exception: Invalid argument: /);
    expect(rt.run('TRY', ['ftp://example.com/x'], menu).value).toBe('Exception: Invalid argument: ftp://example.com/x');
    expect(rt.run('TRY', ['/relative'], menu).value).toBe('Exception: Invalid argument: /relative');
    expect(rt.fetchLog.length).toBe(before);
    // Exactly 2,048 characters is allowed.
    const path = '/ok?q=' + 'b'.repeat(2048 - server.base.length - 6);
    expect((server.base + path).length).toBe(2048);
    expect(rt.run('TRY', [server.base + path], menu).value).toBe('no exception');
  });

  it("refuses more than 100 headers or 8 KB of them in a call (the Quotas page), UrlFetchApp's own User-Agent counted", () => {
    const before = rt.fetchLog.length;
    const many = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-H${i}`, 'v']));
    // 99 of the script's plus the User-Agent: 100, allowed; one more is refused before anything is sent.
    expect(rt.run('TRY', [`${server.base}/ok`, { headers: many(99) }], menu).value).toBe('no exception');
    expect(rt.fetchLog.length).toBe(before + 1);
    expect(rt.run('TRY', [`${server.base}/ok`, { headers: many(100) }], menu).value).toBe('Exception: Limit Exceeded: URLFetch Headers.');
    // Size: every line "Name: value\r\n" in UTF-8, the User-Agent's too; exactly 8,192 bytes pass.
    const userAgentLine = `User-Agent: ${USER_AGENT}\r\n`.length;
    const fits = 'a'.repeat(8192 - userAgentLine - 'X-Big: \r\n'.length);
    expect(rt.run('TRY', [`${server.base}/ok`, { headers: { 'X-Big': fits } }], menu).value).toBe('no exception');
    expect(rt.run('TRY', [`${server.base}/ok`, { headers: { 'X-Big': `${fits}a` } }], menu).value).toBe(
      'Exception: Limit Exceeded: URLFetch Header Size.',
    );
    // A payload adds its Content-Type line, which counts too.
    expect(rt.run('TRY', [`${server.base}/echo`, { method: 'post', payload: 'x', headers: { 'X-Big': fits } }], menu).value).toBe(
      'Exception: Limit Exceeded: URLFetch Header Size.',
    );
    // In a fetchAll, one such request refuses the whole call.
    expect(rt.run('TRYALL', [[`${server.base}/ok`, { url: `${server.base}/ok`, headers: many(100) }]], menu).value).toBe(
      'Limit Exceeded: URLFetch Headers.',
    );
    expect(rt.fetchLog.length).toBe(before + 2);
  });

  it('refuses a payload over 50 MB (the Quotas page: "URL Fetch POST size" 50 MB / call), nothing sent', () => {
    const big = new GasRuntime({
      code: `function POST(url, n) { try { UrlFetchApp.fetch(url, { method: 'post', payload: 'x'.repeat(n) }); return 'sent'; } catch (e) { return e.message; } }`,
    });
    try {
      expect(big.run('POST', [`${server.base}/echo`, 50 * 1024 * 1024 + 1], menu).value).toBe('Limit Exceeded: URLFetch POST Size.');
      expect(big.fetchLog).toHaveLength(0);
    } finally {
      big.close();
    }
  });

  it('throws for network failures even with muteHttpExceptions', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/x`;
    expect(rt.run('TRY', [url, { muteHttpExceptions: true }], menu).value).toBe(`Exception: Address unavailable: ${url}`);
    expect(rt.run('TRY', [`${server.base}/reset`, { muteHttpExceptions: true }], menu).value).toBe(
      `Exception: Unexpected error: ${server.base}/reset`,
    );
    expect(rt.fetchLog.at(-1)).toMatchObject({ error: `Unexpected error: ${server.base}/reset` });
  });

  it('times a request out after urlFetchTimeoutMs', () => {
    const quick = new GasRuntime({ code: CODE, urlFetchTimeoutMs: 300 });
    try {
      const r = quick.run('TRY', [`${server.base}/hang`], menu);
      // The request's own timeout (a hang never answers, and the menu's 6 minutes were far off).
      expect(r.value).toBe(`Exception: Timeout: ${server.base}/hang`);
      expect(r.durationMs).toBeGreaterThanOrEqual(300);
    } finally {
      quick.close();
    }
  });

  it('describes the request with getRequest without sending it', () => {
    const before = rt.fetchLog.length;
    const v = rt.run('REQ', [`${server.base}/ok`, { method: 'POST', payload: 'x' }], menu).value as Record<string, unknown>;
    expect(v).toMatchObject({
      url: `${server.base}/ok`,
      method: 'post',
      payload: 'x',
      contentType: 'application/x-www-form-urlencoded',
      muteHttpExceptions: false,
    });
    expect(rt.fetchLog.length).toBe(before);
  });
});

describe('UrlFetchApp.fetchAll', () => {
  it('sends in parallel', () => {
    // Each request is answered once all ten are at the server together.
    const requests = Array.from({ length: 10 }, (_, i) => `${server.base}/meet?group=parallel&n=10&i=${i}`);
    const r = rt.run('ALL', [requests], menu);
    const v = r.value as { codes: number[]; texts: string[] };
    expect(v.codes).toEqual(Array(10).fill(200));
    expect(v.texts).toEqual(Array(10).fill('10'));
    expect(r.fetchCount).toBe(10);
    expect(r.urls).toEqual(requests);
  });

  it('honours fetchConcurrency', () => {
    const limited = new GasRuntime({ code: CODE, fetchConcurrency: 2 });
    try {
      // Two at a time meet; never more than two reach the server at once.
      const requests = Array.from({ length: 4 }, (_, i) => `${server.base}/meet?group=limited&n=2&i=${i}`);
      const v = limited.run('ALL', [requests], menu).value as { texts: string[] };
      expect(v.texts).toEqual(['2', '2', '2', '2']);
      expect(limited.run('GET', [`${server.base}/peak?group=limited`], menu).value).toMatchObject({ text: '2' });
    } finally {
      limited.close();
    }
  });

  it('takes request objects, each with its own options', () => {
    const v = rt.run(
      'ALL',
      [
        [
          { url: `${server.base}/echo`, method: 'put', payload: 'z' },
          { url: `${server.base}/status/404`, muteHttpExceptions: true },
        ],
      ],
      menu,
    ).value as {
      codes: number[];
      texts: string[];
    };
    expect(v.codes).toEqual([200, 404]);
    expect(JSON.parse(v.texts[0] ?? '')).toMatchObject({ method: 'PUT', body: 'z' });
  });

  it('throws for one HTTP error without muteHttpExceptions, and for any network failure', async () => {
    expect(rt.run('TRYALL', [[`${server.base}/ok`, `${server.base}/status/503?body=down`]], menu).value).toBe(
      `Request failed for ${server.base} returned code 503. Truncated server response: down (use muteHttpExceptions option to examine full response)`,
    );
    const port = await closedPort();
    const dead = `http://127.0.0.1:${port}/`;
    expect(
      rt.run(
        'TRYALL',
        [
          [
            { url: `${server.base}/ok`, muteHttpExceptions: true },
            { url: dead, muteHttpExceptions: true },
          ],
        ],
        menu,
      ).value,
    ).toBe(`Address unavailable: ${dead}`);
  });
});

describe('the execution deadline', () => {
  it('terminates an execution blocked on a hanging request, whatever the script catches', () => {
    const r = rt.run('CATCH_HANG', [`${server.base}/hang`], { mode: 'menu', timeLimitMs: 1500 });
    expect(r).toMatchObject({ ok: false, timedOut: true, error: 'Exceeded maximum execution time' });
    expect(r.value).toBeUndefined();
    expect(r.durationMs).toBeGreaterThanOrEqual(1500); // at the limit, whatever the hang
    // The script caught the error and returned, but every later service call threw and the value is gone.
    expect(r.logs).toEqual(['before']);
    expect(rt.caches.script.peek('after')).toBeNull();
  });

  it('leaves the runtime usable afterwards', () => {
    expect(rt.run('TRY', [`${server.base}/ok`], menu).value).toBe('no exception');
  });
});
