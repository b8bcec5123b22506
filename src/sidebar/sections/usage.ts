/** The usage section: one bar per allowance, when it was read, and what this document spent today. */
import type { CellValue } from '../../shared/sidebar-api';
import { byId, h, replaceChildren } from '../dom';
import { cellText } from '../format';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
import { usageModel, type BarModel } from '../usage-model';

/** The usage section's controls. */
export interface UsageSection {
  /** Reads /usage through the server and shows it; errors go to the section's status line. */
  load(): Promise<void>;
}

/** Binds the usage section. */
export function mountUsageSection(): UsageSection {
  const bars = byId('usage-bars', HTMLDivElement);
  const meta = byId('usage-meta', HTMLParagraphElement);
  const doc = byId('usage-doc', HTMLElement);
  const refresh = byId('usage-refresh', HTMLButtonElement);
  const status = new StatusLine(byId('usage-status', HTMLParagraphElement));

  const load = async (): Promise<void> => {
    status.set('busy', 'Reading usage from the service…');
    try {
      const model = usageModel(await whileBusy(refresh, 'Refreshing…', () => call('getUsage')));
      replaceChildren(bars, ...(model.table ? [renderTable(model.table)] : model.bars.map(renderBar)));
      meta.textContent = model.meta;
      replaceChildren(doc, ...model.documentRows.flatMap(([label, value]) => [h('div', { class: 'stat' }, h('dt', {}, label), h('dd', {}, value))]));
      status.clear();
    } catch (error) {
      status.error(error);
    }
  };

  refresh.addEventListener('click', () => void load());
  return { load };
}

/**
 * One allowance as a labelled progress bar.
 * @param bar the model from usageModel
 */
export function renderBar(bar: BarModel): HTMLElement {
  const fill = h('div', { class: 'bar-fill' });
  fill.style.width = `${bar.percent}%`;
  const labelId = `bar-${Math.random().toString(36).slice(2, 9)}`;
  return h(
    'div',
    { class: `bar bar-${bar.level}` },
    h('div', { class: 'bar-label' }, h('span', { id: labelId }, bar.label), h('span', { class: 'bar-numbers' }, bar.numbers)),
    h(
      'div',
      {
        class: 'bar-track',
        role: 'progressbar',
        'aria-labelledby': labelId,
        'aria-valuemin': 0,
        'aria-valuemax': bar.limit,
        'aria-valuenow': Math.min(bar.used, Math.max(bar.limit, 0)),
        'aria-valuetext': bar.valueText,
      },
      fill,
    ),
  );
}

/**
 * The usage answer as a table, for shapes the server could not turn into bars.
 * @param rows header row first
 */
export function renderTable(rows: CellValue[][]): HTMLElement {
  const [header = [], ...body] = rows;
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'usage-table' },
      h('thead', {}, h('tr', {}, ...header.map((cell) => h('th', { scope: 'col' }, cellText(cell))))),
      h('tbody', {}, ...body.map((row) => h('tr', {}, ...row.map((cell) => h('td', {}, cellText(cell)))))),
    ),
  );
}
