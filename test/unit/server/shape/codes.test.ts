/** Codes beside names (src/server/shape/codes.ts): what repeats a fact, found by the values alone. */
import { describe, expect, it } from 'vitest';
import { isCodeOf, namedCodesIn, nameOf, readsAsCode, repeatedCodes } from '../../../../src/server/shape/codes';

describe('isCodeOf', () => {
  it('knows a name written as a code, also after a prefix, whatever the separators', () => {
    expect(isCodeOf('flovim-cash', 'Flovim Cash')).toBe(true);
    expect(isCodeOf('realestate', 'Real Estate')).toBe(true);
    expect(isCodeOf('ecommerce', 'E-commerce')).toBe(true);
    expect(isCodeOf('sector:fintech', 'Fintech')).toBe(true);
    expect(isCodeOf('sector:fintech', 'fintech')).toBe(true);
    expect(isCodeOf('display_name', 'Display name')).toBe(true);
  });

  it('takes words running within a name only when asked (a column of several rows), never another fact', () => {
    expect(isCodeOf('food', 'Food & Delivery')).toBe(false);
    expect(isCodeOf('food', 'Food & Delivery', true)).toBe(true);
    expect(isCodeOf('ai:chatbots', 'AI Chatbots & Assistants', true)).toBe(true);
    expect(isCodeOf('fintech', 'Flovim Cash', true)).toBe(false);
    expect(isCodeOf('Fintech', 'Fintech')).toBe(false); // not a code: words
    expect(isCodeOf('fintech', 'fintech')).toBe(false); // the same value is no repeat of another
    expect(isCodeOf('us', 'US')).toBe(true);
  });

  it("knows a code whose words, its prefix's included, are the name's in another order: a fact once", () => {
    expect(isCodeOf('ai:all', 'All AI')).toBe(true);
    expect(isCodeOf('market:us', 'United States')).toBe(false);
    expect(isCodeOf('ai:all', 'All AI tools')).toBe(false); // a word of the name the code does not say
    expect(isCodeOf('all-ai', 'AI AI')).toBe(false);
  });
});

describe('readsAsCode', () => {
  it('is one word of lower-case letters and digits, joined by - _ . :', () => {
    for (const v of ['acme-pay', 'sector:fintech', 'ai_all', 'x1', '2025-11']) expect(readsAsCode(v)).toBe(true);
    for (const v of ['Acme Pay', 'JP', 'acme pay', '', 'a--b', 3, null]) expect(readsAsCode(v)).toBe(false);
  });
});

describe('repeatedCodes', () => {
  it('leaves the name, drops the codes that repeat it, and of two codes the prefixed one', () => {
    const columns = [
      ['fintech', 'food', 'realestate'],
      ['sector:fintech', 'sector:food', 'sector:realestate'],
      ['Fintech', 'Food & Delivery', 'Real Estate'],
      [213, 207, 179],
    ];
    expect([...repeatedCodes(columns, true)].sort()).toEqual([0, 1]);
    expect([...repeatedCodes(columns, false)]).toEqual([1]); // `food` is no exact code of its name
    expect([...repeatedCodes([['fintech'], ['sector:fintech']], false)]).toEqual([1]);
    expect([...repeatedCodes([['fintech'], ['JP']], false)]).toEqual([]);
  });
});

describe('names an answer gives its codes', () => {
  const answer = {
    leaders: [
      { slug: 'flovim-cash', name: 'Flovim Cash', sector: 'fintech' },
      { slug: 'kuzol', name: 'Kuzol', sector: 'fintech' },
    ],
    sectors: [
      { name: 'Fintech', top: 'flovim-cash' },
      { name: 'Travel', top: 'klioslos-trip' },
    ],
  };
  it('pairs a list of codes that tell its records apart with the names they are written from', () => {
    expect(namedCodesIn(answer)).toEqual(
      new Map([
        ['flovim-cash', 'Flovim Cash'],
        ['kuzol', 'Kuzol'],
      ]),
    );
    expect(nameOf({ id: 'flovim-cash', brand: 'Flovim Cash', sector: 'fintech' }, 'flovim-cash')).toBe('Flovim Cash');
    expect(nameOf({ id: 'acme', brand: 'Other' }, 'acme')).toBeUndefined();
  });

  it("names a list's prefixed codes, loosely in a list of several, and their bare codes as another list writes them", () => {
    const overview = {
      leaders: [{ name: 'Flovim Cash', sector: 'realestate' }],
      sectors: [
        { group: 'sector:fintech', name: 'Fintech' },
        { group: 'sector:food', name: 'Food & Delivery' },
        { group: 'sector:realestate', name: 'Real Estate' },
      ],
      ai: [
        { group: 'ai:all', name: 'All AI' },
        { group: 'ai:food', name: 'AI Food' },
      ],
    };
    const named = namedCodesIn(overview);
    expect([named.get('sector:food'), named.get('realestate'), named.get('fintech'), named.get('all')]).toEqual([
      'Food & Delivery',
      'Real Estate',
      'Fintech',
      'All AI',
    ]);
    expect(named.has('food')).toBe(false); // two prefixes name it differently: neither is said
    // Two records are too few for a loose name.
    expect(namedCodesIn({ sectors: overview.sectors.slice(0, 2) }).has('sector:food')).toBe(false);
  });
});
