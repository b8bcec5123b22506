/**
 * The usage section: one bar per allowance, when it was read, and what this document spent today.
 * Opening the sidebar sends no request: it shows the last read kept for the viewer's key, plus what this
 * document sent with that key since (counted by the server). Refresh reads /usage again (one request);
 * at once after every action that spent (a refresh, a table, a template, tracking), and when the sidebar
 * gets the focus back, the bars are counted again without a request, so no action costs a usage read its
 * estimate did not count.
 */
import type { CellValue, UsageRead, UsageView } from '../../shared/sidebar-api';
import { byId, h, replaceChildren } from '../dom';
import { cellText, hoursMinutes } from '../format';
import { call } from '../server';
import { StatusLine, whileBusy } from '../status';
import { usageModel, type BarModel } from '../usage-model';
import { mountSpendingPart } from './spending';

/** Counting again on focus at most this often: the user moves between sheet and sidebar a lot. */
const FOCUS_RECOUNT_MS = 10_000;

/** The usage section's controls. */
export interface UsageSection {
  /**
   * Shows the last read kept for the viewer's key, plus what this document sent since (no request);
   * false when it could not (the error shown).
   */
  load(): Promise<boolean>;
  /** Reads /usage now (one request) and shows it. */
  refresh(): Promise<void>;
  /** Shows a usage view another call returned (this spreadsheet's cap or log changed). */
  show(view: UsageView): void;
  /**
   * After an action that spent: counts again at once (no request), and, when formulas it made run may
   * still spend (they run after "Refresh all formulas" returns), once more after a wait, saying meanwhile
   * that they are running.
   * @param ms how long the formulas may take (0: they spend nothing more)
   */
  spent(ms: number): void;
}

/**
 * Binds the usage section.
 * @param onRead told of every read shown (null: none yet), so the refresh estimate can compare with it
 */
export function mountUsageSection(onRead: (read: UsageRead | null) => void): UsageSection {
  const spending = mountSpendingPart((view) => show(view));
  const bars = byId('usage-bars', HTMLDivElement);
  const meta = byId('usage-meta', HTMLParagraphElement);
  const doc = byId('usage-doc', HTMLElement);
  const button = byId('usage-refresh', HTMLButtonElement);
  const status = new StatusLine(byId('usage-status', HTMLParagraphElement));
  let shown: UsageView | null = null;
  let later: ReturnType<typeof setTimeout> | undefined;
  let note = '';
  let counted = 0;

  const render = (): void => {
    if (!shown) return;
    const model = usageModel(shown);
    replaceChildren(bars, ...(model.table ? [renderTable(model.table)] : model.bars.map(renderBar)));
    meta.textContent = model.meta + note;
    replaceChildren(
      doc,
      ...model.documentRows.flatMap(([label, value]) => [h('div', { class: 'stat' }, h('dt', {}, label), h('dd', {}, value))]),
    );
  };

  const show = (view: UsageView): void => {
    shown = view;
    render();
    spending.render(view);
    onRead(view.last);
  };

  const load = async (): Promise<boolean> => {
    counted = Date.now();
    try {
      show(await call('getUsage'));
      return true;
    } catch (error) {
      status.error(error);
      return false;
    }
  };

  const refresh = async (): Promise<void> => {
    clearTimeout(later);
    note = '';
    status.set('busy', 'Reading usage from the service…');
    try {
      show(await whileBusy(button, 'Refreshing…', () => call('refreshUsage')));
      status.clear();
    } catch (error) {
      render();
      status.error(error);
    }
  };

  const spent = (ms: number): void => {
    clearTimeout(later);
    note = ms > 0 ? ` · the formulas are running: counted again at ${hoursMinutes(new Date(Date.now() + ms))}` : '';
    void load();
    if (ms > 0) {
      later = setTimeout(() => {
        note = '';
        void load();
      }, ms);
    }
  };

  button.addEventListener('click', () => void refresh());
  // Back from the spreadsheet, where formulas may have spent: count again (free) once there is something shown.
  window.addEventListener('focus', () => {
    if (shown && Date.now() - counted >= FOCUS_RECOUNT_MS) void load();
  });
  // "2 h ago" keeps true while the sidebar stays open.
  setInterval(render, 60_000);
  return { load, refresh, spent, show };
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
