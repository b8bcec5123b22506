/** What the templates section says, from the server's values (pure, so it is unit-tested). */
import type { TemplateView } from '../shared/sidebar-api';

/**
 * What a template may spend, in words.
 * @param t a template as listed
 */
export function templateCostText(t: TemplateView): string {
  if (!t.requests) return 'Costs nothing now: every answer it needs is cached.';
  const requests = `${t.requests} request${t.requests === 1 ? '' : 's'}`;
  const searches = t.freshSearches ? `, ${t.freshSearches} of them new searches (each may use a fresh search)` : ', no fresh search';
  return `Inserting it sends at most ${requests}${searches}.`;
}
