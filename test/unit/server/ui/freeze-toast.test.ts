/** What the menu's Freeze and Unfreeze say in their toast (src/server/ui/freeze-toast.ts). */
import { describe, expect, it } from 'vitest';
import { freezeToast } from '../../../../src/server/ui/freeze-toast';

describe("the menu's toast", () => {
  const skipped = (n: number, reason: 'error' | 'limit' | 'budget' | 'loading' | 'changed') =>
    Array.from({ length: n }, (_, i) => ({ cell: `Sheet1!D${i + 8}`, area: `Sheet1!D${i + 8}:K${i + 10}`, reason }));

  it('agrees with the count: one formula runs again, several run again', () => {
    expect(freezeToast({ formulas: 1, sheets: 1, skipped: [] }, true)).toBe(
      '1 formula put back: it runs again when Sheets recalculates (cached answers cost nothing).',
    );
    expect(freezeToast({ formulas: 3, sheets: 1, skipped: [] }, true)).toBe(
      '3 formulas put back: they run again when Sheets recalculates (cached answers cost nothing).',
    );
    expect(freezeToast({ formulas: 1, sheets: 1, skipped: [] }, false)).toBe(
      "1 formula frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula.",
    );
  });

  it('says which frozen cells were left and what to do to unfreeze them anyway', () => {
    expect(freezeToast({ formulas: 0, sheets: 0, skipped: skipped(1, 'changed') }, true)).toBe(
      'Nothing unfrozen. Left frozen, as its values were changed since: Sheet1!D8:K10. ' +
        'To put it back anyway, empty those cells (Delete keeps the note) and unfreeze again.',
    );
    expect(freezeToast({ formulas: 1, sheets: 1, skipped: skipped(4, 'changed') }, true)).toBe(
      '1 formula put back: it runs again when Sheets recalculates (cached answers cost nothing). ' +
        'Left frozen, as their values were changed since: Sheet1!D8:K10, Sheet1!D9:K11, Sheet1!D10:K12 and 1 more. ' +
        'To put them back anyway, empty those cells (Delete keeps the notes) and unfreeze again.',
    );
  });

  it('names the formulas Freeze kept, as their results are not complete, and why', () => {
    expect(freezeToast({ formulas: 0, sheets: 0, skipped: skipped(1, 'error') }, false)).toBe(
      'Nothing frozen. Kept 1 formula whose result is not complete: Sheet1!D8 (an error). Freeze it again once it is complete.',
    );
    expect(
      freezeToast(
        { formulas: 2, sheets: 1, skipped: [...skipped(2, 'limit'), ...skipped(1, 'error').map((s) => ({ ...s, cell: 'Sheet1!F1' }))] },
        false,
      ),
    ).toBe(
      "2 formulas frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula. " +
        'Kept 3 formulas whose results are not complete: Sheet1!D8, Sheet1!D9 (daily limit reached: fills when you run Refresh all formulas after the reset); ' +
        'Sheet1!F1 (an error). Freeze them again once they are complete.',
    );
    expect(freezeToast({ formulas: 1, sheets: 1, skipped: [...skipped(1, 'budget'), ...skipped(4, 'loading')] }, false)).toBe(
      "1 formula frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula. " +
        'Kept 5 formulas whose results are not complete: Sheet1!D8 (not fetched in time: fills when you run Refresh all formulas); ' +
        'Sheet1!D8, Sheet1!D9 (still loading) and 2 more. Freeze them again once they are complete.',
    );
  });
});
