/**
 * What a template reads from the service's answers by meaning, whatever it names its fields
 * (src/server/templates/template-fields.ts): the brand slugs its ranking overview names (the brand
 * watch's examples) or those brands' names (the share of search's), and a field's name in words (a chart's title). Shapes of neither local schema are
 * included: a service is free to name things its own way.
 */
import { describe, expect, it } from 'vitest';
import { exampleBrands, fieldWords } from '../../../../src/server/templates/template-fields';

describe('exampleBrands', () => {
  it("takes the first brands of the overview's scored lists, leaders first, without repeats", () => {
    const overview = {
      leaders: [
        { rank: 1, slug: 'zorix-pay', name: 'Zorix Pay', index_score: 91, sector: 'fintech' },
        { rank: 2, slug: 'quba', name: 'Quba', index_score: 90, sector: 'saas' },
      ],
      breakouts: [
        { slug: 'quba', name: 'Quba', index_score: 90, growth_pct: 40 },
        { slug: 'mellow-go', name: 'Mellow Go', index_score: 60, growth_pct: 35 },
        { slug: 'tarn', name: 'Tarn', index_score: 55, growth_pct: 30 },
      ],
      sectors: [{ group: 'sector:fintech', name: 'Fintech', brands: 200, leader: 'zorix-pay' }],
    };
    expect(exampleBrands(overview, 3)).toEqual(['zorix-pay', 'quba', 'mellow-go']);
    expect(exampleBrands(overview, 10)).toEqual(['zorix-pay', 'quba', 'mellow-go', 'tarn']);
    expect(exampleBrands(overview, 3, 'name')).toEqual(['Zorix Pay', 'Quba', 'Mellow Go']);
  });

  it('finds the slug by its values when its name says nothing: each record names itself as a slug', () => {
    // `segment` reads as a slug too (one word, unique here), but `handle` holds each name as a slug.
    const overview = {
      top: [
        { segment: 'payments', handle: 'zorix-pay', title: 'Zorix Pay', score: 91.5 },
        { segment: 'cloud', handle: 'quba-cloud', title: 'Quba Cloud', score: 88 },
      ],
    };
    expect(exampleBrands(overview, 5)).toEqual(['zorix-pay', 'quba-cloud']);
    // Their names: the field each slug is written from (`title`), not the other text (`segment`).
    expect(exampleBrands(overview, 5, 'name')).toEqual(['Zorix Pay', 'Quba Cloud']);
    // Named `…Id` with nothing else to go by: that one.
    const ids = { topBrands: [{ brandId: 'b-1041', market: 'us', brandScore: 70 }] };
    expect(exampleBrands(ids, 5)).toEqual(['b-1041']);
    // No field holds a name the id is written from: the id itself is the search term.
    expect(exampleBrands(ids, 5, 'name')).toEqual(['b-1041']);
  });

  it('names no brand when the overview lists none it can read (no scored list, texts with spaces, repeats)', () => {
    expect(exampleBrands({ sectors: [{ group: 'sector:saas', name: 'SaaS', brands: 12 }] }, 5)).toEqual([]);
    expect(exampleBrands({ leaders: [{ name: 'Zorix Pay', score: 9 }] }, 5)).toEqual([]);
    expect(
      exampleBrands(
        {
          leaders: [
            { sector: 'fintech', score: 9 },
            { sector: 'fintech', score: 8 },
          ],
        },
        5,
      ),
    ).toEqual([]);
    expect(exampleBrands(null, 5)).toEqual([]);
    expect(exampleBrands([{ slug: 'a', score: 1 }], 5)).toEqual([]);
  });
});

describe('fieldWords', () => {
  it("says a path's last name in words", () => {
    expect(fieldWords('industries.avg_index_score')).toBe('average index score');
    expect(fieldWords('baskets.averageScore')).toBe('average score');
    expect(fieldWords('ai-clusters.mean-brand-score')).toBe('mean brand score');
    expect(fieldWords('sectors.growth_pct')).toBe('growth %');
    expect(fieldWords('Score')).toBe('score');
  });
});
