/**
 * The playground's formula engine with a stand-in for the built Code.js: how often a custom function is
 * evaluated, and what its cell shows, where Sheets' behaviour is easy to get wrong with HyperFormula.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FormulaEngine } from '../../../dev/playground/engine.js';
import type { ExecutionResult } from '../../../dev/gas/index.js';

let engine: FormulaEngine | undefined;
afterEach(() => engine?.destroy());

/** An engine whose SEARCH_SCORE gives one row per input row (its length), recording each call. */
function scoring(): { engine: FormulaEngine; calls: unknown[][] } {
  const calls: unknown[][] = [];
  engine = new FormulaEngine({
    evaluate: (_fn, args) => {
      calls.push(args);
      const input = args[0];
      const value = Array.isArray(input) ? input.map((row: unknown[]) => [String(row[0]).length]) : String(input).length;
      return { remembered: false, result: { ok: true, value } as ExecutionResult };
    },
  });
  return { engine, calls };
}

describe('the playground engine', () => {
  it('cells set at once (a paste, an undo) are evaluated once, with all of them in', () => {
    const { engine, calls } = scoring();
    engine.set([
      { row: 0, col: 1, content: '=SEARCH_SCORE(A1:A3)' },
      { row: 0, col: 0, content: 'tea' },
      { row: 1, col: 0, content: 'coffee' },
      { row: 2, col: 0, content: 'matcha' },
    ]);
    expect(calls).toEqual([[[['tea'], ['coffee'], ['matcha']]]]);
    expect([0, 1, 2].map((row) => engine.cell(row, 1).value)).toEqual([3, 6, 6]);
  });

  it('a result that grows when an input changes is re-sized without a second evaluation', () => {
    const { engine, calls } = scoring();
    engine.set([{ row: 0, col: 0, content: 'tea' }]);
    engine.set([{ row: 0, col: 1, content: '=SEARCH_SCORE(A1:A2)' }]);
    expect(calls).toHaveLength(1);
    engine.set([{ row: 1, col: 0, content: 'coffee' }]);
    expect(calls).toHaveLength(2);
    expect(engine.cell(1, 1).value).toBe(6);
  });

  it('a result past the last column is #REF!, as in Sheets, and spills nothing', () => {
    engine = new FormulaEngine({
      evaluate: () => ({ remembered: false, result: { ok: true, value: [[1, 2, 3]] } as ExecutionResult }),
      size: () => ({ rows: 1000, columns: 26 }),
    });
    engine.set([{ row: 0, col: 24, content: '=SEARCH_TREND("tea")' }]);
    const cell = engine.cell(0, 24);
    expect(cell.value).toBe('#REF!');
    expect(cell.error).toMatch(/^Result was not automatically expanded, please insert more columns \(1\)\./);
    expect(engine.cell(0, 25).value).toBe('');
    engine.set([{ row: 5, col: 0, content: 'still fine' }]);
    expect(engine.cell(5, 0).value).toBe('still fine');
  });

  it("a built-in array past the sheet's last row is #REF! too, and a taller sheet holds it", () => {
    const rows = new Map([['Sheet1', 1000]]);
    engine = new FormulaEngine({
      evaluate: () => ({ remembered: false, result: { ok: true, value: 1 } as ExecutionResult }),
      size: (sheet) => ({ rows: rows.get(sheet) ?? 1000, columns: 26 }),
    });
    engine.set([{ row: 0, col: 0, content: '=SEQUENCE(1500)' }]);
    expect(engine.cell(0, 0).value).toBe('#REF!');
    expect(engine.cell(0, 0).error).toMatch(/^Result was not automatically expanded, please insert more rows \(500\)\./);
    expect(engine.cell(999, 0).value).toBe('');
    // A sheet a script grew to 2,000 rows (a long ranking table): the same formula fills 1,500 of them.
    rows.set('Long', 2000);
    const long = engine.addSheet('Long');
    engine.set([{ sheet: long, row: 0, col: 0, content: '=SEQUENCE(1500)' }]);
    expect([engine.cell(0, 0, long).value, engine.cell(1499, 0, long).value]).toEqual([1, 1500]);
  });

  it('SPARKLINE holds no value and draws its data, as in Sheets; a formula choosing "" instead draws nothing', () => {
    const { engine } = scoring();
    engine.set([
      { row: 0, col: 0, content: 10 },
      { row: 0, col: 1, content: null },
      { row: 0, col: 2, content: 30 },
      { row: 0, col: 3, content: 'text' },
      { row: 1, col: 0, content: '=IF(COUNT(A1:D1), SPARKLINE(A1:D1), "")' },
      { row: 2, col: 0, content: '=SPARKLINE({1,-2,3}, {"charttype","column";"color","red";"negcolor","#00f";"ymin",-5})' },
    ]);
    expect(engine.cell(1, 0)).toMatchObject({ value: '', sparkline: { kind: 'line', values: [10, null, 30, null] } });
    expect(engine.cell(2, 0).sparkline).toEqual({ kind: 'column', values: [1, -2, 3], color: 'red', negColor: '#00f', min: -5 });
    // The data changes: the chart follows; no number left: IF's "" and nothing drawn.
    engine.set([{ row: 0, col: 1, content: 20 }]);
    expect(engine.cell(1, 0).sparkline?.values).toEqual([10, 20, 30, null]);
    engine.set([
      { row: 0, col: 0, content: null },
      { row: 0, col: 1, content: null },
      { row: 0, col: 2, content: null },
    ]);
    expect(engine.cell(1, 0)).toEqual({ formula: '=IF(COUNT(A1:D1), SPARKLINE(A1:D1), "")', value: '', spilled: false });
    expect(engine.cell(4, 0).sparkline).toBeUndefined();
    engine.set([{ row: 4, col: 0, content: '=SPARKLINE()' }]);
    expect(engine.cell(4, 0)).toMatchObject({
      value: '#N/A',
      error: expect.stringMatching(/^Wrong number of arguments to SPARKLINE/) as unknown,
    });
  });

  it('a blocked result is #REF! naming the cell in the way, and spills once it is cleared', () => {
    const { engine } = scoring();
    engine.set([
      { row: 0, col: 0, content: 'tea' },
      { row: 1, col: 0, content: 'coffee' },
      { row: 1, col: 1, content: 'in the way' },
    ]);
    engine.set([{ row: 0, col: 1, content: '=SEARCH_SCORE(A1:A2)' }]);
    expect(engine.cell(0, 1)).toMatchObject({
      value: '#REF!',
      error: 'Array result was not expanded because it would overwrite data in B2.',
    });
    engine.set([{ row: 1, col: 1, content: null }]);
    expect(engine.cell(1, 1).value).toBe(6);
  });

  it('the cell keeps the formula as typed; what gives it back its content leaves spilled values out', () => {
    const { engine } = scoring();
    engine.set([
      { row: 0, col: 0, content: 'tea' },
      { row: 1, col: 0, content: 'coffee' },
    ]);
    engine.set([{ row: 0, col: 1, content: '=SEARCH_SCORE(A1:A)' }]);
    expect(engine.cell(0, 1).formula).toBe('=SEARCH_SCORE(A1:A)');
    expect(engine.input(0, 1)).toBe('=SEARCH_SCORE(A1:A)');
    expect(engine.cell(1, 1)).toMatchObject({ value: 6, spilled: true });
    expect(engine.input(1, 1)).toBe('');
  });
});

describe('named ranges (SDM_REFRESH)', () => {
  it('a named value is passed like a cell value, and changing it runs the formulas reading it again', () => {
    const { engine, calls } = scoring();
    engine.setNames(new Map([['SDM_REFRESH', "'sdm-refresh:1"]]));
    engine.set([{ row: 0, col: 0, content: '=SEARCH_SCORE("tea", SDM_REFRESH)' }]);
    expect(calls).toEqual([['tea', 'sdm-refresh:1']]);
    expect(engine.cell(0, 0)).toMatchObject({ value: 3, formula: '=SEARCH_SCORE("tea", SDM_REFRESH)' });
    // The same value again changes nothing: nothing runs.
    engine.setNames(new Map([['SDM_REFRESH', "'sdm-refresh:1"]]));
    expect(calls).toHaveLength(1);
    engine.setNames(new Map([['SDM_REFRESH', "'sdm-refresh:2"]]));
    expect(calls).toEqual([
      ['tea', 'sdm-refresh:1'],
      ['tea', 'sdm-refresh:2'],
    ]);
    expect(engine.cell(0, 0).value).toBe(3);
  });

  it('a spilled result runs again once, keeping its cells', () => {
    const { engine, calls } = scoring();
    engine.setNames(new Map([['SDM_REFRESH', "'sdm-refresh:1"]]));
    engine.set([
      { row: 0, col: 0, content: 'tea' },
      { row: 1, col: 0, content: 'coffee' },
    ]);
    engine.set([{ row: 0, col: 1, content: '=SEARCH_SCORE(A1:A2, SDM_REFRESH)' }]);
    engine.setNames(new Map([['SDM_REFRESH', "'sdm-refresh:2"]]));
    expect(calls.map((args) => args[1])).toEqual(['sdm-refresh:1', 'sdm-refresh:2']);
    expect([engine.cell(0, 1).value, engine.cell(1, 1).value]).toEqual([3, 6]);
  });

  it('before the name exists a formula reading it is #NAME?, as in Sheets, and runs once it is defined', () => {
    const { engine, calls } = scoring();
    engine.set([{ row: 0, col: 0, content: '=SEARCH_SCORE("tea", SDM_REFRESH)' }]);
    expect(engine.cell(0, 0)).toMatchObject({ value: '#NAME?', error: "Unknown range name: 'SDM_REFRESH'." });
    expect(calls).toEqual([]);
    engine.setNames(new Map([['SDM_REFRESH', "'sdm-refresh:1"]]));
    expect(calls).toEqual([['tea', 'sdm-refresh:1']]);
    expect(engine.cell(0, 0).value).toBe(3);
    engine.setNames(new Map());
    expect(engine.cell(0, 0).value).toBe('#NAME?');
  });

  it('numbers stay numbers, and a name for cells of the sheet follows them', () => {
    const { engine, calls } = scoring();
    engine.set([
      { row: 0, col: 0, content: 'tea' },
      { row: 1, col: 0, content: 'coffee' },
    ]);
    engine.setNames(
      new Map<string, string | number>([
        ['LIMIT', 5],
        ['KEYWORDS', "='Sheet1'!$A$1:$A$2"],
      ]),
    );
    engine.set([{ row: 0, col: 2, content: '=SEARCH_SCORE(KEYWORDS, LIMIT)' }]);
    expect(calls).toEqual([[[['tea'], ['coffee']], 5]]);
    engine.set([{ row: 1, col: 0, content: 'matcha' }]);
    expect(calls.at(-1)).toEqual([[['tea'], ['matcha']], 5]);
  });
});
