/** Small HTTP helpers shared by the service tests. */
import type { ServiceHandle } from '../../dev/service/harness.js';

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined when the body is not JSON). */
  body: any;
}

/** GET `path` (relative to /api/v1) with the handle's first key unless `key` is given (null = no header). */
export async function api(svc: ServiceHandle, path: string, key: string | null = svc.keys[0]!, init: RequestInit = {}): Promise<ApiResult> {
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  const res = await fetch(`${svc.url}/api/v1${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

const norm = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Names of top-level numeric fields whose normalised name ends with "score". */
export function topLevelScores(body: Record<string, unknown>): string[] {
  return Object.entries(body)
    .filter(([k, v]) => typeof v === 'number' && norm(k).endsWith('score'))
    .map(([k]) => k);
}

export { norm };
