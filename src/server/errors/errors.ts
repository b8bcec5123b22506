/** The error classes a user can see (docs/use/functions.md, "Errors"). */

export type ErrorKind =
  | 'no-key'
  | 'auth'
  | 'not-found'
  | 'bad-request'
  | 'limit'
  | 'unavailable'
  | 'unreadable'
  | 'budget'
  | 'quota'
  | 'busy'
  | 'input'
  | 'permission';

/** An error whose message is safe and meant for the cell: short, specific, says what to do. */
export class AddonError extends Error {
  readonly kind: ErrorKind;
  /** The service's own words, when it gave a reason (a rejected input). */
  readonly detail: string;
  /** When the daily limit that refused it resets (ms), when known: what a scheduled run records as "until". */
  readonly resetAt: number | null;
  /** The permissions whose absence it reports (execution/permissions.ts's names), for a missing permission. */
  readonly missing: readonly string[];

  /**
   * @param kind which class of failure
   * @param message the text the user sees
   * @param detail the service's own words, if any
   * @param facts when a daily limit resets; which permissions are missing
   */
  constructor(kind: ErrorKind, message: string, detail = '', facts: { resetAt?: number | null; missing?: readonly string[] } = {}) {
    super(message);
    this.kind = kind;
    this.name = 'AddonError';
    this.detail = detail;
    this.resetAt = facts.resetAt ?? null;
    this.missing = facts.missing ?? [];
  }
}

const SETTINGS = 'Extensions › Search Demand › Settings';

/** The menu item that runs every formula again: what fills a row held back (docs/use/functions.md, "Refreshing"). */
const REFRESH_ALL = 'Refresh all formulas';

/**
 * The most characters of a message saying a row was held back (a daily limit, the time budget): it
 * fits a column or two, and the whole story is in the sidebar and docs/use/functions.md, "Daily limits".
 */
export const HELD_BACK_MAX_CHARS = 90;

/**
 * A row held back, as every such row says it: what held it (a daily limit, the spreadsheet's cap), and
 * after when Refresh all formulas fills it.
 * @param lead how it begins (LEADS: Freeze reads it back)
 * @param which which limit, or the cap ('' when not named)
 * @param when after when, in words
 */
const heldRow = (lead: string, which: string, when: string): AddonError =>
  new AddonError('limit', `${lead}${which ? ` (${which})` : ''}: ${REFRESH_ALL} ${when}.`);

/**
 * How each of the add-on's messages begins. The builders below (and input.ts's "Bad input: …") start
 * their text so, and errors/cell-messages.ts reads them back in a cell: a range writes a row's error into
 * that row as text, and Freeze must tell such a row from a value (a daily limit's row is filled later).
 */
export const LEADS = {
  noKey: 'No API key',
  auth: 'The API key was refused',
  notFound: 'Not found:',
  badRequest: 'The service rejected',
  dailyLimit: 'Daily limit reached',
  /** A row this spreadsheet's own cap on fresh searches held back (spending/spend-cap.ts): filled after its reset, as a daily limit's. */
  spendCap: "This spreadsheet's cap",
  /** The line under an answer a daily limit held back, shown as kept (lookup/pipeline.ts); not an error. */
  kept: 'Kept answer of',
  rateLimit: 'Too many requests to the service:',
  unavailable: 'The service is unavailable',
  unreadable: 'The service sent an unreadable answer',
  notInTime: 'Not fetched in time:',
  quota: "Google's daily quota of",
  shortTime: "Google's short-term limit on",
  triggerTime: "Google's daily run time for scheduled runs",
  googleLimit: 'Google refused the call:',
  notAllowed: "Google refused the service's address",
  busy: 'Too many Search Demand formulas',
  badInput: 'Bad input:',
  /** A permission the user unticked on Google's consent screen (execution/permissions.ts builds the message). */
  permission: 'Permission missing:',
  unexpected: 'Something went wrong in the add-on',
} as const;

/**
 * The line under an answer shown as kept because a daily limit held it back (lookup/pipeline.ts): how old
 * it is, and when it is fetched again. Not an error: a line of the result, which Freeze reads as one
 * that is not complete (errors/cell-messages.ts).
 * @param date when it was fetched, in words
 * @param when when the limit resets, in words ('' when not known)
 */
export function keptLine(date: string, when: string): string {
  return `${LEADS.kept} ${date}: not current (daily limit)${when ? `, fetched again ${when}` : ''}.`;
}

/** Builds the message of each class. */
export const errors = {
  noKey: () => new AddonError('no-key', `${LEADS.noKey}: open ${SETTINGS} and paste your key.`),
  /** In a formula: neither a key shared with the document nor the owner's key may be used. */
  noFormulaKey: () =>
    new AddonError(
      'no-key',
      `${LEADS.noKey} for this spreadsheet's formulas: its owner can save one, or anyone can share theirs with the document, in ${SETTINGS}.`,
    ),
  auth: () => new AddonError('auth', `${LEADS.auth} (invalid or revoked): paste a valid key in ${SETTINGS}.`),
  notFound: (what: string, hint = '') => new AddonError('not-found', `${LEADS.notFound} ${what}.${hint ? ` ${hint}` : ''}`),
  badRequest: (what: string, detail: string) =>
    new AddonError('bad-request', `${LEADS.badRequest} ${what}${detail ? `: ${detail}` : ''}.`, detail),
  /**
   * A daily limit refused a request, or the limit guard held it back (nothing sent), outside a formula
   * (the sidebar, a ranking table, a tracking list).
   * @param which the limit ('' when the service did not name it)
   * @param when when to try again, in words: `after 00:00 UTC` (shared/reset-time.ts), `after the reset`
   * @param resetAt when the limit resets (ms), when known: what a scheduled run records as "until"
   */
  limit: (which: string, when: string, resetAt: number | null = null) =>
    new AddonError('limit', `${LEADS.dailyLimit}${which ? ` (${which})` : ''}: try again ${when}.`, '', { resetAt }),
  /** A rate limit (too many requests at once), not a daily allowance. */
  rateLimit: (retry: string) => new AddonError('limit', `${LEADS.rateLimit} ${retry}.`),
  /**
   * A formula's row a daily limit left unfetched (refused, held back by the limit guard, or not sent to
   * stay within it): every such row of a formula says the same, in at most HELD_BACK_MAX_CHARS. What
   * is still sent until the reset (spending/pacing.ts) is told in the sidebar and the docs, not in each row.
   * @param which the limit ('' when the service did not name it)
   * @param when when the reset comes, in words: `after 00:00 UTC` (shared/reset-time.ts), `after the reset`
   */
  limitWait: (which: string, when: string) => heldRow(LEADS.dailyLimit, which, when),
  /**
   * A formula's row this spreadsheet's own cap on fresh searches left unfetched (spending/spend-cap.ts),
   * said as a daily limit's (heldRow), in at most HELD_BACK_MAX_CHARS: the cap, and after when Refresh
   * all formulas fills it. The same words outside a formula (a template, a tracking list).
   * @param cap the cap, in fresh searches a day
   * @param when when the cap's day ends, in words: `after 00:00 UTC` (shared/reset-time.ts)
   */
  capWait: (cap: number, when: string) => heldRow(LEADS.spendCap, `${cap} fresh searches a day`, when),
  unavailable: (cause: string, retries: number) =>
    new AddonError(
      'unavailable',
      `${LEADS.unavailable} (${cause}); retried ${retries} time${retries === 1 ? '' : 's'}. Try again in a few minutes.`,
    ),
  unreadable: () => new AddonError('unreadable', `${LEADS.unreadable} (not JSON). Recalculate to try again.`),
  budget: () => new AddonError('budget', `${LEADS.notInTime} ${REFRESH_ALL} to continue (what came is cached).`),
  quota: (which: string) =>
    new AddonError(
      'quota',
      `${LEADS.quota} ${which} for this account is used up: the add-on can try again when it resets, within 24 hours.`,
    ),
  /** Google's short-term limit on one of its services ("Service invoked too many times in a short time"). */
  shortTime: (which: string) =>
    new AddonError('quota', `${LEADS.shortTime} ${which} for this account was reached (too many in a few seconds): try again in a minute.`),
  /** Google's daily total of trigger run time ("Service using too much computer time for one day"). */
  triggerTime: () =>
    new AddonError(
      'quota',
      `${LEADS.triggerTime} for this account (90 minutes, 6 hours on Google Workspace) is used up: scheduled refreshes resume when it resets, within 24 hours.`,
    ),
  /** A per-call limitation of Google's ("Limit exceeded: …"): the same call fails again, so it is not retried. */
  googleLimit: (which: string) =>
    new AddonError('quota', `${LEADS.googleLimit} it is over one of Google's limits (${which}). It was not retried.`),
  notAllowed: () =>
    new AddonError(
      'input',
      `${LEADS.notAllowed}: it is not in the add-on's allowlist (urlFetchWhitelist). Reset the base URL in ${SETTINGS}.`,
    ),
  busy: () =>
    new AddonError(
      'busy',
      `${LEADS.busy} ran at once (Google allows 30 per user): run Extensions › Search Demand › Refresh all formulas in a minute.`,
    ),
  /** Google's limit on how often a script may start ("Script invoked too many times per second"). */
  startRate: () =>
    new AddonError(
      'busy',
      `${LEADS.busy} started in the same second (Google limits how often a script may start per user): use one formula over a range instead of one per cell, and run Extensions › Search Demand › Refresh all formulas in a minute.`,
    ),
  input: (message: string) => new AddonError('input', message),
};

/**
 * Turns anything thrown into text for a cell, never a stack trace or a raw platform message.
 * @param error what was caught
 */
export function messageOf(error: unknown): string {
  if (error instanceof AddonError) return error.message;
  return `${LEADS.unexpected}: try again (recalculate a formula, or reopen the sidebar).`;
}
