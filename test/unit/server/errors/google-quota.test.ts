import { describe, expect, it } from 'vitest';
import { quotaError, withQuotaErrors } from '../../../../src/server/errors/google-quota';

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

  it("reads each text of Google's Quotas page (exception messages) as which Google limit, and when to try again", () => {
    // Google's page: https://developers.google.com/apps-script/guides/services/quotas#exception_messages
    const cases: [string, string, RegExp][] = [
      [
        'Service invoked too many times: Calendar.',
        'quota',
        /^Google's daily quota of calendar calls for this account is used up: .*within 24 hours\.$/,
      ],
      ['Service invoked too many times: urlfetch.', 'quota', /daily quota of URL fetches/],
      [
        'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
        'quota',
        /^Google's short-term limit on URL fetches for this account was reached \(too many in a few seconds\): try again in a minute\.$/,
      ],
      [
        'Service invoked too many times in a short time: Calendar.\nTry Utilities.sleep(1000) between calls.',
        'quota',
        /short-term limit on calendar calls/,
      ],
      [
        'Service using too much computer time for one day.',
        'quota',
        /daily run time for scheduled runs .* resume when it resets, within 24 hours/,
      ],
      ['Script invoked too many times per second for this Google user account.', 'busy', /started in the same second .* in a minute\.$/],
      [
        'Limit exceeded: Email Attachments Per Message.',
        'quota',
        /over one of Google's limits \(Email Attachments Per Message\)\. It was not retried\.$/,
      ],
      ['Limit Exceeded: URLFetch URL Length.', 'quota', /\(URLFetch URL Length\)/],
    ];
    for (const [text, kind, message] of cases) {
      const error = quotaError(new Error(text));
      expect(error?.kind, text).toBe(kind);
      expect(error?.message, text).toMatch(message);
      // Never the service's fault, never Google's raw text.
      expect(error?.message, text).not.toMatch(/service is unavailable|invoked|Utilities/);
    }
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
