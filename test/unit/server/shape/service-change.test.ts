import { describe, expect, it } from 'vitest';
import { serviceChangeColumns, withServiceMarks } from '../../../../src/server/shape/service-change';

describe("the service's own change figures", () => {
  it("marks whole numbers under words of change as the service's, never a percentage or a fraction", () => {
    const header = ['Rank', 'Name', 'Change', 'Growth %', 'Delta', 'Movement'];
    const rows = [
      [1, 'A', 3, 4.5, 0.5, -2],
      [2, 'B', -1, 2, 1, ''],
    ];
    expect(serviceChangeColumns(header, rows)).toEqual([2, 5]);
    expect(withServiceMarks(header, rows)).toEqual(['Rank', 'Name', 'Change (service)', 'Growth %', 'Delta', 'Movement (service)']);
    expect(withServiceMarks(['Change'], [])).toEqual(['Change']); // no rows: nothing to tell by
  });
});
