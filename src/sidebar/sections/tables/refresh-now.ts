/** Refresh now, and the last run's log, in the ranking tables section. */
import type { TablesView } from '../../../shared/sidebar-api';
import { byId, h, replaceChildren, show } from '../../dom';
import { call } from '../../server';
import { busyCall, statusLine } from '../../status';
import { refreshOutcome, runModel } from '../../tables-model';
import type { TablesPage } from './page';

/** Refresh now's part of the section. */
export interface RefreshNow {
  /**
   * Shows the last run's log of a view.
   * @param next what the server sent
   */
  show(next: TablesView): void;
}

/**
 * Binds Refresh now.
 * @param page the section (its view, and showing what the refresh returns)
 * @param onSpent told after a refresh, which may have spent requests
 */
export function mountRefreshNow(page: TablesPage, onSpent: () => void): RefreshNow {
  const force = byId('refresh-force', HTMLInputElement);
  const refresh = byId('refresh-now', HTMLButtonElement);
  const status = statusLine('refresh-status');
  const lastRun = byId('last-run', HTMLDivElement);

  refresh.addEventListener('click', () => {
    const view = page.view();
    if (view && view.tables.length === 0) {
      status.set('info', 'Insert a table first: there is nothing to refresh yet.');
      return;
    }
    const busy = ['Refreshing… (progress appears in the spreadsheet)', 'Refreshing…'] as const;
    busyCall(
      status,
      refresh,
      busy,
      () => call('refreshTablesNow', force.checked),
      (next) => {
        page.render(next, false);
        const outcome = refreshOutcome(next.run);
        status.set(outcome.kind, outcome.message);
        force.checked = false; // skipping the cache costs requests: one run at a time
        onSpent();
      },
    );
  });

  return {
    show(next) {
      show(lastRun, next.lastRun !== null);
      if (!next.lastRun) return replaceChildren(lastRun);
      const run = runModel(next.lastRun);
      replaceChildren(
        lastRun,
        h('p', { class: 'run-head' }, run.heading),
        run.note ? h('p', { class: 'run-note' }, run.note) : null,
        run.results.length
          ? h(
              'ul',
              { class: 'run-list' },
              ...run.results.map((r) =>
                h(
                  'li',
                  { class: r.ok ? 'run-ok' : 'run-fail' },
                  h('span', { class: 'run-mark', role: 'img', 'aria-label': r.ok ? 'refreshed' : 'failed' }, r.ok ? '✓' : '✗'),
                  h(
                    'span',
                    { class: 'run-text' },
                    h('span', { class: 'run-group' }, r.name),
                    ' ',
                    h('span', { class: 'run-message' }, r.message),
                  ),
                ),
              ),
            )
          : null,
      );
    },
  };
}
