/**
 * Cache keys and stamps. A key names a query (endpoint path and normalised subject), hashed; it never
 * holds the API key. What the answer is valid for (the cache generation, which "Clear cache" changes,
 * and the service's base URL) is a stamp inside the value, so a hit needs no property read: the stamp
 * is checked against the document's config entry, read in the same getAll as the answers.
 */
/** The document's config entry: the generation and base URL the formulas use (see settings/lookup-settings.ts). */
export const CONFIG_KEY = 'sdm-config';

const digest = (text: string): string =>
  Utilities.base64EncodeWebSafe(Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8)).replace(
    /=+$/,
    '',
  );

/**
 * The cache key of one query: `sdm|<sha-256 of path and subject>`.
 * @param path the endpoint path
 * @param subject the normalised subject, if any
 */
export function answerKey(path: string, subject: string | undefined): string {
  return `sdm|${digest(`${path}\n${subject ?? ''}`)}`;
}

/**
 * What a cached answer is valid for: the cache generation and the base URL (hashed).
 * @param generation the cache generation ("0" when never cleared)
 * @param baseUrl the service's base URL
 */
export function stampOf(generation: string, baseUrl: string): string {
  return `${generation}.${digest(baseUrl).slice(0, 10)}`;
}
