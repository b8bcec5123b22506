/** Builds request URLs. UrlFetchApp does not encode for us, and refuses URLs past MAX_URL_LENGTH (settings/constants.ts). */
import type { Endpoint } from './endpoints';

/**
 * Encodes a query value: spaces become `+`, every other reserved character is percent-encoded
 * (including `!'()*`, which encodeURIComponent leaves alone).
 * @param value the normalised subject
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The full URL of a request.
 * @param baseUrl service base URL, no trailing slash
 * @param endpoint the endpoint
 * @param subject its parameter's value, if it takes one
 */
export function buildUrl(baseUrl: string, endpoint: Endpoint, subject?: string): string {
  const path = `${baseUrl}/api/v1${endpoint.path}`;
  return endpoint.param && subject !== undefined ? `${path}?${endpoint.param.name}=${encodeQueryValue(subject)}` : path;
}
