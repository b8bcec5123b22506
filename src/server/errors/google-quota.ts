/**
 * Google's own quotas and limits fail a service call with Google's raw text. These turn that text into
 * the add-on's words: which Google limit, and when to try again. None is the service's fault, and none
 * is retried: retrying spends more of the same quota, or runs into the same short-term limit.
 *
 * The texts are recognised in src/shared/google-failures.ts, which cites Google's Quotas page.
 */
import { googleFailureOf } from '../../shared/google-failures';
import { AddonError, errors } from './errors';

/**
 * The add-on's error for a Google quota or limit failure, or undefined when `error` is something else
 * (the sidebar's connection texts, which a service call does not throw, included).
 * @param error what a service call threw
 */
export function quotaError(error: unknown): AddonError | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const failure = googleFailureOf(message);
  switch (failure?.kind) {
    case 'simultaneous':
      return errors.busy();
    case 'start-rate':
      return errors.startRate();
    case 'trigger-time':
      return errors.triggerTime();
    case 'short-time':
      return errors.shortTime(failure.service);
    case 'daily':
      return errors.quota(failure.service);
    case 'limit':
      return errors.googleLimit(failure.which);
    default:
      return undefined;
  }
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
