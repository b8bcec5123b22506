/**
 * The insert form of the ranking tables section: the group (from the offered list, or typed), its
 * columns (columns.ts), the place and the row limit.
 */
import { byId, h, replaceChildren, show } from '../../dom';
import { plural } from '../../format';
import { call } from '../../server';
import { StatusLine, whileBusy } from '../../status';
import { groupChoices, insertedTable } from '../../tables-model';
import { sendsText } from '../../cost-model';
import { checkGroup, checkRowLimit } from '../../validate';
import { mountColumnPicker } from './columns';
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

/** The hint shown while no group is picked. */
const PICK_A_GROUP = 'Pick a group to choose its columns.';

/**
 * Binds the insert form.
 * @param page the section (its view, and showing what inserting returns)
 * @param sectionStatus the section's status line, cleared once a table is inserted
 * @param onSpent told after an insert, which may have spent requests
 */
export function mountInsertForm(page: TablesPage, sectionStatus: StatusLine, onSpent: () => void): InsertForm {
  const details = byId('insert-details', HTMLDetailsElement);
  const form = byId('insert-form', HTMLFormElement);
  const groupSelect = byId('insert-group', HTMLSelectElement);
  const typed = byId('insert-typed', HTMLInputElement);
  const groupStatus = new StatusLine(byId('insert-groups-status', HTMLParagraphElement));
  const groupsRetryRow = byId('insert-groups-retry-row', HTMLDivElement);
  const groupsRetry = byId('insert-groups-retry', HTMLButtonElement);
  const atSelection = byId('insert-selection', HTMLInputElement);
  const limit = byId('insert-limit', HTMLInputElement);
  const submit = byId('insert-submit', HTMLButtonElement);
  const insertStatus = new StatusLine(byId('insert-status', HTMLParagraphElement));
  const groupsCost = byId('insert-groups-cost', HTMLParagraphElement);
  const insertCost = byId('insert-cost', HTMLParagraphElement);

  let groupsLoaded = false;
  let groupsLoading: Promise<void> | null = null;
  // What inserting sends: the chosen group's list, counted by its preview; before one, the rule.
  const showInsertCost = (): void => {
    const cost = columns.insertCost();
    insertCost.textContent = cost ? `Inserting sends ${sendsText(cost)}.` : "Inserting reads the group's list: 1 request unless cached.";
  };
  const columns = mountColumnPicker(() => showInsertCost());
  showInsertCost();

  // ---- The group list ----

  const loadGroups = (): Promise<void> => {
    groupsLoading ??= readGroups().finally(() => (groupsLoading = null));
    return groupsLoading;
  };

  const readGroups = async (): Promise<void> => {
    const previous = groupSelect.value;
    groupSelect.disabled = true;
    replaceChildren(groupSelect, h('option', { value: '' }, 'Loading groups…'));
    show(groupsRetryRow, false);
    groupStatus.clear();
    try {
      const choices = groupChoices(await call('getRankingGroups'));
      replaceChildren(
        groupSelect,
        h('option', { value: '' }, choices.length ? 'Choose a group…' : 'None offered: type one below'),
        ...choices.map((choice) =>
          h('optgroup', { label: choice.label }, ...choice.options.map((o) => h('option', { value: o.value }, o.text))),
        ),
      );
      groupsLoaded = true;
      show(groupsCost, false);
      groupSelect.value = previous; // kept when the new list still offers it
      if (!typed.value.trim() && groupSelect.value !== columns.group()) columns.clear(PICK_A_GROUP);
    } catch (error) {
      replaceChildren(groupSelect, h('option', { value: '' }, 'List unavailable: type a group below'));
      groupStatus.set('error', `${error instanceof Error ? error.message : String(error)} You can still type a group below.`);
      show(groupsRetryRow, true);
    } finally {
      groupSelect.disabled = false;
    }
  };

  groupsRetry.addEventListener('click', () => void whileBusy(groupsRetry, 'Loading…', loadGroups));

  details.addEventListener('toggle', () => {
    if (details.open && !groupsLoaded) void loadGroups();
  });

  // ---- The chosen group ----

  groupSelect.addEventListener('change', () => {
    insertStatus.clear();
    groupStatus.clear();
    if (groupSelect.value) {
      typed.value = '';
      void columns.load(groupSelect.value);
    } else columns.clear(PICK_A_GROUP);
  });

  typed.addEventListener('input', () => {
    if (typed.value.trim() && groupSelect.value) groupSelect.value = '';
    const checked = checkGroup(typed.value);
    if (!('group' in checked) || checked.group !== columns.group()) {
      columns.clear(typed.value.trim() ? 'Press Enter to see its columns.' : PICK_A_GROUP);
    }
  });

  const typedDone = (): void => {
    if (!typed.value.trim()) return;
    const checked = checkGroup(typed.value);
    if ('error' in checked) {
      groupStatus.set('error', checked.error);
      return;
    }
    groupStatus.clear();
    void columns.load(checked.group);
  };
  typed.addEventListener('change', typedDone);
  typed.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter here shows the columns; it does not insert yet
    typedDone();
  });

  // ---- Insert ----

  /** The group the form points at, checked, or null when nothing is chosen yet. */
  const chosenGroup = (): { group: string } | { error: string } => checkGroup(typed.value.trim() ? typed.value : groupSelect.value);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const checked = chosenGroup();
    if ('error' in checked) {
      insertStatus.set('error', checked.error);
      (typed.value.trim() || groupSelect.disabled ? typed : groupSelect).focus();
      return;
    }
    const rows = limit.validity.badInput ? { error: 'Rows must be a whole number, or empty for all.' } : checkRowLimit(limit.value);
    if ('error' in rows) {
      insertStatus.set('error', rows.error);
      limit.focus();
      return;
    }
    const picked = columns.request(checked.group);
    if ('error' in picked) {
      insertStatus.set('error', picked.error);
      picked.focus.focus();
      return;
    }
    const placement = atSelection.checked ? 'selection' : 'new-sheet';
    const before = page.view()?.tables ?? [];
    insertStatus.set(
      'busy',
      placement === 'new-sheet' ? `Inserting ${checked.group} into a new sheet…` : `Inserting ${checked.group} at the selected cell…`,
    );
    whileBusy(submit, 'Inserting…', () =>
      call('insertRankingTable', { group: checked.group, placement, columns: picked.columns, limit: rows.limit }),
    )
      .then((next) => {
        page.render(next, false);
        sectionStatus.clear();
        const added = insertedTable(before, next.tables);
        insertStatus.set(
          'success',
          added ? `Inserted ${added.group} at ${added.range} (${plural(added.rows, 'row', 'rows')}).` : `Inserted ${checked.group}.`,
        );
        onSpent();
      })
      .catch((error: unknown) => insertStatus.error(error));
  });

  return {
    reloadGroups: (withGroups) => (withGroups && (details.open || groupsLoaded) ? loadGroups() : Promise.resolve()),
    groupsLoaded: () => groupsLoaded,
    open: () => {
      details.open = true;
    },
    showCost(view) {
      groupsCost.textContent = `Opening the form below reads the group list: it sends ${sendsText(view.groupListCost)}.`;
      show(groupsCost, !groupsLoaded);
    },
  };
}
