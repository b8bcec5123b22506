import { describe, expect, it } from 'vitest';
import { moveFormula, toEngineFormula } from '../../../dev/playground/formula-text.js';

const SHEET = { rows: 1000, columns: 26 };

describe('toEngineFormula: what Sheets reads, in terms HyperFormula parses', () => {
  it.each([
    ['=SEARCH_SCORE(A2:A)', '=SEARCH_SCORE(A2:A1000)'],
    ['=SEARCH_SCORE(a2:a)', '=SEARCH_SCORE(a2:a1000)'],
    ['=SEARCH_SCORE($A$2:$A)', '=SEARCH_SCORE($A$2:$A1000)'],
    ['=SEARCH_SCORE(A:A)', '=SEARCH_SCORE(A1:A1000)'],
    ['=SEARCH_SCORE(A:B)', '=SEARCH_SCORE(A1:B1000)'],
    ['=SEARCH_SCORE(2:2)', '=SEARCH_SCORE(A2:Z2)'],
    ["='My sheet'!A2:A", "='My sheet'!A2:A1000"],
    ['=IF(TRUE, 1, FALSE)', '=IF(TRUE(), 1, FALSE())'],
    ['=SEARCH_SCORE("""quoted""")', '=SEARCH_SCORE((""&CHAR(34)&"quoted"&CHAR(34)&""))'],
  ])('%s → %s', (typed, engine) => {
    expect(toEngineFormula(typed, SHEET)).toBe(engine);
  });

  it.each(['=SEARCH_SCORE(A2:A11)', '=LOG10(A1)', '=TRUE()', '=SEARCH_TREND("A2:A TRUE")', '=SEARCH_TREND("it""s")&""'])(
    'leaves %s alone where HyperFormula reads it as Sheets does',
    (typed) => {
      const engine = toEngineFormula(typed, SHEET);
      if (!typed.includes('""')) expect(engine).toBe(typed);
      else expect(engine).not.toContain('""s');
    },
  );
});

describe('moveFormula: a copied formula pasted elsewhere', () => {
  it.each([
    ['=SEARCH_SCORE(A2:A11)', 1, 1, '=SEARCH_SCORE(B3:B12)'],
    ['=SEARCH_SCORE($A$2:A11)', 1, 1, '=SEARCH_SCORE($A$2:B12)'],
    ['=SEARCH_SCORE(A2:A)', 0, 2, '=SEARCH_SCORE(C2:C)'],
    ['=SUM(A:A)', 0, 1, '=SUM(B:B)'],
    ['=SUM(2:3)', 2, 0, '=SUM(4:5)'],
    ['=A1&"A1"', 1, 0, '=A2&"A1"'],
    ['=SEARCH_SCORE(A2:A11)', -2, 0, '=SEARCH_SCORE(#REF!)'],
  ])('%s moved %i rows, %i columns → %s', (formula, rows, columns, moved) => {
    expect(moveFormula(formula, rows, columns, SHEET)).toBe(moved);
  });
});
