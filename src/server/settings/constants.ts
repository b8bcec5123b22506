/** Build-time and fixed settings of the add-on. */

declare const __SDM_BASE_URL__: string;
declare const __SDM_URL_ALLOWLIST__: string[];
declare const __SDM_INSTALLATION__: 'marketplace' | 'self';
declare const __SDM_VERSION__: string;

/**
 * The release this script was built from (package.json's version): the sidebar compares it with its own,
 * since a self-installer may paste one file of a release and not the other.
 */
export const VERSION: string = __SDM_VERSION__;

/**
 * How this build reaches a spreadsheet (scripts/build/manifest.ts): from the Marketplace, with its
 * service and allowlist compiled in, or pasted by its user into the spreadsheet's Extensions › Apps Script
 * (`npm run release`, docs/use/install.md), with the service's address typed in the Settings beside the key.
 */
export const SELF_INSTALL: boolean = __SDM_INSTALLATION__ === 'self';

/**
 * The service's base URL unless the user overrides it (set by the build from SDM_BASE_URL); '' in a
 * self-install, which has no default: its user types the address.
 */
export const DEFAULT_BASE_URL: string = __SDM_BASE_URL__;

/** The manifest's urlFetchWhitelist (the build writes both from one list): no other URL can be fetched; empty (no list) in a self-install. */
export const URL_ALLOWLIST: readonly string[] = __SDM_URL_ALLOWLIST__;

/** Property names (what each store keeps: docs/publish/privacy.md). */
export const PROP_API_KEY = 'SDM_API_KEY';
export const PROP_BASE_URL = 'SDM_BASE_URL';
export const PROP_CACHE_GENERATION = 'SDM_CACHE_GEN';
/** Document property: the spreadsheet's time zone, kept by the sidebar and menu so formulas place dates without reading the spreadsheet. */
export const PROP_TIME_ZONE = 'SDM_TIME_ZONE';
/** Document properties: who shared the document key (an email, or empty when Google did not tell). */
export const PROP_API_KEY_SHARED_BY = 'SDM_API_KEY_BY';
/** User properties: spreadsheet ids where this owner's key must not pay for formulas (a JSON list). */
export const PROP_FORMULA_KEY_OFF = 'SDM_FORMULA_KEY_OFF';
/** Document property: this spreadsheet's own cap on fresh searches a day, a whole number (spending/spend-cap.ts). */
export const PROP_SPEND_CAP = 'SDM_SPEND_CAP';
/** Document property: '1' while the request log is on (spending/request-log.ts). */
export const PROP_REQUEST_LOG = 'SDM_REQUEST_LOG';
/** User properties: the last read of /usage, with a fingerprint of the key it was read with (ui/last-usage.ts). */
export const PROP_USAGE_READ = 'SDM_USAGE_READ';

/** Custom functions get 30 s from Google; we stop starting new requests well before it. */
export const CUSTOM_FUNCTION_LIMIT_MS = 30_000;
/** Time kept back for shaping the answer and writing the cache after the last fetch. */
export const FINISH_RESERVE_MS = 3_000;

/** Requests sent per UrlFetchApp.fetchAll call: small enough to stop between batches on time. */
export const FETCH_BATCH_SIZE = 100;
/** Extra attempts for 5xx and network failures. */
export const MAX_RETRIES = 2;
/** Base of the jittered exponential backoff between attempts. */
export const BACKOFF_BASE_MS = 400;

/** UrlFetchApp refuses URLs over 2 KB. */
export const MAX_URL_LENGTH = 2_000;

/** Cache lifetimes in seconds (Google's maximum is 6 h). */
export const DATA_TTL_S = 21_600;
export const USAGE_TTL_S = 60;
export const NOT_FOUND_TTL_S = 300;
