/**
 * The insert form of the ranking tables section: the group (from the offered list, or typed), its
 * columns read from a preview, the place and the row limit.
 */
import { byId, h, replaceChildren, show } from '../../dom';
import { plural } from '../../format';
import { call } from '../../server';
import { StatusLine, whileBusy } from '../../status';
import { columnsRequest, groupChoices, insertedTable } from '../../tables-model';
import { checkGroup, checkRowLimit } from '../../validate';
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
  const rowsText = byId('insert-rows', HTMLSpanElement);
  const columnsHint = byId('insert-columns-hint', HTMLParagraphElement);
  const allRow = byId('insert-all-row', HTMLDivElement);
  const allBox = byId('insert-all', HTMLInputElement);
  const columnList = byId('insert-column-list', HTMLDivElement);
  const previewStatus = new StatusLine(byId('insert-preview-status', HTMLParagraphElement));
  const limit = byId('insert-limit', HTMLInputElement);
  const submit = byId('insert-submit', HTMLButtonElement);
  const insertStatus = new StatusLine(byId('insert-status', HTMLParagraphElement));

  let groupsLoaded = false;
  let groupsLoading: Promise<void> | null = null;
  /** The group whose columns are shown or being read, and the answer once it came. */
  let previewGroup: string | null = null;
  let preview: { group: string; headers: string[]; rows: number } | null = null;
  let previewToken = 0;
  let columnBoxes: HTMLInputElement[] = [];

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
      groupSelect.value = previous; // kept when the new list still offers it
      if (!typed.value.trim() && groupSelect.value !== previewGroup) clearColumns(PICK_A_GROUP);
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

  // ---- The columns of the chosen group ----

  const clearColumns = (hint: string): void => {
    previewGroup = null;
    preview = null;
    previewToken++;
    columnBoxes = [];
    replaceChildren(columnList);
    show(allRow, false);
    rowsText.textContent = '';
    columnsHint.textContent = hint;
    show(columnsHint, true);
    previewStatus.clear();
  };

  const syncAll = (): void => {
    const checked = columnBoxes.filter((box) => box.checked).length;
    allBox.checked = checked === columnBoxes.length;
    allBox.indeterminate = checked > 0 && checked < columnBoxes.length;
  };

  const loadPreview = async (group: string): Promise<void> => {
    if (previewGroup === group) return; // shown already, or on its way
    clearColumns('');
    show(columnsHint, false);
    previewGroup = group;
    const token = previewToken;
    previewStatus.set('busy', `Reading the columns of ${group}…`);
    try {
      const answer = await call('previewRankingTable', group);
      if (token !== previewToken) return; // another group was picked meanwhile
      preview = { group, headers: answer.headers, rows: answer.rows };
      columnBoxes = answer.headers.map((header) => h('input', { type: 'checkbox', value: header, checked: true }));
      replaceChildren(
        columnList,
        ...columnBoxes.map((box, i) => {
          box.id = `insert-column-${i}`;
          box.addEventListener('change', syncAll);
          return h('div', { class: 'checkbox-row' }, box, h('label', { for: box.id }, answer.headers[i]));
        }),
      );
      rowsText.textContent = `· ${group}, ${plural(answer.rows, 'row', 'rows')}`;
      show(allRow, columnBoxes.length > 1);
      syncAll();
      previewStatus.clear();
    } catch (error) {
      if (token !== previewToken) return;
      previewGroup = null;
      previewStatus.error(error);
    }
  };

  groupSelect.addEventListener('change', () => {
    insertStatus.clear();
    groupStatus.clear();
    if (groupSelect.value) {
      typed.value = '';
      void loadPreview(groupSelect.value);
    } else clearColumns(PICK_A_GROUP);
  });

  typed.addEventListener('input', () => {
    if (typed.value.trim() && groupSelect.value) groupSelect.value = '';
    const checked = checkGroup(typed.value);
    if (!('group' in checked) || checked.group !== previewGroup) {
      clearColumns(typed.value.trim() ? 'Press Enter to see its columns.' : PICK_A_GROUP);
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
    void loadPreview(checked.group);
  };
  typed.addEventListener('change', typedDone);
  typed.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter here shows the columns; it does not insert yet
    typedDone();
  });

  allBox.addEventListener('change', () => {
    for (const box of columnBoxes) box.checked = allBox.checked;
    allBox.indeterminate = false;
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
    let columns: string[] | null = null;
    if (preview && preview.group === checked.group) {
      const picked = columnBoxes.filter((box) => box.checked).map((box) => box.value);
      if (!picked.length) {
        insertStatus.set('error', 'Tick at least one column.');
        (columnBoxes.length > 1 ? allBox : (columnBoxes[0] ?? allBox)).focus();
        return;
      }
      columns = columnsRequest(preview.headers, picked);
    }
    const placement = atSelection.checked ? 'selection' : 'new-sheet';
    const before = page.view()?.tables ?? [];
    insertStatus.set(
      'busy',
      placement === 'new-sheet' ? `Inserting ${checked.group} into a new sheet…` : `Inserting ${checked.group} at the selected cell…`,
    );
    whileBusy(submit, 'Inserting…', () => call('insertRankingTable', { group: checked.group, placement, columns, limit: rows.limit }))
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
  };
}
