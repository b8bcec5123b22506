/** Small HTTP helpers shared by the service tests, and the service each file runs. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startService, type ServiceHandle, type StartOptions } from '../../../dev/service/harness.js';

/**
 * Registers the hooks of a service test file: the service starts in beforeAll, is reset before each
 * test and stops in afterAll.
 * @param options startService's options
 * @param ready given the running service (the file keeps it in its own variable)
 */
export function useService(options: StartOptions, ready: (service: ServiceHandle) => void): void {
  let service: ServiceHandle | undefined;
  beforeAll(async () => {
    service = await startService(options);
    ready(service);
  });
  afterAll(async () => {
    await service?.stop();
  });
  beforeEach(async () => {
    await service?.control.reset();
  });
}

export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, as the caller expects it (see answers.ts); undefined when the body is not JSON. */
  body: T;
}

/**
 * GET `path` (relative to /api/v1) with the handle's first key unless `key` is given (null = no header).
 * T is the answer the test expects (answers.ts); the test's assertions check it.
 */
export async function api<T = unknown>(
  svc: ServiceHandle,
  path: string,
  key: string | null = svc.keys[0]!,
  init: RequestInit = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  const res = await fetch(`${svc.url}/api/v1${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: body as T };
}

const norm = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Names of top-level numeric fields whose normalised name ends with "score". */
export function topLevelScores(body: object): string[] {
  return Object.entries(body as Record<string, unknown>)
    .filter(([k, v]) => typeof v === 'number' && norm(k).endsWith('score'))
    .map(([k]) => k);
}

export { norm };
