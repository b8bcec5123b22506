/** A spreadsheet's own cap on fresh searches (src/server/spending/spend-cap.ts): read, asked for, counted down, its day. */
import { describe, expect, it } from 'vitest';
import { capLeft, capResetsAt, readSpendCap, spendCapRequest } from '../../../../src/server/spending/spend-cap';
import { errors } from '../../../../src/server/errors/errors';

describe('spendCapRequest', () => {
  it('takes a whole number from 0 up (as a number or its text), and null to lift the cap', () => {
    expect(spendCapRequest({ freshSearchesPerDay: 10 }, 250)).toBe(10);
    expect(spendCapRequest({ freshSearchesPerDay: 0 }, 250)).toBe(0);
    expect(spendCapRequest({ freshSearchesPerDay: ' 25 ' }, null)).toBe(25);
    expect(spendCapRequest({ freshSearchesPerDay: null }, 250)).toBeNull();
  });

  it('refuses anything else, and a cap above the allowance, saying what to do', () => {
    for (const bad of [-1, 1.5, 'ten', '', true, undefined, NaN])
      expect(() => spendCapRequest({ freshSearchesPerDay: bad }, 250)).toThrow(
        'Bad input: a cap is a whole number of fresh searches a day, from 0 up. Nothing was saved.',
      );
    expect(() => spendCapRequest(null, 250)).toThrow(/whole number/);
    expect(() => spendCapRequest({ freshSearchesPerDay: 300 }, 250)).toThrow(
      "Bad input: a cap of 300 is above your account's 250 fresh searches a day: choose 250 or fewer. Nothing was saved.",
    );
    expect(spendCapRequest({ freshSearchesPerDay: 300 }, null)).toBe(300); // the allowance not known: not compared
  });
});

describe('the cap as kept and counted', () => {
  it('reads a stored cap, or none for anything unreadable', () => {
    expect(readSpendCap('10')).toBe(10);
    expect(readSpendCap('0')).toBe(0);
    for (const bad of [undefined, null, '', 'x', '-2', '1.5']) expect(readSpendCap(bad)).toBeNull();
  });

  it('leaves what the cap allows today, never below nothing, and resets at the end of the UTC day', () => {
    expect(capLeft(null, 40)).toBeNull();
    expect(capLeft(10, 4)).toBe(6);
    expect(capLeft(10, 14)).toBe(0);
    expect(capResetsAt(Date.UTC(2026, 2, 18, 12))).toBe(Date.UTC(2026, 2, 19));
    expect(capResetsAt(Date.UTC(2026, 2, 18, 23, 59))).toBe(Date.UTC(2026, 2, 19));
  });

  it('says a held row in at most 90 characters, with the cap and the reset', () => {
    for (const cap of [0, 10, 250, 99_999]) {
      const { message } = errors.capWait(cap, 'after 00:00 UTC');
      expect(message).toBe(`This spreadsheet's cap (${cap} fresh searches a day): Refresh all formulas after 00:00 UTC.`);
      expect(message.length).toBeLessThanOrEqual(90);
    }
  });
});
