import { describe, expect, it } from 'vitest';
import { classify, type RawResponse } from '../../../../src/server/service/classify';

const KEY = 'sk_live_SECRET123';
const respond = (status: number, body: unknown, headers: Record<string, string> = {}): RawResponse => ({
  status,
  headers: { 'Content-Type': 'application/json', ...headers },
  text: typeof body === 'string' ? body : JSON.stringify(body),
});
const what = 'keyword "coffee"';

describe('classify', () => {
  it('returns the data without the cache field, reading cache status from X-Cache or the body', () => {
    expect(classify(respond(200, { a: 1, cache: 'miss' }, { 'X-Cache': 'HIT' }), what, KEY)).toEqual({
      ok: true,
      data: { a: 1 },
      fromServiceCache: true,
    });
    expect(classify(respond(200, { a: 1, cache: true }), what, KEY)).toMatchObject({ fromServiceCache: true });
    expect(classify(respond(200, { a: 1, cache: 'miss' }), what, KEY)).toMatchObject({ fromServiceCache: false });
  });

  it('maps each error class to its message', () => {
    const message = (r: RawResponse) => {
      const outcome = classify(r, what, KEY);
      return outcome.ok ? '' : outcome.error.message;
    };
    expect(message(respond(401, { error: 'unauthorized' }))).toMatch(/^The API key was refused \(invalid or revoked\)/);
    expect(message(respond(403, { message: 'forbidden' }))).toMatch(/^The API key was refused/);
    expect(message(respond(404, { error: 'not_found' }))).toBe('Not found: keyword "coffee".');
    expect(message(respond(400, { error: 'bad_request', message: 'keyword is too long.' }))).toBe(
      'The service rejected keyword "coffee": keyword is too long.',
    );
    expect(message(respond(503, 'Service Unavailable'))).toMatch(/^The service is unavailable \(HTTP 503\)/);
    expect(message(respond(200, '{"truncated'))).toMatch(/^The service sent an unreadable answer/);
  });

  it('reads limits from 429, Retry-After and the body, and allows a retry only with Retry-After', () => {
    const limited = classify(
      respond(429, { error: 'limit_exceeded', message: 'Daily fresh search limit reached' }, { 'Retry-After': '7200' }),
      what,
      KEY,
    );
    expect(limited).toMatchObject({ ok: false, retryable: true, retryAfterMs: 7_200_000 });
    expect(!limited.ok && limited.error.message).toMatch(/^Daily limit reached \(fresh searches\): try again after \d\d:\d\d UTC\.$/);
    expect(limited).toMatchObject({ limit: { which: 'fresh searches', daily: true } });
    // A 429 that says nothing of a day and lifts within the hour is a rate limit, not a daily one.
    const rate = classify(respond(429, { message: 'Too many requests. Slow down.' }, { 'Retry-After': '40' }), what, KEY);
    expect(!rate.ok && rate.error.message).toBe('Too many requests to the service: retry in 40 s.');
    expect(rate).toMatchObject({ limit: { daily: false } });
    const noRetry = classify(respond(429, { message: 'Too many API calls today' }), what, KEY);
    expect(noRetry).toMatchObject({ ok: false, retryable: false });
    expect(!noRetry.ok && noRetry.error.message).toMatch(/^Daily limit reached \(API calls\): try again/);
    const limitBody = classify(respond(200, { error: 'quota exceeded for api calls' }), what, KEY);
    expect(limitBody.ok).toBe(false);
  });

  it('takes the reset the answer names over its Retry-After, to the minute: one reset reads the same in every message', () => {
    // Retry-After counts from the service's clock; added to another clock it drifts (00:01, 00:02 UTC).
    const reset = new Date(Date.now() + 5 * 3_600_000);
    reset.setUTCSeconds(0, 0);
    const named = classify(
      respond(
        429,
        { message: 'Daily API call limit reached', reset_at: new Date(reset.getTime() + 400).toISOString() },
        { 'Retry-After': '30000' },
      ),
      what,
      KEY,
    );
    expect(named).toMatchObject({ limit: { which: 'API calls', daily: true, resetAt: reset.getTime() } });
    expect(!named.ok && named.error.message).toBe(
      `Daily limit reached (API calls): try again after ${reset.toISOString().slice(11, 16)} UTC.`,
    );
    // Without a named time, Retry-After's, still to the minute.
    const relative = classify(respond(429, { message: 'Daily API call limit reached' }, { 'Retry-After': String(5 * 3600) }), what, KEY);
    expect(!relative.ok && (relative.limit?.resetAt ?? 1) % 60_000).toBe(0);
  });

  it('never repeats the key from a service message', () => {
    const outcome = classify(respond(400, { message: `bad key ${KEY} used` }), what, KEY);
    expect(!outcome.ok && outcome.error.message).not.toContain(KEY);
  });
});
