/**
 * Sends requests with UrlFetchApp.fetchAll in batches, inside the execution's time budget:
 * 5xx and network failures are retried with jittered backoff, a 429 only when its Retry-After fits,
 * and whatever could not be sent in time is reported as such instead of being cut off by Google.
 * A Google quota or limit (google-quota.ts), or a permission Google refused (execution/permissions.ts words it),
 * ends the sending: nothing more is sent or retried in this execution, and every request left says which
 * Google limit or permission it met.
 */
import { BACKOFF_BASE_MS, FETCH_BATCH_SIZE, MAX_RETRIES } from '../settings/constants';
import { errors, type AddonError } from '../errors/errors';
import { permissionErrorOf } from '../execution/permissions';
import { quotaError } from '../errors/google-quota';
import type { Budget } from '../execution/time-budget';
import { classify, unavailable, type Outcome } from './classify';

/** One request to send. `id` is the caller's handle (the cache key). */
export interface FetchRequest {
  id: string;
  url: string;
  what: string;
}

/** What the fetcher needs from its execution. */
export interface FetchContext {
  apiKey: string;
  budget: Budget;
}

/** Before anything was measured, assume a batch may take this long. */
const FIRST_BATCH_ESTIMATE_MS = 5_000;

/**
 * Fetches every request once (plus retries), returning an outcome for each id.
 * @param requests distinct requests
 * @param context key and time budget
 */
export function fetchAllWithin(requests: FetchRequest[], context: FetchContext): Map<string, Outcome> {
  const results = new Map<string, Outcome>();
  const refused = context.budget.refusal;
  if (refused) {
    // An earlier fetch of this execution met Google's refusal: this one would too, so it is not tried.
    for (const request of requests) results.set(request.id, { ok: false, error: refused, retryable: false });
    return results;
  }
  const attempts = new Map<string, number>();
  let pending = requests;
  let slowestBatchMs = 0;
  const estimate = () => (slowestBatchMs ? slowestBatchMs * 1.5 : FIRST_BATCH_ESTIMATE_MS);

  for (let round = 0; pending.length; round++) {
    const retry: { request: FetchRequest; outcome: Outcome }[] = [];
    let outOfTime = false;
    for (let start = 0; start < pending.length; start += FETCH_BATCH_SIZE) {
      const batch = pending.slice(start, start + FETCH_BATCH_SIZE);
      if (!context.budget.allows(estimate())) {
        outOfTime = true;
        for (const request of pending.slice(start)) {
          if (!results.has(request.id)) results.set(request.id, { ok: false, error: errors.budget(), retryable: false });
        }
        break;
      }
      const began = Date.now();
      const sent = sendBatch(batch, context.apiKey);
      slowestBatchMs = Math.max(slowestBatchMs, Date.now() - began, 1);
      if ('refusedByGoogle' in sent) {
        // Google's limit or a permission it refused, not the service's: the rest would meet it too, so
        // nothing more is sent in this execution (or tried: each refused call costs a round trip for nothing).
        context.budget.refusal = sent.refusedByGoogle;
        for (const request of pending.slice(start)) {
          attempts.set(request.id, (attempts.get(request.id) ?? 0) + 1);
          results.set(request.id, { ok: false, error: sent.refusedByGoogle, retryable: false });
        }
        return withRetryCounts(results, attempts);
      }
      const outcomes = sent;
      batch.forEach((request, i) => {
        const outcome = outcomes[i] ?? unavailable('no response');
        attempts.set(request.id, (attempts.get(request.id) ?? 0) + 1);
        results.set(request.id, outcome);
        if (!outcome.ok && outcome.retryable && mayRetry(outcome, attempts.get(request.id) ?? 1)) {
          retry.push({ request, outcome });
        }
      });
    }
    if (outOfTime || !retry.length) break;
    const waitMs = Math.max(...retry.map(({ outcome }) => (!outcome.ok && outcome.retryAfterMs) || backoff(round)));
    if (!context.budget.allows(waitMs + estimate())) break;
    Utilities.sleep(waitMs);
    pending = retry.map(({ request }) => request);
  }

  return withRetryCounts(results, attempts);
}

/** Says how often each service failure was retried, now that it is known. */
function withRetryCounts(results: Map<string, Outcome>, attempts: Map<string, number>): Map<string, Outcome> {
  for (const [id, outcome] of results) {
    if (!outcome.ok && outcome.cause) {
      results.set(id, { ...outcome, error: errors.unavailable(outcome.cause, (attempts.get(id) ?? 1) - 1) });
    }
  }
  return results;
}

function mayRetry(outcome: Outcome, attemptsSoFar: number): boolean {
  if (outcome.ok) return false;
  // A limit with Retry-After is worth one wait; 5xx and network errors up to MAX_RETRIES.
  return outcome.retryAfterMs !== undefined && !outcome.cause ? attemptsSoFar < 2 : attemptsSoFar <= MAX_RETRIES;
}

/** Exponential backoff with full jitter between 50 % and 150 %. */
function backoff(round: number): number {
  return Math.round(BACKOFF_BASE_MS * 2 ** round * (0.5 + Math.random()));
}

/**
 * One fetchAll: an outcome per request, or why Google refused the whole call (a quota or rate limit, a
 * permission the user did not grant). A network failure of any request makes Google throw for the whole call.
 */
function sendBatch(batch: FetchRequest[], apiKey: string): Outcome[] | { refusedByGoogle: AddonError } {
  const params = batch.map((request) => ({
    url: request.url,
    method: 'get' as const,
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
    muteHttpExceptions: true,
    followRedirects: true,
  }));
  let responses: GoogleAppsScript.URL_Fetch.HTTPResponse[];
  try {
    responses = UrlFetchApp.fetchAll(params);
  } catch (error) {
    // A Google quota or rate limit is not the network: say which, and never retry into it.
    const quota = quotaError(error);
    if (quota) return { refusedByGoogle: quota };
    // Not the network either: an address outside the manifest's allowlist never works, so no retry.
    if (/whitelist|allowlist/i.test(error instanceof Error ? error.message : '')) {
      return batch.map(() => ({ ok: false, error: errors.notAllowed(), retryable: false }));
    }
    // Nor a permission the user did not grant: nothing was sent, and every later call is refused the same.
    const permission = permissionErrorOf(error);
    if (permission) return { refusedByGoogle: permission };
    // Google's message names the URL and says little else; the user gets the class, not the text.
    return batch.map(() => unavailable('network error'));
  }
  return responses.map((response, i) =>
    classify(
      {
        status: response.getResponseCode(),
        headers: response.getHeaders() as Record<string, string>,
        text: safeText(response),
      },
      batch[i]?.what ?? '',
      apiKey,
    ),
  );
}

function safeText(response: GoogleAppsScript.URL_Fetch.HTTPResponse): string {
  try {
    return response.getContentText();
  } catch {
    return '';
  }
}
