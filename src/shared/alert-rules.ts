/**
 * The rules of an alert's settings, written once for the sidebar (which checks before it calls) and the
 * server (which checks again: its argument crosses a trust boundary). Pure: no DOM, no Apps Script.
 */

/** The fewest and most places a ranking move may be set to. */
export const RANK_PLACES = { min: 1, max: 1000 } as const;
/** The smallest and largest change in percent a tracked value may be set to. */
export const CHANGE_PERCENT = { min: 0.1, max: 10_000 } as const;
/**
 * Addresses besides the schedule's owner. Ours, well under Google's 50 recipients a message: each
 * recipient of each mail counts against the owner's 100 a day on a consumer account (Google's quotas).
 */
export const MAX_RECIPIENTS = 10;

/** A plain address, `name@domain.tld`, as MailApp takes it (no display name). */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/**
 * Whether text is an address mail can be sent to.
 * @param text a trimmed address
 */
export function isMailAddress(text: string): boolean {
  return text.length <= 254 && ADDRESS.test(text);
}

/**
 * The addresses of a typed list: split on commas, semicolons, spaces and new lines, trimmed, each once
 * (case ignored), in the order typed.
 * @param typed what was typed
 */
export function splitAddresses(typed: string): string[] {
  const seen = new Set<string>();
  return typed
    .split(/[\s,;]+/)
    .filter(Boolean)
    .filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}

/**
 * Null when a threshold may be used (a whole number of places, or a percent, within its bounds), else
 * what is wrong, in words; null (off) is always allowed.
 * @param kind which threshold
 * @param value its value
 */
export function thresholdProblem(kind: 'rankPlaces' | 'changePercent', value: unknown): string | null {
  if (value === null) return null;
  if (kind === 'rankPlaces') {
    const ok = typeof value === 'number' && Number.isInteger(value) && value >= RANK_PLACES.min && value <= RANK_PLACES.max;
    return ok ? null : `A ranking move is a whole number of places from ${RANK_PLACES.min} to ${RANK_PLACES.max}, or off.`;
  }
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= CHANGE_PERCENT.min && value <= CHANGE_PERCENT.max;
  return ok ? null : `A change is a percent from ${CHANGE_PERCENT.min} to 10,000, or off.`;
}
