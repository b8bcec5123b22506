/**
 * The shaping modules against ANY JSON the service could send: what reaches a sheet is always a
 * rectangular grid of cells Sheets accepts, headers can be pasted back as fields, and the path and
 * score lookups never throw and never point at something that is not there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findScore,
  flattenToTable,
  listPaths,
  rowsUnderUnionHeader,
  scalarFields,
  selectPath,
  tableToGrid,
  valueToGrid,
  type Cell,
} from '../../src/server/shape/shape';
import { anyJson, anyPath, numbersIn, SEED } from './arbitraries';

/** Runs per property: enough to meet every generator branch many times, fast enough for CI (~1 s each). */
const RUNS = 300;
const params = { numRuns: RUNS, seed: SEED };

/** Why a value is not a cell Sheets accepts from a custom function, or '' if it is one. */
function cellProblem(cell: unknown): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? '' : `non-finite number ${cell}`;
  if (typeof cell === 'boolean') return '';
  if (typeof cell === 'string') return cell.length <= 50_000 ? '' : `text of ${cell.length} characters`;
  return `a ${cell === null ? 'null' : Array.isArray(cell) ? 'list' : typeof cell}`;
}

/** Asserts a cell (plain checks: expect() per cell would dominate the run time). */
function expectCell(cell: unknown): asserts cell is Cell {
  const problem = cellProblem(cell);
  if (problem) expect.fail(`not a cell: ${problem}`);
}

/** A non-empty rectangular grid of valid cells. */
function expectGrid(grid: unknown): void {
  if (!Array.isArray(grid) || !grid.length) expect.fail('not a non-empty grid');
  const width = Array.isArray(grid[0]) ? grid[0].length : 0;
  if (!width) expect.fail('the first row is empty');
  grid.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== width) expect.fail(`row ${r + 1} is not ${width} cells wide`);
    for (const cell of row) expectCell(cell);
  });
}

describe('flattenToTable', () => {
  it('gives unique headers and rows exactly as wide, of valid cells; as a grid, headers fit in cells too', () => {
    fc.assert(
      fc.property(anyJson, fc.constantFrom('', 'root', 'a.b'), (json, root) => {
        const table = flattenToTable(json, root);
        const { headers, rows } = table;
        expect(new Set(headers).size).toBe(headers.length);
        if (!headers.length) expect(rows).toEqual([]);
        // As the sheet gets it: the header row too must fit in cells (a key may be any length).
        expectGrid(tableToGrid(table, true));
        rows.forEach((row, r) => {
          if (row.length !== headers.length) expect.fail(`row ${r + 1} is ${row.length} cells wide, not ${headers.length}`);
          for (const cell of row) expectCell(cell);
        });
      }),
      params,
    );
  });
});

describe('valueToGrid', () => {
  it('gives a non-empty rectangular grid of valid cells, with or without headers', () => {
    fc.assert(
      fc.property(anyJson, fc.boolean(), fc.option(fc.constantFrom('months', 'peak.month', 'a.b.c')), (json, headers, name) => {
        expectGrid(valueToGrid(json, name === null ? { headers } : { headers, name }));
      }),
      params,
    );
  });
});

describe('scalarFields and rowsUnderUnionHeader', () => {
  it('give one aligned row per input under one header, of valid cells', () => {
    const item = fc.oneof(
      { weight: 4, arbitrary: anyJson.map((j) => ({ json: j })) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.string().map((e) => ({ error: `Not found: ${e}.` })) },
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), fc.boolean(), (items, headers) => {
        const rows = items.map((it) => {
          if (it === null || 'error' in it) return it;
          const { names, values } = scalarFields(it.json);
          expect(new Set(names).size).toBe(names.length);
          expect([...values.keys()]).toEqual(names);
          for (const v of values.values()) expectCell(v);
          return values;
        });
        const grid = rowsUnderUnionHeader(rows, { headers });
        expectGrid(grid);
        if (items.length) expect(grid).toHaveLength(items.length + (headers ? 1 : 0));
      }),
      params,
    );
  });
});

describe('selectPath and listPaths', () => {
  it('never throws for any path; a failure lists only paths that select', () => {
    fc.assert(
      fc.property(anyJson, anyPath, (json, path) => {
        const selection = selectPath(json, path);
        if (selection.ok) {
          // The path it reports, spelled with the answer's own keys, selects the same value.
          const again = selectPath(json, selection.path);
          expect(again.ok).toBe(true);
          return;
        }
        expect(selection.message).not.toBe('');
        for (const p of selection.available) expect(selectPath(json, p).ok, `available "${p}"`).toBe(true);
      }),
      params,
    );
  });

  it('every listed path selects', () => {
    fc.assert(
      fc.property(anyJson, (json) => {
        for (const p of listPaths(json)) expect(selectPath(json, p).ok, `listed "${p}"`).toBe(true);
      }),
      params,
    );
  });
});

describe('findScore', () => {
  it('never throws; when it finds one, it is a finite number of the answer', () => {
    const preferred = fc.subarray(['searchscore', 'indexscore', 'score', 'Search Score']);
    fc.assert(
      fc.property(anyJson, preferred, (json, prefer) => {
        const found = findScore(json, prefer);
        if (!found.ok) {
          expect(found.message).not.toBe('');
          return;
        }
        expect(Number.isFinite(found.value)).toBe(true);
        expect(numbersIn(json).has(found.value)).toBe(true);
        expect(found.path).not.toBe('');
      }),
      params,
    );
  });
});
