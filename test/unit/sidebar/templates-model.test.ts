/** What the templates section says of a template before it is inserted (src/sidebar/templates-model.ts). */
import { describe, expect, it } from 'vitest';
import type { TemplateView } from '../../../src/shared/sidebar-api';
import { templateCostText } from '../../../src/sidebar/templates-model';

const template = (over: Partial<TemplateView> = {}): TemplateView => ({
  id: 'keyword-research',
  title: 'Keyword research',
  description: 'A list of keywords with their demand.',
  requests: 0,
  freshSearches: 0,
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
});
