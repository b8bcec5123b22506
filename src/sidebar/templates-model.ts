/** What the templates section says, from the server's values (pure, so it is unit-tested). */
import type { TemplateView } from '../shared/sidebar-api';
import { templateWaitText } from '../shared/template-words';

/**
 * What a template may spend, in words; when it cannot be inserted now, that nothing is sent and until when.
 * @param t a template as listed
 * @param now the time (ms)
 */
export function templateCostText(t: TemplateView, now: number = Date.now()): string {
  if (t.waits) return templateWaitText(t.waits, now);
  if (!t.requests) return 'Costs nothing now: every answer it needs is cached.';
  const requests = `${t.requests} request${t.requests === 1 ? '' : 's'}`;
  const searches = t.freshSearches ? `, ${t.freshSearches} of them new searches (each may use a fresh search)` : ', no fresh search';
  return `Inserting it sends at most ${requests}${searches}.`;
}
