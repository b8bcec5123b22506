/**
 * Google's own quotas (URL fetches, property reads and writes, simultaneous executions) fail a service
 * call with Google's raw text. These turn that text into the add-on's words: which quota, and when it
 * resets. A quota failure is never retried: retrying spends more of the same quota.
 */
import { AddonError, errors } from './errors';

/** Google's name of a daily quota in "Service invoked too many times for one day: <name>." → our words. */
const DAILY: Record<string, string> = {
  urlfetch: 'URL fetches',
  properties: 'property reads and writes',
};

/**
 * The add-on's error for a Google quota failure, or undefined when `error` is something else.
 * @param error what a service call threw
 */
export function quotaError(error: unknown): AddonError | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const daily = /too many times for one day:\s*([a-z ]+)/i.exec(message);
  if (daily) {
    const name = (daily[1] ?? '').trim().toLowerCase();
    return errors.quota(DAILY[name] ?? `${name} calls`);
  }
  // "There are too many scripts running simultaneously for this Google user account." (Apps Script's text)
  if (/too many (scripts running )?(simultaneous|concurrent)|running simultaneously|simultaneous invocations/i.test(message))
    return errors.busy();
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
