/** The tracked tables of the ranking tables section, each with Forget (asked first). */
import type { TableView, TablesView } from '../../../shared/sidebar-api';
import { confirmCall } from '../../confirm-step';
import { byId, h, replaceChildren, show } from '../../dom';
import { call } from '../../server';
import type { StatusLine } from '../../status';
import { tableItem } from '../../tables-model';
import type { TablesPage } from './page';

/** The list's part of the section. */
export interface TableList {
  /**
   * Shows the tables of a view.
   * @param next what the server sent
   * @param now the time the states are told against
   */
  show(next: TablesView, now: Date): void;
}

/**
 * Binds the list of tracked tables.
 * @param page the section (its view, and showing what Forget returns)
 * @param status the section's status line
 * @param title the section's heading, focused when no table is left to focus
 */
export function mountTableList(page: TablesPage, status: StatusLine, title: HTMLElement): TableList {
  const list = byId('tables-list', HTMLUListElement);
  const empty = byId('tables-empty', HTMLParagraphElement);
  let rowId = 0;

  const renderTable = (table: TableView, now: Date): HTMLElement => {
    const item = tableItem(table, now);
    const name = item.name;
    const questionId = `forget-question-${++rowId}`;
    const forget = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Forget ${name}` }, 'Forget');
    const yes = h('button', { type: 'button', class: 'action small' }, 'Forget table');
    const no = h('button', { type: 'button', class: 'secondary small' }, 'Cancel');
    const confirm = h(
      'div',
      { class: 'confirm calm', role: 'group', 'aria-labelledby': questionId, hidden: true },
      h('p', { id: questionId }, `Stop tracking ${name}? Its cells stay in the sheet as they are; they just no longer refresh.`),
      h('div', { class: 'buttons' }, yes, no),
    );
    let index = 0;
    confirmCall(
      { button: forget, ask: confirm, yes, no },
      {
        status,
        busy: [`Forgetting ${name}…`, 'Forgetting…'],
        run: () => call('forgetTable', table.id),
        starting: () => (index = page.view()?.tables.findIndex((t) => t.id === table.id) ?? 0),
        done: (next) => {
          page.render(next, false);
          status.set('success', `Stopped tracking ${name}. Its cells stay as they are.`);
          const buttons = list.querySelectorAll<HTMLButtonElement>('.table-head button');
          (buttons[Math.min(index, buttons.length - 1)] ?? title).focus();
        },
      },
    );
    return h(
      'li',
      { class: `table-item table-${item.status}` },
      h('div', { class: 'table-head' }, h('span', { class: 'table-group' }, name), forget),
      h('div', { class: 'table-where' }, item.where),
      h('div', { class: `table-state state-${item.status}` }, item.state),
      confirm,
    );
  };

  return {
    show(next, now) {
      replaceChildren(list, ...next.tables.map((table) => renderTable(table, now)));
      show(list, next.tables.length > 0);
      show(empty, next.tables.length === 0);
    },
  };
}
