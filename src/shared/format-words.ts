/** What Format results says it did: the menu's toast and the sidebar's status line say the same. */
import type { FormatView } from './sidebar-api';

/**
 * "3 results formatted (412 cells): months, counts, shares and indexes as people read them; no value
 * changed." Or, when every cell was formatted already, that nothing changed.
 * @param view what formatResults returned
 * @param count writes a number (the sidebar groups digits as the viewer's locale does)
 */
export function formattedText(view: FormatView, count: (n: number) => string = String): string {
  const results = `${count(view.results)} ${view.results === 1 ? 'result' : 'results'}`;
  const where = view.scope === 'sheet' ? ' on this sheet' : view.sheets > 1 ? ` on ${count(view.sheets)} sheets` : '';
  if (!view.cells) return `${results}${where} already formatted: nothing changed.`;
  const cells = `${count(view.cells)} ${view.cells === 1 ? 'cell' : 'cells'}`;
  return `${results}${where} formatted (${cells}): months, counts, shares and indexes as people read them; no value changed.`;
}
