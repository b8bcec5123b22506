/**
 * What setAlerts accepts (src/server/alerts/alert-settings.ts): thresholds within their bounds or null
 * (off), failures on or off, real addresses, each once, at most ten; anything else refused in words.
 */
import { describe, expect, it } from 'vitest';
import { ALERTS_OFF, alertsOn, checkAlertSettings } from '../../../../src/server/alerts/alert-settings';

const refused = (raw: unknown) => {
  try {
    checkAlertSettings(raw);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('checkAlertSettings', () => {
  it('takes each kind on or off, the recipients trimmed and each once as first typed', () => {
    expect(
      checkAlertSettings({
        rankPlaces: 3,
        changePercent: 7.5,
        failures: true,
        recipients: [' Ann@Example.org', 'ann@example.org', 'bo@x.io'],
      }),
    ).toEqual({
      rankPlaces: 3,
      changePercent: 7.5,
      failures: true,
      recipients: ['Ann@Example.org', 'bo@x.io'],
    });
    expect(checkAlertSettings({ rankPlaces: null, changePercent: null, failures: null })).toEqual(ALERTS_OFF);
    expect(checkAlertSettings(null)).toEqual(ALERTS_OFF);
    expect(alertsOn(ALERTS_OFF)).toBe(false);
    expect(alertsOn({ ...ALERTS_OFF, failures: true })).toBe(true);
  });

  it('refuses, in words, what cannot be used', () => {
    expect(refused('on')).toBe('Alerts are settings with rankPlaces, changePercent and failures.');
    expect(refused({ rankPlaces: '3', changePercent: null, failures: true })).toMatch(/^A ranking move is a whole number of places/);
    expect(refused({ rankPlaces: 1001, changePercent: null, failures: true })).toMatch(/^A ranking move/);
    expect(refused({ rankPlaces: null, changePercent: Number.NaN, failures: true })).toMatch(/^A change is a percent/);
    expect(refused({ rankPlaces: null, changePercent: 0, failures: true })).toMatch(/^A change is a percent/);
    expect(refused({ rankPlaces: 1, changePercent: null, failures: 1 })).toMatch(/^Failure alerts are on/);
    expect(refused({ rankPlaces: 1, changePercent: null, failures: true, recipients: 'ann@example.org' })).toBe(
      'Recipients are a list of email addresses.',
    );
    expect(refused({ rankPlaces: 1, changePercent: null, failures: true, recipients: ['Ann <ann@example.org>'] })).toMatch(
      /is not an email address/,
    );
  });
});
