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

  /**
   * @param kind which class of failure
   * @param message the text the user sees
   * @param detail the service's own words, if any
   */
  constructor(kind: ErrorKind, message: string, detail = '') {
    super(message);
    this.kind = kind;
    this.name = 'AddonError';
    this.detail = detail;
  }
}

const SETTINGS = 'Extensions › Search Demand › Settings';

/**
 * What a limit row says is still sent until the reset: the truth of spending/pacing.ts's probes.
 * @param probes requests that may still be refused, asking for keywords the service may have cached
 * @param hourly when the reset is not known: the most requests each hour (the guard holds an hour)
 */
function stillSent(probes: number, hourly: number | null): string {
  const calls = (n: number) => `${n} request${n === 1 ? '' : 's'} (an API call each)`;
  if (hourly !== null) return `until then it tries again each hour with at most ${calls(hourly)}`;
  if (probes > 0)
    return `until then it asks only for keywords the service may have cached (free), and stops after ${probes} more refusal${probes === 1 ? '' : 's'} (an API call each)`;
  return 'nothing is sent until then';
}

/**
 * How each of the add-on's messages begins. The builders below (and input.ts's "Bad input: …") start
 * their text so, and core/cell-messages.ts reads them back in a cell: a range writes a row's error into
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
  /** A permission the user unticked on Google's consent screen (core/permissions.ts builds the message). */
  permission: 'Permission missing:',
  unexpected: 'Something went wrong in the add-on',
} as const;

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
  limit: (which: string, retry: string) =>
    new AddonError('limit', `${LEADS.dailyLimit}${which ? ` (${which})` : ''}: ${retry || 'try again later'}.`),
  /** A rate limit (too many requests at once), not a daily allowance. */
  rateLimit: (retry: string) => new AddonError('limit', `${LEADS.rateLimit} ${retry}.`),
  /** A request the limit guard holds back (see spending/limit-guard.ts): nothing was sent. */
  limitHeld: (which: string, retry: string, allRequests: boolean) =>
    new AddonError(
      'limit',
      `${LEADS.dailyLimit} (${which}): ${retry}; ${allRequests ? 'no request is sent' : 'this is not sent again'} until then, so nothing more is spent.`,
    ),
  /**
   * A formula's row a daily limit left unfetched (refused, held back, or not sent to stay within it):
   * when it will be fetched, and what is still sent until then (spending/pacing.ts). Every such row of a
   * formula says the same.
   * @param which the limit ('' when the service did not name it)
   * @param when when it resets, in words
   * @param sent what may still be sent: `probes` requests refused at most, asking for keywords the
   *   service may have cached (once the searches are spent); `hourly`, when the reset is not known,
   *   the most requests each hour
   */
  limitWait: (which: string, when: string, sent: { probes: number; hourly: number | null } = { probes: 0, hourly: null }) =>
    new AddonError(
      'limit',
      `${LEADS.dailyLimit}${which ? ` (${which})` : ''}: fetched when you run Extensions › Search Demand › Refresh all formulas ${when}; ${stillSent(sent.probes, sent.hourly)}.`,
    ),
  /**
   * A row this spreadsheet's own cap on fresh searches left unfetched (spending/spend-cap.ts), in at most
   * 90 characters: the cap, and after when Refresh all formulas fills it. Built where the daily limit's
   * rows are (lookup/pipeline.ts, limitWait), and said the same way outside a formula.
   * @param cap the cap, in fresh searches a day
   * @param when after when, in words (`after 00:00 UTC`)
   */
  capWait: (cap: number, when: string) =>
    new AddonError('limit', `${LEADS.spendCap} (${cap} fresh searches a day): Refresh all formulas ${when}.`),
  unavailable: (cause: string, retries: number) =>
    new AddonError(
      'unavailable',
      `${LEADS.unavailable} (${cause}); retried ${retries} time${retries === 1 ? '' : 's'}. Try again in a few minutes.`,
    ),
  unreadable: () => new AddonError('unreadable', `${LEADS.unreadable} (not JSON). Recalculate to try again.`),
  budget: () =>
    new AddonError(
      'budget',
      `${LEADS.notInTime} run Extensions › Search Demand › Refresh all formulas to continue (what was fetched is cached).`,
    ),
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
