/** What "Refresh all formulas" reports, from the server's RefreshView. */
import { describe, expect, it } from 'vitest';
import { cellsText, refreshMessage } from '../../../src/sidebar/cache-model';

describe('refreshMessage', () => {
  it('counts the cells that re-run, and the formulas that got SDM_REFRESH just now', () => {
    expect(refreshMessage({ formulaCells: 12, formulasRewritten: 3, sheets: 1 })).toBe('12 formula cells re-run (3 got the SDM_REFRESH argument the first time).');
    expect(refreshMessage({ formulaCells: 12, formulasRewritten: 0, sheets: 1 })).toBe('12 formula cells re-run.');
    expect(refreshMessage({ formulaCells: 1, formulasRewritten: 1, sheets: 1 })).toBe('1 formula cell re-run (1 got the SDM_REFRESH argument the first time).');
  });
  it('names the sheets only when there are several', () => {
    expect(refreshMessage({ formulaCells: 15, formulasRewritten: 0, sheets: 3 })).toBe('15 formula cells on 3 sheets re-run.');
  });
  it('says there was nothing to refresh', () => {
    expect(refreshMessage({ formulaCells: 0, formulasRewritten: 0, sheets: 0 })).toBe('No cell in this spreadsheet uses the add-on: nothing to refresh.');
  });
});

describe('cellsText', () => {
  it('counts the formula cells, or says there are none', () => {
    expect(cellsText({ formulaCells: 3 })).toBe('Refreshing recalculates 3 formula cells. It is free while their answers are cached (up to 6 hours).');
    expect(cellsText({ formulaCells: 0 })).toBe('No cell in this spreadsheet uses the add-on yet.');
  });
});
