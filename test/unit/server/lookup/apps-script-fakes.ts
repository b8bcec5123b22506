/**
 * Small in-process fakes of the Apps Script services the lookup's steps call (CacheService,
 * PropertiesService, UrlFetchApp, Utilities), installed as globals for each test of a file and removed
 * after it: the unit project shares one module graph, so a test leaves the globals as it found them.
 * They record what the tests count: the requests sent, each fetchAll's size, the cache calls, the sleeps.
 * A sleep takes no real time but moves the clock the code reads (Date.now), as dev/gas's skipped waits do.
 * The strict runtime is dev/gas (test/integration runs the built add-on in it); these let a unit test
 * steer one answer, or land another execution's write between two steps.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach } from 'vitest';
import { PROP_API_KEY } from '../../../../src/server/settings/constants';

/** What the fake service answers to one request. */
export interface Reply {
  status: number;
  /** JSON (stringified here), or text as it is. */
  body: unknown;
  headers?: Record<string, string>;
}

/** One cache call, as the lookup made it. */
export interface CacheCall {
  op: 'getAll' | 'putAll' | 'removeAll';
  keys: string[];
}

/** The fakes of one test, and what they recorded. */
export interface Fakes {
  /** The document cache: key → stored text. */
  readonly cache: Map<string, string>;
  readonly cacheCalls: CacheCall[];
  /** The owner's user properties and the document's. */
  readonly user: Map<string, string>;
  readonly document: Map<string, string>;
  /** Every request sent, in order. */
  readonly sent: URL[];
  /** How many requests each fetchAll sent. */
  readonly batches: number[];
  /** Every Utilities.sleep, in ms. */
  readonly slept: number[];
  /** How the service answers (default: `answer`, below). */
  service: (url: URL) => Reply;
  /** Runs after each cache call, once it is done: another execution writing just then. */
  afterCacheCall: (call: CacheCall, callIndex: number) => void;
  /** Runs at each Utilities.sleep: another execution's answer landing while we wait. */
  onSleep: (ms: number, sleepIndex: number) => void;
  /** Runs at each read of a property store: a slow one, or the thread paused just then. */
  onPropertyRead: () => void;
  /** Moves the clock the code reads on by `ms` (as a sleep does). */
  advance: (ms: number) => void;
}

/** The key the tests save as the owner's. */
export const FAKE_KEY = 'unit-test-key-0001';

/**
 * A service that knows every keyword: /trend answers `{ keyword, score, cache }` (cached when the keyword
 * starts with "cached "), /usage a fresh allowance, anything else `{ path }`.
 * @param url the request's URL
 */
export function answer(url: URL): Reply {
  const keyword = url.searchParams.get('keyword');
  if (url.pathname.endsWith('/usage')) {
    return {
      status: 200,
      body: { fresh_searches: { used: 0, limit: 250 }, api_calls: { used: 0, limit: 2000 }, reset_at: '2026-03-19T00:00:00Z' },
    };
  }
  if (keyword !== null)
    return { status: 200, body: { keyword, score: keyword.length, cache: keyword.startsWith('cached ') ? 'hit' : 'miss' } };
  return { status: 200, body: { path: url.pathname } };
}

const signed = (bytes: Uint8Array): number[] => Array.from(bytes, (b) => (b > 127 ? b - 256 : b));
const unsigned = (bytes: number[] | string): Buffer =>
  typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes.map((b) => b & 0xff));

/** A Blob of Apps Script, as far as the cache codec uses one. */
function blob(bytes: Buffer) {
  return { getBytes: () => signed(bytes), getDataAsString: () => bytes.toString('utf8') };
}

/** A properties store over a map; `read` runs at each read. */
function store(values: Map<string, string>, read: () => void) {
  return {
    getProperties: () => {
      read();
      return Object.fromEntries(values);
    },
    getProperty: (key: string) => {
      read();
      return values.get(key) ?? null;
    },
  };
}

/**
 * Installs the fakes before each test of the calling file (the owner's key saved) and removes them after;
 * returns the holder of the current test's fakes.
 */
export function useAppsScriptFakes(): { readonly current: Fakes } {
  const global = globalThis as Record<string, unknown>;
  const names = ['CacheService', 'PropertiesService', 'UrlFetchApp', 'Utilities'] as const;
  const before = new Map<string, unknown>();
  const realNow = Date.now;
  let current: Fakes | undefined;

  beforeEach(() => {
    const fakes: Fakes = {
      cache: new Map(),
      cacheCalls: [],
      user: new Map([[PROP_API_KEY, FAKE_KEY]]),
      document: new Map(),
      sent: [],
      batches: [],
      slept: [],
      service: answer,
      afterCacheCall: () => undefined,
      onSleep: () => undefined,
      onPropertyRead: () => undefined,
      advance: (ms) => (passedMs += ms),
    };
    const called = (call: CacheCall) => {
      fakes.cacheCalls.push(call);
      fakes.afterCacheCall(call, fakes.cacheCalls.length - 1);
    };
    const cache = {
      getAll(keys: string[]) {
        const found: Record<string, string> = {};
        for (const key of keys) {
          const value = fakes.cache.get(key);
          if (value !== undefined) found[key] = value;
        }
        called({ op: 'getAll', keys });
        return found;
      },
      putAll(values: Record<string, string>) {
        for (const [key, value] of Object.entries(values)) fakes.cache.set(key, value);
        called({ op: 'putAll', keys: Object.keys(values) });
      },
      removeAll(keys: string[]) {
        for (const key of keys) fakes.cache.delete(key);
        called({ op: 'removeAll', keys });
      },
    };
    for (const name of names) before.set(name, global[name]);
    global.CacheService = { getDocumentCache: () => cache, getUserCache: () => cache };
    const read = () => fakes.onPropertyRead();
    global.PropertiesService = {
      getUserProperties: () => store(fakes.user, read),
      getDocumentProperties: () => store(fakes.document, read),
    };
    global.UrlFetchApp = {
      fetchAll(requests: { url: string }[]) {
        fakes.batches.push(requests.length);
        return requests.map(({ url }) => {
          const parsed = new URL(url);
          fakes.sent.push(parsed);
          const reply = fakes.service(parsed);
          const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          return { getResponseCode: () => reply.status, getHeaders: () => reply.headers ?? {}, getContentText: () => text };
        });
      },
    };
    global.Utilities = {
      DigestAlgorithm: { SHA_256: 'SHA_256' },
      Charset: { UTF_8: 'UTF_8' },
      computeDigest: (_algorithm: string, text: string) => signed(createHash('sha256').update(text, 'utf8').digest()),
      base64EncodeWebSafe: (bytes: number[] | string) => unsigned(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
      base64Encode: (bytes: number[] | string) => unsigned(bytes).toString('base64'),
      base64Decode: (text: string) => signed(Buffer.from(text, 'base64')),
      newBlob: (data: number[] | string) => blob(unsigned(data)),
      gzip: (source: { getBytes(): number[] }) => blob(gzipSync(unsigned(source.getBytes()))),
      ungzip: (source: { getBytes(): number[] }) => blob(gunzipSync(unsigned(source.getBytes()))),
      sleep: (ms: number) => {
        fakes.slept.push(ms);
        passedMs += ms;
        fakes.onSleep(ms, fakes.slept.length - 1);
      },
    };
    let passedMs = 0;
    Date.now = () => realNow() + passedMs;
    current = fakes;
  });

  afterEach(() => {
    Date.now = realNow;
    for (const name of names) {
      if (before.get(name) === undefined) delete global[name];
      else global[name] = before.get(name);
    }
    current = undefined;
  });

  return {
    get current(): Fakes {
      if (!current) throw new Error('the Apps Script fakes are installed in beforeEach');
      return current;
    },
  };
}
