/**
 * Small node:http helpers shared by dev/host, dev/playground and dev/service: local Host checks, the
 * guard on JSON POSTs from pages, JSON answers, bodies, and promise wrappers for listen/close.
 */
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Host names that reach 127.0.0.1 from this machine (what a browser sends in the Host header). */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A bad request body (too large, not JSON, not an object): the caller answers 400. */
export class BodyError extends Error {
  override name = 'BodyError';
}

/**
 * Whether a Host header names this machine (a DNS-rebinding page sends its own name instead).
 * @param hostHeader the request's Host header
 * @param bindHost the address the server listens on, also accepted
 */
export function isLocalHostHeader(hostHeader: string | undefined, bindHost?: string): boolean {
  if (!hostHeader) return false;
  const name = hostHeader.replace(/:\d+$/, '').toLowerCase();
  return LOCAL_HOSTS.has(name) || (bindHost !== undefined && name === bindHost.toLowerCase());
}

/**
 * Why a JSON POST from a page is refused, or undefined when it may proceed. A page on another origin
 * cannot send application/json without a CORS preflight, which is never granted; one that sends an
 * Origin must be this server's.
 */
export function jsonPostRefusal(req: IncomingMessage): { status: 415 | 403; error: string } | undefined {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return { status: 415, error: 'expected application/json' };
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`) return { status: 403, error: 'cross-origin calls are refused' };
  return undefined;
}

/** Answers with JSON text as it is (e.g. a deliberately malformed body); never cached. */
export function sendJsonText(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Answers with `body` as JSON; never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/**
 * Reads a request body as UTF-8 text.
 * @throws BodyError (rejects) when it is over `maxBytes`
 */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      req.destroy();
      throw new BodyError(`the body is over ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Parses a body that must be a JSON object.
 * @param text the body
 * @param opts emptyAsObject: a blank body is `{}` (a control POST without a body)
 * @throws BodyError when it is not JSON or not an object
 */
export function parseJsonObject(text: string, opts: { emptyAsObject?: boolean } = {}): Record<string, unknown> {
  if (opts.emptyAsObject && text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError('the body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BodyError('the body is not a JSON object');
  return value as Record<string, unknown>;
}

/** readBody, then parseJsonObject. */
export async function readJsonObject(
  req: IncomingMessage,
  maxBytes: number,
  opts: { emptyAsObject?: boolean } = {},
): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBody(req, maxBytes), opts);
}

/**
 * Starts listening.
 * @returns the port taken and the base URL (no trailing slash)
 * @throws (rejects) the listen error, e.g. EADDRINUSE
 */
export function listen(server: Server, port: number, host: string): Promise<{ port: number; url: string }> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const taken = (server.address() as AddressInfo).port;
      resolve({ port: taken, url: `http://${host.includes(':') ? `[${host}]` : host}:${taken}` });
    });
  });
}

/** Stops listening and drops open connections (keep-alive ones too); resolves at once if not listening. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
