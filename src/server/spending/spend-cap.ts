/**
 * A spreadsheet's own cap on fresh searches a day (docs/use/sidebar.md, "A cap for this spreadsheet"),
 * below the account's allowance, so that a shared spreadsheet cannot spend a whole team's day. It is
 * kept in the document's properties, which the formulas' config entry mirrors into the cache
 * (cache/config-entry.ts: a hit reads nothing more), and in the spreadsheet's own records for the
 * scheduled run, which has no document (spending/day-spend.ts keeps what it counts against).
 *
 * Its day is the spend record's (spend-log.ts): a UTC day, so it resets at 00:00 UTC. Formulas and
 * every other lookup of the spreadsheet stop at it as at the daily limit (pacing.ts): no search is sent
 * past it, not even the handful that looks for cached keywords past the daily limit, since a search
 * the service runs fresh would go past the cap.
 */
import { DAY_MS } from '../../shared/day';
import { AddonError, LEADS } from '../errors/errors';

/** The most a cap may be: Google's properties and the service's allowances are far below it. */
const MAX_CAP = 1_000_000;

/**
 * The cap as stored (a property's or a record's text), or null when none is set or it is unreadable.
 * @param text the stored text
 */
export function readSpendCap(text: string | null | undefined): number | null {
  if (!text) return null;
  const cap = Number(text);
  return Number.isInteger(cap) && cap >= 0 && cap <= MAX_CAP ? cap : null;
}

/**
 * The cap a sidebar call asks for (`setSpendCap({ freshSearchesPerDay })`), or why it is refused: a whole
 * number from 0 up, at most the account's fresh searches a day when they are known; null lifts it.
 * @param sent what the sidebar sent
 * @param allowance the account's fresh searches a day, if known
 */
export function spendCapRequest(sent: unknown, allowance: number | null): number | null {
  const value = sent && typeof sent === 'object' ? (sent as { freshSearchesPerDay?: unknown }).freshSearchesPerDay : undefined;
  if (value === null) return null;
  const cap = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 0 || cap > MAX_CAP) {
    throw new AddonError('input', `${LEADS.badInput} a cap is a whole number of fresh searches a day, from 0 up. Nothing was saved.`);
  }
  if (allowance !== null && cap > allowance) {
    throw new AddonError(
      'input',
      `${LEADS.badInput} a cap of ${cap} is above your account's ${allowance} fresh searches a day: choose ${allowance} or fewer. Nothing was saved.`,
    );
  }
  return cap;
}

/**
 * When today's cap resets: the end of the spend record's UTC day.
 * @param now the time (ms)
 */
export function capResetsAt(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
}

/**
 * The searches the cap still lets this spreadsheet send today, or null without a cap.
 * @param cap the cap (null: none)
 * @param spent fresh searches this spreadsheet spent today
 */
export function capLeft(cap: number | null, spent: number): number | null {
  return cap === null ? null : Math.max(0, cap - spent);
}
