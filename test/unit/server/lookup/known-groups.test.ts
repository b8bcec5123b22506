import { describe, expect, it } from 'vitest';
import { groupsInOverview, unknownGroupHint } from '../../../../src/server/lookup/known-groups';
import type { Json } from '../../../../src/server/shape/shape';

// Made-up names on purpose: the add-on knows no service's groups, only their prefix:name shape.
const overview: Json = {
  top: [{ ref: 'zone:north', title: 'The North' }],
  kinds: { list: [{ code: 'kind:b', label: 'Kind B' }, { code: 'kind:a' }, { code: 'kind:a', label: 'again' }] },
  note: 'has a: colon but spaces',
  url: 'https://example.com',
  at: '12:30',
};

describe('groupsInOverview', () => {
  it('finds every prefix:name text once, labelled by a sibling name, whatever the fields are called', () => {
    expect(groupsInOverview(overview)).toEqual([
      { group: 'zone:north', label: 'The North' },
      { group: 'kind:b', label: 'Kind B' },
      { group: 'kind:a', label: 'kind:a' },
    ]);
  });
});

describe('unknownGroupHint', () => {
  const known = groupsInOverview(overview).map((g) => g.group);

  it('names the groups of the same prefix, sorted, whatever the case of the prefix typed', () => {
    expect(unknownGroupHint('KIND:c', known)).toBe('Groups that exist: kind:a, kind:b (RANKING_OVERVIEW() lists every group).');
  });

  it('names at most 12 and says how many more', () => {
    const many = Array.from({ length: 15 }, (_, i) => `kind:k${String(i).padStart(2, '0')}`);
    expect(unknownGroupHint('kind:zz', many)).toBe(
      `Groups that exist: ${many.slice(0, 12).join(', ')} and 3 more (RANKING_OVERVIEW() lists every group).`,
    );
  });

  it('for a prefix no group has, names the prefixes with one group of each', () => {
    expect(unknownGroupHint('other:x', known)).toBe(
      'Groups start with kind: or zone:, for example kind:a, zone:north (RANKING_OVERVIEW() lists every group).',
    );
    expect(unknownGroupHint('other:x', ['zone:north'])).toBe(
      'Groups start with zone:, for example zone:north (RANKING_OVERVIEW() lists every group).',
    );
  });

  it('says nothing when the overview names no group', () => {
    expect(unknownGroupHint('kind:a', [])).toBe('');
  });
});
