/**
 * UrlFetchApp over real HTTP, blocking like Google's (see sync-http.ts), with Google's rules:
 * URLs up to 2,048 characters and never silently encoded; HTTP errors (>= 400) throw unless
 * muteHttpExceptions; network failures always throw, and in fetchAll one failure fails the whole call;
 * fetchAll sends in parallel; response bodies are bytes (up to 50 MB); a request carries at most 100
 * headers of 8 KB in all and a payload of 50 MB; with an allowlist in the manifest,
 * a URL outside it is refused before anything is sent; past the daily quota or the short-term limit,
 * the call throws Google's text and sends nothing.
 */
import { notAllowlistedMessage, urlAllowed } from '../execution/allowlist.js';
import { BlobFake, blobFromScript } from './blob.js';
import { charsetOfContentType, decodeBytes, encodeString, fromScriptBytes, toSignedBytes } from './bytes.js';
import type { Execution } from '../execution/execution.js';
import { GasException } from '../execution/execution.js';
import { QUOTA_EXCEEDED_MESSAGES, SHORT_TIME_MESSAGES, type DailyQuota, type SlidingWindow } from '../execution/quota.js';
import { isPlainObject, stringOf } from '../execution/realm.js';
import { GasObject, signatureError } from '../execution/service.js';
import type { HttpOutcome, HttpRequestSpec, NetworkErrorKind, SyncHttp } from './sync-http.js';

export const URL_FETCH_LIMITS = Object.freeze({
  maxUrlLength: 2048,
  maxResponseBytes: 50 * 1024 * 1024,
  /** Quotas page: "URL Fetch POST size" 50 MB / call (a payload's bytes). */
  maxPayloadBytes: 50 * 1024 * 1024,
  /** Quotas page: "URL Fetch headers" 100 / call (the request's, those UrlFetchApp adds included). */
  maxHeaders: 100,
  /** Quotas page: "URL Fetch header size" 8 KB / call: every header line, `Name: value` and its CRLF. */
  maxHeaderBytes: 8 * 1024,
  /** Characters shown in "Truncated server response". */
  truncatedResponseChars: 100,
});

export const USER_AGENT = 'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: dev-gas)';

const METHODS = new Set(['get', 'delete', 'patch', 'post', 'put']);
/** RFC 3986 characters plus "%"; anything else (space, non-ASCII, quotes, braces) must be encoded. */
const URL_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** One request as UrlFetchApp recorded it; header values are never kept (they carry API keys). */
export interface FetchLogEntry {
  executionId: number;
  functionName: string;
  url: string;
  method: string;
  headerNames: string[];
  /** The HTTP status, once answered. */
  status?: number;
  /** The exception text of a network failure. */
  error?: string;
}

/** UrlFetch's daily quota (quota.ts): requests left before "Service invoked too many times for one day". */
export type UrlFetchQuota = DailyQuota;

/** What UrlFetchApp needs from the runtime. */
export interface UrlFetchDeps {
  http: SyncHttp;
  fetchLog: FetchLogEntry[];
  /** 20,000 a day by default. */
  quota: UrlFetchQuota;
  /** Google's short-term limit (`urlFetchShortTimeLimit`, on by default); null: none. */
  shortTime?: SlidingWindow | null;
  /** The manifest's urlFetchWhitelist; null: no allowlist (every URL may be fetched). */
  allowlist: readonly string[] | null;
}

/** "x-cache" → "X-Cache": one predictable casing for header names (node lower-cases them). */
export function titleCaseHeader(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

/** The message of a network-level failure, as Google words it. */
export function networkErrorMessage(kind: NetworkErrorKind, url: string): string {
  switch (kind) {
    case 'refused':
      return `Address unavailable: ${url}`;
    case 'dns':
      return `DNS error: ${url}`;
    case 'timeout':
      return `Timeout: ${url}`;
    case 'tls':
      return `SSL error: ${url}`;
    case 'too-large':
      return `Response too large: ${url}`;
    case 'redirects':
      return `Too many redirects: ${url}`;
    default:
      return `Unexpected error: ${url}`;
  }
}

/** An `HTTPResponse`. */
export class HTTPResponseFake extends GasObject {
  readonly gasType = 'UrlFetchApp.HTTPResponse';
  readonly #status: number;
  readonly #rawHeaders: string[];
  readonly #body: Buffer;

  constructor(status: number, rawHeaders: string[], body: Buffer) {
    super();
    this.#status = status;
    this.#rawHeaders = rawHeaders;
    this.#body = body;
  }

  #header(lowerName: string): string | undefined {
    for (let i = 0; i + 1 < this.#rawHeaders.length; i += 2) {
      if (this.#rawHeaders[i]?.toLowerCase() === lowerName) return this.#rawHeaders[i + 1];
    }
    return undefined;
  }

  getResponseCode(): number {
    return this.#status;
  }

  /** Decoded with `charset`, else the Content-Type's charset, else UTF-8. */
  getContentText(charset?: unknown): string {
    return decodeBytes(this.#body, charset ?? charsetOfContentType(this.#header('content-type')));
  }

  /** The body as signed bytes. */
  getContent(): number[] {
    return toSignedBytes(this.#body);
  }

  getBlob(): BlobFake {
    const type = this.#header('content-type')?.split(';')[0]?.trim() || null;
    return new BlobFake(Buffer.from(this.#body), type, null);
  }

  getAs(contentType: unknown): BlobFake {
    return this.getBlob().getAs(contentType);
  }

  /** Header names title-cased ("X-Cache"); a repeated header gives its first value. */
  getHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < this.#rawHeaders.length; i += 2) {
      const name = titleCaseHeader(this.#rawHeaders[i] ?? '');
      if (!(name in out)) out[name] = this.#rawHeaders[i + 1] ?? '';
    }
    return out;
  }

  /** Like getHeaders, but a repeated header gives an array of its values. */
  getAllHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (let i = 0; i + 1 < this.#rawHeaders.length; i += 2) {
      const name = titleCaseHeader(this.#rawHeaders[i] ?? '');
      const value = this.#rawHeaders[i + 1] ?? '';
      const prev = out[name];
      if (prev === undefined) out[name] = value;
      else out[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
    return out;
  }
}

/** A request after validation, ready for the worker. */
interface Prepared {
  spec: HttpRequestSpec;
  mute: boolean;
  /** For getRequest(). */
  description: Record<string, unknown>;
}

/** Throws `Invalid argument: <url>` unless `url` is an absolute http(s) URL with no unencoded characters. */
function checkUrl(url: string): void {
  if (url.length > URL_FETCH_LIMITS.maxUrlLength) throw new GasException('Limit Exceeded: URLFetch URL Length.');
  const invalid = new GasException(`Invalid argument: ${url}`);
  if (!/^https?:\/\/[^/?#]+/i.test(url) || !URL_CHARS.test(url) || /%(?![0-9A-Fa-f]{2})/.test(url)) throw invalid;
  try {
    if (!new URL(url).hostname) throw invalid;
  } catch {
    throw invalid;
  }
}

/**
 * Throws when a request's headers pass the Quotas page's "URL Fetch headers" (100 / call) or "URL Fetch
 * header size" (8 KB / call). Counted as sent, with the User-Agent and Content-Type UrlFetchApp adds,
 * each line `Name: value\r\n` in UTF-8 (our stricter reading: Google does not say what a byte is).
 */
function checkHeaderLimits(headers: Record<string, string>): void {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (lines.length > URL_FETCH_LIMITS.maxHeaders) throw new GasException('Limit Exceeded: URLFetch Headers.');
  const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8'), 0);
  if (bytes > URL_FETCH_LIMITS.maxHeaderBytes) throw new GasException('Limit Exceeded: URLFetch Header Size.');
}

function formEncode(obj: Record<string, unknown>): string {
  return Object.entries(obj)
    .map(([k, v]) => {
      if (blobFromScript(v)) throw new GasException('dev/gas: multipart payloads (a Blob in a payload object) are not supported yet.');
      return `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`;
    })
    .join('&');
}

function prepare(url: unknown, params: unknown, method: string, args: readonly unknown[], allowlist: readonly string[] | null): Prepared {
  if (typeof url !== 'string') throw signatureError(method, args);
  if (params !== undefined && !isPlainObject(params)) throw signatureError(method, args);
  checkUrl(url);
  if (allowlist && !urlAllowed(url, allowlist)) throw new GasException(notAllowlistedMessage(url));
  const p: Record<string, unknown> = params ?? {};

  const httpMethod = p.method === undefined ? 'get' : stringOf(p.method).toLowerCase();
  if (!METHODS.has(httpMethod)) throw new GasException(`Invalid argument: method`);

  const headers: Record<string, string> = {};
  if (p.headers !== undefined && p.headers !== null) {
    if (!isPlainObject(p.headers)) throw new GasException('Invalid argument: headers');
    for (const [name, value] of Object.entries(p.headers)) {
      if (value === undefined || value === null) continue;
      const text = stringOf(value);
      if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(text)) {
        throw new GasException(`Attribute provided with invalid value: Header:${name}`);
      }
      headers[name] = text;
    }
  }
  const hasHeader = (lower: string): boolean => Object.keys(headers).some((n) => n.toLowerCase() === lower);
  if (!hasHeader('user-agent')) headers['User-Agent'] = USER_AGENT;

  let body: Buffer | undefined;
  let contentType = p.contentType === undefined || p.contentType === null ? undefined : stringOf(p.contentType);
  const payload = p.payload;
  if (payload !== undefined && payload !== null) {
    const blob = blobFromScript(payload);
    if (typeof payload === 'string') body = encodeString(payload, charsetOfContentType(contentType));
    else if (blob) {
      body = BlobFake.bytesOf(blob);
      contentType ??= blob.getContentType() ?? undefined;
    } else if (isPlainObject(payload)) body = Buffer.from(formEncode(payload), 'utf8');
    else {
      body = fromScriptBytes(payload);
      if (!body) throw new GasException('Invalid argument: payload');
    }
    contentType ??= 'application/x-www-form-urlencoded';
    if (!hasHeader('content-type')) headers['Content-Type'] = contentType;
  }
  checkHeaderLimits(headers);
  if (body && body.length > URL_FETCH_LIMITS.maxPayloadBytes) throw new GasException('Limit Exceeded: URLFetch POST Size.');

  const followRedirects = p.followRedirects === undefined ? true : Boolean(p.followRedirects);
  const validateHttpsCertificates = p.validateHttpsCertificates === undefined ? true : Boolean(p.validateHttpsCertificates);
  const mute = Boolean(p.muteHttpExceptions);
  const spec: HttpRequestSpec = { url, method: httpMethod.toUpperCase(), headers, followRedirects, validateHttpsCertificates };
  if (body) spec.body = body;
  return {
    spec,
    mute,
    description: {
      url,
      method: httpMethod,
      headers: { ...headers },
      payload: body ? body.toString('utf8') : '',
      contentType: contentType ?? null,
      followRedirects,
      validateHttpsCertificates,
      useIntranet: false,
      muteHttpExceptions: mute,
    },
  };
}

/** "Request failed for https://host returned code 404. Truncated server response: ..." */
export function requestFailedMessage(url: string, status: number, body: Buffer): string {
  const u = new URL(url);
  const text = body.toString('utf8');
  const max = URL_FETCH_LIMITS.truncatedResponseChars;
  const shown = text.length > max ? `${text.slice(0, max)}...` : text;
  return `Request failed for ${u.protocol}//${u.host} returned code ${status}. Truncated server response: ${shown} (use muteHttpExceptions option to examine full response)`;
}

/** The scope UrlFetchApp needs (Google's consent screen: "Connect to an external service"). */
const EXTERNAL_REQUEST_SCOPE = 'https://www.googleapis.com/auth/script.external_request';

/** The `UrlFetchApp` global. */
export class UrlFetchAppFake extends GasObject {
  readonly gasType = 'UrlFetchApp';
  readonly #exec: Execution;
  readonly #deps: UrlFetchDeps;

  constructor(exec: Execution, deps: UrlFetchDeps) {
    super();
    this.#exec = exec;
    this.#deps = deps;
  }

  #allowed(method: string): void {
    const mode = this.#exec.authMode;
    this.#exec.denyUnless(
      (mode === 'FULL' || mode === 'CUSTOM_FUNCTION') && this.#exec.hasScope(EXTERNAL_REQUEST_SCOPE),
      `UrlFetchApp.${method}`,
      EXTERNAL_REQUEST_SCOPE,
    );
  }

  fetch(...args: unknown[]): HTTPResponseFake {
    this.#allowed('fetch');
    const [url, params] = args;
    const [response] = this.#send([prepare(url, params, 'UrlFetchApp.fetch', args, this.#deps.allowlist)]);
    if (!response) throw new Error('no response');
    return response;
  }

  fetchAll(...args: unknown[]): HTTPResponseFake[] {
    this.#allowed('fetchAll');
    const [requests] = args;
    if (!Array.isArray(requests) || args.length !== 1) throw signatureError('UrlFetchApp.fetchAll', args);
    const prepared = requests.map((r: unknown) => {
      if (typeof r === 'string') return prepare(r, undefined, 'UrlFetchApp.fetchAll', args, this.#deps.allowlist);
      if (!isPlainObject(r)) throw signatureError('UrlFetchApp.fetchAll', args);
      return prepare(r.url, r, 'UrlFetchApp.fetchAll', args, this.#deps.allowlist);
    });
    return prepared.length === 0 ? [] : this.#send(prepared);
  }

  /** The request Google would send, without sending it. */
  getRequest(...args: unknown[]): Record<string, unknown> {
    const [url, params] = args;
    return prepare(url, params, 'UrlFetchApp.getRequest', args, this.#deps.allowlist).description;
  }

  #send(prepared: Prepared[]): HTTPResponseFake[] {
    const exec = this.#exec;
    const { quota, fetchLog, http } = this.#deps;
    if (!quota.take(prepared.length)) throw new GasException(QUOTA_EXCEEDED_MESSAGES.urlFetch);
    // Every request of a fetchAll is one call; a refused call has spent its daily quota (strict).
    if (this.#deps.shortTime && !this.#deps.shortTime.take(prepared.length)) {
      throw new GasException(SHORT_TIME_MESSAGES.urlFetch);
    }
    const entries = prepared.map(({ spec }) => {
      exec.fetchCount++;
      exec.urls.push(spec.url);
      const entry: FetchLogEntry = {
        executionId: exec.id,
        functionName: exec.functionName,
        url: spec.url,
        method: spec.method,
        headerNames: Object.keys(spec.headers),
      };
      fetchLog.push(entry);
      return entry;
    });

    const result = http.send(
      prepared.map((p) => p.spec),
      // Real ms: the wait ends at the deadline of the (possibly dilated) script clock.
      { timeLimitMs: exec.remainingRealMs(), failFast: true, timeScale: exec.timeScale },
    );
    if (result.kind === 'deadline') return exec.terminate();

    const outcomes: Array<HttpOutcome | null> = result.outcomes;
    outcomes.forEach((o, i) => {
      const entry = entries[i];
      if (!o || !entry) return;
      if (o.ok) entry.status = o.status;
      else entry.error = networkErrorMessage(o.kind, o.url);
    });
    // Network failures throw whatever muteHttpExceptions says; the first one fails the whole call.
    for (const o of outcomes) {
      if (o && !o.ok && o.kind !== 'aborted') throw new GasException(networkErrorMessage(o.kind, o.url));
    }
    return outcomes.map((o, i) => {
      if (!o || !o.ok) throw new GasException(networkErrorMessage('other', prepared[i]?.spec.url ?? ''));
      if (o.status >= 400 && !prepared[i]?.mute) {
        throw new GasException(requestFailedMessage(prepared[i]?.spec.url ?? o.url, o.status, o.body));
      }
      return new HTTPResponseFake(o.status, o.rawHeaders, o.body);
    });
  }
}
