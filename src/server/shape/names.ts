/** Field names: matching that ignores case and separators, and short lists for messages. */

/**
 * A field name reduced to lowercase letters and digits, so that `search_score`, `searchScore`,
 * `Search Score` and `search-score` all become `searchscore`. Unicode letters, digits and combining
 * marks are kept (a decomposed `é` stays a letter).
 * @param s a field name or path segment
 */
export function normaliseName(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}\p{M}]/gu, '');
}

/**
 * Names joined by ", " for an error message, cut to about `max` characters with "… and N more".
 * @param names the names to show
 * @param max the length to stay under
 */
export function listForMessage(names: string[], max = 400): string {
  let out = '';
  for (let i = 0; i < names.length; i++) {
    const next = (i ? ', ' : '') + names[i];
    if (out.length + next.length > max) return `${out}… and ${names.length - i} more`;
    out += next;
  }
  return out;
}
