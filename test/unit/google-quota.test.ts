import { describe, expect, it } from 'vitest';
import { quotaError, withQuotaErrors } from '../../src/server/core/google-quota';

describe('Google quota failures in the add-on’s words', () => {
  it('names the daily quota that ran out', () => {
    const error = quotaError(new Error('Service invoked too many times for one day: urlfetch.'));
    expect(error?.kind).toBe('quota');
    expect(error?.message).toMatch(/daily quota of URL fetches/);
    expect(quotaError(new Error('Service invoked too many times for one day: properties.'))?.message).toMatch(/property reads and writes/);
  });

  it('reads Apps Script’s simultaneous-executions text as "busy"', () => {
    const busy = quotaError(new Error('There are too many scripts running simultaneously for this Google user account.'));
    expect(busy?.kind).toBe('busy');
    expect(busy?.message).toMatch(/Google allows 30 per user/);
    expect(quotaError(new Error('Service invoked too many times: too many simultaneous invocations'))?.kind).toBe('busy');
  });

  it('leaves every other failure alone', () => {
    expect(quotaError(new Error('Address unavailable: https://example.com'))).toBeUndefined();
    const other = new Error('DNS error');
    expect(() =>
      withQuotaErrors(() => {
        throw other;
      }),
    ).toThrow(other);
    expect(() =>
      withQuotaErrors(() => {
        throw new Error('Service invoked too many times for one day: urlfetch.');
      }),
    ).toThrow(/daily quota/);
  });
});
