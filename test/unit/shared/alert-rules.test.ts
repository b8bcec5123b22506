/** The alerts' input rules both sides apply (src/shared/alert-rules.ts). */
import { describe, expect, it } from 'vitest';
import { isMailAddress, splitAddresses, thresholdProblem } from '../../../src/shared/alert-rules';

describe('alert rules', () => {
  it('takes plain addresses only', () => {
    expect(['ann@example.org', 'a.b+c@sub.example.co.uk'].map(isMailAddress)).toEqual([true, true]);
    expect(['ann@', '@example.org', 'ann@example', 'Ann <ann@example.org>', 'a b@example.org'].map(isMailAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('splits a typed list on commas, semicolons and spaces, each address once', () => {
    expect(splitAddresses(' a@x.io, b@x.io;\nA@X.io  c@x.io ')).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(splitAddresses('')).toEqual([]);
  });

  it('bounds each threshold, null always allowed', () => {
    expect([thresholdProblem('rankPlaces', 1), thresholdProblem('rankPlaces', 1000), thresholdProblem('rankPlaces', null)]).toEqual([
      null,
      null,
      null,
    ]);
    expect(thresholdProblem('rankPlaces', 0)).toMatch(/whole number of places from 1 to 1000/);
    expect(thresholdProblem('changePercent', 0.1)).toBeNull();
    expect(thresholdProblem('changePercent', 10_001)).toMatch(/percent from 0.1 to 10,000/);
    expect(thresholdProblem('changePercent', Infinity)).not.toBeNull();
  });
});
