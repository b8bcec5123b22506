/** Cache keys: normalised, hashed, carrying the generation so clearing is one property write. */
import { PROP_CACHE_GENERATION } from '../config';

/** Current cache generation of this document ("0" when never cleared). */
export function readGeneration(): string {
  try {
    return PropertiesService.getDocumentProperties()?.getProperty(PROP_CACHE_GENERATION) || '0';
  } catch {
    return '0';
  }
}

/**
 * The cache key of one query: `sdm<generation>|<sha-256 of base URL, path and subject>`.
 * Never contains the API key; answers are the same whoever asks.
 * @param generation from readGeneration
 * @param baseUrl the service's base URL
 * @param path the endpoint path
 * @param subject the normalised subject, if any
 */
export function cacheKey(generation: string, baseUrl: string, path: string, subject: string | undefined): string {
  const digest = Utilities.computeDigest(
    Utilities.DigestAlgorithm.SHA_256,
    `${baseUrl}\n${path}\n${subject ?? ''}`,
    Utilities.Charset.UTF_8,
  );
  return `sdm${generation}|${Utilities.base64EncodeWebSafe(digest).replace(/=+$/, '')}`;
}
