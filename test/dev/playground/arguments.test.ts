/**
 * What a custom function receives for each kind of argument, checked against Sheets' documented
 * behaviour (Apps Script guide, "Custom functions › Data types") through the playground's real formula
 * engine: HyperFormula computes the argument, arguments.ts converts it, and the stub stands in for the
 * built Code.js to record what it was given.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FormulaEngine } from '../../../dev/playground/engine.js';
import type { ExecutionResult } from '../../../dev/gas/index.js';

const TIME_ZONE = 'America/New_York';
let engine: FormulaEngine | undefined;
afterEach(() => engine?.destroy());

/** Sets the cells, then `=SEARCH_SCORE(<argument>)` in Z1, and returns what the function received. */
function received(argument: string, cells: [row: number, col: number, content: string][] = []): unknown[] {
  const calls: unknown[][] = [];
  engine = new FormulaEngine({
    evaluate: (_fn, args) => {
      calls.push(args);
      return { remembered: false, result: { ok: true, value: 1 } as ExecutionResult };
    },
    timeZone: () => TIME_ZONE,
  });
  if (cells.length) engine.set(cells.map(([row, col, content]) => ({ row, col, content })));
  engine.set([{ row: 0, col: 25, content: `=SEARCH_SCORE(${argument})` }]);
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

/** A wall-clock time in the spreadsheet's time zone (New York: UTC−5 in winter, −4 in summer). */
const newYork = (iso: string, offset: string) => new Date(`${iso}${offset}`);

describe('arguments reach the add-on as Sheets passes them', () => {
  const table: [what: string, argument: string, cells: [number, number, string][], expected: unknown][] = [
    ['a number', '42', [], 42],
    ['a decimal computed in the formula, at 15 significant digits', '0.1+0.2', [], 0.3],
    ['text', '"coffee"', [], 'coffee'],
    ['text with a doubled quote', '"""quoted"""', [], '"quoted"'],
    ['TRUE', 'TRUE', [], true],
    ['FALSE in lower case', 'false', [], false],
    ['a date from DATE()', 'DATE(2024,1,15)', [], newYork('2024-01-15T00:00:00', '-05:00')],
    ['a date typed in a cell', 'A1', [[0, 0, '7/4/2024']], newYork('2024-07-04T00:00:00', '-04:00')],
    ['a date and time typed in a cell', 'A1', [[0, 0, '2024-01-15 13:30']], newYork('2024-01-15T13:30:00', '-05:00')],
    ['a percentage as its fraction', 'A1', [[0, 0, '10%']], 0.1],
    ['a currency amount as a number', 'A1', [[0, 0, '$5']], 5],
    ['text kept as text with an apostrophe', 'A1', [[0, 0, "'007"]], '007'],
    ['an empty cell', 'A1', [], ''],
    ['a one-cell range as its value', 'A1:A1', [[0, 0, 'tea']], 'tea'],
    [
      'a range as rows, "" for blanks',
      'A1:B2',
      [
        [0, 0, 'tea'],
        [1, 1, '3'],
      ],
      [
        ['tea', ''],
        ['', 3],
      ],
    ],
    [
      'a date inside a range',
      'A1:A2',
      [
        [0, 0, 'x'],
        [1, 0, '1/15/2024'],
      ],
      [['x'], [newYork('2024-01-15T00:00:00', '-05:00')]],
    ],
    ['a skipped argument as undefined', '"tea", , "noHeaders"', [], undefined],
  ];

  for (const [what, argument, cells, expected] of table) {
    it(what, () => {
      const args = received(argument, cells);
      expect(args[0]).toEqual(expected === undefined ? 'tea' : expected);
      if (expected === undefined) expect(args).toEqual(['tea', undefined, 'noHeaders']);
    });
  }

  it("a time of day (a duration) as a Date on 1899-12-30, Sheets' day 0", () => {
    const [value] = received('A1', [[0, 0, '10:30']]);
    expect(value).toBeInstanceOf(Date);
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(wall.format(value as Date)).toBe('12/30/1899, 10:30');
  });

  it("an open-ended range reaches the sheet's last row, as in Sheets", () => {
    const [value] = received('A2:A', [
      [1, 0, 'tea'],
      [2, 0, 'coffee'],
    ]);
    expect(value).toHaveLength(999);
    expect((value as unknown[][]).slice(0, 3)).toEqual([['tea'], ['coffee'], ['']]);
  });

  it("an error in the range is the cell's error, and the function is not called", () => {
    const calls: unknown[] = [];
    engine = new FormulaEngine({
      evaluate: (_fn, args) => (calls.push(args), { remembered: false, result: { ok: true, value: 1 } as ExecutionResult }),
    });
    engine.set([{ row: 0, col: 0, content: '=1/0' }]);
    engine.set([{ row: 0, col: 1, content: '=SEARCH_SCORE(A1:A3)' }]);
    expect(calls).toEqual([]);
    expect(engine.cell(0, 1).value).toBe('#DIV/0!');
  });
});
