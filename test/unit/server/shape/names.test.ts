import { describe, expect, it } from 'vitest';
import { listForMessage, normaliseName } from '../../../../src/server/shape/names';

describe('normaliseName', () => {
  it('ignores case and separators', () => {
    for (const s of ['search_score', 'searchScore', 'Search Score', 'search-score', ' SEARCH.score ']) {
      expect(normaliseName(s)).toBe('searchscore');
    }
  });
  it('keeps unicode letters and digits', () => {
    expect(normaliseName('Größe_2')).toBe('größe2');
    expect(normaliseName('検索 スコア')).toBe('検索スコア');
    expect(normaliseName('café')).toBe('café'); // decomposed é keeps its accent
    expect(normaliseName('٣_Ω')).toBe('٣ω');
  });
  it('can be empty', () => {
    expect(normaliseName('_-. ')).toBe('');
  });
});

describe('listForMessage', () => {
  it('joins short lists whole', () => {
    expect(listForMessage(['a', 'b.c'])).toBe('a, b.c');
  });
  it('cuts long lists with a count of the rest', () => {
    const names = Array.from({ length: 100 }, (_, i) => `field_number_${i}`);
    const text = listForMessage(names);
    expect(text.length).toBeLessThan(430);
    const shown = text.split(', ').length;
    expect(text).toMatch(new RegExp(`… and ${100 - shown} more$`));
  });
});
