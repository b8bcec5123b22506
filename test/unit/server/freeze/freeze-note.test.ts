/**
 * The note that keeps a frozen formula (src/server/freeze/freeze-note.ts): it reads as a sentence after
 * the user's own note and reads back exactly, and its fingerprint tells values changed since.
 */
import { describe, expect, it } from 'vitest';
import { fingerprint, frozenNoteText, readFrozenNote, type FrozenNote } from '../../../../src/server/freeze/freeze-note';

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
