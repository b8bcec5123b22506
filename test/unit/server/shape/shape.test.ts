import { describe, expect, it } from 'vitest';
import * as shape from '../../../../src/server/shape/shape';

describe('shape index', () => {
  it('exports the public functions', () => {
    const names = [
      'normaliseName',
      'listForMessage',
      'toCell',
      'rectangular',
      'transpose',
      'listPaths',
      'selectPath',
      'flattenToTable',
      'valueToGrid',
      'tableToGrid',
      'scalarFields',
      'rowsUnderUnionHeader',
      'findScore',
    ];
    for (const n of names) expect(typeof (shape as Record<string, unknown>)[n]).toBe('function');
    expect(shape.NO_DATA).toBe('no data');
  });
});
