/**
 * The Apps Script manifest and the build-time base URL.
 * Published add-ons may only fetch URL prefixes listed in urlFetchWhitelist, so it is derived from the
 * same base URL the bundle defaults to.
 */

/** Shown when no SDM_BASE_URL is set at build time: obviously not a real service (.example is reserved). */
export const PLACEHOLDER_BASE_URL = 'https://search-demand-service.example';

/**
 * Validates the build-time base URL (https only: a published add-on cannot whitelist http).
 * @param value SDM_BASE_URL from the environment, if any
 */
export function resolveBaseUrl(value: string | undefined): string {
  const url = (value ?? '').trim() || PLACEHOLDER_BASE_URL;
  if (!/^https:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(url)) {
    throw new Error(`SDM_BASE_URL must be an https URL without query, got ${JSON.stringify(url)}`);
  }
  return url.replace(/\/+$/, '');
}

/**
 * Fills urlFetchWhitelist in the manifest template.
 * @param template appsscript.json at the repository root
 * @param baseUrl the resolved base URL
 */
export function renderManifest(template: Record<string, unknown>, baseUrl: string): Record<string, unknown> {
  return { ...template, urlFetchWhitelist: [`${baseUrl}/api/v1/`] };
}
