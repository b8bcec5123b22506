/** What Format results says it did (its view's message): the menu's toast and the sidebar's status line. */
import type { FormatView } from '../../shared/sidebar-api';

/**
 * "3 results formatted (412 cells): months, counts, shares and indexes as people read them; no value
 * changed." Or, when every cell was formatted already, that nothing changed.
 * @param view what formatResults found and did
 */
export function formattedText(view: Omit<FormatView, 'message'>): string {
  const count = (n: number) => n.toLocaleString('en-US');
  const results = `${count(view.results)} ${view.results === 1 ? 'result' : 'results'}`;
  const where = view.scope === 'sheet' ? ' on this sheet' : view.sheets > 1 ? ` on ${count(view.sheets)} sheets` : '';
  if (!view.cells) return `${results}${where} already formatted: nothing changed.`;
  const cells = `${count(view.cells)} ${view.cells === 1 ? 'cell' : 'cells'}`;
  return `${results}${where} formatted (${cells}): months, counts, shares and indexes as people read them; no value changed.`;
}
