/** What the menu's Freeze and Unfreeze say in their toast (src/server/ui/freeze-toast.ts). */
import { describe, expect, it } from 'vitest';
import { freezeToast } from '../../../../src/server/ui/freeze-toast';

describe("the menu's toast", () => {
  const skipped = (n: number, reason: 'error' | 'changed') =>
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
    expect(freezeToast({ formulas: 0, sheets: 0, skipped: skipped(1, 'error') }, false)).toBe(
      'Nothing frozen. Left as a formula, showing an error or still loading: Sheet1!D8.',
    );
    expect(freezeToast({ formulas: 2, sheets: 1, skipped: skipped(2, 'error') }, false)).toBe(
      "2 formulas frozen as values: recalculating can no longer spend or change them. Each cell's note keeps its formula. " +
        'Left as formulas, showing an error or still loading: Sheet1!D8, Sheet1!D9.',
    );
  });
});
