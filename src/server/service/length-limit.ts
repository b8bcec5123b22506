/**
 * The longest subject the service accepts, learned from what it says. The specification shows no limit,
 * so the add-on invents none (only Google's URL limit applies, MAX_URL_LENGTH); but once the service
 * refused an input as too long, nothing as long is sent again: the refusal is kept in the cache, read
 * in the lookup's first getAll, and a longer input gets the same answer without spending a call.
 */
import { AddonError } from '../errors/errors';

/** The cache key of an endpoint's learned limit. */
export const limitKey = (path: string): string => `sdm-maxlen|${path}`;

/** What a rejection about length says: too long, at most N characters, a maximum length... */
const ABOUT_LENGTH = /too long|at most|max(imum)?\b|length|characters|chars\b/i;

/**
 * The learned limit for this service, or null.
 * @param text the cache entry as read
 * @param baseUrl the service it must have been learned from
 */
export function readLearnedMax(text: string | undefined, baseUrl: string): number | null {
  try {
    const { max, b } = JSON.parse(text ?? '') as { max?: unknown; b?: unknown };
    return typeof max === 'number' && max >= 0 && b === baseUrl ? max : null;
  } catch {
    return null;
  }
}

/**
 * The longest length a rejection allows: the number it names below the input's length, else one less
 * than the input's length. Null when the rejection is not about length.
 * @param message the rejection's text
 * @param length the refused input's length, in characters
 */
export function maxFromRejection(message: string, length: number): number | null {
  if (!ABOUT_LENGTH.test(message)) return null;
  const named = (message.match(/\d+/g) ?? []).map(Number).filter((n) => n > 0 && n < length);
  return named.length ? Math.max(...named) : length - 1;
}

/**
 * The cache entry recording a learned limit.
 * @param path the endpoint's path
 * @param max the longest accepted length
 * @param baseUrl the service
 */
export function learnedMaxEntry(path: string, max: number, baseUrl: string): Record<string, string> {
  return { [limitKey(path)]: JSON.stringify({ max, b: baseUrl }) };
}

/**
 * The answer to an input the service is known to refuse: no call is spent on it.
 * @param what the input in words, shortened
 * @param length its length
 * @param max the longest the service accepts
 */
export function knownTooLong(what: string, length: number, max: number): AddonError {
  return new AddonError(
    'bad-request',
    `The service rejected ${what}: it takes at most ${max} characters (this has ${length}), as it said before, so nothing was sent.`,
  );
}
