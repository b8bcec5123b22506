/**
 * The pure parts of freezing (src/server/freeze): the note that keeps a formula, and which cells each
 * removed formula had spilled into, told from the sheet before and after removing it.
 */
import { describe, expect, it } from 'vitest';
import { fingerprint, frozenNoteText, readFrozenNote, type FrozenNote } from '../../../../src/server/freeze/freeze-note';
import { freezeToast } from '../../../../src/server/ui/freeze-toast';
import { spillBlocks } from '../../../../src/server/freeze/spill';

const AT = new Date('2026-11-23T14:05:59Z');

describe('the frozen note', () => {
  it('reads as a sentence, after the user note, and reads back exactly', () => {
    const frozen: FrozenNote = {
      userNote: 'checked by Ann',
      formula: '=SEARCH_SCORE(A2:A10, SDM_REFRESH)',
      numRows: 9,
      numColumns: 1,
      check: '0badc0de',
    };
    const text = frozenNoteText(frozen, AT);
    expect(text).toBe(
      'checked by Ann\n\nSearch Demand: frozen 2026-11-23 14:05 UTC from =SEARCH_SCORE(A2:A10, SDM_REFRESH)\n' +
        'Its values fill 9 rows × 1 column from here. Extensions › Search Demand › Unfreeze selected results puts the formula back, ' +
        'unless these values were changed (Unfreeze tells by their fingerprint, 0badc0de).',
    );
    expect(readFrozenNote(text)).toEqual(frozen);
  });

  it('still reads a note written before the fingerprint was worded for users ("(check …)")', () => {
    const old =
      'Search Demand: frozen 2026-11-23 14:05 UTC from =SEARCH_TREND(A2:A3)\n' +
      'Its values fill 3 rows × 8 columns from here. Extensions › Search Demand › Unfreeze selected results puts the formula back (check 651fa880).';
    expect(readFrozenNote(`mine\n\n${old}`)).toEqual({
      userNote: 'mine',
      formula: '=SEARCH_TREND(A2:A3)',
      numRows: 3,
      numColumns: 8,
      check: '651fa880',
    });
  });

  it('keeps a formula over several lines, a user note ending in a blank line, and a single cell', () => {
    const cases: FrozenNote[] = [
      { userNote: '', formula: '=SEARCH_TREND(\n  "a from b",\n  "peak.month")', numRows: 1, numColumns: 1, check: '00000001' },
      { userNote: 'line one\n\n', formula: '=RANKING_LIST("sector:ai")', numRows: 1, numColumns: 7, check: 'ffffffff' },
      { userNote: 'Search Demand: frozen is also what I wrote', formula: '=API_USAGE()', numRows: 3, numColumns: 2, check: '12345678' },
    ];
    for (const frozen of cases) expect(readFrozenNote(frozenNoteText(frozen, AT))).toEqual(frozen);
  });

  it('is not ours when it does not end with our lines (a user note, or ours edited past reading)', () => {
    const text = frozenNoteText({ userNote: '', formula: '=API_USAGE()', numRows: 1, numColumns: 1, check: '12345678' }, AT);
    expect(readFrozenNote('Search Demand: frozen by hand')).toBeNull();
    expect(readFrozenNote(`${text}\nmore words`)).toBeNull();
    expect(readFrozenNote(text.replace('12345678', 'xyz'))).toBeNull();
  });

  it('fingerprints values with their types', () => {
    expect(fingerprint([[7, 'a']])).toBe(fingerprint([[7, 'a']]));
    expect(fingerprint([[7]])).not.toBe(fingerprint([['7']]));
    expect(fingerprint([[true]])).not.toBe(fingerprint([['true']]));
    expect(fingerprint([['a', 'b']])).not.toBe(fingerprint([['a'], ['b']]));
    expect(fingerprint([['']])).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe('spillBlocks', () => {
  /** Grids from rows of text: "F" a formula of ours showing x, "f" another formula, letters values, "." blank. */
  function sheet(before: string[], after: string[]) {
    const cell = (ch: string) => (ch === '.' ? '' : ch);
    return {
      values: before.map((line) => [...line].map(cell)),
      formulas: before.map((line) => [...line].map((ch) => (ch === 'F' || ch === 'f' ? '=X()' : ''))),
      after: after.map((line) => [...line].map(cell)),
    };
  }

  it('grows each removed formula to the cells that emptied: tables side by side and stacked, blanks inside', () => {
    const { values, formulas, after } = sheet(
      // A 3×2 table at A1 with a blank inside, a column at D1, a 2×2 table at A5, the user's cells (u).
      ['Fv.Fu', 'v..vu', 'vvuv.', '.....', 'Fv...', 'vvu..'],
      ['F..Fu', '....u', '..u..', '.....', 'F....', '..u..'],
    );
    expect(
      spillBlocks(values, formulas, after, [
        { row: 1, column: 1 },
        { row: 1, column: 4 },
        { row: 5, column: 1 },
      ]),
    ).toEqual([
      { row: 1, column: 1, numRows: 3, numColumns: 2 },
      { row: 1, column: 4, numRows: 3, numColumns: 1 },
      { row: 5, column: 1, numRows: 2, numColumns: 2 },
    ]);
  });

  it('a formula that spilled nothing is its own cell; what another formula dropped is not ours', () => {
    // B1 is one of ours (a single value); D1 is someone's formula whose spill shrank when ours went.
    const { values, formulas, after } = sheet(['uFuf', '...w', '...w'], ['uFuf', '....', '....']);
    expect(spillBlocks(values, formulas, after, [{ row: 1, column: 2 }])).toEqual([{ row: 1, column: 2, numRows: 1, numColumns: 1 }]);
  });
});

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
