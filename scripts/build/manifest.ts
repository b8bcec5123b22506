/**
 * The Apps Script manifest, the build-time base URL and the URL allowlist.
 * Published add-ons may only fetch URL prefixes listed in urlFetchWhitelist, and Google requires each
 * prefix to be https. The allowlist is derived here once: the manifest lists it, and the bundle gets the
 * same list (so the sidebar refuses a base URL the manifest would refuse, instead of failing later).
 */

/** Shown when no SDM_BASE_URL is set at build time: obviously not a real service (.example is reserved). */
export const PLACEHOLDER_BASE_URL = 'https://search-demand-service.example';

/**
 * Which build: `production` is what `npm run push` deploys (https prefixes only, as Google requires);
 * `development` also allows the local stand-in service on this machine, for tests and `npm start`.
 */
export type BuildFlavour = 'development' | 'production';

/** Plain-http prefixes a development build allows: the local service runs on loopback, any port. */
export const LOOPBACK_PREFIXES = ['http://127.0.0.1:', 'http://localhost:'] as const;

/**
 * Validates the build-time base URL (https only: a published add-on cannot allowlist http).
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
 * The build flavour from SDM_BUILD (default development).
 * @param value SDM_BUILD from the environment, if any
 */
export function resolveFlavour(value: string | undefined): BuildFlavour {
  const flavour = (value ?? '').trim() || 'development';
  if (flavour !== 'development' && flavour !== 'production') {
    throw new Error(`SDM_BUILD must be development or production, got ${JSON.stringify(value)}`);
  }
  return flavour;
}

/**
 * The URL prefixes the add-on may fetch: the service's API path, plus loopback in a development build.
 * @param baseUrl the resolved base URL
 * @param flavour the build flavour
 */
export function urlAllowlist(baseUrl: string, flavour: BuildFlavour): string[] {
  const service = `${baseUrl}/api/v1/`;
  return flavour === 'production' ? [service] : [service, ...LOOPBACK_PREFIXES];
}

/**
 * Fills urlFetchWhitelist in the manifest template.
 * @param template appsscript.json at the repository root
 * @param allowlist from urlAllowlist
 */
export function renderManifest(template: Record<string, unknown>, allowlist: string[]): Record<string, unknown> {
  return { ...template, urlFetchWhitelist: allowlist };
}
