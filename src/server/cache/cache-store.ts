/**
 * The cache the add-on writes: the document cache, else the user's (a scheduled run has no document),
 * never the script cache, which every user of the add-on shares. Two calls only, each one round trip:
 * a batched read and a batched write. Any entry may vanish at any time, and a cache failure never fails
 * a formula: the cache is only a saving.
 */

/** Google's longest cache lifetime: 6 hours. Every entry is written with it (see entry.ts). */
export const CACHE_TTL_S = 21_600;

/** The document cache, else the user cache (never the script cache); null when neither is available. */
export function openCache(): GoogleAppsScript.Cache.Cache | null {
  try {
    return CacheService.getDocumentCache() ?? CacheService.getUserCache();
  } catch {
    return null;
  }
}

/** The document cache alone: null where there is no document (a scheduled run), or no cache at all. */
export function openDocumentCache(): GoogleAppsScript.Cache.Cache | null {
  try {
    return CacheService.getDocumentCache();
  } catch {
    return null;
  }
}

/**
 * Reads many keys in one round trip; an unreadable cache reads as empty.
 * @param cache the cache
 * @param keys keys to read
 */
export function getAll(cache: GoogleAppsScript.Cache.Cache | null, keys: string[]): Record<string, string> {
  if (!cache || !keys.length) return {};
  try {
    return cache.getAll(keys);
  } catch {
    return {};
  }
}

/**
 * Writes many entries in one round trip; a failure (too large, over quota) only loses the saving.
 * @param cache the cache
 * @param values key → stored text
 */
export function putAll(cache: GoogleAppsScript.Cache.Cache | null, values: Record<string, string>): void {
  if (!cache || !Object.keys(values).length) return;
  try {
    cache.putAll(values, CACHE_TTL_S);
  } catch {
    // the answer is still shown, just not saved
  }
}

/**
 * Removes entries (a forced refresh; clearing the config entry).
 * @param keys cache keys
 */
export function removeAll(keys: string[]): void {
  try {
    openCache()?.removeAll(keys);
  } catch {
    // nothing to do
  }
}
