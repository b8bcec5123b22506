/**
 * The Apps Script manifest, the build-time base URL and the URL allowlist.
 * Published add-ons may only fetch URL prefixes listed in urlFetchWhitelist, and Google requires each
 * prefix to be https. The allowlist is derived here once: the manifest lists it, and the bundle gets the
 * same list (so the sidebar refuses a base URL the manifest would refuse, instead of failing later).
 * A self-install (the files of release/, pasted into a spreadsheet's Extensions › Apps Script) has
 * neither: its user types the service's address in the Settings, beside the key.
 */

/** Shown when no SDM_BASE_URL is set at build time: obviously not a real service (.example is reserved). */
export const PLACEHOLDER_BASE_URL = 'https://search-demand-service.example';

/**
 * Which build:
 * - `local` (the default: `npm test`, `npm start`): the placeholder service, and the local stand-in
 *   service on this machine (loopback http), which only dev/gas can reach;
 * - `development` (`npm run push:dev`) and `production` (`npm run push`): pushed to Google, so only the
 *   https service given in SDM_BASE_URL, as Google requires of every allowlist prefix. They differ in
 *   the Apps Script project they go to (.clasp-dev.json, .clasp.json) and the service they call;
 * - `self-install` (`npm run release`): what a person pastes into their own spreadsheet's Extensions ›
 *   Apps Script (a container-bound script, docs/use/install.md). No service is compiled in and the manifest
 *   has no urlFetchWhitelist: Google requires one only of a versioned deployment ("This field is
 *   optional when you install a test deployment, but is required when you create a versioned
 *   deployment"), and a pasted script is neither. The address is typed in the Settings, https only.
 */
export type BuildFlavour = 'local' | 'development' | 'production' | 'self-install';

const FLAVOURS: readonly BuildFlavour[] = ['local', 'development', 'production', 'self-install'];

/** How the add-on reaches a spreadsheet: from the Marketplace (with its allowlist), or pasted by its user. */
export type Installation = 'marketplace' | 'self';

/**
 * The installation a flavour builds for.
 * @param flavour the build flavour
 */
export function installationOf(flavour: BuildFlavour): Installation {
  return flavour === 'self-install' ? 'self' : 'marketplace';
}

/** Plain-http prefixes a development build allows: the local service runs on loopback, any port. */
export const LOOPBACK_PREFIXES = ['http://127.0.0.1:', 'http://localhost:'] as const;

/**
 * Validates the build-time base URL (https only: a published add-on cannot allowlist http). A build
 * that is pushed to Google must name its service: the placeholder can reach nothing. A self-install
 * has none ('').
 * @param value SDM_BASE_URL from the environment, if any
 * @param flavour the build flavour
 */
export function resolveBaseUrl(value: string | undefined, flavour: BuildFlavour = 'local'): string {
  if (flavour === 'self-install') {
    if ((value ?? '').trim())
      throw new Error('a self-install release compiles in no service: leave SDM_BASE_URL unset (its user types the address)');
    return '';
  }
  const url = (value ?? '').trim() || PLACEHOLDER_BASE_URL;
  if (flavour !== 'local' && url === PLACEHOLDER_BASE_URL) {
    throw new Error(`a ${flavour} build is pushed to Google: set SDM_BASE_URL to the ${flavour} service's https address`);
  }
  if (!/^https:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(url)) {
    throw new Error(`SDM_BASE_URL must be an https URL without query, got ${JSON.stringify(url)}`);
  }
  return url.replace(/\/+$/, '');
}

/**
 * The build flavour from SDM_BUILD (default local).
 * @param value SDM_BUILD from the environment, if any
 */
export function resolveFlavour(value: string | undefined): BuildFlavour {
  const flavour = (value ?? '').trim() || 'local';
  const known = FLAVOURS.find((f) => f === flavour);
  if (!known) throw new Error(`SDM_BUILD must be ${FLAVOURS.join(', ')}; got ${JSON.stringify(value)}`);
  return known;
}

/**
 * The URL prefixes the add-on may fetch: the service's API path, plus loopback in a local build; none
 * in a self-install (no urlFetchWhitelist: nothing but the add-on's own https rule limits the address).
 * @param baseUrl the resolved base URL
 * @param flavour the build flavour
 */
export function urlAllowlist(baseUrl: string, flavour: BuildFlavour): string[] {
  if (flavour === 'self-install') return [];
  const service = `${baseUrl}/api/v1/`;
  return flavour === 'local' ? [service, ...LOOPBACK_PREFIXES] : [service];
}

/** Every spreadsheet of the user: what the Marketplace add-on's trigger needs to open its spreadsheets by id. */
export const ALL_SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
/**
 * The spreadsheet the script is installed in, and no other: all a pasted (container-bound) script needs,
 * since its trigger sees its own spreadsheet (Google's bound-scripts guide: getActiveSpreadsheet and the
 * other special methods "are only available to bound scripts run from the script editor, menu items,
 * dialogs, sidebars, or triggers"). A smaller, less alarming consent screen.
 */
export const THIS_SPREADSHEET_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.currentonly';

/**
 * Fills urlFetchWhitelist in the manifest template (an empty allowlist, a self-install's, leaves the field
 * out), and gives a self-install the scope of its own spreadsheet instead of every spreadsheet's.
 * @param template appsscript.json at the repository root
 * @param allowlist from urlAllowlist
 * @param installation how the build reaches a spreadsheet (default: the Marketplace)
 */
export function renderManifest(
  template: Record<string, unknown>,
  allowlist: string[],
  installation: Installation = 'marketplace',
): Record<string, unknown> {
  const manifest: Record<string, unknown> = allowlist.length ? { ...template, urlFetchWhitelist: allowlist } : { ...template };
  const scopes = template.oauthScopes;
  if (installation === 'self' && Array.isArray(scopes)) {
    manifest.oauthScopes = scopes.map((scope) => (scope === ALL_SPREADSHEETS_SCOPE ? THIS_SPREADSHEET_SCOPE : scope) as unknown);
  }
  return manifest;
}
