/** Checks the sidebar makes before calling the server (which checks again). No DOM. */

/** Longest key accepted in the box: anything longer is a paste gone wrong. */
export const MAX_KEY_LENGTH = 512;

/**
 * The pasted key, trimmed, or a message saying what is wrong with it.
 * @param raw the input's value
 */
export function checkApiKey(raw: string): { key: string } | { error: string } {
  const key = raw.trim();
  if (key === '') return { error: 'Paste your API key first.' };
  if (key.length > MAX_KEY_LENGTH) return { error: 'That is too long to be an API key: paste the key alone.' };
  if (/\s/.test(key)) return { error: 'An API key has no spaces or line breaks: paste the key alone.' };
  return { key };
}

/**
 * Null when the base URL may be saved, else why not: https anywhere, http only for localhost or
 * 127.0.0.1, no query or fragment. An empty value is fine (it restores the default).
 * @param raw the input's value
 */
export function checkBaseUrl(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s:@]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?(\/[^?#\s]*)?$/i.exec(text);
  if (!match) {
    return /[?#]/.test(text)
      ? 'Leave out the query and fragment: the base URL is like https://api.example.com.'
      : 'Enter a full URL such as https://api.example.com.';
  }
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[2] ?? '').toLowerCase();
  const port = match[3];
  if (port !== undefined && Number(port) > 65535) return 'The port must be at most 65535.';
  if (scheme === 'https') return null;
  if (scheme === 'http') {
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]'
      ? null
      : 'Use https: plain http is allowed only for localhost or 127.0.0.1.';
  }
  return 'Use an https:// address.';
}
