/**
 * What stops a whole scheduled run, as opposed to one table or one item: a missing permission, no key, a
 * refused key, a spent allowance, a service that does not answer, or one of Google's limits. Read from the
 * error the run met, so the run can end quietly (a thrown error in a pasted script's trigger mails its
 * owner Google's "Summary of failures" every time), skip what the same cause would refuse, and record why
 * it stopped (trigger/run-outcome.ts) for the sidebar and for failure alerts.
 */
import { AddonError, errors, LEADS } from '../errors/errors';
import { missingPermissions, permissionError, type PermissionName } from './permissions';

/** Why a scheduled run stopped. */
export type RunStop =
  /** A permission the user left unticked on Google's consent screen (which ones). */
  | { kind: 'permission'; missing: PermissionName[] }
  /** The runner has no API key saved. */
  | { kind: 'no-key' }
  /** The service refused the key (invalid or revoked). */
  | { kind: 'key-refused' }
  /** A daily allowance is spent; `until` (ISO) is when the add-on may send again, null when unknown. */
  | { kind: 'allowance-spent'; until: string | null }
  /** The service did not answer (5xx or the network), after the retries. */
  | { kind: 'service-down' }
  /** One of Google's quotas or limits on this account refused the run's calls. */
  | { kind: 'google-limit' }
  /** Something the add-on did not foresee (logged). */
  | { kind: 'unexpected' };

/** Names of the permissions a permission error reports (its `missing`), in the table's terms. */
const PERMISSION_NAMES: readonly PermissionName[] = ['service', 'schedule', 'spreadsheet', 'sidebar'];

/**
 * The stop an error means for the whole run, or null when it concerns one table or item (not found, bad
 * input, a rate limit that lifts within the hour, the time budget).
 * @param error what a table or list met
 */
export function runStopOf(error: AddonError): RunStop | null {
  switch (error.kind) {
    case 'permission':
      return { kind: 'permission', missing: PERMISSION_NAMES.filter((n) => error.missing.includes(n)) };
    case 'no-key':
      return { kind: 'no-key' };
    case 'auth':
      return { kind: 'key-refused' };
    case 'limit':
      if (!error.message.startsWith(LEADS.dailyLimit)) return null;
      return { kind: 'allowance-spent', until: error.resetAt === null ? null : new Date(error.resetAt).toISOString() };
    case 'unavailable':
      return { kind: 'service-down' };
    case 'quota':
      return { kind: 'google-limit' };
    default:
      return null;
  }
}

/**
 * What stops a run before it asks anything: the permission to connect left unticked, else no key saved.
 * Null when it may ask. One check of Google's AuthorizationInfo, no request.
 * @param hasKey whether the runner has a key saved
 */
export function runBlocker(hasKey: boolean): AddonError | null {
  if (missingPermissions(['service']).length) return permissionError(['service']);
  return hasKey ? null : errors.noKey();
}

/**
 * The stop in the add-on's words, with the way to fix it.
 * @param stop what stopped the run
 */
export function runStopWords(stop: RunStop): string {
  switch (stop.kind) {
    case 'permission':
      return permissionError(stop.missing.length ? stop.missing : ['service']).message;
    case 'no-key':
      return errors.noKey().message;
    case 'key-refused':
      return errors.auth().message;
    case 'allowance-spent':
      return `${LEADS.dailyLimit}: your allowance is spent${stop.until ? ` until ${stop.until.slice(0, 16).replace('T', ' ')} UTC` : ''}; scheduled runs go on after it resets.`;
    case 'service-down':
      return `${LEADS.unavailable}: it did not answer, even after retries; the next scheduled run tries again.`;
    case 'google-limit':
      return "Google refused the run's calls for one of its limits on your account: scheduled runs go on when it lifts, within 24 hours.";
    case 'unexpected':
      return `${LEADS.unexpected} during a scheduled run; the next one tries again.`;
  }
}
