/**
 * Google's own quotas and limits fail a service call with Google's raw text. These turn that text into
 * the add-on's words: which Google limit, and when to try again. None is the service's fault, and none
 * is retried: retrying spends more of the same quota, or runs into the same short-term limit.
 *
 * The texts are those of Google's Quotas page, "Exception messages"
 * (https://developers.google.com/apps-script/guides/services/quotas), plus the daily wording developers
 * report ("Service invoked too many times for one day: urlfetch."; the page shows "Service invoked too
 * many times: Calendar.").
 */
import { AddonError, errors } from './errors';

/** Google's name of a service in its quota texts ("…: urlfetch.") → our words. */
const SERVICES: Record<string, string> = {
  urlfetch: 'URL fetches',
  properties: 'property reads and writes',
};

/** A service name as Google gives it ("UrlFetch", "urlfetch") → our words. */
function serviceName(raw: string | undefined): string {
  const name = (raw ?? '').trim().toLowerCase();
  return SERVICES[name] ?? `${name || 'Google service'} calls`;
}

/** Each text and the error it becomes, tried in this order (the more specific first). */
const RULES: { pattern: RegExp; error: (match: RegExpExecArray) => AddonError }[] = [
  // "There are too many scripts running simultaneously for this Google user account."
  {
    pattern: /too many (scripts running )?(simultaneous|concurrent)|running simultaneously|simultaneous invocations/i,
    error: () => errors.busy(),
  },
  // "Script invoked too many times per second for this Google user account."
  { pattern: /script invoked too many times per second/i, error: () => errors.startRate() },
  // "Service using too much computer time for one day." (trigger run time)
  { pattern: /too much computer time for one day/i, error: () => errors.triggerTime() },
  // "Service invoked too many times in a short time: Calendar. Try Utilities.sleep(1000) between calls."
  { pattern: /too many times in a short time:?\s*([a-z ]*)/i, error: (m) => errors.shortTime(serviceName(m[1])) },
  // "Service invoked too many times for one day: urlfetch." (reported)
  { pattern: /too many times for one day:\s*([a-z ]+)/i, error: (m) => errors.quota(serviceName(m[1])) },
  // "Service invoked too many times: Calendar." (documented: the service's daily quota)
  { pattern: /service invoked too many times:\s*([a-z ]+)/i, error: (m) => errors.quota(serviceName(m[1])) },
  // "Limit exceeded: Email Attachments Per Message."
  { pattern: /^(?:exception:\s*)?limit exceeded:\s*([^.]+)/i, error: (m) => errors.googleLimit((m[1] ?? '').trim()) },
];

/**
 * The add-on's error for a Google quota or limit failure, or undefined when `error` is something else.
 * @param error what a service call threw
 */
export function quotaError(error: unknown): AddonError | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  for (const { pattern, error: make } of RULES) {
    const match = pattern.exec(message);
    if (match) return make(match);
  }
  return undefined;
}

/**
 * Runs a service call; a Google quota failure is rethrown as the add-on's error, anything else as is.
 * @param call the service call
 */
export function withQuotaErrors<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw quotaError(error) ?? error;
  }
}
