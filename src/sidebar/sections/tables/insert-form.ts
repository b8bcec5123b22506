/**
 * The insert form of the ranking tables section: the group (group-picker.ts: from the offered list, or
 * typed), its columns (columns.ts), the place and the row limit, and what inserting sends.
 */
import { sendsText } from '../../cost-model';
import { byId } from '../../dom';
import { plural } from '../../format';
import { call } from '../../server';
import { busyCall, statusLine, type StatusLine } from '../../status';
import { insertedTable } from '../../tables-model';
import { checkRowLimit } from '../../validate';
import { mountColumnPicker } from './columns';
import { mountGroupPicker } from './group-picker';
import type { TablesView } from '../../../shared/sidebar-api';
import type { TablesPage } from './page';

/** The insert form's part of the section. */
export interface InsertForm {
  /**
   * Reads the group list again when it was read or the form is open (it costs a request).
   * @param withGroups false to leave the list as it is
   */
  reloadGroups(withGroups: boolean): Promise<void>;
  /** Whether the group list has been read. */
  groupsLoaded(): boolean;
  /** Opens the form (its toggle reads the groups if they were not read). */
  open(): void;
  /**
   * Says what opening the form sends (reading the group list), while it was not read.
   * @param view what the server sent
   */
  showCost(view: TablesView): void;
}

/**
 * Binds the insert form.
 * @param page the section (its view, and showing what inserting returns)
 * @param sectionStatus the section's status line, cleared once a table is inserted
 * @param onSpent told after an insert, which may have spent requests
 */
export function mountInsertForm(page: TablesPage, sectionStatus: StatusLine, onSpent: () => void): InsertForm {
  const details = byId('insert-details', HTMLDetailsElement);
  const form = byId('insert-form', HTMLFormElement);
  const atSelection = byId('insert-selection', HTMLInputElement);
  const limit = byId('insert-limit', HTMLInputElement);
  const submit = byId('insert-submit', HTMLButtonElement);
  const status = statusLine('insert-status');
  const cost = byId('insert-cost', HTMLParagraphElement);

  // What inserting sends: the chosen group's list, counted by its preview; before one, the rule.
  const showInsertCost = (): void => {
    const sends = columns.insertCost();
    cost.textContent = sends ? `Inserting sends ${sendsText(sends)}.` : "Inserting reads the group's list: 1 request unless cached.";
  };
  const columns = mountColumnPicker(() => showInsertCost());
  showInsertCost();
  const groups = mountGroupPicker(columns, status);
  details.addEventListener('toggle', () => {
    if (details.open && !groups.loaded()) void groups.load();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const checked = groups.chosen();
    if ('error' in checked) {
      status.set('error', checked.error);
      return groups.focus();
    }
    const rows = limit.validity.badInput ? { error: 'Rows must be a whole number, or empty for all.' } : checkRowLimit(limit.value);
    if ('error' in rows) {
      status.set('error', rows.error);
      return limit.focus();
    }
    const picked = columns.request(checked.group);
    if ('error' in picked) {
      status.set('error', picked.error);
      return picked.focus.focus();
    }
    const { group, name } = checked;
    const placement = atSelection.checked ? 'selection' : 'new-sheet';
    const before = page.view()?.tables ?? [];
    const doing = placement === 'new-sheet' ? `Inserting ${name} into a new sheet…` : `Inserting ${name} at the selected cell…`;
    busyCall(
      status,
      submit,
      [doing, 'Inserting…'],
      () => call('insertRankingTable', { group, placement, columns: picked.columns, limit: rows.limit }),
      (next) => {
        page.render(next, false);
        sectionStatus.clear();
        const added = insertedTable(before, next.tables);
        status.set(
          'success',
          added ? `Inserted ${added.name} at ${added.range} (${plural(added.rows, 'row', 'rows')}).` : `Inserted ${name}.`,
        );
        onSpent();
      },
    );
  });

  return {
    reloadGroups: (withGroups) => (withGroups && (details.open || groups.loaded()) ? groups.load() : Promise.resolve()),
    groupsLoaded: () => groups.loaded(),
    open: () => {
      details.open = true;
    },
    showCost: (view) => groups.showCost(view),
  };
}
