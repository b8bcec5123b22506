/** What the templates section says of a template before it is inserted (src/sidebar/templates-model.ts). */
import { describe, expect, it } from 'vitest';
import type { TemplateView } from '../../../src/shared/sidebar-api';
import { templateCostText } from '../../../src/sidebar/templates-model';
import { templateRefusal } from '../../../src/shared/template-words';

const template = (over: Partial<TemplateView> = {}): TemplateView => ({
  id: 'keyword-research',
  title: 'Keyword research',
  description: 'A list of keywords with their demand.',
  requests: 0,
  freshSearches: 0,
  waits: null,
  ...over,
});

describe('templateCostText', () => {
  it('says a template whose answers are all cached costs nothing', () => {
    expect(templateCostText(template())).toBe('Costs nothing now: every answer it needs is cached.');
  });

  it('says how many requests inserting sends at most, and how many of them are new searches', () => {
    expect(templateCostText(template({ requests: 1 }))).toBe('Inserting it sends at most 1 request, no fresh search.');
    expect(templateCostText(template({ requests: 12, freshSearches: 5 }))).toBe(
      'Inserting it sends at most 12 requests, 5 of them new searches (each may use a fresh search).',
    );
  });

  it("with an allowance spent, says that nothing can be sent now and when to insert it, in the refusal's numbers", () => {
    const now = Date.parse('2026-11-29T15:00:00Z');
    const waits = {
      limit: 'fresh searches',
      needed: 7,
      left: 0,
      resetAt: '2026-11-30T00:00:00Z',
      readAt: '2026-11-29T14:05:00Z',
      sentSince: false,
    } as const;
    const spent = template({ requests: 7, freshSearches: 7, waits });
    expect(templateCostText(spent, now)).toBe(
      'Needs up to 7 fresh searches, and none is left today: nothing can be sent now. Insert it after 00:00 UTC, when they reset.',
    );
    expect(templateCostText(template({ requests: 8, freshSearches: 8, waits: { ...waits, needed: 8, left: 5 } }), now)).toBe(
      'Needs up to 8 fresh searches, and only 5 are left today: nothing can be sent now. Insert it after 00:00 UTC, when they reset.',
    );
    expect(templateRefusal('Keyword research', { ...waits, needed: 8, left: 5 }, now)).toBe(
      'Not inserted: "Keyword research" may use 8 fresh searches, and 5 were left at your last usage read (14:05 UTC). Nothing was sent or changed: try again after 00:00 UTC.',
    );
    // Held back by the daily-limit guard (a refusal, not a read): no count, the same reset.
    const held = { ...waits, limit: 'API calls', needed: null, left: null, readAt: null } as const;
    expect(templateCostText(template({ requests: 6, waits: held }), now)).toBe(
      'The daily limit of API calls was reached: nothing can be sent now. Insert it after 00:00 UTC, when it resets.',
    );
    expect(templateRefusal('Brand watch', held, now)).toBe(
      'Not inserted: the daily limit of API calls was reached (try again after 00:00 UTC), and "Brand watch" needs answers it holds back. Nothing was sent or changed.',
    );
  });

  it("past this spreadsheet's cap, says what it leaves and that raising it lets the template go, in the refusal's numbers", () => {
    const now = Date.parse('2026-11-29T15:00:00Z');
    const capped = { limit: 'cap', needed: 8, left: 2, resetAt: '2026-11-30T00:00:00.000Z', readAt: null, sentSince: false } as const;
    expect(templateCostText(template({ requests: 8, freshSearches: 8, waits: capped }), now)).toBe(
      "Needs up to 8 fresh searches, and this spreadsheet's cap leaves 2 today: nothing can be sent now. Raise the cap in Settings, or insert it after 00:00 UTC, when it resets.",
    );
    expect(templateRefusal('Keyword research', capped, now)).toBe(
      'Not inserted: "Keyword research" may use 8 fresh searches, and this spreadsheet\'s cap leaves 2 today (it resets at 00:00 UTC). Nothing was sent or changed: raise the cap in Settings, or try after the reset.',
    );
  });
});
