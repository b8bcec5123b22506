/**
 * The figures of dev/gas a probe case expects (latencies, limits, the cache's capacity), read from
 * dev/gas itself so that a probe case and the rule it checks cannot drift apart. The probe's bundle
 * gets them as plain numbers: scripts/probe/build.ts puts this module's values in its place, so no
 * dev/gas code reaches the script a maintainer pastes.
 */
import {
  CACHE_LIMITS,
  DEFAULT_EARLY_REMOVAL,
  DEFAULT_LATENCY,
  DEFAULT_SHORT_TIME_LIMITS,
  DEVELOPER_METADATA_LIMITS,
  MAIL_DAILY_RECIPIENTS,
  MAX_CELL_TEXT,
  PROPERTY_LIMITS,
  TEXT_WIDTH_RULE,
  URL_FETCH_LIMITS,
} from '../../dev/gas/index.js';

/** How many items the probe writes in one putAll to see the cache's cap (a few past it). */
const EVICTION_WRITES = CACHE_LIMITS.maxItems + 5;
/** The keys and the value of the property store's fill: the key's length counts, as dev/gas counts it. */
const FILL_KEY_LENGTH = 'probe-fill-00'.length;
const FILL_VALUE_LENGTH = 9000;

/** dev/gas's figures, as the probe's cases use them. */
export const FIGURES = {
  /** Modelled milliseconds per call, by kind (dev/gas/RULES.md, "Latency model"). */
  latency: { ...DEFAULT_LATENCY },
  /** The share of cache items dev/gas lets go before their expiry. */
  earlyRemovalRate: DEFAULT_EARLY_REMOVAL.rate,
  /** Items one putAll writes to see the 1,000-item cap, and how many dev/gas keeps of them. */
  evictionWrites: EVICTION_WRITES,
  evictionKept: CACHE_LIMITS.keptAfterEviction + (EVICTION_WRITES - CACHE_LIMITS.maxItems - 1),
  /** The longest expiry a cache put takes, in seconds. */
  maxCacheSeconds: CACHE_LIMITS.maxExpirationSeconds,
  /** The property store's fill: key and value lengths, and how many such entries dev/gas takes in an empty store. */
  fillValueLength: FILL_VALUE_LENGTH,
  fillAccepted: Math.floor(PROPERTY_LIMITS.maxStoreBytes / (FILL_KEY_LENGTH + FILL_VALUE_LENGTH)),
  /** Characters a cell takes, and a spreadsheet's developer metadata. */
  maxCellText: MAX_CELL_TEXT,
  maxMetadataChars: DEVELOPER_METADATA_LIMITS.maxCharsPerLocation,
  /** Request headers a fetch may carry, UrlFetchApp's own User-Agent included. */
  maxRequestHeaders: URL_FETCH_LIMITS.maxHeaders,
  /** Starts a user may make in a second, and URL fetches in a minute (assumed: dev/gas/RULES.md). */
  startsPerSecond: DEFAULT_SHORT_TIME_LIMITS.executions.calls,
  fetchesPerMinute: DEFAULT_SHORT_TIME_LIMITS.urlFetch.calls,
  /** Our rule for how wide a text is: pixels a character (regular) and a cell's padding (dev/gas/RULES.md, "Column widths"). */
  characterPixels: TEXT_WIDTH_RULE.regular,
  cellPaddingPixels: TEXT_WIDTH_RULE.padding,
  /** Mail recipients a day: a personal account's, dev/gas's default. */
  mailRecipientsPerDay: MAIL_DAILY_RECIPIENTS.consumer,
};

/** The figures' type, as the cases read them. */
export type Figures = typeof FIGURES;
